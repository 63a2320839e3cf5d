import type { RoomType, Team, TeamType } from '../types';

/**
 * A store's teams: the baseline's (frozen, shared by every store on it) with this store's changes
 * over them, and the teams made since (`teams.create`, src/store/team-writes.ts). A team changes when
 * its main room changes type, or when a main room is added to it; a reset starts a new store, and so
 * a new, empty set of changes.
 */

/** The team type a main room of type `t` gives its team: `c` public (0), `p` private (1). */
export function teamTypeOf(t: RoomType): TeamType {
  return t === 'p' ? 1 : 0;
}

export class Teams {
  readonly #baseline: ReadonlyMap<string, Team>;
  readonly #changed = new Map<string, Team>();
  /** the teams made since the baseline (`teams.create`), in the order they were made */
  readonly #added: string[] = [];
  /** the teams deleted since the baseline (`teams.delete`, `teams.convertToChannel`) */
  readonly #removed = new Set<string>();

  constructor(baseline: ReadonlyMap<string, Team>) {
    this.#baseline = baseline;
  }

  /** A team by `_id`. */
  get(id: string): Team | undefined {
    if (this.#removed.has(id)) return undefined;
    return this.#changed.get(id) ?? this.#baseline.get(id);
  }

  /** A team by `_id`, else by name. */
  find(ref: string): Team | undefined {
    const byId = this.get(ref);
    if (byId) return byId;
    for (const id of this.ids()) {
      const team = this.get(id);
      if (team?.name === ref) return team;
    }
    return undefined;
  }

  /** A team by name, any case (the name a new team may not take). */
  named(name: string): Team | undefined {
    const lower = name.toLowerCase();
    for (const id of this.ids()) {
      const team = this.get(id);
      if (team?.name.toLowerCase() === lower) return team;
    }
    return undefined;
  }

  /** Adds a team made since the baseline. */
  add(team: Team): void {
    this.#changed.set(team._id, team);
    this.#added.push(team._id);
  }

  /** Deletes a team (`teams.delete`, `teams.convertToChannel`). */
  remove(id: string): void {
    if (this.get(id)) this.#removed.add(id);
  }

  /** How many teams there are. */
  get size(): number {
    return this.#baseline.size + this.#added.length - this.#removed.size;
  }

  /** How many teams there have been: the baseline's and every one made since, deleted or not (a new id's counter). */
  get made(): number {
    return this.#baseline.size + this.#added.length;
  }

  /** Every team's `_id`: the baseline's, then those made since (not those deleted). */
  ids(): string[] {
    const ids = [...this.#baseline.keys(), ...this.#added];
    return this.#removed.size === 0 ? ids : ids.filter((id) => !this.#removed.has(id));
  }

  /** Replaces a team with a changed copy (the baseline's own object is never written). */
  change(id: string, fields: Partial<Omit<Team, '_id'>>): void {
    const team = this.get(id);
    if (team) this.#changed.set(id, { ...team, ...fields });
  }

  /** Whether there is any team at all (a world without teams gives `state()` no `teams`). */
  get any(): boolean {
    return this.size > 0;
  }

  /** Every team, in the baseline's order then those made since, each as it is now. */
  values(): Team[] {
    return this.ids().map((id) => this.get(id) as Team);
  }
}
