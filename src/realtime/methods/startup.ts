import { ApiError } from '../../errors';
import { isPlainObject } from '../../store/query';
import { toEjson } from '../ejson';
import type { Method } from '../method';

/**
 * The realtime methods of the start-up routes: `spotlight`, the method the REST route calls.
 *
 * Layer: realtime.
 */

/**
 * `spotlight(text, usernames = [], type = {users: true, rooms: true}, rid)`: no user is
 * `Invalid user [error-invalid-user]` (`details: {method: 'spotlight'}`); `@text` users only,
 * `#text` rooms only; a `type` object replaces the default whole. Answers `{users, rooms}` as the
 * REST route does (src/store/startup.ts); `rid` is not modelled.
 */
const spotlight: Method = (context, params) => {
  const user = context.user;
  if (!user) throw new ApiError('role-invalid-user', { method: 'spotlight' });
  const [rawText, usernames, type] = params;
  const raw = typeof rawText === 'string' ? rawText : '';
  const lead = raw.charAt(0);
  const kinds = isPlainObject(type)
    ? { users: type.users === true, rooms: type.rooms === true }
    : { users: true, rooms: true };
  const result = context.store.spotlight(user, {
    text: lead === '@' || lead === '#' ? raw.slice(1) : raw,
    users: lead !== '#' && kinds.users,
    rooms: lead !== '@' && kinds.rooms,
    exclude: Array.isArray(usernames) ? usernames.filter((u): u is string => typeof u === 'string') : [],
  });
  return toEjson(result);
};

/** The start-up methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const STARTUP_METHODS: Readonly<Record<string, Method>> = { spotlight };
