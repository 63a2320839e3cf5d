import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { TeamMemberInput } from '../store/team-writes';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, teamRefOf } from './teams-common';

/**
 * `POST /api/v1/teams.addMembers`: the body (rest-typings' `isTeamsAddMembersProps`, 5.x on), the
 * team (`team-does-not-exist`), then `add-team-member` or `edit-team-member` in the team's main
 * room (the bare 403), then `TeamService.addMembers` (src/store/team-writes.ts). Answers
 * `{success: true}`.
 */

const str = { type: 'string' } as const;
const MEMBERS = {
  type: 'array',
  items: {
    type: 'object',
    properties: { userId: str, roles: { type: 'array', items: str, nullable: true } },
    required: ['userId'],
    additionalProperties: false,
  },
  minItems: 1,
  uniqueItems: true,
};
const branch = (key: 'teamId' | 'teamName'): Record<string, unknown> => ({
  type: 'object',
  properties: { [key]: str, members: MEMBERS },
  required: [key, 'members'],
  additionalProperties: false,
});

export const TEAMS_ADD_MEMBERS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: { oneOf: [branch('teamId'), branch('teamName')] }, coerce: true, form: 'legacy' },
};

export default route(GROUPS.teams, {
  name: 'teams.addMembers',
  method: 'POST',
  permissions: ['add-team-member', 'edit-team-member'],
  errors: ['not-found', 'team-does-not-exist', 'users-unauthorized'],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_ADD_MEMBERS_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_ADD_MEMBERS_VALIDATOR, readBody(input.body));
    const team = store.teamByIdOrName(teamRefOf(body));
    if (!team) throw new ApiError('team-does-not-exist');
    const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
    if (!store.can(user, 'add-team-member', main) && !store.can(user, 'edit-team-member', main))
      throw new ApiError('users-unauthorized');
    const members: TeamMemberInput[] = [];
    for (const member of body.members as { userId: string; roles?: string[] | null }[]) {
      // a user id that names no user is left out (UNVERIFIED: the real server's addUserToRoom fails on it)
      const found = store.userById(member.userId);
      if (found) members.push({ user: found, roles: member.roles ?? [] });
    }
    return { team, user, members };
  },
  run: ({ store }, { team, user, members }) => {
    store.addTeamMembers(team, user, members);
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
