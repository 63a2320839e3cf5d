import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { matchCheck } from '../commands/integrations';
import type { JsonObject } from '../store/query';
import type { Room } from '../types';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, checkTeamRef, teamRefOf } from './teams-common';
import { TEAM_ROOM, mainRoomOf, mayAccess, teamOrRefuse } from './teams-rooms-common';
import { roomView } from './views';

/**
 * `POST /api/v1/teams.addRooms`: the body (5.x: two `check()`s; 6.x to 8.5: one `Match.OneOf`;
 * 8.6 on: rest-typings' ajv schema), the team (`team-does-not-exist`), then `add-team-channel`
 * (to 6.x) / `move-room-to-team` (7.0 on) in the team's main room (403
 * `error-no-permission-team-channel`), then `TeamService.addRooms`: every id a room
 * (`invalid-room`), each one the caller may see (`invalid-room`), then room by room not in a team
 * (`room-already-on-team`) and owned by the caller (`error-no-owner-channel`). Answers the rooms
 * as found (the world's order) with `teamId` set.
 */

/** 7.0's migration 315 renamed the permission (`add-team-channel` → `move-room-to-team`). */
const PERMISSION: EraTable<string> = { '5': 'add-team-channel', '7': 'move-room-to-team' };
/** 5.x checked the reference and the rooms apart; 6.x on in one `Match.OneOf`. */
const ONE_CHECK: EraTable<boolean> = { '5': false, '6': true };

const branch = (key: 'teamId' | 'teamName'): Record<string, unknown> => ({
  type: 'object',
  properties: { [key]: str, rooms: { type: 'array', items: str, minItems: 1 } },
  required: [key, 'rooms'],
  additionalProperties: false,
});

export const TEAMS_ADD_ROOMS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': { schema: { oneOf: [branch('teamId'), branch('teamName')] }, coerce: true, form: 'legacy' },
};

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The `check()`s of 5.x (two) and 6.x to 8.5 (one `Match.OneOf`). */
function checkBody(profile: OperationContext['profile'], body: JsonObject): void {
  if (byEra(profile, ONE_CHECK)) {
    const fits = (key: string): boolean => typeof body[key] === 'string' && isStrings(body.rooms);
    if (!fits('teamId') && !fits('teamName')) throw new ApiError('match-error');
    return;
  }
  checkTeamRef(body);
  matchCheck(body, { rooms: { type: 'strings' } });
}

function readArgs(context: OperationContext): { team: ReturnType<typeof teamOrRefuse>; rooms: Room[] } {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const raw = readBody(input.body) as JsonObject;
  const body = byEra(profile, TEAMS_ADD_ROOMS_VALIDATOR)
    ? validated(profile, TEAMS_ADD_ROOMS_VALIDATOR, raw)
    : (checkBody(profile, raw), raw);
  const team = teamOrRefuse(store, teamRefOf(body));
  if (!store.can(user, byEra(profile, PERMISSION), mainRoomOf(store, team)))
    throw new ApiError('team-no-permission-team-channel');
  const rids = (body.rooms as unknown[]).filter(
    (rid): rid is string => typeof rid === 'string' && rid !== '',
  );
  const found = store.roomsInWorldOrder(rids);
  if (found.length < rids.length) throw new ApiError('team-invalid-room');
  for (const room of found)
    if (!mayAccess(store, profile, user, room)) throw new ApiError('team-invalid-room');
  for (const room of found) {
    if (room.t !== 'd' && room.teamId !== undefined) throw new ApiError('team-room-already-on-team');
    if (room.t === 'd' || !store.roomRoles(room, user._id).includes('owner'))
      throw new ApiError('team-no-owner-channel');
  }
  return { team, rooms: found as Room[] };
}

export default route(GROUPS.teams, {
  name: 'teams.addRooms',
  method: 'POST',
  permissions: ['add-team-channel', 'move-room-to-team'],
  errors: [
    'not-found',
    'match-error',
    'team-does-not-exist',
    'team-no-permission-team-channel',
    'team-invalid-room',
    'team-room-already-on-team',
    'team-no-owner-channel',
  ],
  response: answer({ rooms: { type: 'array', items: TEAM_ROOM } }),
  changes: ['room', 'message'],
  validator: TEAMS_ADD_ROOMS_VALIDATOR,
  read: readArgs,
  run: (context, { team, rooms }) => {
    context.store.addTeamRooms(team, callerOf(context), rooms);
    // the documents as found, `teamId` set on them (`room.teamId = teamId`): no `teamDefault` dropped, no new `_updatedAt`
    return success({ rooms: rooms.map((room) => ({ ...roomView(room), teamId: team._id })) });
  },
  openApi: { servedIn: SINCE_TEAMS },
});
