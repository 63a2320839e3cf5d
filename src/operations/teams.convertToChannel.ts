import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_TEAMS } from './teams-common';
import { ROOM_IDS, checkErasable, readTeamEnding, teamBodyValidator } from './teams-rooms-common';

/**
 * `POST /api/v1/teams.convertToChannel`: the body (rest-typings' `isTeamsConvertToChannelProps`,
 * 5.x on), the team (`team-does-not-exist`), `convert-team` in its main room (the bare 403); then
 * the team's rooms in `roomsToRemove` erased (7.0 on: each told in the main room,
 * `user-deleted-room-from-team`), 7.0 on a `user-converted-to-channel` message in the main room,
 * every room of the team out of it (`teamId`, `teamMain`, `teamDefault` dropped), the team and its
 * members gone, in one commit: the main room stays, a plain channel or group. Answers
 * `{success: true}`.
 */

/** 7.0's `eraseRoom` tells a team room's erasing, and `unsetTeamIdOfRooms` the conversion, in the main room. */
const TOLD: EraTable<boolean> = { '5': false, '7': true };

export const TEAMS_CONVERT_TO_CHANNEL_VALIDATOR = teamBodyValidator({ roomsToRemove: ROOM_IDS });

export default route(GROUPS.teams, {
  name: 'teams.convertToChannel',
  method: 'POST',
  permissions: ['convert-team'],
  errors: ['not-found', 'team-does-not-exist', 'users-unauthorized', 'room-not-allowed'],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_CONVERT_TO_CHANNEL_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const { team, user, erase } = readTeamEnding(context, TEAMS_CONVERT_TO_CHANNEL_VALIDATOR, 'convert-team');
    checkErasable(
      store,
      profile,
      user,
      team,
      erase.map((room) => ({ room, inTeam: true })),
    );
    return { team, user, erase };
  },
  run: ({ store, profile }, { team, user, erase }) => {
    const told = byEra(profile, TOLD);
    store.endTeam(team, user, { erase, eraseMain: false, deletedMessage: told, convertedMessage: told });
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
