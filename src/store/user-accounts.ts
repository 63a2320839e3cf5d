import { copyJson } from '../json-copy';
import { withMember } from './member-list';
import { ApiError } from '../errors';
import type { AnyRoom, Room, User, UserRole } from '../types';
import { userKeysOf } from './baseline';
import { systemMessage } from './compose';
import type { ChangeEvent } from './events';
import { anyRoom, commit, userNamed } from './state';
import type { StoreState } from './state';
import { joinedState, meteorIdOf } from './subscription-states';
import { memberRoomIds } from './subscriptions';
import { userWithEmail } from './users';

/**
 * The users.* group's writes: a user made (`saveNewUser`, `registerUser`), edited (`saveUser`),
 * (de)activated (`setUserActiveStatus`) and deleted (`deleteUser`), each with all its checks
 * before its one write and one commit. The commands (src/commands/) decide the release line's
 * rules and hand them here as plain values.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A new user, as the command decided it. */
export interface NewUser {
  readonly username: string;
  readonly email: string;
  readonly verified: boolean;
  readonly name: string;
  readonly password: string;
  readonly roles: readonly UserRole[];
  readonly active: boolean;
  /** `inactiveReason: "pending_approval"` (manual approval, an inactive user) */
  readonly pendingApproval: boolean;
  /** `settings: {}` (`saveNewUser`; `registerUser` writes none) */
  readonly settings: boolean;
  /** the username is set after the rest (`registerUser` then `setUsername`): it comes last */
  readonly usernameLast: boolean;
  /** joined to the default rooms (`default: true`), each with a `uj` message */
  readonly joinDefaultChannels: boolean;
  readonly requirePasswordChange?: boolean;
  readonly bio?: string;
  readonly nickname?: string;
  readonly statusText?: string;
}

/** Whether a user is a human (`type: "user"`): a bot's type is `bot`. */
function isHuman(user: User): boolean {
  const type = typeof user.type === 'string' ? user.type : user.roles.includes('bot') ? 'bot' : 'user';
  return type === 'user';
}

/** Whether a human (`type: "user"`) admin exists (`Users.findOneByRolesAndType('admin', 'user')`). */
export function hasHumanAdmin(state: StoreState): boolean {
  for (const user of state.users.values()) if (user.roles.includes('admin') && isHuman(user)) return true;
  return false;
}

/** A new user's id: Meteor's 17 characters, drawn from the world's seed and version, never one in use. */
function newUserId(state: StoreState, username: string): string {
  for (let n = 0; ; n += 1) {
    const id = meteorIdOf(`user|${state.seed}|${state.version}|${username}|${n}`);
    if (!state.users.has(id)) return id;
  }
}

/** Refuses a user past the world's bound (the limit `usersPerWorld`). */
function checkRoom(state: StoreState): void {
  if (state.users.size >= state.bounds.users)
    throw new ApiError('users-per-world-limit', { reason: String(state.bounds.users) });
}

/** The default rooms a new user joins (`getDefaultChannels`: `default: true`). */
function defaultRooms(state: StoreState): Room[] {
  if (!state.defaultRooms) {
    // read once per world (in its order), then kept by every room change (src/store/state.ts)
    state.defaultRooms = new Set();
    for (const room of state.rooms.values()) if (room.default === true) state.defaultRooms.add(room._id);
  }
  const out: Room[] = [];
  for (const id of state.defaultRooms) {
    const room = state.rooms.get(id);
    // a new user is in no room yet (a room's members can be many: not searched)
    if (room) out.push(room);
  }
  return out;
}

/**
 * Makes a user (`Accounts.insertUserDoc` and `saveNewUser`): the bound and the names checked
 * (the command checked them in the server's order before; these stand guard), then the one
 * write: the user, the default rooms joined with a `uj` message each and a subscription with the
 * joiner's unread mention (`addUserToDefaultChannels`).
 */
