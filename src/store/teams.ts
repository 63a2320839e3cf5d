import type { RoomType, Team, TeamType } from '../types';

/**
 * A store's teams: the baseline's (frozen, shared by every store on it) with this store's changes
 * over them. A team changes when its main room changes type, or when a main room is added to it;
 * a reset starts a new store, and so a new, empty set of changes.
 */

/** The team type a main room of type `t` gives its team: `c` public (0), `p` private (1). */
export function teamTypeOf(t: RoomType): TeamType {
  return t === 'p' ? 1 : 0;
}

export class Teams {
  readonly #baseline: ReadonlyMap<string, Team>;
  readonly #changed = new Map<string, Team>();

  constructor(baseline: ReadonlyMap<string, Team>) {
    this.#baseline = baseline;
  }

  /** A team by `_id`. */
  get(id: string): Team | undefined {
    return this.#changed.get(id) ?? this.#baseline.get(id);
  }

  /** A team by `_id`, else by name. */
  find(ref: string): Team | undefined {
    const byId = this.get(ref);
    if (byId) return byId;
    for (const id of this.#baseline.keys()) {
      const team = this.get(id);
      if (team?.name === ref) return team;
    }
    return undefined;
  }

  /** Replaces a team with a changed copy (the baseline's own object is never written). */
  change(id: string, fields: Partial<Omit<Team, '_id'>>): void {
    const team = this.get(id);
    if (team) this.#changed.set(id, { ...team, ...fields });
  }

  /** Whether there is any team at all (a world without teams gives `state()` no `teams`). */
  get any(): boolean {
    return this.#baseline.size > 0;
  }

  /** Every team, in the baseline's order, each as it is now. */
  values(): Team[] {
    return Array.from(this.#baseline.keys(), (id) => this.get(id) as Team);
  }
}
