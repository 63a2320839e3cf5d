import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SINCE_TEAMS, teamRefOf } from './teams-common';
import {
  ROOM_IDS,
  checkRemovable,
  matchingTeamRooms,
  teamBodyValidator,
  teamOrRefuse,
} from './teams-rooms-common';

/**
 * `POST /api/v1/teams.leave`: the body (rest-typings' `isTeamsLeaveProps`, 5.x on), the team
 * (`team-does-not-exist`), then `TeamService.removeMembers` of the caller (`member-does-not-exist`,
 * `last-owner-can-not-be-removed`): out of the team and its main room (`ult`), then out of the
 * team rooms in `rooms` (`ul`). Answers `{success: true}`.
 */

export const TEAMS_LEAVE_VALIDATOR = teamBodyValidator({ rooms: ROOM_IDS });

export default route(GROUPS.teams, {
  name: 'teams.leave',
  method: 'POST',
  errors: ['not-found', 'team-does-not-exist', 'team-member-does-not-exist', 'team-last-owner'],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_LEAVE_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_LEAVE_VALIDATOR, readBody(input.body));
    const team = teamOrRefuse(store, teamRefOf(body));
    checkRemovable(store, team, user);
    const rooms = matchingTeamRooms(store, team, body.rooms as string[] | null | undefined).filter(
      (room) => room._id !== team.roomId,
    );
    return { team, user, rooms };
  },
  run: ({ store }, { team, user, rooms }) => {
    store.removeTeamMember(team, user, {}, rooms);
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
