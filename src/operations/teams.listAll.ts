import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf } from './params';
import { GROUPS, route } from './route-groups';
import { SINCE_TEAMS, TEAMS_PAGE, teamsPage } from './teams-common';

/**
 * `GET /api/v1/teams.listAll`: `view-all-teams` (the handler's bare 403 to 6.x, the framework's
 * from 7.0), then every team, a page (`offset`, `count`), shaped as `teams.list`'s.
 */

/** The route's own permission check in the handler, until 7.0's `permissionsRequired`. */
const HANDLER_CHECK: EraTable<boolean> = { '5': true, '7': false };

export default route(GROUPS.teams, {
  name: 'teams.listAll',
  method: 'GET',
  permissions: ['view-all-teams'],
  errors: ['not-found', 'users-unauthorized', 'error-unauthorized', 'invalid-params'],
  response: TEAMS_PAGE,
  reads: ['room'],
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    if (!store.can(user, 'view-all-teams'))
      throw new ApiError(byEra(profile, HANDLER_CHECK) ? 'users-unauthorized' : 'error-unauthorized');
    return store.allTeams();
  },
  run: ({ store, input }, teams) => success(teamsPage(store, teams, input.query)),
  openApi: {
    servedIn: SINCE_TEAMS,
    query: { offset: 'the page start (default 0)', count: 'the page size (default 50)' },
  },
});
