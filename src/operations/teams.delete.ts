import type { Room } from '../types';
import { success } from './operation';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_TEAMS } from './teams-common';
import { ROOM_IDS, checkErasable, readTeamEnding, teamBodyValidator } from './teams-rooms-common';

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
  errors: ['not-found', 'team-does-not-exist', 'users-unauthorized', 'room-not-allowed'],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_DELETE_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const { team, user, erase } = readTeamEnding(context, TEAMS_DELETE_VALIDATOR, 'delete-team');
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