export function createUser(state: StoreState, input: NewUser): User {
  checkRoom(state);
  if (userNamed(state, input.username))
    throw new ApiError('user-field-unavailable', { field: input.username });
  if (userWithEmail(state, input.email)) throw new ApiError('user-field-unavailable', { field: input.email });
  const ts = state.clock.tick();
  const doc: Record<string, unknown> = { _id: newUserId(state, input.username), createdAt: ts };
  if (!input.usernameLast) doc.username = input.username;
  doc.emails = [{ address: input.email, verified: input.verified }];
  doc.type = 'user';
  doc.status = 'offline';
  doc.active = input.active;
  if (input.pendingApproval && !input.active) doc.inactiveReason = 'pending_approval';
  doc.roles = [...input.roles];
  doc._updatedAt = ts;
  doc.name = input.name;
  if (input.usernameLast) doc.username = input.username;
  if (input.settings) doc.settings = {};
  if (input.requirePasswordChange !== undefined) doc.requirePasswordChange = input.requirePasswordChange;
  if (input.bio !== undefined) doc.bio = input.bio;
  if (input.nickname !== undefined) doc.nickname = input.nickname;
  if (input.statusText !== undefined) doc.statusText = input.statusText;
  doc.password = input.password;
  const user = doc as unknown as User;
  state.users.set(user._id, user);
  for (const key of userKeysOf(user)) state.userKeys.set(key, user._id);
  const events: ChangeEvent[] = [{ kind: 'user', op: 'inserted', user }];
  if (input.joinDefaultChannels)
    for (const room of defaultRooms(state)) joinQuietly(state, user, room, ts, events);
  state.memberIndex = undefined;
  commit(state, events);
  return copyJson(user);
}

/** A room's new member as `addUserToRoom` adds one (its `uj`, its subscription), told in `events`. */
function joinQuietly(state: StoreState, user: User, room: Room, ts: string, events: ChangeEvent[]): void {
  const joined = systemMessage(state, user, room, 'uj', user.username, ts);
  state.messages.add(joined);
  const { usernames, before } = withMember(state.ownedMembers, room, user.username);
  const next: Room = {
    ...room,
    usernames,
    usersCount: room.usersCount + 1,
    msgs: room.msgs + 1,
    _updatedAt: ts,
  };
  state.rooms.set(room._id, next);
  const subscription = joinedState(ts);
  state.subscriptions.set(room._id, user._id, subscription);
  events.push(
    { kind: 'message', op: 'inserted', message: joined, room: next },
    { kind: 'room', op: 'updated', room: next, before },
    { kind: 'subscription', op: 'inserted', rid: room._id, uid: user._id, subscription },
  );
}

/** What an edit changes: fields set (in this order, new ones after the stored ones) and fields taken away. */
export interface UserPatch {
  readonly set: Readonly<Record<string, unknown>>;
  readonly unset: readonly string[];
  /** a deactivation (`set.active: false`) may leave rooms without their owner */
  readonly confirmRelinquish?: boolean;
}

/**
 * Edits a user (`saveUser`'s update): the new username and e-mail checked free, then the one
 * write. A new username is renamed in every room the user is in (the fake's rooms name their
 * members by username), as the real server renames it in rooms and subscriptions.
 */
export function updateUser(state: StoreState, id: string, patch: UserPatch): User {
  const user = state.users.get(id);
  if (!user) throw new ApiError('users-user-not-found');
  const username = typeof patch.set.username === 'string' ? patch.set.username : user.username;
  const renamed = username !== user.username;
  const other = renamed ? userNamed(state, username) : undefined;
  if (other && other._id !== id) throw new ApiError('user-field-unavailable', { field: username });
  const emails = patch.set.emails as User['emails'] | undefined;
  const address = emails?.[0]?.address;
  const owner = address === undefined ? undefined : userWithEmail(state, address);
  if (owner && owner._id !== id) throw new ApiError('user-field-unavailable', { field: address ?? '' });
  if (patch.set.active === false && user.active) {
    if (lastAdmin(state, user, true)) throw new ApiError('users-last-active-admin');
    if (patch.confirmRelinquish !== true && ownsSharedRoom(state, user))
      throw new ApiError('user-last-owner');
  }
  const ts = state.clock.tick();
  const next: Record<string, unknown> = Object.fromEntries(
    Object.entries(user).filter(([key]) => !patch.unset.includes(key)),
  );
  for (const [key, value] of Object.entries(patch.set)) next[key] = value;
  if (patch.set.active === true) delete next.inactiveReason;
  next._updatedAt = ts;
  const updated = next as unknown as User;
  for (const key of userKeysOf(user)) state.userKeys.delete(key);
  for (const key of userKeysOf(updated)) state.userKeys.set(key, id);
  state.users.set(id, updated);
  if (patch.set.active === false) dropTokens(state, id);
  const newName = renamed || (patch.set.name !== undefined && patch.set.name !== user.name);
  const events: ChangeEvent[] = [
    { kind: 'user', op: 'updated', user: updated, ...(newName ? { renamed: true as const } : {}) },
  ];
  if (renamed) {
    for (const rid of memberRoomIds(state, user.username)) {
      const room = anyRoom(state, rid);
      if (!room) continue;
      const moved = {
        ...room,
        usernames: room.usernames.map((name) => (name === user.username ? username : name)),
      } as AnyRoom;
      if (moved.t === 'd') state.directs.set(rid, moved);
      else state.rooms.set(rid, moved as Room);
      events.push({ kind: 'room', op: 'updated', room: moved, before: room });
    }
    state.memberIndex = undefined;
  }
  commit(state, events);
  return copyJson(updated);
}

