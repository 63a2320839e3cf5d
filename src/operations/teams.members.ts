import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { matchCheck } from '../commands/integrations';
import type { JsonObject } from '../store/query';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readPagination } from './params';
import { page } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, checkTeamRef, teamRefOf, teamRefSchema } from './teams-common';

/**
 * `GET /api/v1/teams.members`: the team by `teamId` or `teamName`, `status` (a list: `status[]=`),
 * `username`, `name` (`check()` to 8.5, ajv from 8.6), `team-does-not-exist`; a caller neither
 * a member nor holding `view-all-teams` in the team's main room gets an empty page. The active
 * members, `username` and `name` a case-insensitive "contains", `status` one of; a page.
 */

const number = { type: 'number' } as const;
export const TEAMS_MEMBERS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': {
    schema: teamRefSchema({
      status: { type: 'array', items: { type: 'string' } },
      username: { type: 'string' },
      name: { type: 'string' },
      offset: number,
      count: number,
      sort: { type: 'string' },
      query: { type: 'string' },
    }),
    coerce: 'array',
    form: 'legacy',
  },
};

/** The query with `status[]` read as `status` (a query string's list). */
function withStatus(query: Params): Params {
  const listed = query['status[]'];
  if (listed === undefined) return query;
  const { 'status[]': _listed, ...rest } = query;
  return { ...rest, status: Array.isArray(listed) ? listed : [listed] };
}

export default route(GROUPS.teams, {
  name: 'teams.members',
  method: 'GET',
  permissions: ['view-all-teams'],
  errors: ['not-found', 'match-error', 'team-does-not-exist', 'invalid-params'],
  response: page('members', {
    type: 'object',
    required: ['user'],
    properties: { user: { type: 'object', required: ['_id', 'username'] } },
  }),
  reads: ['user'],
  validator: TEAMS_MEMBERS_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const query = withStatus(input.query);
    let params: Params;
    if (byEra(profile, TEAMS_MEMBERS_VALIDATOR)) params = validated(profile, TEAMS_MEMBERS_VALIDATOR, query);
    else {
      checkTeamRef(query);
      matchCheck(query as JsonObject, {
        status: { type: 'strings', optional: true },
        username: { type: 'string', optional: true },
        name: { type: 'string', optional: true },
      });
      params = query;
    }
    const team = store.teamByIdOrName(teamRefOf(params));
    if (!team) throw new ApiError('team-does-not-exist');
    const { offset, count } = readPagination(params);
    const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
    if (!store.isTeamMember(team, user) && !store.can(user, 'view-all-teams', main))
      return { members: [], total: 0, offset, count };
    const members = store.teamMembers(team, {
      ...(typeof params.username === 'string' ? { username: params.username } : {}),
      ...(typeof params.name === 'string' ? { name: params.name } : {}),
      ...(Array.isArray(params.status) ? { status: params.status as string[] } : {}),
    });
    return { members, total: members.length, offset, count };
  },
  run: (_context, { members, total, offset, count }) => {
    const shown = count === 0 ? members.slice(offset) : members.slice(offset, offset + count);
    return success({ members: shown, total, count: shown.length, offset });
  },
  openApi: { servedIn: SINCE_TEAMS },
});
