/**
 * The fake clock: it starts at the scenario's `clock` and moves only when the state changes
 * (one second per change) or when a test sets or advances it.
 */
import { ApiError } from '../errors';

/** The largest time JavaScript dates represent, ± from the epoch. */
const MAX_MS = 8.64e15;

export class FakeClock {
  #ms: number;
  /** `now()` for `#nowMs`: a change and its journal entry read the same time */
  #nowIso = '';
  #nowMs = Number.NaN;

  constructor(startIso: string) {
    this.#ms = Date.parse(startIso);
  }

  /** The current time, ISO 8601 UTC with milliseconds. */
  now(): string {
    if (this.#nowMs !== this.#ms) {
      this.#nowIso = new Date(this.#ms).toISOString();
      this.#nowMs = this.#ms;
    }
    return this.#nowIso;
  }

  /** The current time in epoch milliseconds. */
  nowMs(): number {
    return this.#ms;
  }

  /** The stamp the next change of state will carry, without moving the clock. */
  next(): string {
    return new Date(this.#ms + 1000).toISOString();
  }

  /** Advances one second for a change of state and returns the new time, the change's stamp. */
  tick(): string {
    this.#ms += 1000;
    return this.now();
  }

  /** Sets the clock to an ISO time. */
  set(iso: string): void {
    this.#moveTo(Date.parse(iso));
  }

  /** Moves the clock forward (or back) by `ms`. */
  advance(ms: number): void {
    this.#moveTo(this.#ms + ms);
  }

  #moveTo(ms: number): void {
    if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS - 1_000_000_000) {
      throw new ApiError('control-invalid', {
        reason: 'The fake clock cannot be set outside the range of dates',
      });
    }
    this.#ms = ms;
  }
}
