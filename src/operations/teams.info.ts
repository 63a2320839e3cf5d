import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, TEAM, checkTeamRef, teamRefOf, teamRefSchema, teamView } from './teams-common';

/**
 * `GET /api/v1/teams.info`: the team by `teamId` or `teamName` (`check()` to 8.5, ajv from 8.6),
 * `Team not found`; from 6.x its main room must exist and the caller may access it (a member, or
 * anyone with `view-c-room` for a public team) or hold `view-all-teams`, else the bare 403.
 * Answers `{teamInfo}`, the stored team.
 */

/** 6.x added the main room's access rule (5.x showed any team to any user). */
const ACCESS_RULE: EraTable<boolean> = { '5': false, '6': true };

export const TEAMS_INFO_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': { schema: teamRefSchema({}), coerce: true, form: 'legacy' },
};

export default route(GROUPS.teams, {
  name: 'teams.info',
  method: 'GET',
  permissions: ['view-all-teams'],
  errors: ['not-found', 'match-error', 'team-info-not-found', 'team-room-not-found', 'users-unauthorized'],
  response: answer({ teamInfo: { ...TEAM, required: ['_id', 'name', 'type'] } }),
  reads: ['room'],
  validator: TEAMS_INFO_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const ref = byEra(profile, TEAMS_INFO_VALIDATOR)
      ? teamRefOf(validated(profile, TEAMS_INFO_VALIDATOR, input.query))
      : checkTeamRef(input.query);
    const team = store.teamByIdOrName(ref);
    if (!team) throw new ApiError('team-info-not-found');
    if (byEra(profile, ACCESS_RULE)) {
      const room = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
      if (!room) throw new ApiError('team-room-not-found');
      if (!store.maySee(user, room) && !store.can(user, 'view-all-teams'))
        throw new ApiError('users-unauthorized');
    }
    return team;
  },
  run: (_context, team) => success({ teamInfo: teamView(team) }),
  openApi: { servedIn: SINCE_TEAMS },
});