/** Ends every login token of a user (a deactivation, a deletion, `users.logout`); how many there were. */
export function dropTokens(state: StoreState, id: string): number {
  const mine: string[] = [];
  for (const [token, owner] of state.tokens) if (owner === id) mine.push(token);
  for (const token of mine) state.tokens.delete(token);
  return mine.length;
}

/** The user holds `admin` and no one else does (`activeOnly`: no other active user does). */
function lastAdmin(state: StoreState, user: User, activeOnly: boolean): boolean {
  if (!user.roles.includes('admin')) return false;
  for (const other of state.users.values())
    if (other._id !== user._id && other.roles.includes('admin') && (!activeOnly || other.active))
      return false;
  return true;
}

/** Whether the user owns (created: the fake's owner) a room that has other members. */
function ownsSharedRoom(state: StoreState, user: User): boolean {
  return memberRoomIds(state, user.username).some((rid) => {
    const room = state.rooms.get(rid);
    return (
      room !== undefined && room.u?._id === user._id && room.usernames.some((name) => name !== user.username)
    );
  });
}

/**
 * (De)activates a user (`setUserActiveStatus`): the last active admin may not be deactivated,
 * nor the last owner of a room without `confirmRelinquish`; a deactivated user loses every login
 * token (logged out everywhere), an activated one its `inactiveReason`. An unknown id is
 * `undefined` (the function's silent `false`), and nothing changes.
 */
export function setUserActive(
  state: StoreState,
  id: string,
  active: boolean,
  confirmRelinquish: boolean,
): User | undefined {
  const user = state.users.get(id);
  if (!user) return undefined;
  if (!active && user.active && lastAdmin(state, user, true)) throw new ApiError('users-last-active-admin');
  if (!active && !confirmRelinquish && ownsSharedRoom(state, user)) throw new ApiError('user-last-owner');
  const ts = state.clock.tick();
  const next: Record<string, unknown> = Object.fromEntries(
    Object.entries(user).filter(([key]) => !(active && key === 'inactiveReason')),
  );
  next.active = active;
  next._updatedAt = ts;
  const updated = next as unknown as User;
  state.users.set(id, updated);
  if (!active) dropTokens(state, id);
  commit(state, [{ kind: 'user', op: 'updated', user: updated }]);
  return copyJson(updated);
}

/**
 * Deletes a user (`deleteUser`): the last admin may not go, nor the last owner of a room without
 * `confirmRelinquish`. The one write: the user and its names gone, its login tokens ended, its
 * subscriptions ended (out of every channel and group, `usersCount` down), its direct rooms
 * removed. Its messages stay, and a room it created keeps it as `u` (see docs/routes-users.md).
 */
export function deleteUser(state: StoreState, id: string, confirmRelinquish: boolean): void {
  const user = state.users.get(id);
  if (!user) throw new ApiError('delete-invalid-user');
  if (lastAdmin(state, user, false)) throw new ApiError('users-last-admin');
  if (!confirmRelinquish && ownsSharedRoom(state, user)) throw new ApiError('user-last-owner');
  const ts = state.clock.tick();
  const events: ChangeEvent[] = [{ kind: 'user', op: 'removed', user }];
  for (const rid of memberRoomIds(state, user.username)) {
    const room = anyRoom(state, rid);
    if (!room) continue;
    if (room.t === 'd') {
      state.directs.delete(rid);
      events.push({ kind: 'room', op: 'removed', room });
      continue;
    }
    const next: Room = {
      ...room,
      usernames: room.usernames.filter((name) => name !== user.username),
      usersCount: Math.max(0, room.usersCount - 1),
      _updatedAt: ts,
    };
    state.rooms.set(rid, next);
    events.push({ kind: 'room', op: 'updated', room: next, before: room });
  }
  for (const key of userKeysOf(user)) state.userKeys.delete(key);
  state.users.delete(id);
  dropTokens(state, id);
  state.memberIndex = undefined;
  commit(state, events);
}
