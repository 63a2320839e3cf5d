import { withMember } from './member-list';
import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import type { AnyRoom, Room, RoomType, Team, User } from '../types';
import { can, channelScope, hasTeamRooms } from './access';
import type { ChannelScope } from './access';
import { systemMessage } from './compose';
import type { ChangeEvent } from './events';
import { paginate } from './lists';
import type { ListOptions, ListResult } from './lists';
import type { JsonObject } from './query';
import { added, anyRoom, commit, deletedSince, userNamed } from './state';
import type { StoreState } from './state';
import { objectId } from './message-text';
import { checkMembers, rejoinedState } from './membership';
import { initialState, meteorIdOf } from './subscription-states';
import { memberRoomIds } from './subscriptions';
import { teamTypeOf } from './teams';

/**
 * Channels and groups (direct rooms are src/store/directs.ts): finding one as the routes name it,
 * joining, the settings changes (read-only, type), `channels.list`, `rooms.get`, and the control
 * changes (a room set or added). A team follows its main room.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A room named by id or by name, as the `channels.*` routes take it. */
export interface RoomRef {
  roomId?: string;
  roomName?: string;
}

/** The room a reference names (by `_id` first, else by name), if there is one. */
function roomOf(state: StoreState, ref: RoomRef): Room | undefined {
  const id = ref.roomId !== undefined ? ref.roomId : state.roomNames.get(ref.roomName ?? '');
  return id === undefined ? undefined : state.rooms.get(id);
}

/** A room's id by `_id` or by name (`getRoomIdByNameOrId`), a direct room's too. */
export function roomIdOf(state: StoreState, nameOrId: string): string | undefined {
  return anyRoom(state, nameOrId)?._id ?? state.roomNames.get(nameOrId);
}

/** Finds a channel the `channels.*` routes may act on (`t:"c"`, or any room when lenient). */
export function findChannel(
  state: StoreState,
  given: RoomRef,
  { checkArchived }: { checkArchived: boolean },
): Room {
  // the 0.49 era found rooms by roomId alone
  const ref = state.rules.roomsByName
    ? given
    : { ...(given.roomId !== undefined ? { roomId: given.roomId } : {}) };
  if (ref.roomId === undefined && ref.roomName === undefined)
    throw new ApiError('error-roomid-param-not-provided');
  const room = roomOf(state, ref);
  if (!room || (room.t !== 'c' && !state.lenient))
    throw new ApiError('error-room-not-found', { raw: ref.roomId ?? ref.roomName ?? '' });
  if (checkArchived && room.archived) throw new ApiError('error-room-archived', { name: room.name });
  return room;
}

/** A private group the caller is in, by id or name (`findPrivateGroupByIdOrName`). */
export function findGroup(state: StoreState, user: User, ref: RoomRef): Room {
  if (ref.roomId === undefined && ref.roomName === undefined)
    throw new ApiError('error-room-param-not-provided');
  const room = roomOf(state, ref);
  if (!room || room.t !== 'p' || !room.usernames.includes(user.username))
    throw new ApiError('error-group-not-found', { raw: ref.roomId ?? ref.roomName ?? '' });
  return room;
}

/** A team by `_id`, as it is now. */
export function team(state: StoreState, id: string): Team | undefined {
  return state.teams.get(id);
}

/**
 * A user joins a public channel (`joinRoom`): in `usernames`, with a `uj` message and a
 * subscription, as a post joins one; a member already is a no-op. A group or a direct room
 * cannot be joined.
 */
export function joinChannel(state: StoreState, user: User, rid: string): void {
  const room = state.rooms.get(rid);
  if (!room || room.t !== 'c') throw new ApiError('error-room-not-found', { raw: rid });
  if (room.archived) throw new ApiError('post-archived');
  if (!room.usernames.includes(user.username)) join(state, user, room);
}

/** A public channel's new member, as `addUserToRoom` adds one: in `usernames`, with a `uj` message. */
export function join(state: StoreState, user: User, room: Room): Room {
  checkMembers(state, room.usernames.length + 1);
  const ts = state.clock.tick();
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
  const subscription = rejoinedState(room, user, ts);
  state.subscriptions.set(room._id, user._id, subscription);
  state.memberIndex = undefined;
  commit(state, [
    { kind: 'message', op: 'inserted', message: joined, room: next },
    { kind: 'room', op: 'updated', room: next, before },
    { kind: 'subscription', op: 'inserted', rid: room._id, uid: user._id, subscription },
  ]);
  return next;
}

