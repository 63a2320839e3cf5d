import type { AnyRoom, Message, Room, User } from '../types';
import { systemMessage } from './compose';
import { paginate } from './lists';
import type { ListOptions, ListResult } from './lists';
import { joinMembers, roomRoles } from './membership';
import type { JsonObject } from './query';
import { anyRoom, commit, userNamed } from './state';
import type { StoreState } from './state';
import type { SubscriptionState } from './subscription-states';
import { subscriptionOf } from './subscriptions';

/**
 * The rooms group's reads of members and counters, and the member's own subscription flags
 * (helper rooms-reads): a room's members as `channels.members` / `groups.members` /
 * `im.members` list them (`findUsersOfRoom`), the holders of room roles (`getRoomRoles`), a
 * room's counters, `groups.list` / `groups.listAll`; and the writes of one member's subscription
 * (`openRoom`, `hideRoom`, `unreadMessages`) and `addAllUserToRoom`. Each write is one commit
 * after the caller's checks.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** What a members list keeps: `filter` a case-insensitive "contains" of the username or name, `status` one of. */
export interface RoomMemberFilter {
  readonly filter?: string;
  readonly status?: readonly string[];
}

/**
 * The order of a members list: by connection (online first), then by username in `direction`
 * (`findUsersOfRoom`), by username alone (`im.members` to 6.x), or newest change first then by
 * username (`im.members`, 7.x on).
 */
export type RoomMemberOrder =
  | { readonly by: 'connection'; readonly direction: 1 | -1 }
  | { readonly by: 'username' }
  | { readonly by: 'updated' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A room's members that are active users and pass the filter, in the order asked for. */
export function roomMemberUsers(
  state: StoreState,
  room: AnyRoom,
  filter: RoomMemberFilter,
  order: RoomMemberOrder,
): User[] {
  const needle = filter.filter?.toLowerCase();
  const users: User[] = [];
  for (const username of room.usernames) {
    const user = userNamed(state, username);
    if (!user || user.active === false) continue;
    if (
      needle &&
      !user.username.toLowerCase().includes(needle) &&
      !text(user.name).toLowerCase().includes(needle)
    )
      continue;
    if (filter.status && !filter.status.includes(text(user.status) || 'offline')) continue;
    users.push(user);
  }
  const byName = (a: User, b: User): number =>
    a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
  if (order.by === 'username') return users.sort(byName);
  if (order.by === 'updated')
    return users.sort((a, b) => {
      const [at, bt] = [text(a._updatedAt), text(b._updatedAt)];
      return at === bt ? byName(a, b) : at < bt ? 1 : -1;
    });
  // `statusConnection` descending (a user without one last), then the username
  return users.sort((a, b) => {
    const [at, bt] = [text(a.statusConnection), text(b.statusConnection)];
    return at === bt ? order.direction * byName(a, b) : at < bt ? 1 : -1;
  });
}

/** A member's subscription as `im.members` (8.x) shows it: `{_id, ts, roles?}`. */
export function memberSubscription(state: StoreState, room: AnyRoom, user: User): JsonObject {
  const sub = subscriptionOf(state, room, user);
  return { _id: sub._id, ts: sub.ts, ...(sub.roles !== undefined ? { roles: [...sub.roles] } : {}) };
}

/**
 * `getRoomRoles`: one entry per member holding `owner`, `moderator` or `leader` in the room, as
 * `{_id, rid, u: {_id, username}, roles}` (the subscription's), by username.
 */
export function roomRoleHolders(state: StoreState, room: Room): JsonObject[] {
  const out: { username: string; entry: JsonObject }[] = [];
  for (const username of room.usernames) {
    const user = userNamed(state, username);
    if (!user) continue;
    const roles = roomRoles(state, room, user._id);
    if (roles.length === 0) continue;
    const sub = subscriptionOf(state, room, user);
    out.push({
      username: user.username,
      entry: {
        _id: sub._id,
        rid: room._id,
        u: { _id: user._id, username: user.username },
        roles: [...roles],
      },
    });
  }
  return out
    .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0))
    .map(({ entry }) => entry);
}

