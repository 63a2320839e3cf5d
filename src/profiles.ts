/**
 * Server-version profiles: the Rocket.Chat eras the fake can answer as (profile `7` by default).
 *
 * Layer: base. Imports only the published types.
 */

import type { ProfileId } from './types';
import { PROFILE_IDS } from './types';

export { PROFILE_IDS };
export type { ProfileId };
export const DEFAULT_PROFILE: ProfileId = '7';

/**
 * A server era the fake answers as: its id and the version it reports. How an era's behaviour
 * differs is not here: each difference is an era table next to the operation, the error or the
 * store rule it changes (src/eras.ts, byEra), so a new release line is one more entry below plus
 * the tables its behaviour changes.
 */
export interface Profile {
  id: ProfileId;
  /** what `/api/info` reports */
  version: string;
}

/** Every profile. */
export const PROFILES: Readonly<Record<ProfileId, Profile>> = {
  '0.49': { id: '0.49', version: '0.49.4' },
  '5': { id: '5', version: '5.4.10' },
  '6': { id: '6', version: '6.13.1' },
  '7': { id: '7', version: '7.0.0' },
  '8': { id: '8', version: '8.0.0' },
};

export function isProfileId(value: unknown): value is ProfileId {
  return typeof value === 'string' && (PROFILE_IDS as readonly string[]).includes(value);
}

/** A profile by id (default 7). */
export function profileOf(id: ProfileId | undefined): Profile {
  return PROFILES[id ?? DEFAULT_PROFILE];
}
