import { ApiError } from '../errors';
import type { Message, Room, User } from '../types';
import { systemMessage } from './compose';
import type { ChangeEvent } from './events';
import { commit, trashed } from './state';
import type { StoreState } from './state';
import { subscriptionOf } from './subscriptions';
import { derivedRoles, joinedState } from './subscription-states';
import type { RoomRole, SubscriptionState } from './subscription-states';

/**
 * Who is in a channel or group and with which roles, changed by someone: members added
 * (`addUsersToRoom`), removed (a kick, a leave), a room role given or taken. Each is one commit,
 * after the command's checks; a member's roles live on the subscription (its state), so the
 * access rules (src/store/access.ts) read them.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A member's roles in a room: as given or taken, else as the room was made (its creator the owner). */
export function roomRoles(state: StoreState, room: Room, userId: string): readonly RoomRole[] {
  return state.subscriptions.roles(room._id, userId) ?? derivedRoles(room, userId);
}

/** The usernames of a room's members who hold a role there, in the room's order. */
export function membersWithRole(state: StoreState, room: Room, role: RoomRole): string[] {
  return room.usernames.filter((name) => {
    const id = state.userKeys.get(`u:${name.toLowerCase()}`);
    return id !== undefined && roomRoles(state, room, id).includes(role);
  });
}

/** A system message of a room, with a field of its own (`role`) when given. */
function message(
  state: StoreState,
  actor: User,
  room: Room,
  t: string,
  msg: string,
  ts: string,
  role?: string,
): Message {
  const made = systemMessage(state, actor, room, t, msg, ts);
  return role === undefined ? made : ({ ...made, role } as Message);
}

/** A joiner's subscription: a creator who left and comes back holds no role (the owner's went with the old one). */
export function rejoinedState(room: Room, user: User, ts: string): SubscriptionState {
  const joined = joinedState(ts);
  return room.u?._id === user._id ? { ...joined, roles: [] } : joined;
}

/** Refuses a room that would hold more members than the world's bound. */
export function checkMembers(state: StoreState, count: number): void {
  if (count > state.bounds.members)
    throw new ApiError('members-limit-reached', { reason: `${state.bounds.members}` });
}

/**
 * `addUsersToRoom`: each user not yet a member joins, with an `au` message by the actor (`msg` the
 * added username), a subscription (open, alerted, one unread mention) and `usersCount` + 1; members
 * already are left as they are. Returns the room as the change left it.
 */
export function addMembers(state: StoreState, actor: User, room: Room, users: readonly User[]): Room {
  const added = users.filter((user, i) => users.indexOf(user) === i);
  return joinMembers(state, room, added, (user, next, ts) =>
    message(state, actor, next, 'au', user.username, ts),
  );
}

/**
 * Users who are not members yet join a room in one commit: each with a subscription (open,
 * alerted, one unread mention) and the system message `announce` makes (an `au` by the actor, a
 * `uj` of their own); `usersCount` and `msgs` follow; the room's member bound holds. Returns the
 * room as the change left it (the room itself when nobody joined).
 */
export function joinMembers(
  state: StoreState,
  room: Room,
  users: readonly User[],
  announce: (user: User, next: Room, ts: string) => Message,
): Room {
  const added = users.filter((user) => !room.usernames.includes(user.username));
  if (added.length === 0) return room;
  checkMembers(state, room.usernames.length + added.length);
  const ts = state.clock.tick();
  const next: Room = {
    ...room,
    usernames: [...room.usernames, ...added.map((user) => user.username)],
    usersCount: room.usersCount + added.length,
    msgs: room.msgs + added.length,
    _updatedAt: ts,
  };
  const events: ChangeEvent[] = [];
  for (const user of added) {
    const subscription = rejoinedState(room, user, ts);
    state.subscriptions.set(room._id, user._id, subscription);
    events.push({ kind: 'subscription', op: 'inserted', rid: room._id, uid: user._id, subscription });
    const announced = announce(user, next, ts);
    state.messages.add(announced);
    events.push({ kind: 'message', op: 'inserted', message: announced, room: next });
  }
  state.rooms.set(room._id, next);
  state.memberIndex = undefined;
  events.push({ kind: 'room', op: 'updated', room: next, before: room });
  commit(state, events);
  return next;
}

/**
 * A member leaves (`ul`, by the member) or is removed (`ru`, by the actor; `msg` the removed
 * username): out of `usernames`, `usersCount` − 1, the subscription removed (its roles with it).
 */
export function removeMember(state: StoreState, actor: User, room: Room, member: User, t: 'ru' | 'ul'): Room {
  const ts = state.clock.tick();
  const removed = subscriptionOf(state, room, member);
  const next: Room = {
    ...room,
    usernames: room.usernames.filter((name) => name !== member.username),
    usersCount: Math.max(0, room.usersCount - 1),
    msgs: room.msgs + 1,
    _updatedAt: ts,
  };
  const system = message(state, actor, next, t, member.username, ts);
  state.messages.add(system);
  // kept, without roles, until the member joins again (a new state then)
  const subscription = { ...state.subscriptions.get(room, member._id), roles: [], _updatedAt: ts };
  state.subscriptions.set(room._id, member._id, subscription);
  state.rooms.set(room._id, next);
  state.memberIndex = undefined;
  // the member's `subscriptions.get?updatedSince=` lists it under `remove` (the real server's trash)
  trashed(state.trash.subscriptions, { _id: removed._id, _deletedAt: ts, uid: member._id });
  commit(state, [
    { kind: 'message', op: 'inserted', message: system, room: next },
    { kind: 'subscription', op: 'removed', rid: room._id, uid: member._id, subscription, removed },
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
  return next;
}

/**
 * A room role given (`subscription-role-added`) or taken (`subscription-role-removed`) by the
 * actor: the member's subscription `roles`, and the system message (`msg` the member's username,
 * `role` the role).
 */
export function setRoomRole(
  state: StoreState,
  actor: User,
  room: Room,
  member: User,
  role: RoomRole,
  give: boolean,
): void {
  const ts = state.clock.tick();
  const current = state.subscriptions.get(room, member._id);
  const roles = roomRoles(state, room, member._id).filter((r) => r !== role);
  const subscription = { ...current, roles: give ? [...roles, role] : roles, _updatedAt: ts };
  state.subscriptions.set(room._id, member._id, subscription);
  const next: Room = { ...room, msgs: room.msgs + 1, _updatedAt: ts };
  const t = give ? 'subscription-role-added' : 'subscription-role-removed';
  const system = message(state, actor, next, t, member.username, ts, role);
  state.messages.add(system);
  state.rooms.set(room._id, next);
  commit(state, [
    { kind: 'message', op: 'inserted', message: system, room: next },
    { kind: 'subscription', op: 'updated', rid: room._id, uid: member._id, subscription },
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
}