/** Replaces a room of any kind by its new version (its change event is the caller's to commit). */
export function putAnyRoom(state: StoreState, next: AnyRoom): void {
  if (next.t === 'd') state.directs.set(next._id, next);
  else state.rooms.set(next._id, next);
}

/**
 * The one write of a room transition: new object, clock tick, system message counted; `also`
 * is what the command changed besides (a team following its main room).
 */
export function commitRoom(
  state: StoreState,
  room: Room,
  change: Partial<Room>,
  message?: { user: User; t: string; msg: string },
  also: ChangeEvent[] = [],
): JsonObject {
  const ts = state.clock.tick();
  // as `{...room, ...change, _updatedAt, msgs}`, copied then set (see `store`, src/store/posting.ts)
  const next: Room = Object.assign({ ...room }, change);
  next._updatedAt = ts;
  next.msgs = room.msgs + (message ? 1 : 0);
  const system = message && systemMessage(state, message.user, next, message.t, message.msg, ts);
  if (system) state.messages.add(system);
  state.rooms.set(room._id, next);
  commit(state, [
    ...also,
    ...(system ? [{ kind: 'message', op: 'inserted', message: system, room: next } as const] : []),
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
  return state.views.roomView(next);
}

/**
 * `channels.setReadOnly`, checks in the real server's order. Besides `ro`, the change posts the
 * system message (`msgs` + 1, from 6.x) and, in the 0.49 era, mutes the members who may not post.
 */
export function setReadOnly(state: StoreState, user: User, ref: RoomRef, readOnly: boolean): JsonObject {
  const room = findChannel(state, ref, { checkArchived: true });
  if (room.ro === readOnly && !state.lenient) throw new ApiError('readonly-unchanged');
  if (!can(state, user, 'edit-room', room)) throw new ApiError('error-action-not-allowed');
  const { change, message } = readOnlyChange(state, user, room, readOnly);
  return commitRoom(state, room, change, message);
}

/** A setting's change to a room, already checked: its fields, its system message, what follows it. */
export interface SettingChange {
  readonly change: Partial<Room>;
  readonly message?: { user: User; t: string; msg: string };
  /** fields the change takes away (`$unset`) */
  readonly unset?: readonly string[];
  /** what the change moves besides the room (a team following its main room) */
  readonly also?: ChangeEvent[];
}

/**
 * `saveRoomReadOnly`'s change: `ro`, the system message (6.x on) and, in the 0.49 era, the members
 * who may not post in it muted (not admins, not its owner). `channels.setReadOnly` and
 * `saveRoomSettings(readOnly)` make it.
 */
export function readOnlyChange(state: StoreState, user: User, room: Room, readOnly: boolean): SettingChange {
  const message = state.rules.readOnlyMessage
    ? { user, t: readOnly ? 'room-set-read-only' : 'room-removed-read-only', msg: '' }
    : undefined;
  if (!state.rules.readOnlyMutes) return { change: { ro: readOnly }, ...(message ? { message } : {}) };
  const muted = readOnly
    ? room.usernames.filter((name) => {
        const member = userNamed(state, name);
        return member !== undefined && !can(state, member, 'post-readonly', room);
      })
    : [];
  return { change: { ro: readOnly, muted }, ...(message ? { message } : {}) };
}

/** `channels.setType`, checks in the real server's order. */
export function setType(state: StoreState, user: User, ref: RoomRef, type: string): JsonObject {
  const room = findChannel(state, ref, { checkArchived: true });
  if (room.t === type && !state.lenient) throw new ApiError('type-unchanged');
  return changeType(state, user, room, type);
}

/**
 * `groups.setType`, the route that turns a private group back into a channel: the group must be
 * `t:"p"` and the caller a member (Rocket.Chat's `canAccessRoom`), then the checks of
 * {@link setType} in the same order.
 */
export function setGroupType(state: StoreState, user: User, ref: RoomRef, type: string): JsonObject {
  const room = findGroup(state, user, ref);
  if (room.archived) throw new ApiError('error-group-archived', { name: room.name });
  if (room.t === type) throw new ApiError('group-type-unchanged');
  return changeType(state, user, room, type);
}

/** `saveRoomSettings(roomType)`: the permissions, the type's validity, then the change. */
function changeType(state: StoreState, user: User, room: Room, type: string): JsonObject {
  if (!can(state, user, 'edit-room', room)) throw new ApiError('error-action-not-allowed');
  checkTypeChange(state, user, room, type);
  return commitSettings(state, room, [typeChange(state, user, room, type as RoomType)]);
}

/** `saveRoomSettings(roomType)`'s checks after `edit-room`: `create-p` or `create-c`, then a type it knows. */
export function checkTypeChange(state: StoreState, user: User, room: Room, type: string): void {
  if (type === 'p' && !can(state, user, 'create-p', room))
    throw new ApiError('error-action-not-allowed-private');
  if (type === 'c' && !can(state, user, 'create-c', room))
    throw new ApiError('error-action-not-allowed-public');
  if (type !== 'c' && type !== 'p') throw new ApiError('error-invalid-room-type', { type });
}

/**
 * `saveRoomType`'s change (checked): the type (a private room is no default room: `setTypeById`
 * unsets `default`), `room_changed_privacy`, a team's type following its main room's.
 */
export function typeChange(state: StoreState, user: User, room: Room, type: RoomType): SettingChange {
  const also = followMainRoom(state, room, type);
  const message = { user, t: 'room_changed_privacy', msg: type === 'c' ? 'public' : 'private' };
  return { change: { t: type }, message, also, ...(type === 'p' ? { unset: ['default'] } : {}) };
}

/** A room without some fields (a setting's `$unset`): the room itself when there are none. */
export function withoutFields(room: Room, fields: readonly string[]): Room {
  if (!fields.some((field) => Object.hasOwn(room, field))) return room;
  return Object.fromEntries(Object.entries(room).filter(([key]) => !fields.includes(key))) as Room;
}

/**
 * The one write of several settings' changes to a room (`saveRoomSettings`), in their order: the
 * new room with every change (and every field unset), one clock tick, each system message counted
 * and stored, one commit. No change at all writes nothing.
 */
export function commitSettings(state: StoreState, room: Room, changes: readonly SettingChange[]): JsonObject {
  if (changes.length === 0) return state.views.roomView(room);
  const ts = state.clock.tick();
  let next: Room = { ...room };
  for (const { change, unset = [] } of changes) next = withoutFields(Object.assign(next, change), unset);
  next._updatedAt = ts;
  const posted = changes.flatMap(({ message }) =>
    message ? [systemMessage(state, message.user, next, message.t, message.msg, ts)] : [],
  );
  next.msgs = room.msgs + posted.length;
  for (const message of posted) state.messages.add(message);
  state.rooms.set(room._id, next);
  commit(state, [
    ...changes.flatMap(({ also = [] }) => also),
    ...posted.map((message) => ({ kind: 'message', op: 'inserted', message, room: next }) as const),
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
  return state.views.roomView(next);
}

/** A team's main room changing type changes the team's (`saveRoomSettings`): its change, if any. */
function followMainRoom(state: StoreState, room: Room, t: RoomType): ChangeEvent[] {
  // in every profile (0.49 knew no teams, so nothing reads it there): the state stays consistent
  if (room.teamMain !== true || room.teamId === undefined) return [];
  return changeTeam(state, room.teamId, { type: teamTypeOf(t) });
}

function changeTeam(state: StoreState, id: string, fields: Partial<Omit<Team, '_id'>>): ChangeEvent[] {
  state.teams.change(id, fields);
  const changed = state.teams.get(id);
  return changed ? [{ kind: 'team', op: 'updated', team: changed }] : [];
}

/**
 * `channels.list`: public rooms only, all of them or the joined ones (see `channelScope`; a
 * caller that has already worked the scope out passes it). From 5.x a team's room is listed only
 * to the users in its `usernames`, whatever the team's type.
 */
export function listChannels(
  state: StoreState,
  user: User,
  options: ListOptions,
  scope: ChannelScope = channelScope(state, user),
): ListResult {
  const name = user.username;
  const joined = (doc: JsonObject): boolean => Array.isArray(doc.usernames) && doc.usernames.includes(name);
  const [list, belongs]: [string, (doc: JsonObject) => boolean] =
    scope === 'joined'
      ? [`channels|joined|${name}`, (doc) => doc.t === 'c' && joined(doc)]
      : hasTeamRooms(state)
        ? [`channels|teams|${name}`, (doc) => doc.t === 'c' && (doc.teamId === undefined || joined(doc))]
        : ['channels', (doc) => doc.t === 'c'];
  const { roomLists, version, views } = state;
  return paginate(roomLists, version, views.listView, list, options, [[['name'], 1]], belongs);
}

/** `rooms.get`: the rooms the caller is in, those changed after `updatedSince` when given. */
export function roomsFor(
  state: StoreState,
  user: User,
  updatedSince?: string,
): { update: JsonObject[]; remove: JsonObject[] } {
  const rooms = memberRoomIds(state, user.username).flatMap((id) => {
    const room = anyRoom(state, id);
    return room && (updatedSince === undefined || room._updatedAt > updatedSince) ? [room] : [];
  });
  return {
    update: rooms.map((room) => (room.t === 'd' ? (room as JsonObject) : state.views.roomView(room))),
    // every room deleted since (`Rooms.trashFindDeletedAfter`, whoever was in it)
    remove: updatedSince === undefined ? [] : deletedSince(state.trash.rooms, updatedSince),
  };
}

/**
 * Sets a room's type, read-only flag and archived flag as a provider state says (a control
 * change: no system message). The clock ticks and lists follow, as for every change.
 */
export function putRoom(
  state: StoreState,
  id: string,
  fields: { t?: RoomType; ro?: boolean; archived?: boolean; usernames?: string[] },
): void {
  const room = state.rooms.get(id);
  if (!room) return;
  const next: Room = { ...room, ...fields, _updatedAt: state.clock.tick() };
  if (fields.archived === false) delete next.archived;
  const also = fields.t !== undefined ? followMainRoom(state, room, fields.t) : [];
  if (fields.usernames !== undefined) {
    next.usernames = [...new Set([...room.usernames, ...fields.usernames])];
    next.usersCount = next.usernames.length;
    state.memberIndex = undefined;
  }
  state.rooms.set(id, next);
  commit(state, [...also, { kind: 'room', op: 'updated', room: next, before: room }]);
}

/**
 * Adds one room, already resolved and checked (its `teamId` names a team; a main room's team has
 * none yet, and its type is the room's); a change of state.
 */
export function addChannel(state: StoreState, room: Room): Room {
  return added(state, room, (r) => {
    state.rooms.set(r._id, r);
    state.roomNames.set(r.name, r._id);
    const events: ChangeEvent[] = [{ kind: 'room', op: 'inserted', room: r }];
    if (r.teamId === undefined) return events;
    state.teamRooms = true;
    if (r.teamMain === true) events.push(...changeTeam(state, r.teamId, { roomId: r._id }));
    return events;
  });
}

/** What a new room is made of, decided by the command that creates it (`createRoom`'s arguments). */
export interface NewRoom {
  readonly type: 'c' | 'p';
  /** the name as sent: the room's `fname`; its `name` is this trimmed */
  readonly name: string;
  /** the room's `fname` when it is not its name (a discussion: its title, its name a random id) */
  readonly fname?: string;
  readonly owner: User;
  /** usernames to add besides the owner; unknown ones are left out, as the real server leaves them */
  readonly members: readonly string[];
  /** the owner is not made a member */
  readonly excludeSelf: boolean;
  readonly readOnly: boolean;
  /** written when given (a discussion's room has none) */
  readonly customFields?: JsonObject;
  /** more fields of the room, as sent (`extraData`, its `teamId` aside) */
  readonly extraData: JsonObject;
}

/** How a release line lays a new room out, decided by the command (plain values: the domain knows no release). */
export interface RoomLayout {
  /** 24-hex ids (MongoDB's ObjectId, 6.x on) or Meteor's 17-character ids */
  readonly ids: 'objectId' | 'meteor';
  /** the owner's `u` carries the owner's `name` (6.3 on) */
  readonly ownerName: boolean;
  /** the room names the server refuses (the `Accounts_SystemBlockedUsernameList` setting, lowercased) */
  readonly blockedNames: readonly string[];
  /** the rule a name must match whole (the `UTF8_Channel_Names_Validation` setting) */
  readonly namePattern: RegExp;
}

/** A new room's id: after every message and direct room id the world can make, by the rooms it has. */
function newRoomId(state: StoreState, ids: RoomLayout['ids']): string {
  const idOf = (counter: number): string =>
    ids === 'objectId'
      ? objectId(state.clock.nowMs(), state.idMiddle, counter)
      : meteorIdOf(`room|${state.seed}|${counter}`);
  // the rooms deleted count too (a deleted room's id is never given again), and an id a room
  // still has is skipped (a removal the count does not know of)
  let counter = 0x400000 + state.rooms.size + state.roomsRemoved;
  while (state.rooms.has(idOf(counter))) counter += 1;
  return idOf(counter);
}

/** What {@link checkRoomName} refuses, in its order: the routes that name a new room declare them. */
export const ROOM_NAME_REFUSALS = [
  'room-name-blank',
  'room-name-invalid',
  'room-name-taken',
  'room-name-archived',
] as const satisfies readonly ErrorCode[];

/** `getValidRoomName`'s refusals of a name (already trimmed), first that applies. */
export function checkRoomName(state: StoreState, name: string, layout: RoomLayout): void {
  const refused = { name };
  if (name === '') throw new ApiError('room-name-blank');
  if (!layout.namePattern.test(name) || layout.blockedNames.includes(name.toLowerCase()))
    throw new ApiError('room-name-invalid', refused);
  const taken = state.rooms.get(state.roomNames.get(name) ?? '');
  if (taken) throw new ApiError(taken.archived ? 'room-name-archived' : 'room-name-taken', refused);
}

/**
 * `createRoom`: a channel or a group with its members (the owner first unless excluded, then the
 * members that exist, each once) and their subscriptions, the owner's as `owner`. All checks before
 * the one write; the room is laid out as the release line stores it (the command decides how).
 */
export function createRoom(state: StoreState, input: NewRoom, layout: RoomLayout): Room {
  const { room, events } = writeRoom(state, input, layout);
  commit(state, events);
  return room;
}

/** {@link createRoom}'s checks and writes, its events left for the caller to commit (a team's main room). */
export function writeRoom(
  state: StoreState,
  input: NewRoom,
  layout: RoomLayout,
): { room: Room; events: ChangeEvent[] } {
  const name = input.name.trim();
  checkRoomName(state, name, layout);
  const { owner } = input;
  const members: User[] = input.excludeSelf ? [] : [owner];
  for (const username of input.members) {
    const member = userNamed(state, username);
    if (member && !members.includes(member)) members.push(member);
  }
  const { bounds } = state;
  // the rooms made since the baseline: the scenario's own may be many more
  if (state.rooms.size - state.baseline.rooms.size >= bounds.rooms)
    throw new ApiError('rooms-limit-reached', { reason: `${bounds.rooms}` });
  if (members.length > bounds.members)
    throw new ApiError('members-limit-reached', { reason: `${bounds.members}` });
  const ts = state.clock.tick();
  const { teamId, ...extra } = input.extraData;
  const room: Room = {
    _id: newRoomId(state, layout.ids),
    fname: input.fname ?? input.name,
    _updatedAt: ts,
    ...(input.customFields !== undefined ? { customFields: input.customFields } : {}),
    ...extra,
    name,
    t: input.type,
    msgs: 0,
    usersCount: members.length,
    u:
      layout.ownerName && owner.name !== undefined
        ? { _id: owner._id, username: owner.username, name: owner.name }
        : { _id: owner._id, username: owner.username },
    ts,
    ro: input.readOnly,
    ...(typeof teamId === 'string' ? { teamId } : {}),
    // the fake's own record of the members (what `usernames` answers show in every room)
    usernames: members.map((member) => member.username),
    sysMes: true,
    joinCodeRequired: false,
    muted: [],
  };
  state.rooms.set(room._id, room);
  state.roomNames.set(name, room._id);
  state.memberIndex = undefined;
  const events: ChangeEvent[] = [{ kind: 'room', op: 'inserted', room }];
  for (const member of members) {
    const subscription = initialState(room, member._id);
    state.subscriptions.set(room._id, member._id, subscription);
    events.push({ kind: 'subscription', op: 'inserted', rid: room._id, uid: member._id, subscription });
  }
  return { room, events };
}
