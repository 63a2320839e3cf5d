import { ApiError } from '../errors';
import type { DirectRoom, User } from '../types';
import { can } from './access';
import type { ChangeEvent } from './events';
import { pageOf } from './lists';
import type { ListOptions, ListResult } from './lists';
import { objectId } from './message-text';
import type { JsonObject, Query } from './query';
import { matches, sortBy } from './query';
import { anyRoom, commit, userNamed } from './state';
import type { StoreState } from './state';
import { directState } from './subscription-states';
import { memberRoomIds } from './subscriptions';

/**
 * Direct-message rooms: opened (made when there is none) by `im.create`, a post to `@user`, or a
 * provider state; found as `im.*` routes name them; listed.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The most members a direct room may have, the caller included (`DirectMesssage_maxUsers`). */
const DIRECT_MAX_USERS = 8;

/**
 * The direct room of `user` and `others` (`createDirectMessage`): `create-d` needed, even when
 * it exists; found by its members, else made: `_id` the two user ids sorted and joined (an
 * ObjectId-shaped id for oneself alone or three and more), `usernames` by display name, one
 * subscription each (the caller's open; the others' only in a room of three or more). An
 * existing room opens the caller's subscription again.
 */
export function openDirect(
  state: StoreState,
  user: User,
  others: readonly User[],
  excludeSelf: boolean,
  checked = true,
): DirectRoom {
  if (checked && !can(state, user, 'create-d')) throw new ApiError('direct-not-allowed');
  const distinct = [...new Map(others.filter((o) => o._id !== user._id).map((o) => [o._id, o])).values()];
  const members = excludeSelf && distinct.length > 0 ? distinct : [user, ...distinct];
  if (members.length > DIRECT_MAX_USERS) throw new ApiError('direct-too-many');
  const uids = members.map((m) => m._id).sort();
  const existing = directWithMembers(state, uids);
  if (existing) {
    const current = state.subscriptions.get(existing, user._id);
    if (existing.usernames.includes(user.username) && !current.open) {
      const subscription = { ...current, open: true, _updatedAt: state.clock.tick() };
      state.subscriptions.set(existing._id, user._id, subscription);
      commit(state, [
        { kind: 'subscription', op: 'updated', rid: existing._id, uid: user._id, subscription },
      ]);
    }
    return existing;
  }
  const ts = state.clock.tick();
  const _id =
    uids.length === 2
      ? uids.join('')
      : objectId(state.clock.nowMs(), state.idMiddle, state.messages.count + 0x800000);
  const display = (m: User): string => m.name || m.username;
  const usernames = [...members].sort((a, b) => display(a).localeCompare(display(b))).map((m) => m.username);
  const room: DirectRoom = {
    _id,
    t: 'd',
    usernames,
    usersCount: members.length,
    msgs: 0,
    ts,
    uids,
    _updatedAt: ts,
  };
  state.directs.set(_id, room);
  const events: ChangeEvent[] = [{ kind: 'room', op: 'inserted', room }];
  for (const member of members) {
    const subscription = directState(ts, member._id === user._id || members.length > 2);
    state.subscriptions.set(_id, member._id, subscription);
    events.push({ kind: 'subscription', op: 'inserted', rid: _id, uid: member._id, subscription });
  }
  state.memberIndex = undefined;
  commit(state, events);
  return room;
}

/** The direct room whose members are exactly these user ids (sorted), if there is one. */
export function directWithMembers(state: StoreState, uids: readonly string[]): DirectRoom | undefined {
  if (uids.length === 2) return state.directs.get(uids.join(''));
  for (const room of state.directs.values())
    if (room.uids.length === uids.length && room.uids.every((id, i) => id === uids[i])) return room;
  return undefined;
}

/**
 * `im.create`: the direct room with the users named (usernames, any case; the caller's own left
 * out unless alone), made if there is none, as `{t, rid, usernames, _id}`.
 */
export function createDirect(
  state: StoreState,
  user: User,
  usernames: readonly string[],
  excludeSelf: boolean,
): JsonObject {
  const others = usernames
    .filter((name) => name.toLowerCase() !== user.username.toLowerCase())
    .map((name) => {
      const other = userNamed(state, name);
      if (!other) throw new ApiError('direct-invalid-user');
      return other;
    });
  const room = openDirect(state, user, others, excludeSelf);
  return { t: 'd', rid: room._id, usernames: [...room.usernames], _id: room._id };
}

/**
 * The direct room `im.history` and `im.messages` read: by `_id`, else (as the real lookup does)
 * the caller's direct room with the user of that id or username, made if there is none; anything
 * else is `invalid-channel`. A room the caller is not in is the bare 403.
 */
export function findDirect(
  state: StoreState,
  user: User,
  ref: { roomId?: string; username?: string },
): DirectRoom {
  const key = ref.roomId ?? ref.username ?? '';
  const room =
    (ref.roomId !== undefined ? state.directs.get(key) : undefined) ??
    (() => {
      const other = state.users.get(key) ?? userNamed(state, key);
      if (!other || (ref.roomId !== undefined && anyRoom(state, key))) throw new ApiError('invalid-channel');
      return openDirect(state, user, [other], false);
    })();
  if (!room.usernames.includes(user.username)) throw new ApiError('room-forbidden');
  return room;
}

/** `im.list`: the direct rooms the caller is in, in the order they were made unless `sort` says otherwise. */
export function listDirects(state: StoreState, user: User, options: ListOptions): ListResult {
  const rooms = memberRoomIds(state, user.username)
    .map((id) => state.directs.get(id))
    .filter((room): room is DirectRoom => room !== undefined) as unknown as JsonObject[];
  const matching = options.query ? rooms.filter((room) => matches(room, options.query as Query)) : rooms;
  return pageOf(
    options.sort && options.sort.length > 0 ? sortBy([...matching], options.sort) : matching,
    options,
  );
}

/** The direct room of these users, made if there is none, whatever their permissions (a provider state). */
export function putDirect(state: StoreState, users: readonly User[]): DirectRoom {
  const [first, ...others] = users;
  if (!first) throw new ApiError('invalid-channel');
  return openDirect(state, first, others, false, false);
}
