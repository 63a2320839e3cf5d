import { ApiError } from '../errors';
import type { AnyRoom, Integration, Room, User } from '../types';
import { systemMessage } from './compose';
import { discussionsToErase, forgetDiscussion } from './discussions';
import type { ChangeEvent } from './events';
import { checkRoomName, putAnyRoom } from './rooms';
import type { RoomLayout } from './rooms';
import { commit, trashed, userNamed } from './state';
import type { StoreState } from './state';
import { subscriptionOf } from './subscriptions';

/**
 * A channel's or group's life after it is made: renamed (`saveRoomName`), archived and unarchived
 * (`archiveRoom`, `unarchiveRoom`), deleted (`eraseRoom` → `deleteRoom`, a direct room too). The
 * commands (src/commands/) check who may; each write here checks what is left (a new name's
 * rules) and commits once. A team follows its main room's name; a team's room deleted is told in
 * the team's main room.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** What a rename checks beyond the room names, decided by the command from the release line. */
export interface RenameRules {
  /** the name rules and the blocked names (`getValidRoomName`) */
  readonly layout: RoomLayout;
  /** a user's username or a team's name may not be taken either (`checkUsernameAvailability`, 7.x on) */
  readonly handles: boolean;
}

/**
 * `saveRoomName`: the same name is nothing to do (no message); else the name's rules
 * (`getValidRoomName`, then `error-duplicate-handle` for a user's or a team's), then the write:
 * the room's `name` and `fname` (the members' subscriptions show them, each alerted:
 * `updateNameAndAlertByRoomId`), the integrations' `#old` channel entries renamed, the `r` system
 * message (`msg` the new name, by the actor), a team's name with its main room's. Returns the room.
 */
export function renameRoom(
  state: StoreState,
  actor: User,
  room: Room,
  name: string,
  rules: RenameRules,
): Room {
  if (name === room.name) return room;
  checkRoomName(state, name, rules.layout);
  if (rules.handles && (userNamed(state, name) !== undefined || state.teams.named(name) !== undefined))
    throw new ApiError('room-duplicate-handle', { name });
  const ts = state.clock.tick();
  const next: Room = { ...room, name, fname: name, msgs: room.msgs + 1, _updatedAt: ts };
  const message = systemMessage(state, actor, next, 'r', name, ts);
  const events: ChangeEvent[] = [];
  for (const username of room.usernames) {
    const member = userNamed(state, username);
    if (!member) continue;
    const subscription = { ...state.subscriptions.get(room, member._id), alert: true, _updatedAt: ts };
    state.subscriptions.set(room._id, member._id, subscription);
    events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid: member._id, subscription });
  }
  events.push(...renameIntegrations(state, room.name, name, ts));
  if (room.teamMain === true && room.teamId !== undefined && state.teams.get(room.teamId)) {
    state.teams.change(room.teamId, { name });
    const team = state.teams.get(room.teamId);
    if (team) events.push({ kind: 'team', op: 'updated', team });
  }
  state.messages.add(message);
  state.rooms.set(room._id, next);
  if (state.roomNames.get(room.name) === room._id) state.roomNames.delete(room.name);
  state.roomNames.set(name, room._id);
  commit(state, [
    ...events,
    { kind: 'message', op: 'inserted', message, room: next },
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
  return next;
}

/** `Integrations.updateRoomName`: each integration listening on `#old` listens on `#new` instead. */
function renameIntegrations(state: StoreState, old: string, name: string, ts: string): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  const from = `#${old}`;
  for (const before of state.integrations.values()) {
    if (!Array.isArray(before.channel) || !before.channel.includes(from)) continue;
    const channel = before.channel.map((entry) => (entry === from ? `#${name}` : entry));
    const integration: Integration = { ...before, channel, _updatedAt: ts };
    state.integrations.set(before._id, integration);
    events.push({ kind: 'integration', op: 'updated', integration, before });
  }
  if (events.length > 0) state.outgoing = undefined;
  return events;
}

/**
 * `archiveRoom` / `unarchiveRoom`: the room's `archived` (`archiveById`, `unarchiveById`: `false`
 * once unarchived, not removed), every member's subscription closed (`open: false`) or opened
 * again, its alert off (`archiveByRoomId`, `unarchiveByRoomId`; the subscriptions show `archived`
 * as the room has it), and the `room-archived` / `room-unarchived` system message (`msg` empty, by
 * the actor). Returns the room.
 */
