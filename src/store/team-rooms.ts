import { copyJson } from '../json-copy';
import { ApiError } from '../errors';
import type { Message, Room, Team, TeamType, User } from '../types';
import { systemMessage } from './compose';
import type { ChangeEvent } from './events';
import { rejoinedState } from './membership';
import { checkRoomName } from './rooms';
import type { RoomLayout } from './rooms';
import { commit, userNamed } from './state';
import type { StoreState } from './state';
import { subscriptionOf } from './subscriptions';
import type { RoomRole } from './subscription-states';
import { newTeamId } from './team-writes';

/**
 * The teams' writes after their making (`TeamService` and the `teams.*` routes): rooms moved into
 * a team and out of it, a team room made a default one, members removed or leaving, a member's
 * roles, a team renamed or retyped, a team deleted or turned back into a room. Each is one commit,
 * after the route's checks (the routes check everything first: a refusal changes nothing).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The writes of one command: one clock tick, the rooms changed (each once, in order), the events. */
class Batch {
  readonly ts: string;
  readonly events: ChangeEvent[] = [];
  readonly #state: StoreState;
  readonly #rooms = new Map<string, { before: Room; next: Room }>();
  readonly #erased = new Set<string>();

  constructor(state: StoreState) {
    this.#state = state;
    this.ts = state.clock.tick();
  }

  /** A room as this batch has left it so far. */
  room(id: string): Room | undefined {
    return this.#rooms.get(id)?.next ?? this.#state.rooms.get(id);
  }

