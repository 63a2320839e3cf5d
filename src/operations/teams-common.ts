import { copyJson } from '../json-copy';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import { roomLayoutOf } from '../commands/createChannel';
import type { Room, Team, User } from '../types';
import { success } from './operation';
import type { OperationContext, Params, Reply } from './operation';
import { readPagination } from './params';
import { page, str } from './responses';
import type { Schema } from './validator';

const int = { type: 'integer', minimum: 0 } as const;

/**
 * What the `teams.*` routes share: the release lines that serve them (Teams came in 3.13: profile
 * `0.49` answers 404, profile `5` — 5.x — serves them), a team as the routes answer it, and its
 * schema.
 *
 * Layer: operations.
 */

/** Teams came in Rocket.Chat 3.13: not in 0.49, in every later line the fake answers as. */
export const SINCE_TEAMS: EraTable<boolean> = { '0.49': false, '5': true };

/** The team document's keys, in the order `TeamService.create` writes them. */
const TEAM_KEYS = ['_id', 'name', 'type', 'createdAt', 'createdBy', '_updatedAt', 'roomId'] as const;

/** A team as the routes answer it: the stored document (the fake's `members` and `owners` aside). */
export function teamView(team: Team): JsonObject {
  const view: Record<string, unknown> = {};
  for (const key of TEAM_KEYS) if (team[key] !== undefined) view[key] = copyJson(team[key]);
  return view as JsonObject;
}

/**
 * `channels.convertToTeam`'s and `groups.convertToTeam`'s run, once their checks passed: the room
 * becomes a team's main room (`convertRoomToTeam`, the line's room layout); `{team}`.
 */
export function convertToTeamRun(
  context: OperationContext,
  { room, user }: { room: Room; user: User },
): Reply {
  const team = context.store.convertRoomToTeam(room, user, roomLayoutOf(context.profile));
  return success({ team: teamView(team) });
}

/** A team document, as `teams.create` answers it. */
export const TEAM = {
  type: 'object',
  required: ['_id', 'name', 'type', 'createdAt', 'createdBy', '_updatedAt', 'roomId'],
  properties: {
    _id: str,
    name: str,
    type: { enum: [0, 1] },
    createdAt: str,
    createdBy: { type: 'object', required: ['_id', 'username'], properties: { _id: str, username: str } },
    _updatedAt: str,
    roomId: str,
  },
};

/**
 * `check(params, Match.OneOf(Match.ObjectIncluding({teamId: String}), Match.ObjectIncluding({teamName:
 * String})))` (5.x to 8.5): a string `teamId` or `teamName`; then `getTeamByIdOrName`'s reference
 * (`teamId` when not empty, else `teamName`).
 */
export function checkTeamRef(params: Params): { teamId?: string; teamName?: string } {
  if (typeof params.teamId !== 'string' && typeof params.teamName !== 'string')
    throw new ApiError('match-error');
  return teamRefOf(params);
}

/** `getTeamByIdOrName`'s reference: `teamId` when not empty, else `teamName` (both empty: no team). */
export function teamRefOf(params: Params): { teamId?: string; teamName?: string } {
  const { teamId, teamName } = params;
  if (typeof teamId === 'string' && teamId !== '') return { teamId };
  if (typeof teamName === 'string' && teamName !== '') return { teamName };
  return {};
}

/** rest-typings' `oneOf [required teamId, required teamName]`, the properties given, nothing else. */
export function teamRefSchema(properties: Readonly<Record<string, unknown>>): Schema {
  return {
    type: 'object',
    properties: { teamId: str, teamName: str, ...properties },
    oneOf: [{ required: ['teamId'] }, { required: ['teamName'] }],
    additionalProperties: false,
  };
}

/** A page of teams, each with its rooms counted and its members (`teams.list`, `teams.listAll`). */
export function teamsPage(store: Store, teams: readonly Team[], params: Params): JsonObject {
  const { offset, count } = readPagination(params);
  const page = count === 0 ? teams.slice(offset) : teams.slice(offset, offset + count);
  return {
    teams: page.map((team) => ({
      ...teamView(team),
      rooms: store.teamRoomCount(team._id),
      numberOfUsers: team.members.length,
    })),
    total: teams.length,
    count: page.length,
    offset,
  };
}

/** A page of teams, as `teams.list` and `teams.listAll` answer it. */
export const TEAMS_PAGE = page('teams', {
  type: 'object',
  required: ['_id', 'name', 'type', 'rooms', 'numberOfUsers'],
  properties: { _id: str, name: str, type: { enum: [0, 1] }, rooms: int, numberOfUsers: int },
});
