import type { Room } from '../types';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SINCE_TEAMS, teamRefOf } from './teams-common';
import {
  ROOM_IDS,
  checkErasable,
  matchingTeamRooms,
  requireTeamPermission,
  teamBodyValidator,
  teamOrRefuse,
} from './teams-rooms-common';

/**
 * `POST /api/v1/teams.delete`: the body (rest-typings' `isTeamsDeleteProps`, 5.x on), the team
 * (`team-does-not-exist`), `delete-team` in its main room (the bare 403); then the team's rooms
 * in `roomsToRemove` erased (room, messages, subscriptions), every other room of the team out of
 * it, the main room erased, the team and its members gone, in one commit. Answers
 * `{success: true}`.
 */

export const TEAMS_DELETE_VALIDATOR = teamBodyValidator({ roomsToRemove: ROOM_IDS });

export default route(GROUPS.teams, {
  name: 'teams.delete',
  method: 'POST',
  permissions: ['delete-team'],
  errors: ['not-found', 'team-does-not-exist', 'teams-unauthorized', 'room-not-allowed'],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_DELETE_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_DELETE_VALIDATOR, readBody(input.body));
    const team = teamOrRefuse(store, teamRefOf(body));
    requireTeamPermission(store, user, team, 'delete-team');
    // the main room is erased after the others whether named or not
    const erase = matchingTeamRooms(store, team, body.roomsToRemove as string[] | null | undefined).filter(
      (room) => room._id !== team.roomId,
    );
    const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
    checkErasable(store, profile, user, team, [
      ...erase.map((room) => ({ room, inTeam: true })),
      // the main room is erased once out of the team
      ...(main && main.t !== 'd' ? [{ room: main as Room, inTeam: false }] : []),
    ]);
    return { team, user, erase };
  },
  run: ({ store }, { team, user, erase }) => {
    store.endTeam(team, user, { erase, eraseMain: true, deletedMessage: false, convertedMessage: false });
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
