/**
 * The fake clock. `fixed` (the default): it starts at the scenario's `clock` and moves only when
 * the state changes (one second per change) or when a test sets or advances it, so runs are
 * byte-identical. `running`: it starts at the scenario's `clock` and runs with the wall clock.
 * `now`: it starts at the wall clock's now and runs with it: what realtime clients need, which
 * compare a message's `ts` with their own clock. In the running modes a change still moves it by
 * at least a millisecond, and a test may still set or advance it (by an offset).
 */
import { ApiError } from '../errors';

/** An ISO 8601 time, with a zone (the control API's clock route reads the same). */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/** Whether the time's date and time of day exist (no 30 February, no 25:00). */
function isCalendarDate(iso: string): boolean {
  const [year, month, day, hour, minute, second] = [0, 5, 8, 11, 14, 17].map((at, i) =>
    Number(iso.slice(at, at + (i === 0 ? 4 : 2))),
  ) as [number, number, number, number, number, number];
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
/** 0000-01-01 and 10000-01-01 in epoch ms: between them an ISO time has a four-digit year. */
const FOUR_DIGIT_YEARS = [-62167219200000, 253402300800000] as const;

/**
 * `new Date(ms).toISOString()`, without a Date: the clock formats a time at every change and every
 * journal entry, and V8's `toISOString` is a third of a successful POST's own work. Days to a
 * civil date by Howard Hinnant's `civil_from_days`; years outside 0000-9999 go to Date.
 */
export function isoOf(ms: number): string {
  if (ms < FOUR_DIGIT_YEARS[0] || ms >= FOUR_DIGIT_YEARS[1]) return new Date(ms).toISOString();
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  // one string made from its 24 character codes: no chain of intermediate strings
  return String.fromCharCode(
    digit(year / 1000),
    digit(year / 100),
    digit(year / 10),
    digit(year),
    DASH,
    digit(month / 10),
    digit(month),
    DASH,
    digit(day / 10),
    digit(day),
    T,
    digit(hours / 10),
    digit(hours),
    COLON,
    digit(minutes / 10),
    digit(minutes),
    COLON,
    digit(seconds / 10),
    digit(seconds),
    DOT,
    digit(millis / 100),
    digit(millis / 10),
    digit(millis),
    Z,
  );
}

const [DASH, T, COLON, DOT, Z] = ['-', 'T', ':', '.', 'Z'].map((c) => c.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
];

/** The character code of the last decimal digit of a non-negative number's whole part. */
function digit(n: number): number {
  return 48 + (Math.floor(n) % 10);
}

/** How the fake clock moves (see {@link FakeClock}). */
export type ClockMode = 'fixed' | 'running' | 'now';

export class FakeClock {
  #ms: number;
  /** in the running modes: the wall clock's ms when `#ms` was last read from it */
  #wall: number | undefined;
  /** `now()` for `#nowMs`: a change and its journal entry read the same time */
  #nowIso = '';
  #nowMs = Number.NaN;

  constructor(startIso: string, mode: ClockMode = 'fixed') {
    this.#ms = mode === 'now' ? Date.now() : Date.parse(startIso);
    this.#wall = mode === 'fixed' ? undefined : Date.now();
  }

  /** In the running modes, catches up with the wall clock (never backwards). */
  #run(): void {
    if (this.#wall === undefined) return;
    const wall = Date.now();
    if (wall > this.#wall) {
      this.#ms += wall - this.#wall;
      this.#wall = wall;
    }
  }

  /** The current time, ISO 8601 UTC with milliseconds. */
  now(): string {
    this.#run();
    if (this.#nowMs !== this.#ms) {
      this.#nowIso = isoOf(this.#ms);
      this.#nowMs = this.#ms;
    }
    return this.#nowIso;
  }

  /** The current time in epoch milliseconds. */
  nowMs(): number {
    this.#run();
    return this.#ms;
  }

  /** The stamp the next change of state will carry, without moving the clock. */
  next(): string {
    this.#run();
    return isoOf(this.#ms + (this.#wall === undefined ? 1000 : 1));
  }

  /** Advances one second for a change of state and returns the new time, the change's stamp. */
  tick(): string {
    if (this.#wall === undefined) this.#ms += 1000;
    else {
      // running: the wall clock's time, and at least a millisecond after the last change
      const before = this.#ms;
      this.#run();
      if (this.#ms <= before) this.#ms = before + 1;
    }
    return this.now();
  }

  /** Sets the clock to an ISO time (a date of the calendar, years 0000 to 9999). */
  set(iso: string): void {
    if (typeof iso !== 'string' || !ISO_TIME.test(iso) || !isCalendarDate(iso))
      throw new ApiError('control-invalid', {
        reason: `The fake clock is set to an ISO 8601 time such as 2026-01-01T00:00:00.000Z, not ${JSON.stringify(iso)}`,
      });
    this.#moveTo(Date.parse(iso));
  }

  /** Moves the clock forward (or back) by `ms`, whole milliseconds. */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms))
      throw new ApiError('control-invalid', {
        reason: `The fake clock advances by whole milliseconds, not ${typeof ms === 'number' ? String(ms) : JSON.stringify(ms)}`,
      });
    this.#run();
    this.#moveTo(this.#ms + ms);
  }

  #moveTo(ms: number): void {
    // four-digit years only: a time a scenario's `clock` takes, so the state loads back
    if (!Number.isFinite(ms) || ms < FOUR_DIGIT_YEARS[0] || ms >= FOUR_DIGIT_YEARS[1]) {
      throw new ApiError('control-invalid', {
        reason: 'The fake clock stays between 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
      });
    }
    this.#ms = ms;
    if (this.#wall !== undefined) this.#wall = Date.now();
  }
}
