/**
 * Server-version profiles: the Rocket.Chat release lines the fake can answer as (`8.9`, the newest
 * long-term-support line, by default), and `7` / `8` as names for the newest line of that major.
 *
 * Layer: base. Imports only the published types.
 */

import type { LineId, ProfileId } from './types';
import { LINE_IDS, PROFILE_IDS } from './types';

export { LINE_IDS, PROFILE_IDS };
export type { LineId, ProfileId };
export const DEFAULT_PROFILE: ProfileId = '8.9';

/**
 * A release line the fake answers as: its id and the version it reports. How a line's behaviour
 * differs is not here: each difference is an era table next to the operation, the error or the
 * store rule it changes (src/eras.ts, byEra, keyed by the first version that behaves so), so a new
 * release line is one more entry below plus the tables its behaviour changes.
 */
export interface Profile {
  id: LineId;
  /** what `/api/info` reports */
  version: string;
}

const LINES: Readonly<Record<LineId, Profile>> = {
  '0.49': { id: '0.49', version: '0.49.4' },
  '5': { id: '5', version: '5.4.10' },
  '6': { id: '6', version: '6.13.1' },
  '7.0': { id: '7.0', version: '7.0.3' },
  '7.10': { id: '7.10', version: '7.10.0' },
  '8.5': { id: '8.5', version: '8.5.0' },
  '8.9': { id: '8.9', version: '8.9.0' },
};

/**
 * The releases a line stands for, where it is more than its own minor version: `0.49` the 0.49 to
 * 0.51 releases, `5` those from 0.52 to 5.x, `6` every 6.x; each other line its own `major.minor`.
 * `[first, next)` as `[major, minor]` pairs.
 */
const RANGES: Readonly<
  Partial<Record<LineId, readonly [readonly [number, number], readonly [number, number]]>>
> = {
  '0.49': [
    [0, 49],
    [0, 52],
  ],
  '5': [
    [0, 52],
    [6, 0],
  ],
  '6': [
    [6, 0],
    [7, 0],
  ],
};

/** `major.minor` of a version (`7.10.1` → [7, 10]); undefined when it does not start so. */
function majorMinor(version: string): [number, number] | undefined {
  const match = /^(\d+)\.(\d+)(?:\.|$)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function before(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

/** Whether a server reporting `version` is of the release line `line` (0.50.2 is of `0.49`, 4.8.0 of `5`). */
export function lineCovers(line: string, version: string): boolean {
  if (!(LINE_IDS as readonly string[]).includes(line)) return true; // not a line: nothing to say
  const id = line as LineId;
  const at = majorMinor(version);
  if (!at) return false;
  const range = RANGES[id];
  if (range) return !before(at, range[0]) && before(at, range[1]);
  const own = majorMinor(LINES[id].version);
  return own !== undefined && own[0] === at[0] && own[1] === at[1];
}

/** `7` and `8` name the newest line of their major the fake characterises. */
export const ALIASES: Readonly<Record<'7' | '8', LineId>> = { '7': '7.10', '8': '8.9' };

/** Every profile, by every name it is accepted under. */
export const PROFILES: Readonly<Record<ProfileId, Profile>> = {
  ...LINES,
  '7': LINES[ALIASES['7']],
  '8': LINES[ALIASES['8']],
};

export function isProfileId(value: unknown): value is ProfileId {
  return typeof value === 'string' && (PROFILE_IDS as readonly string[]).includes(value);
}

/** A profile by id or alias (default {@link DEFAULT_PROFILE}). */
export function profileOf(id: ProfileId | undefined): Profile {
  return PROFILES[id ?? DEFAULT_PROFILE];
}
