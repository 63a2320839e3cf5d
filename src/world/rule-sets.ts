import { FaultSet } from '../faults/faults';
import { StubSet } from '../stubs/stubs';
import type { Fault, Stub, StubInput } from '../types';

/**
 * A world's stubs and faults: added, listed and removed through the control API, each change told
 * (the inspector shows the rules in force at once), back to the baseline's stubs and no fault on a
 * reset.
 *
 * Layer: world.
 */
export class RuleSets {
  /** answers for routes outside the model: the scenario's, and those added since */
  readonly stubs: StubSet;
  /** the injected faults */
  readonly faults: FaultSet;
  readonly #changed: (changed: 'stubs' | 'faults') => void;

  /**
   * `seed`: the faults' delays'; `stubs`: the baseline's (checked already); `changed` hears each
   * change of the stubs or the faults.
   */
  constructor(seed: number, stubs: readonly StubInput[], changed: (changed: 'stubs' | 'faults') => void) {
    this.#changed = changed;
    this.stubs = new StubSet(() => changed('stubs'));
    this.faults = new FaultSet(seed, () => changed('faults'));
    this.stubs.addChecked(stubs);
  }

  /** Adds a stub; one of the same id is replaced. */
  addStub(input: unknown, source: string): Stub {
    const stub = this.stubs.add(input, source);
    this.#changed('stubs');
    return stub;
  }

  /** Adds a fault and returns it with its id. */
  addFault(input: unknown, source: string): Fault {
    const fault = this.faults.add(input, source);
    this.#changed('faults');
    return fault;
  }

  /** Removes one stub by id, or all of them. Returns whether anything was removed. */
  clearStubs(id: string | undefined): boolean {
    return this.#cleared(this.stubs, 'stubs', id);
  }

  /** Clears one fault by id, or all of them. Returns whether anything was cleared. */
  clearFaults(id: string | undefined): boolean {
    return this.#cleared(this.faults, 'faults', id);
  }

  /**
   * Removes one rule of a set by id (false when there was none), or all of them (true); a change
   * told only when something went.
   */
  #cleared(
    set: { readonly size: number; remove(id: string): boolean; clear(): void },
    changed: 'stubs' | 'faults',
    id: string | undefined,
  ): boolean {
    const before = set.size;
    if (id === undefined) set.clear();
    else set.remove(id);
    if (set.size === before) return false;
    this.#changed(changed);
    return true;
  }

  /** A reset or a load: the baseline's stubs (checked already), no fault, no request held by one. */
  reset(stubs: readonly StubInput[]): void {
    this.stubs.clear();
    this.stubs.addChecked(stubs);
    this.faults.clear();
    this.faults.cancelHeld();
  }

  /** The stubs in force, as a scenario gives them (what is left of a bounded one). */
  scenarioStubs(): StubInput[] {
    return this.stubs.list().map(({ hits: _hits, remaining, times: _times, ...stub }) => ({
      ...stub,
      ...(remaining !== null ? { times: remaining } : {}),
    }));
  }
}