export function setArchived(state: StoreState, actor: User, room: Room, archived: boolean): Room {
  const ts = state.clock.tick();
  const next: Room = { ...room, archived, msgs: room.msgs + 1, _updatedAt: ts };
  const message = systemMessage(state, actor, next, archived ? 'room-archived' : 'room-unarchived', '', ts);
  const events: ChangeEvent[] = [];
  for (const username of room.usernames) {
    const member = userNamed(state, username);
    if (!member) continue;
    const current = state.subscriptions.get(room, member._id);
    const subscription = { ...current, open: !archived, alert: false, _updatedAt: ts };
    state.subscriptions.set(room._id, member._id, subscription);
    events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid: member._id, subscription });
  }
  state.messages.add(message);
  state.rooms.set(room._id, next);
  commit(state, [
    ...events,
    { kind: 'message', op: 'inserted', message, room: next },
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
  return next;
}

/**
 * `deleteRoom` (after `eraseRoom`'s checks): the room's messages, its members' subscriptions
 * (each told removed, as it was) and the room itself go, with every index that names them (its
 * name, the members' rooms, the default rooms, the ordered lists). A team's room other than its
 * main room is then told deleted in the team's main room (`user-deleted-room-from-team`, `msg`
 * the room's name, by the actor); a main room deleted leaves its team naming it, as the real
 * server leaves it. The room's discussions go with it; a discussion's parent forgets it.
 */
export function eraseRoom(state: StoreState, actor: User, room: AnyRoom): void {
  const events: ChangeEvent[] = [];
  const ts = state.clock.tick();
  deleteRoom(state, actor, room, ts, events);
  commit(state, events);
}

/**
 * {@link eraseRoom}'s writes for one room, its events appended: then its discussions go the same
 * way (`DeleteDiscussionChain`), and a discussion's own parent forgets it (`CleanDiscussionMessage`).
 */
export function deleteRoom(
  state: StoreState,
  actor: User,
  room: AnyRoom,
  ts: string,
  events: ChangeEvent[],
): void {
  const removals: ChangeEvent[] = [];
  const members: string[] = [];
  for (const username of room.usernames) {
    const member = userNamed(state, username);
    if (!member) continue;
    members.push(member._id);
    const removed = subscriptionOf(state, room, member);
    const subscription = state.subscriptions.get(room, member._id);
    removals.push({
      kind: 'subscription',
      op: 'removed',
      rid: room._id,
      uid: member._id,
      subscription,
      removed,
    });
  }
  for (const event of removals)
    if (event.kind === 'subscription' && event.removed)
      trashed(state.trash.subscriptions, { _id: event.removed._id, _deletedAt: ts, uid: event.uid });
  events.push(...removals);
  trashed(state.trash.rooms, { _id: room._id, _deletedAt: ts });
  state.messages.removeRoom(room._id);
  state.subscriptions.drop(room._id, members);
  if (room.t === 'd') state.directs.delete(room._id);
  else {
    state.rooms.delete(room._id);
    state.roomsRemoved += 1;
    if (state.roomNames.get(room.name) === room._id) state.roomNames.delete(room.name);
  }
  state.memberIndex = undefined;
  events.push({ kind: 'room', op: 'removed', room });
  if (room.t !== 'd') events.push(...toldInTeam(state, actor, room, ts));
  // a room's discussions go with it; a discussion's parent forgets it
  for (const discussion of discussionsToErase(state, room._id))
    deleteRoom(state, actor, discussion, ts, events);
  forgetDiscussion(state, room, events);
}

/** A team's room deleted: the `user-deleted-room-from-team` message in the team's main room, if both are there. */
function toldInTeam(state: StoreState, actor: User, room: Room, ts: string): ChangeEvent[] {
  if (room.teamId === undefined || room.teamMain === true) return [];
  const team = state.teams.get(room.teamId);
  const main = team?.roomId === undefined ? undefined : state.rooms.get(team.roomId);
  if (!main) return [];
  const next: Room = { ...main, msgs: main.msgs + 1, _updatedAt: ts };
  const message = systemMessage(state, actor, next, 'user-deleted-room-from-team', room.name, ts);
  state.messages.add(message);
  putAnyRoom(state, next);
  return [
    { kind: 'message', op: 'inserted', message, room: next },
    { kind: 'room', op: 'updated', room: next, before: main },
  ];
}
