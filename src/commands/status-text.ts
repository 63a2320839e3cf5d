import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';

/**
 * A user's status message as `setUserStatus(…, text)` saves it, the realtime method's and the
 * `/status` command's (which calls it with no status), by release line:
 *
 * - to 8.5, `setStatusText`: the text only (trimmed, 120 characters at most); the status and its
 *   connection untouched; a presence change told with the user's name, none when the text is the
 *   user's already;
 * - 8.9, `Presence.setStatus(uid, status, text)`: the text with the default status, the status
 *   worked out again from the user's connections (a user with none is `offline`), told as a
 *   presence change (the release between that changed it UNVERIFIED, given to 8.9 as the method's
 *   order of checks is).
 */
const RECOMPUTES: EraTable<boolean> = { '0.49': false, '8.9': true };

/** Saves the text as the release line's `setUserStatus` does. Whether the user changed. */
export function saveStatusText(store: Store, profile: Profile, uid: string, text: string): boolean {
  if (byEra(profile, RECOMPUTES)) return store.setDefaultStatus(uid, { statusText: text });
  return store.setStatusText(uid, text);
}
