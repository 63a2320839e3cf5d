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
