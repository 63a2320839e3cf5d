import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, teamRefOf } from './teams-common';
import { requireTeamPermission, teamOrRefuse } from './teams-rooms-common';

/**
 * `POST /api/v1/teams.updateMember`: the body (rest-typings' `isTeamsUpdateMemberProps`, 5.x on),
 * the team (`team-does-not-exist`), `edit-team-member` in its main room (the bare 403), then
 * `TeamService.updateMember`: the member's team roles replaced by `member.roles` (none when left
 * out), and its main room subscription's `roles` set to them. A user in neither changes nothing.
 * Answers `{success: true}`.
 */

const MEMBER = {
  type: 'object',
  properties: { userId: str, roles: { type: 'array', items: str, nullable: true } },
  required: ['userId'],
  additionalProperties: false,
};
const branch = (key: 'teamId' | 'teamName'): Record<string, unknown> => ({
  type: 'object',
  properties: { [key]: str, member: MEMBER },
  required: [key, 'member'],
  additionalProperties: false,
});
const SCHEMA = { oneOf: [branch('teamId'), branch('teamName')] };

export const TEAMS_UPDATE_MEMBER_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: SCHEMA, coerce: false, form: 'legacy' },
  '8': { schema: SCHEMA, coerce: true, form: 'legacy' },
};

export default route(GROUPS.teams, {
  name: 'teams.updateMember',
  method: 'POST',
  permissions: ['edit-team-member'],
  errors: ['not-found', 'team-does-not-exist', 'users-unauthorized'],
  response: DONE,
  changes: ['subscription'],
  validator: TEAMS_UPDATE_MEMBER_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_UPDATE_MEMBER_VALIDATOR, readBody(input.body));
    const team = teamOrRefuse(store, teamRefOf(body));
    requireTeamPermission(store, user, team, 'edit-team-member');
    const { userId, roles } = body.member as { userId: string; roles?: string[] | null };
    return { team, member: store.userById(userId), roles: roles ?? [] };
  },
  run: ({ store }, { team, member, roles }) => {
    if (member) store.updateTeamMember(team, member, roles);
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
