import { ApiError } from '../errors';
import type { AnyRoom, Message, Subscription, User } from '../types';
import type { ChangeEvent } from './events';
import type { JsonObject } from './query';
import { anyRoom, commit, deletedSince, userNamed } from './state';
import type { StoreState } from './state';
import { readState, subscriptionView } from './subscription-states';

/**
 * Who is in which room, and each member's subscription: the rooms a user is in, the
 * subscriptions as `subscriptions.get` answers them, a read, and what a message does to its
 * room's members. The states themselves are src/store/subscription-states.ts.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The ids of the rooms a user is in (channels and groups by the world's order, then direct rooms). */
export function memberRoomIds(state: StoreState, username: string): string[] {
  if (!state.memberIndex) {
    const index = new Map<string, string[]>();
    const add = (room: AnyRoom): void => {
      for (const name of room.usernames) {
        const list = index.get(name);
        if (list) list.push(room._id);
        else index.set(name, [room._id]);
      }
    };
    for (const room of state.rooms.values()) add(room);
    for (const room of state.directs.values()) add(room);
    state.memberIndex = index;
  }
  return state.memberIndex.get(username) ?? [];
}

/** A direct room's other members (its subscription is named after them); none for a channel or group. */
export function peersOf(room: AnyRoom, username: string, find: (name: string) => User | undefined): User[] {
  if (room.t !== 'd') return [];
  return room.usernames.flatMap((name) => {
    const other = name === username ? undefined : find(name);
    return other ? [other] : [];
  });
}

/** A member's subscription to a room, as `subscriptionView` builds it. */
export function subscriptionOf(state: StoreState, room: AnyRoom, user: User): Subscription {
  const others = peersOf(room, user.username, (name) => userNamed(state, name));
  return subscriptionView(room, user, state.subscriptions.get(room, user._id), state.idMiddle, others);
}

/** The user's subscriptions, each as `subscriptionView` builds it. */
function subscriptionsOf(state: StoreState, user: User): Subscription[] {
  return memberRoomIds(state, user.username).flatMap((id) => {
    const room = anyRoom(state, id);
    return room ? [subscriptionOf(state, room, user)] : [];
  });
}

/**
 * `subscriptions.get`: the caller's subscriptions (every room the caller is in, direct rooms
 * too), those changed after `updatedSince` when given, with those removed since (a kick, a leave,
 * a room's deletion) under `remove`.
 */
export function subscriptionsFor(
  state: StoreState,
  user: User,
  updatedSince?: string,
): { update: Subscription[]; remove: JsonObject[] } {
  const all = subscriptionsOf(state, user);
  return {
    update: updatedSince === undefined ? all : all.filter((sub) => sub._updatedAt > updatedSince),
    // the user's deleted since (`Subscriptions.trashFindDeletedAfter`)
    remove: updatedSince === undefined ? [] : deletedSince(state.trash.subscriptions, updatedSince, user._id),
  };
}

/** `subscriptions.getOne`: the caller's subscription to a room, or null. */
export function subscriptionFor(state: StoreState, user: User, rid: string): Subscription | null {
  const room = anyRoom(state, rid);
  return room && room.usernames.includes(user.username) ? subscriptionOf(state, room, user) : null;
}

/**
 * `includeUserRooms` (`users.info`): the user's subscriptions projected to `_id`, `rid`, `name`,
 * `t`, `roles`, `unread` (and `federated`, which no fake room has), sorted by `t` then `name`.
 */
export function userRooms(state: StoreState, user: User): JsonObject[] {
  const kept = new Set(['_id', 'rid', 'name', 't', 'roles', 'unread', 'federated']);
  const rooms = subscriptionsOf(state, user).map(
    (sub) => Object.fromEntries(Object.entries(sub).filter(([key]) => kept.has(key))) as JsonObject,
  );
  const order = (a: JsonObject, b: JsonObject): number => {
    const [at, bt, an, bn] = [String(a.t), String(b.t), String(a.name), String(b.name)];
    if (at !== bt) return at < bt ? -1 : 1;
    return an < bn ? -1 : an > bn ? 1 : 0;
  };
  return rooms.sort(order);
}

/**
 * `subscriptions.read`: the caller has read the room now (`unread`, the alert and mentions
 * cleared, `ls` moved). The alert stays while threads are unread, unless `readThreads`, which
 * forgets the unread threads too (`tunread`, `tunreadUser`, `tunreadGroup`).
 */
export function markRead(state: StoreState, user: User, rid: string, readThreads = false): void {
  const room = anyRoom(state, rid);
  if (!room || !room.usernames.includes(user.username)) throw new ApiError('subscription-invalid');
  const ts = state.clock.tick();
  const current = state.subscriptions.get(room, user._id);
  const alert = !readThreads && current.alert && (current.tunread?.length ?? 0) > 0;
  const read = readState(current, ts, alert, readThreads);
  state.subscriptions.set(room._id, user._id, read);
  commit(state, [{ kind: 'subscription', op: 'updated', rid: room._id, uid: user._id, subscription: read }]);
}

/**
 * What a message does to the room's subscriptions (`notifyUsersOnMessage`, the default
 * settings): every other member's is opened and alerted; unread counts go up by one in a direct
 * room, in a channel or group only for the users it mentions, or for everyone on `@all` /
 * `@here` (`userMentions`, `groupMentions` with them); the poster's own is read now. The changes
 * are written, and told in `events`.
 */
export function notify(
  state: StoreState,
  poster: User,
  room: AnyRoom,
  message: Message,
  ts: string,
  events: ChangeEvent[],
): void {
  // made only for a post that mentions someone (most mention no one)
  let mentioned: Set<string> | undefined;
  let group = false;
  for (const mention of (message.mentions ?? []) as { _id?: unknown }[]) {
    if (mention._id === 'all' || mention._id === 'here') group = true;
    else if (typeof mention._id === 'string' && mention._id !== poster._id)
      (mentioned ??= new Set()).add(mention._id);
  }
  const rid = room._id;
  for (const username of room.usernames) {
    // the poster first, without a lookup (most posts are to rooms of few members)
    const member = username === poster.username ? poster : userNamed(state, username);
    if (!member) continue;
    const current = state.subscriptions.get(room, member._id);
    if (member === poster) {
      const read = readState(current, ts);
      state.subscriptions.set(rid, member._id, read);
      events.push({ kind: 'subscription', op: 'updated', rid, uid: member._id, subscription: read });
      continue;
    }
    const byName = mentioned?.has(member._id) === true;
    const byGroup = !byName && mentioned === undefined && group;
    const unread = room.t === 'd' || byName || byGroup ? 1 : 0;
    // as `{...state, open, alert, unread, userMentions, groupMentions, _updatedAt}`, copied
    // then set in that order (see `store` in src/store/posting.ts)
    const next = { ...current };
    next.open = true;
    next.alert = true;
    next.unread = current.unread + unread;
    next.userMentions = current.userMentions + (byName ? 1 : 0);
    next.groupMentions = current.groupMentions + (byGroup ? 1 : 0);
    next._updatedAt = ts;
    state.subscriptions.set(rid, member._id, next);
    events.push({ kind: 'subscription', op: 'updated', rid, uid: member._id, subscription: next });
  }
}
