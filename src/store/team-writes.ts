import { copyJson } from '../json-copy';
import { ApiError } from '../errors';
import type { Message, Room, Team, TeamType, User } from '../types';
import { systemMessage } from './compose';
import type { ChangeEvent } from './events';
import { objectId } from './message-text';
import { rejoinedState } from './membership';
import { writeRoom } from './rooms';
import type { RoomLayout } from './rooms';
import { commit, userNamed } from './state';
import type { StoreState } from './state';
import { joinedState, meteorIdOf } from './subscription-states';

/**
 * The teams' writes (`TeamService`): a team made with its main room and its members'
 * subscriptions, in one commit. Kept apart from src/store/teams.ts (the teams' map), which the
 * rooms module reads: this one writes rooms.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** What a new team is made of, resolved by the route (`TeamService.create`'s arguments). */
export interface NewTeam {
  readonly name: string;
  readonly type: TeamType;
  /** who asks: the team's `createdBy` */
  readonly creator: User;
  /** the main room's owner and the team's owner (`owner`, else the caller) */
  readonly owner: User;
  /** the members besides the owner, already found (active users), each once */
  readonly members: readonly User[];
}

/** A new team's id: after every room, message and integration id the world can make. */
export function newTeamId(state: StoreState, ids: RoomLayout['ids']): string {
  const counter = 0x700000 + state.teams.made;
  if (ids === 'objectId') return objectId(state.clock.nowMs(), state.idMiddle, counter);
  return meteorIdOf(`team|${state.seed}|${counter}`);
}

/**
 * `TeamService.create`: the bound, the name (no team, user or blocked name has it; no room has it),
 * then the main room (`createRoom` as the owner: `t` `c` public, `p` private, with `teamMain` and
 * `teamId`), whose refusals become `error-team-creation`; the team, its members (the owner with
 * the owner role), the room and the subscriptions in one commit.
 */
export function createTeam(state: StoreState, input: NewTeam, layout: RoomLayout): Team {
  if (state.teams.size >= state.bounds.teams)
    throw new ApiError('teams-limit', { reason: String(state.bounds.teams) });
  const { name, owner, creator } = input;
  if (
    state.teams.named(name) !== undefined ||
    userNamed(state, name) !== undefined ||
    layout.blockedNames.includes(name.toLowerCase())
  )
    throw new ApiError('team-name-already-exists');
  if (state.roomNames.has(name)) throw new ApiError('team-room-name-already-exists');
  const teamId = newTeamId(state, layout.ids);
  const others = input.members.filter((member) => member._id !== owner._id);
  let made: ReturnType<typeof writeRoom>;
  try {
    // the room's checks all come before its first write: a refusal leaves nothing behind
    made = writeRoom(
      state,
      {
        type: input.type === 1 ? 'p' : 'c',
        name,
        owner,
        members: others.map((member) => member.username),
        excludeSelf: false,
        readOnly: false,
        customFields: {},
        extraData: { teamMain: true, teamId },
      },
      layout,
    );
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError('team-creation-failed');
    throw error;
  }
  const { room, events } = made;
  const team: Team = {
    _id: teamId,
    name,
    type: input.type,
    createdAt: room.ts,
    createdBy: { _id: creator._id, username: creator.username },
    _updatedAt: room.ts,
    roomId: room._id,
    // the team's member rows: the members, then the owner with the owner role
    members: [...others.map((member) => member.username), owner.username],
    owners: [owner.username],
  };
  state.teams.add(team);
  state.teamRooms = true;
  commit(state, [...events, { kind: 'team', op: 'inserted', team }]);
  return copyJson(team);
}

/** A member to add to a team, already found, with the team roles sent (`roles`). */
export interface TeamMemberInput {
  readonly user: User;
  readonly roles: readonly string[];
}

