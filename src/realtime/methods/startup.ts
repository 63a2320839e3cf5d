import { ApiError } from '../../errors';
import { isPlainObject } from '../../store/query';
import { toEjson } from '../ejson';
import type { Method } from '../method';

/**
 * The realtime methods of the start-up routes: `spotlight` and `browseChannels`, the methods the
 * REST routes `spotlight` and `directory` call.
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

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const count = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : fallback;

/**
 * `browseChannels({text, type, workspace, sortBy, sortDirection, offset, limit})` (defaults `''`,
 * `channels`, `local`, `name`, `asc`, 0, 10): `{total, results}` as `directory` finds them
 * (src/store/startup.ts), or nothing (no result) where the real method answers nothing: no user,
 * an unknown type or sort, a permission missing. `page` is not modelled.
 */
const browseChannels: Method = (context, params) => {
  const user = context.user;
  if (!user) return undefined;
  const given = isPlainObject(params[0]) ? params[0] : {};
  const found = context.store.directory(user, {
    text: text(given.text, ''),
    type: text(given.type, 'channels'),
    workspace: text(given.workspace, 'local'),
    sortBy: text(given.sortBy, 'name'),
    ascending: text(given.sortDirection, 'asc') === 'asc',
    offset: count(given.offset, 0),
    count: count(given.limit, 10),
  });
  return found ? toEjson({ total: found.total, results: found.result }) : undefined;
};

/** The start-up methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const STARTUP_METHODS: Readonly<Record<string, Method>> = { spotlight, browseChannels };
