import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS } from './teams-common';

/**
 * `GET /api/v1/teams.autocomplete?name=`: rest-typings' `isTeamsAutocompleteProps` (a string `name`,
 * nothing else; 8.6's typed query also wants it not empty), then `Team.autocomplete`: at most ten
 * teams' main rooms whose `name` or `fname` starts with `name` (any case), public teams and the
 * private ones the caller is subscribed to, by `name` then `fname`. Answers `{teams}`, each
 * `{_id, fname, teamId, name, t, avatarETag}` as the room has them (the room's id, not the team's).
 */

const nameSchema = (name: Record<string, unknown>): Record<string, unknown> => ({
  type: 'object',
  properties: { name },
  required: ['name'],
  additionalProperties: false,
});

export const TEAMS_AUTOCOMPLETE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: nameSchema(str), coerce: false, form: 'legacy' },
  '6': { schema: nameSchema(str), coerce: true, form: 'legacy' },
  '8.6': { schema: nameSchema({ type: 'string', minLength: 1 }), coerce: 'array', form: 'legacy' },
};

/** One team's main room as the route answers it. */
const TEAM_ROOM = {
  type: 'object',
  required: ['_id'],
  properties: { _id: str, fname: str, teamId: str, name: str, t: str, avatarETag: str },
};

export default route(GROUPS.teams, {
  name: 'teams.autocomplete',
  method: 'GET',
  errors: ['not-found'],
  response: answer({ teams: { type: 'array', items: TEAM_ROOM } }),
  reads: ['room', 'subscription'],
  validator: TEAMS_AUTOCOMPLETE_VALIDATOR,
  read: ({ profile, input }) => {
    const { name } = validated(profile, TEAMS_AUTOCOMPLETE_VALIDATOR, input.query);
    return typeof name === 'string' ? name : '';
  },
  run: (context, name) => success({ teams: context.store.teamsAutocomplete(callerOf(context), name) }),
  openApi: { servedIn: SINCE_TEAMS, query: { name: 'the start of the teams’ names' } },
});
