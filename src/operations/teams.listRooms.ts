import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { matchCheck } from '../commands/integrations';
import type { JsonObject } from '../store/query';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readPagination } from './params';
import { page, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, checkTeamRef, teamRefOf, teamRefSchema } from './teams-common';
import { TEAM_ROOM, mainRoomOf, teamOrRefuse } from './teams-rooms-common';
import { roomView } from './views';

/**
 * `GET /api/v1/teams.listRooms`: the query (`check()` to 8.5 — 6.x added `offset` and `count` —
 * ajv from 8.6), the team (`team-does-not-exist`), a private team's rooms only to its members or
 * with `view-all-teams` (`user-not-on-private-team`); the team's rooms but its main room (`filter`:
 * the name contains it, any case; `type=autoJoin`: the default ones), without
 * `view-all-team-channels` only the public ones and those the caller is in; a page.
 */

/** 6.x added `offset` and `count` (strings) to the second `check()`. */
const PAGE_CHECKED: EraTable<boolean> = { '5': false, '6': true };

const number = { type: 'number' } as const;
export const TEAMS_LIST_ROOMS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': {
    schema: teamRefSchema({ filter: str, type: str, offset: number, count: number, sort: str }),
    coerce: true,
    form: 'legacy',
  },
};

export default route(GROUPS.teams, {
  name: 'teams.listRooms',
  method: 'GET',
  permissions: ['view-all-teams', 'view-all-team-channels'],
  errors: [
    'not-found',
    'match-error',
    'team-does-not-exist',
    'team-user-not-on-private-team',
    'invalid-params',
  ],
  response: page('rooms', TEAM_ROOM),
  reads: ['room'],
  validator: TEAMS_LIST_ROOMS_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    let params: Params;
    if (byEra(profile, TEAMS_LIST_ROOMS_VALIDATOR))
      params = validated(profile, TEAMS_LIST_ROOMS_VALIDATOR, input.query);
    else {
      checkTeamRef(input.query);
      const optional = { type: 'string', optional: true } as const;
      matchCheck(input.query as JsonObject, {
        filter: optional,
        type: optional,
        ...(byEra(profile, PAGE_CHECKED) ? { offset: optional, count: optional } : {}),
      });
      params = input.query;
    }
    const { offset, count } = readPagination(params);
    const team = teamOrRefuse(store, teamRefOf(params));
    const main = mainRoomOf(store, team);
    const allowPrivateTeam = store.can(user, 'view-all-teams', main);
    const getAllRooms = store.can(user, 'view-all-team-channels', main);
    if (team.type === 1 && !allowPrivateTeam && !store.isTeamMember(team, user))
      throw new ApiError('team-user-not-on-private-team');
    const name = typeof params.filter === 'string' ? params.filter.trim().toLowerCase() : '';
    const autoJoin = params.type === 'autoJoin';
    const rooms = store
      .teamRoomsOf(team._id)
      .filter(
        (room) =>
          room.teamMain !== true &&
          (name === '' || room.name.toLowerCase().includes(name)) &&
          (!autoJoin || room.teamDefault === true) &&
          (getAllRooms || room.t === 'c' || room.usernames.includes(user.username)),
      );
    return { rooms, offset, count };
  },
  run: (_context, { rooms, offset, count }) => {
    const shown = count === 0 ? rooms.slice(offset) : rooms.slice(offset, offset + count);
    return success({ rooms: shown.map(roomView), total: rooms.length, count: shown.length, offset });
  },
  openApi: { servedIn: SINCE_TEAMS },
});
