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
 * `GET /api/v1/teams.listRoomsOfUser`: the query (`check()` to 8.5, ajv from 8.6), the team
 * (`team-does-not-exist`), the caller is `userId` or holds `view-all-team-channels` in the main room
 * (the bare 403), a private team only to its members or with `view-all-teams`
 * (`user-not-on-private-team`); the team's channels and groups (its main room too) `userId` is in
 * — with `canUserDelete=true` only those `userId` may delete (`delete-team-channel` /
 * `delete-team-group` in the main room and `delete-c` / `delete-p` in the room) — each with
 * `isLastOwner`; a page whose `offset` is always 0.
 */

const number = { type: 'number' } as const;
export const TEAMS_LIST_ROOMS_OF_USER_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': {
    schema: {
      ...teamRefSchema({ userId: str, canUserDelete: str, offset: number, count: number }),
      required: ['userId'],
    },
    coerce: true,
    form: 'legacy',
  },
};

export default route(GROUPS.teams, {
  name: 'teams.listRoomsOfUser',
  method: 'GET',
  permissions: ['view-all-teams', 'view-all-team-channels', 'delete-team-channel', 'delete-team-group'],
  errors: [
    'not-found',
    'match-error',
    'team-does-not-exist',
    'users-unauthorized',
    'team-user-not-on-private-team',
    'invalid-params',
  ],
  response: page('rooms', { ...TEAM_ROOM, required: ['_id', 't', 'isLastOwner'] }),
  reads: ['room', 'subscription'],
  validator: TEAMS_LIST_ROOMS_OF_USER_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    let params: Params;
    if (byEra(profile, TEAMS_LIST_ROOMS_OF_USER_VALIDATOR))
      params = validated(profile, TEAMS_LIST_ROOMS_OF_USER_VALIDATOR, input.query);
    else {
      checkTeamRef(input.query);
      const optional = { type: 'string', optional: true } as const;
      matchCheck(input.query as JsonObject, {
        userId: { type: 'string' },
        canUserDelete: optional,
        offset: optional,
        count: optional,
      });
      params = input.query;
    }
    const { offset, count } = readPagination(params);
    const team = teamOrRefuse(store, teamRefOf(params));
    const main = mainRoomOf(store, team);
    const allowPrivateTeam = store.can(user, 'view-all-teams', main);
    const userId = params.userId as string;
    if (user._id !== userId && !store.can(user, 'view-all-team-channels', main))
      throw new ApiError('users-unauthorized');
    if (team.type === 1 && !allowPrivateTeam && !store.isTeamMember(team, user))
      throw new ApiError('team-user-not-on-private-team');
    const member = store.userById(userId);
    const canDeleteOnly = String(params.canUserDelete) === 'true';
    const rooms = member
      ? store.teamRoomsOf(team._id).filter((room) => {
          if (!room.usernames.includes(member.username)) return false;
          if (!canDeleteOnly) return true;
          const isPublic = room.t === 'c';
          return (
            store.can(member, isPublic ? 'delete-team-channel' : 'delete-team-group', main) &&
            store.can(member, isPublic ? 'delete-c' : 'delete-p', room)
          );
        })
      : [];
    const shown = (count === 0 ? rooms.slice(offset) : rooms.slice(offset, offset + count)).map((room) => {
      const owners = store.membersWithRole(room, 'owner');
      const isLastOwner = member !== undefined && owners.length === 1 && owners[0] === member.username;
      return { ...roomView(room), isLastOwner };
    });
    return { rooms: shown, total: rooms.length };
  },
  run: (_context, { rooms, total }) => success({ rooms, total, count: rooms.length, offset: 0 }),
  openApi: { servedIn: SINCE_TEAMS },
});
