import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { API_USER_LIMIT } from '../commands/addAllUserToRoom';
import { matchCheck } from '../commands/integrations';
import type { JsonObject } from '../store/query';
import type { Room, User } from '../types';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS } from './teams-common';
import { TEAM_ROOM, mainRoomOf, mayAccess, requireTeamPermission } from './teams-rooms-common';
import { roomView } from './views';

/**
 * `POST /api/v1/teams.updateRoom`: the body (`check()` to 8.5, ajv from 8.6), the room's team
 * (`Team.getOneByRoomId`: `invalid-room`, `room-not-on-team`, `team-does-not-exist`),
 * `edit-team-channel` in the team's main room (the bare 403), then `TeamService.updateRoom`: a room
 * the caller may see unless `view-all-team-channels` (`invalid-room`); `teamDefault` set, and a
 * default room gets every active team member (but its creator) not in it yet, each with an `au`
 * by the caller (up to `API_User_Limit`, 500). Answers the room with `teamDefault` and its new
 * `usersCount`.
 */

export const TEAMS_UPDATE_ROOM_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': {
    schema: {
      type: 'object',
      properties: { roomId: str, isDefault: { type: 'boolean' }, teamId: str },
      required: ['roomId', 'isDefault'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

export default route(GROUPS.teams, {
  name: 'teams.updateRoom',
  method: 'POST',
  permissions: ['edit-team-channel', 'view-all-team-channels'],
  errors: [
    'not-found',
    'match-error',
    'team-invalid-room',
    'team-room-not-on-team',
    'team-does-not-exist',
    'users-unauthorized',
  ],
  response: answer({ room: TEAM_ROOM }),
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_UPDATE_ROOM_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const raw = readBody(input.body) as JsonObject;
    const body = byEra(profile, TEAMS_UPDATE_ROOM_VALIDATOR)
      ? validated(profile, TEAMS_UPDATE_ROOM_VALIDATOR, raw)
      : (matchCheck(raw, { roomId: { type: 'string' }, isDefault: { type: 'boolean' } }), raw);
    const found = store.anyRoom(body.roomId as string);
    if (!found) throw new ApiError('team-invalid-room');
    if (found.t === 'd' || found.teamId === undefined) throw new ApiError('team-room-not-on-team');
    const room = found as Room;
    const team = store.team(room.teamId as string);
    if (!team) throw new ApiError('team-does-not-exist');
    requireTeamPermission(store, user, team, 'edit-team-channel');
    const canUpdateAny = store.can(user, 'view-all-team-channels', mainRoomOf(store, team));
    if (!canUpdateAny && !mayAccess(store, profile, user, room)) throw new ApiError('team-invalid-room');
    const isDefault = body.isDefault as boolean;
    const members: User[] = [];
    if (isDefault)
      for (const username of team.members) {
        const member = store.userNamed(username);
        if (!member || member.active === false || member._id === room.u?._id) continue;
        // `API_User_Limit`'s default: the most members a room made default takes in
        if (members.length < API_USER_LIMIT) members.push(member);
      }
    return { user, room, isDefault, members };
  },
  run: ({ store }, { user, room, isDefault, members }) => {
    const joined = members.filter((member) => !room.usernames.includes(member.username)).length;
    store.setTeamDefault(user, room, isDefault, members);
    // the document as found, `teamDefault` set and `usersCount` counted up on it
    return success({
      room: { ...roomView(room), teamDefault: isDefault, usersCount: room.usersCount + joined },
    });
  },
  openApi: { servedIn: SINCE_TEAMS },
});
