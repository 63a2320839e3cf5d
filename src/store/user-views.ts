import { copyJson } from '../json-copy';
import type { JsonObject } from './query';
import type { User } from '../types';

/**
 * Users as `users.info` and `users.list` show them (Rocket.Chat 7.x/8.x `getFullUserData` and
 * `users.list`'s projections): which fields a caller sees depends on who asks. A field the fake's
 * user lacks is filled as a real user has it (`status` offline, `utcOffset` 0, `type` user).
 *
 * Layer: store.
 */

/** Who asks about whom: another user (`other`), with `view-full-other-user-info` (`full`), or oneself. */
export type InfoLevel = 'other' | 'full' | 'self';

/** Fields anyone may see of another user (`getFullUserData`'s default projection), in the user's order. */
const PUBLIC = [
  'nickname',
  'bio',
  'reason',
  'statusText',
  'avatarETag',
  'federated',
  'statusLivechat',
  'customFields',
] as const;
/** What `view-full-other-user-info` adds. */
const FULL = [
  'phone',
  'createdAt',
  'lastLogin',
  'requirePasswordChange',
  'requirePasswordChangeReason',
  'importIds',
];

function copy(out: Record<string, unknown>, user: User, keys: readonly string[]): void {
  for (const key of keys) if (user[key] !== undefined) out[key] = copyJson(user[key]);
}

/** A user as `users.info` answers: `_id`, `name`, `username`, `status`, …, then `canViewAllInfo`. */
export function userInfoView(user: User, level: InfoLevel): JsonObject {
  const out: Record<string, unknown> = {
    _id: user._id,
    name: user.name,
    username: user.username,
    status: user.status ?? 'offline',
    utcOffset: user.utcOffset ?? 0,
    type: user.type ?? 'user',
    active: user.active,
  };
  copy(out, user, PUBLIC);
  if (level !== 'other') {
    out.emails = copyJson(user.emails);
    out.statusConnection = user.statusConnection ?? 'offline';
    copy(out, user, FULL);
    out.roles = [...user.roles];
  }
  // one's own services, the password only as `true`: never a hash or a token
  if (level === 'self') out.services = { password: true };
  out.canViewAllInfo = level !== 'other';
  return out as JsonObject;
}

/**
 * A `users.list` item: `_id`, `name`, `username`, `status`, `active`, `avatarETag`, `type`, and
 * for a caller with `view-full-other-user-info` also `emails`, `roles` and `lastLogin`; then
 * `nameInsensitive`, as the server's projection adds it.
 */
export function userListView(user: User, full: boolean): JsonObject {
  const out: Record<string, unknown> = { _id: user._id, name: user.name, username: user.username };
  if (full) out.emails = copyJson(user.emails);
  if (full) out.roles = [...user.roles];
  out.status = user.status ?? 'offline';
  out.active = user.active;
  if (user.avatarETag !== undefined) out.avatarETag = user.avatarETag;
  if (full && user.lastLogin !== undefined) out.lastLogin = user.lastLogin;
  out.type = user.type ?? 'user';
  out.nameInsensitive = user.name.toLowerCase();
  return out as JsonObject;
}
