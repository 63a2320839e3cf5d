import { ApiError } from '../errors';
import type { Room } from '../types';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SINCE_TEAMS, teamRefOf } from './teams-common';
import {
  TEAM_ROOM,
  mainRoomOf,
  mayAccess,
  requireTeamPermission,
  teamBodyValidator,
  teamOrRefuse,
} from './teams-rooms-common';
import { roomView } from './views';

/**
 * `POST /api/v1/teams.removeRoom`: the body (rest-typings' `isTeamsRemoveRoomProps`, 5.x on), the
 * team (`team-does-not-exist`), `remove-team-channel` in its main room (the bare 403), then
 * `TeamService.removeRoom`: the room (`invalid-room`), one the caller may see unless
 * `view-all-team-channels` (`invalid-room`), in that team (`room-not-on-that-team`). Answers the
 * room without `teamId` and `teamDefault`.
 */

export const TEAMS_REMOVE_ROOM_VALIDATOR = teamBodyValidator({ roomId: str }, ['roomId']);

export default route(GROUPS.teams, {
  name: 'teams.removeRoom',
  method: 'POST',
  permissions: ['remove-team-channel', 'view-all-team-channels'],
  errors: [
    'not-found',
    'team-does-not-exist',
    'users-unauthorized',
    'team-invalid-room',
    'team-room-not-on-that-team',
  ],
  response: answer({ room: TEAM_ROOM }),
  changes: ['room', 'message'],
  validator: TEAMS_REMOVE_ROOM_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_REMOVE_ROOM_VALIDATOR, readBody(input.body));
    const team = teamOrRefuse(store, teamRefOf(body));
    requireTeamPermission(store, user, team, 'remove-team-channel');
    const canRemoveAny = store.can(user, 'view-all-team-channels', mainRoomOf(store, team));
    const room = store.anyRoom(body.roomId as string);
    if (!room) throw new ApiError('team-invalid-room');
    if (!canRemoveAny && !mayAccess(store, profile, user, room)) throw new ApiError('team-invalid-room');
    if (room.t === 'd' || room.teamId !== team._id) throw new ApiError('team-room-not-on-that-team');
    return { team, user, room: room as Room };
  },
  run: ({ store }, { team, user, room }) => {
    store.removeTeamRoom(team, user, room);
    // the document as found, `teamId` and `teamDefault` deleted from it
    const { teamId: _teamId, teamDefault: _teamDefault, ...rest } = roomView(room);
    return success({ room: rest });
  },
  openApi: { servedIn: SINCE_TEAMS },
});
