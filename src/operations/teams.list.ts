import { success } from './operation';
import { callerOf } from './params';
import { GROUPS, route } from './route-groups';
import { SINCE_TEAMS, TEAMS_PAGE, teamsPage } from './teams-common';

/**
 * `GET /api/v1/teams.list`: the teams the caller is a member of (even an admin sees only its own),
 * a page (`offset`, `count`), each with `rooms` (the rooms naming it, its main room too) and
 * `numberOfUsers`. `sort` and `query` (parseJsonQuery) are not modelled.
 */
export default route(GROUPS.teams, {
  name: 'teams.list',
  method: 'GET',
  errors: ['not-found', 'invalid-params'],
  response: TEAMS_PAGE,
  reads: ['room'],
  read: (context) => {
    const { store } = context;
    const user = callerOf(context);
    return store.allTeams().filter((team) => store.isTeamMember(team, user));
  },
  run: ({ store, input }, teams) => success(teamsPage(store, teams, input.query)),
  openApi: {
    servedIn: SINCE_TEAMS,
    query: { offset: 'the page start (default 0)', count: 'the page size (default 50)' },
  },
});
