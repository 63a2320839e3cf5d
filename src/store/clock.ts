/**
 * The fake clock: it starts at the scenario's `clock` and moves only when the state changes
 * (one second per change) or when a test sets or advances it.
 */
export class FakeClock {
  #ms: number;

  constructor(startIso: string) {
    this.#ms = Date.parse(startIso);
  }

  /** The current time, ISO 8601 UTC with milliseconds. */
  now(): string {
    return new Date(this.#ms).toISOString();
  }

  /** Advances one second for a change of state and returns the new time, the change's stamp. */
  tick(): string {
    this.#ms += 1000;
    return this.now();
  }

  /** Sets the clock to an ISO time. */
  set(iso: string): void {
    this.#ms = Date.parse(iso);
  }

  /** Moves the clock forward (or back) by `ms`. */
  advance(ms: number): void {
    this.#ms += ms;
  }
}