/** `channels.moderators`: the moderators' `u` (`{_id, username, name}`), in the room's order. */
export function roomModerators(state: StoreState, room: Room): JsonObject[] {
  return room.usernames.flatMap((username) => {
    const user = userNamed(state, username);
    if (!user || !roomRoles(state, room, user._id).includes('moderator')) return [];
    return [{ _id: user._id, username: user.username, name: user.name }];
  });
}

/** How many visible messages a room has from `from` to `to`, both included. */
export function countVisibleBetween(state: StoreState, rid: string, from: string, to: string): number {
  return state.messages.history(rid, {
    oldest: from,
    latest: to,
    inclusive: true,
    offset: 0,
    count: 0,
    total: true,
    skip: (message) => message._hidden === true,
  }).total;
}

/** A room's newest visible message, if any. */
export function lastVisibleMessage(state: StoreState, rid: string): Message | undefined {
  return state.messages.history(rid, { offset: 0, count: 1, skip: (message) => message._hidden === true })
    .messages[0];
}

/** Whether a user has a subscription to a room (is one of its members). */
function subscribed(room: AnyRoom, user: User): boolean {
  return room.usernames.includes(user.username);
}

/** A member's subscription state now, or undefined when the user is not a member. */
export function memberState(state: StoreState, room: AnyRoom, user: User): SubscriptionState | undefined {
  return subscribed(room, user) ? state.subscriptions.get(room, user._id) : undefined;
}

function writeState(state: StoreState, rid: string, user: User, next: SubscriptionState): void {
  state.subscriptions.set(rid, user._id, next);
  commit(state, [{ kind: 'subscription', op: 'updated', rid, uid: user._id, subscription: next }]);
}

/**
 * `openRoom` (`open: true`) and `hideRoom` (`open: false`, the alert off) of a member's
 * subscription; a user who is not a member is left as is.
 */
export function setSubscriptionOpen(state: StoreState, user: User, rid: string, open: boolean): void {
  const room = anyRoom(state, rid);
  const current = room && memberState(state, room, user);
  if (!room || !current) return;
  const next: SubscriptionState = open
    ? { ...current, open: true, _updatedAt: state.clock.tick() }
    : { ...current, alert: false, open: false, _updatedAt: state.clock.tick() };
  writeState(state, rid, user, next);
}

/**
 * `setAsUnreadByRoomIdAndUserId`: the member's subscription opened, alerted, read up to `ls` (the
 * first unread message's time); a user who is not a member is left as is.
 */
export function markUnread(state: StoreState, user: User, rid: string, ls: string): void {
  const room = anyRoom(state, rid);
  const current = room && memberState(state, room, user);
  if (!room || !current) return;
  writeState(state, rid, user, { ...current, open: true, alert: true, ls, _updatedAt: state.clock.tick() });
}

/**
 * `addAllUserToRoom`: every user given who is not yet a member joins, each with a subscription
 * (open, alerted, one unread mention) and a `uj` message of their own; `usersCount` and `msgs`
 * follow. The room's member bound holds. Returns the room as the change left it.
 */
export function addAllUsers(state: StoreState, room: Room, users: readonly User[]): Room {
  return joinMembers(state, room, users, (user, next, ts) =>
    systemMessage(state, user, next, 'uj', user.username, ts),
  );
}

/** Every user of the world (`Users.find`), the inactive ones too unless `activeOnly`. */
export function allUsers(state: StoreState, activeOnly: boolean): User[] {
  return [...state.users.values()].filter((user) => !activeOnly || user.active !== false);
}

/**
 * `groups.list` (the private groups the user is in, `all` false) and `groups.listAll` (every
 * private group), by name unless `sort` says otherwise.
 */
export function listGroups(state: StoreState, user: User, options: ListOptions, all: boolean): ListResult {
  const name = user.username;
  const [list, belongs]: [string, (doc: JsonObject) => boolean] = all
    ? ['groups|all', (doc) => doc.t === 'p']
    : [
        `groups|joined|${name}`,
        (doc) => doc.t === 'p' && Array.isArray(doc.usernames) && doc.usernames.includes(name),
      ];
  const { roomLists, version, views } = state;
  return paginate(roomLists, version, views.listView, list, options, [[['name'], 1]], belongs);
}
