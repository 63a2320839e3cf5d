import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SINCE_TEAMS, teamRefOf } from './teams-common';
import {
  ROOM_IDS,
  checkRemovable,
  matchingTeamRooms,
  requireTeamPermission,
  teamBodyValidator,
  teamOrRefuse,
} from './teams-rooms-common';

/**
 * `POST /api/v1/teams.removeMember`: the body (rest-typings' `isTeamsRemoveMemberProps`, 5.x on),
 * the team (`team-does-not-exist`), `edit-team-member` in its main room (the bare 403), an active
 * user (`invalid-user`), then `TeamService.removeMembers` (`member-does-not-exist`,
 * `last-owner-can-not-be-removed`): out of the team and its main room (`removed-user-from-team` by
 * the caller; `ult` when the callers removes himself), then out of the team rooms in `rooms`
 * (`ru` by the caller). Answers `{success: true}`.
 */

export const TEAMS_REMOVE_MEMBER_VALIDATOR = teamBodyValidator({ userId: str, rooms: ROOM_IDS }, ['userId']);

export default route(GROUPS.teams, {
  name: 'teams.removeMember',
  method: 'POST',
  permissions: ['edit-team-member'],
  errors: [
    'not-found',
    'team-does-not-exist',
    'users-unauthorized',
    'team-invalid-user',
    'team-member-does-not-exist',
    'team-last-owner',
  ],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_REMOVE_MEMBER_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_REMOVE_MEMBER_VALIDATOR, readBody(input.body));
    const team = teamOrRefuse(store, teamRefOf(body));
    requireTeamPermission(store, user, team, 'edit-team-member');
    const member = store.userById(body.userId as string);
    if (!member || member.active === false) throw new ApiError('team-invalid-user');
    checkRemovable(store, team, member);
    const rooms = matchingTeamRooms(store, team, body.rooms as string[] | null | undefined).filter(
      (room) => room._id !== team.roomId,
    );
    return { team, user, member, rooms };
  },
  run: ({ store }, { team, user, member, rooms }) => {
    // the main room's remover only when another user removes the member; the rooms' always the caller
    store.removeTeamMember(
      team,
      member,
      { ...(user._id !== member._id ? { main: user } : {}), rooms: user },
      rooms,
    );
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