/**
 * `TeamService.addMembers` (checked by the route: the team, the permission): each user not yet in
 * the team becomes a member (with `owner` among its roles: one of the team's owners); each not yet
 * in the main room joins it (`addUserToRoom` with the caller as inviter: a subscription opened
 * with one unread mention, an `added-user-to-team` message naming the user, by the caller).
 * Members already in are skipped. One commit.
 */
export function addTeamMembers(
  state: StoreState,
  team: Team,
  caller: User,
  inputs: readonly TeamMemberInput[],
): void {
  const members = [...team.members];
  const owners = [...(team.owners ?? [])];
  const room = team.roomId === undefined ? undefined : state.rooms.get(team.roomId);
  const joining: User[] = [];
  for (const { user, roles } of inputs) {
    if (!members.includes(user.username)) {
      members.push(user.username);
      if (roles.includes('owner') && !owners.includes(user.username)) owners.push(user.username);
    }
    if (room && !room.usernames.includes(user.username) && !joining.includes(user)) joining.push(user);
  }
  if (members.length === team.members.length && joining.length === 0) return;
  const ts = state.clock.tick();
  const events: ChangeEvent[] = [];
  let next = room;
  if (room && joining.length > 0) {
    next = {
      ...room,
      usernames: [...room.usernames, ...joining.map((user) => user.username)],
      usersCount: room.usersCount + joining.length,
      msgs: room.msgs + joining.length,
      _updatedAt: ts,
    };
    const messages: Message[] = [];
    for (const user of joining) {
      const message = systemMessage(state, caller, next, 'added-user-to-team', user.username, ts);
      state.messages.add(message);
      messages.push(message);
      const subscription = joinedState(ts);
      state.subscriptions.set(room._id, user._id, subscription);
      events.push({ kind: 'subscription', op: 'inserted', rid: room._id, uid: user._id, subscription });
    }
    state.rooms.set(room._id, next);
    state.memberIndex = undefined;
    for (const message of messages) events.push({ kind: 'message', op: 'inserted', message, room: next });
    events.push({ kind: 'room', op: 'updated', room: next, before: room });
  }
  // `addMembersToDefaultRooms`: each new member joins the team's default rooms (an `au` by the caller)
  const newcomers = inputs
    .map(({ user }) => user)
    .filter((user, i, all) => !team.members.includes(user.username) && all.indexOf(user) === i);
  for (const defaultRoom of [...state.rooms.values()]) {
    if (defaultRoom.teamId !== team._id || defaultRoom.teamDefault !== true || defaultRoom.teamMain === true)
      continue;
    const joiners = newcomers.filter((user) => !defaultRoom.usernames.includes(user.username));
    if (joiners.length === 0) continue;
    const joined: Room = {
      ...defaultRoom,
      usernames: [...defaultRoom.usernames, ...joiners.map((user) => user.username)],
      usersCount: defaultRoom.usersCount + joiners.length,
      msgs: defaultRoom.msgs + joiners.length,
      _updatedAt: ts,
    };
    for (const user of joiners) {
      const subscription = rejoinedState(defaultRoom, user, ts);
      state.subscriptions.set(defaultRoom._id, user._id, subscription);
      events.push({
        kind: 'subscription',
        op: 'inserted',
        rid: defaultRoom._id,
        uid: user._id,
        subscription,
      });
      const au = systemMessage(state, caller, joined, 'au', user.username, ts);
      state.messages.add(au);
      events.push({ kind: 'message', op: 'inserted', message: au, room: joined });
    }
    state.rooms.set(defaultRoom._id, joined);
    state.memberIndex = undefined;
    events.push({ kind: 'room', op: 'updated', room: joined, before: defaultRoom });
  }
  // the team document itself is not written (its members are rows of their own)
  state.teams.change(team._id, { members, ...(owners.length > 0 ? { owners } : {}) });
  const changed = state.teams.get(team._id);
  if (changed) events.push({ kind: 'team', op: 'updated', team: changed });
  commit(state, events);
}
