import { ApiError } from '../errors';
import type { Team, TeamType, User } from '../types';
import { objectId } from './message-text';
import { writeRoom } from './rooms';
import type { RoomLayout } from './rooms';
import { commit, userNamed } from './state';
import type { StoreState } from './state';
import { meteorIdOf } from './subscription-states';

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
function newTeamId(state: StoreState, ids: RoomLayout['ids']): string {
  const counter = 0x700000 + state.teams.size;
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
  return structuredClone(team);
}