  /** Changes a room's fields (and drops some): a new version, stamped. */
  change(id: string, fields: Partial<Room>, drop: readonly string[] = []): Room {
    const current = this.room(id) as Room;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(current)) if (!drop.includes(key)) kept[key] = value;
    const next = Object.assign(kept, fields) as Room;
    next._updatedAt = this.ts;
    const entry = this.#rooms.get(id);
    if (entry) entry.next = next;
    else this.#rooms.set(id, { before: current, next });
    this.#state.rooms.set(id, next);
    return next;
  }

  /** A system message posted in a room (`msgs` + 1). */
  post(id: string, actor: User, t: string, msg: string): Message {
    const current = this.room(id) as Room;
    const next = this.change(id, { msgs: current.msgs + 1 });
    const message = systemMessage(this.#state, actor, next, t, msg, this.ts);
    this.#state.messages.add(message);
    this.events.push({ kind: 'message', op: 'inserted', message, room: next });
    return message;
  }

  /** A member out of a room (`removeUserFromRoom`), with the message `t` by `actor` naming the member. */
  leave(id: string, member: User, actor: User, t: string): void {
    const current = this.room(id) as Room;
    if (!current.usernames.includes(member.username)) return;
    const removed = subscriptionOf(this.#state, current, member);
    this.change(id, {
      usernames: current.usernames.filter((name) => name !== member.username),
      usersCount: Math.max(0, current.usersCount - 1),
    });
    this.post(id, actor, t, member.username);
    const subscription = {
      ...this.#state.subscriptions.get(current, member._id),
      roles: [],
      _updatedAt: this.ts,
    };
    this.#state.subscriptions.set(id, member._id, subscription);
    this.#state.memberIndex = undefined;
    this.events.push({
      kind: 'subscription',
      op: 'removed',
      rid: id,
      uid: member._id,
      subscription,
      removed,
    });
  }

  /** A user into a room (`addUserToRoom` with an inviter): an `au` message by the inviter, a join's subscription. */
  join(id: string, user: User, inviter: User): boolean {
    const current = this.room(id) as Room;
    if (current.usernames.includes(user.username)) return false;
    this.change(id, { usernames: [...current.usernames, user.username], usersCount: current.usersCount + 1 });
    const subscription = rejoinedState(current, user, this.ts);
    this.#state.subscriptions.set(id, user._id, subscription);
    this.events.push({ kind: 'subscription', op: 'inserted', rid: id, uid: user._id, subscription });
    this.post(id, inviter, 'au', user.username);
    this.#state.memberIndex = undefined;
    return true;
  }

  /** `eraseRoom` / `deleteRoom`: the room, its messages and its members' subscriptions gone. */
  erase(id: string): void {
    const room = this.room(id);
    if (!room) return;
    for (const username of room.usernames) {
      const member = this.#memberNamed(username);
      if (!member) continue;
      const removed = subscriptionOf(this.#state, room, member);
      const subscription = {
        ...this.#state.subscriptions.get(room, member._id),
        roles: [],
        _updatedAt: this.ts,
      };
      this.#state.subscriptions.set(id, member._id, subscription);
      this.events.push({
        kind: 'subscription',
        op: 'removed',
        rid: id,
        uid: member._id,
        subscription,
        removed,
      });
    }
    const { messages } = this.#state.messages.history(id, { offset: 0, count: 0, total: true });
    for (const message of messages) this.#state.messages.remove(message._id);
    this.#state.rooms.delete(id);
    if (this.#state.roomNames.get(room.name) === id) this.#state.roomNames.delete(room.name);
    this.#state.memberIndex = undefined;
    this.#erased.add(id);
    this.events.push({ kind: 'room', op: 'removed', room });
  }

  #memberNamed(username: string): User | undefined {
    const id = this.#state.userKeys.get(`u:${username.toLowerCase()}`);
    return id === undefined ? undefined : this.#state.users.get(id);
  }

  /** The rooms' updates after what the batch posted, then `also`; one commit. */
  finish(also: readonly ChangeEvent[] = []): void {
    for (const [id, { before, next }] of this.#rooms)
      if (!this.#erased.has(id)) this.events.push({ kind: 'room', op: 'updated', room: next, before });
    this.events.push(...also);
    commit(this.#state, this.events);
  }
}

/** A team's change: the map written, its event. */
function changeTeam(state: StoreState, team: Team, fields: Partial<Omit<Team, '_id'>>): ChangeEvent[] {
  state.teams.change(team._id, fields);
  const changed = state.teams.get(team._id);
  return changed ? [{ kind: 'team', op: 'updated', team: changed }] : [];
}

/**
 * `TeamService.addRooms` (checked: the rooms found, the caller may see each, none in a team, the
 * caller their owner): each room gets the team's `teamId` (`teamDefault` dropped), each public one
 * a `user-added-room-to-team` message in the main room (by the caller, naming the room). Returns
 * the rooms as changed.
 */
export function addTeamRooms(state: StoreState, team: Team, caller: User, rooms: readonly Room[]): Room[] {
  const batch = new Batch(state);
  const out: Room[] = [];
  for (const room of rooms) {
    if (room.t === 'c' && team.roomId !== undefined && batch.room(team.roomId))
      batch.post(team.roomId, caller, 'user-added-room-to-team', room.name);
    out.push(batch.change(room._id, { teamId: team._id }, ['teamDefault']));
  }
  state.teamRooms = true;
  batch.finish();
  return out.map((room) => batch.room(room._id) as Room);
}

/**
 * `TeamService.removeRoom` (checked): the room's `teamId` and `teamDefault` dropped, and a public
 * one's `user-removed-room-from-team` message in the main room. Returns the room as changed.
 */
export function removeTeamRoom(state: StoreState, team: Team, caller: User, room: Room): Room {
  const batch = new Batch(state);
  const next = batch.change(room._id, {}, ['teamId', 'teamDefault']);
  if (room.t === 'c' && team.roomId !== undefined && batch.room(team.roomId))
    batch.post(team.roomId, caller, 'user-removed-room-from-team', room.name);
  batch.finish();
  return batch.room(next._id) as Room;
}

/**
 * `TeamService.updateRoom` (checked): `teamDefault` set; a default room gets each of `members`
 * not in it yet (`addUserToRoom` with the caller as inviter: `au`). Returns the room as changed.
 */
export function setTeamDefault(
  state: StoreState,
  caller: User,
  room: Room,
  isDefault: boolean,
  members: readonly User[],
): Room {
  const batch = new Batch(state);
  batch.change(room._id, { teamDefault: isDefault });
  if (isDefault) for (const member of members) batch.join(room._id, member, caller);
  batch.finish();
  return batch.room(room._id) as Room;
}

/**
 * `TeamService.removeMembers` for one member (checked: a member of the team or of its main room,
 * not its last owner), then the team rooms named: the member out of the team and of its main room
 * (`removed-user-from-team` by `mainBy`, or `ult` without one: the member leaves), then out of
 * each room (`ru` by `roomsBy`, or `ul` without one).
 */
export function removeTeamMember(
  state: StoreState,
  team: Team,
  member: User,
  by: { readonly main?: User; readonly rooms?: User },
  rooms: readonly Room[],
): void {
  const batch = new Batch(state);
  const also = team.members.includes(member.username)
    ? changeTeam(state, team, {
        members: team.members.filter((name) => name !== member.username),
        ...(team.owners ? { owners: team.owners.filter((name) => name !== member.username) } : {}),
      })
    : [];
  if (team.roomId !== undefined && batch.room(team.roomId))
    batch.leave(team.roomId, member, by.main ?? member, by.main ? 'removed-user-from-team' : 'ult');
  for (const room of rooms) batch.leave(room._id, member, by.rooms ?? member, by.rooms ? 'ru' : 'ul');
  batch.finish(also);
}

/**
 * `TeamService.updateMember`: the member's team roles replaced (the fake keeps `owner` of them) and
 * the main room subscription's `roles` set to the same list (the room roles of it).
 */
export function updateTeamMember(
  state: StoreState,
  team: Team,
  member: User,
  roles: readonly string[],
): void {
  const inMain =
    team.roomId !== undefined && state.rooms.get(team.roomId)?.usernames.includes(member.username);
  // neither a member nor in the main room: both updates match nothing
  if (!team.members.includes(member.username) && inMain !== true) return;
  const events: ChangeEvent[] = [];
  const ts = state.clock.tick();
  if (team.members.includes(member.username)) {
    const owners = (team.owners ?? []).filter((name) => name !== member.username);
    if (roles.includes('owner')) owners.push(member.username);
    events.push(...changeTeam(state, team, { owners }));
  }
  const room = team.roomId === undefined ? undefined : state.rooms.get(team.roomId);
  if (room && room.usernames.includes(member.username)) {
    const current = state.subscriptions.get(room, member._id);
    const given = roles.filter((role): role is RoomRole => ['owner', 'moderator', 'leader'].includes(role));
    const subscription = { ...current, roles: given, _updatedAt: ts };
    state.subscriptions.set(room._id, member._id, subscription);
    events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid: member._id, subscription });
  }
  commit(state, events);
}

/** How a team ends: deleted with its main room, or turned back into its main room. */
export interface TeamEnd {
  /** the team rooms to erase (already matched to the team) */
  readonly erase: readonly Room[];
  /** erase the main room too (`teams.delete`); else it stays a plain room (`teams.convertToChannel`) */
  readonly eraseMain: boolean;
  /** `user-deleted-room-from-team` in the main room for each room erased (7.0's `eraseRoom`) */
  readonly deletedMessage: boolean;
  /** `user-converted-to-channel` in the main room before the rooms leave the team (7.0's `unsetTeamIdOfRooms`) */
  readonly convertedMessage: boolean;
}

/**
 * `teams.delete` / `teams.convertToChannel` (checked): the rooms listed erased, every other room
 * of the team out of it (`teamId`, `teamMain`, `teamDefault` dropped), the main room erased or
 * kept, the team and its members gone; one commit.
 */
export function endTeam(state: StoreState, team: Team, caller: User, end: TeamEnd): void {
  const batch = new Batch(state);
  const main = team.roomId === undefined ? undefined : batch.room(team.roomId);
  for (const room of end.erase) {
    batch.erase(room._id);
    if (end.deletedMessage && main) batch.post(main._id, caller, 'user-deleted-room-from-team', room.name);
  }
  if (end.convertedMessage && main) batch.post(main._id, caller, 'user-converted-to-channel', main.name);
  for (const room of [...state.rooms.values()])
    if (room.teamId === team._id) batch.change(room._id, {}, ['teamId', 'teamMain', 'teamDefault']);
  if (end.eraseMain && main) batch.erase(main._id);
  state.teams.remove(team._id);
  batch.finish([{ kind: 'team', op: 'removed', team }]);
}

/**
 * `TeamService.update` (checked): the main room renamed (`saveRoomName`: `name`, `fname`, an `r`
 * message) and retyped (`saveRoomType`: `t`, a `room_changed_privacy` message) when `updateRoom`,
 * then the team's `name` and `type`.
 */
export function updateTeam(
  state: StoreState,
  team: Team,
  caller: User,
  data: { readonly name?: string; readonly type?: TeamType },
  layout: RoomLayout,
): void {
  const main = team.roomId === undefined ? undefined : state.rooms.get(team.roomId);
  // `saveRoomName`'s `getValidRoomName` (the same name: nothing to do)
  if (main && data.name !== undefined && data.name !== main.name) checkRoomName(state, data.name, layout);
  const batch = new Batch(state);
  if (main && data.name !== undefined && data.name !== main.name) {
    if (state.roomNames.get(main.name) === main._id) state.roomNames.delete(main.name);
    state.roomNames.set(data.name, main._id);
    batch.change(main._id, { name: data.name, fname: data.name });
    batch.post(main._id, caller, 'r', data.name);
  }
  if (main && data.type !== undefined) {
    // `saveRoomType` writes and tells the type even when it is the same
    const t = data.type === 1 ? 'p' : 'c';
    batch.change(main._id, { t });
    batch.post(main._id, caller, 'room_changed_privacy', t === 'c' ? 'public' : 'private');
  }
  const also = changeTeam(state, team, {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.type !== undefined ? { type: data.type } : {}),
    _updatedAt: batch.ts,
  });
  batch.finish(also);
}

/**
 * `Team.create` with `room.id` (`channels.convertToTeam`, checked): the room becomes the team's main
 * room (`teamMain`, `teamId`), its members the team's (its owner, the caller, with the owner role),
 * a `user-converted-to-team` message in it; one commit. Returns the team.
 */
export function convertRoomToTeam(state: StoreState, room: Room, caller: User, layout: RoomLayout): Team {
  if (state.teams.size >= state.bounds.teams)
    throw new ApiError('teams-limit', { reason: String(state.bounds.teams) });
  // `checkUsernameAvailability`: no team, user or blocked name has it (the room itself may)
  if (
    state.teams.named(room.name) !== undefined ||
    userNamed(state, room.name) !== undefined ||
    layout.blockedNames.includes(room.name.toLowerCase())
  )
    throw new ApiError('team-name-already-exists');
  const teamId = newTeamId(state, layout.ids);
  const members = room.usernames;
  const batch = new Batch(state);
  batch.change(room._id, { teamMain: true, teamId });
  const team: Team = {
    _id: teamId,
    name: room.name,
    type: room.t === 'p' ? 1 : 0,
    createdAt: batch.ts,
    createdBy: { _id: caller._id, username: caller.username },
    _updatedAt: batch.ts,
    roomId: room._id,
    members: [...members.filter((name) => name !== caller.username), caller.username],
    owners: [caller.username],
  };
  state.teams.add(team);
  state.teamRooms = true;
  batch.post(room._id, caller, 'user-converted-to-team', team.name);
  batch.finish([{ kind: 'team', op: 'inserted', team }]);
  return copyJson(team);
}
