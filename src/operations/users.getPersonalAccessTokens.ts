import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5 } from './users-rest';

/**
 * `GET /api/v1/users.getPersonalAccessTokens` (0.6x on): `create-personal-access-tokens` needed
 * (until 6.x the route's own `Not Authorized [not-authorized]`, a 400; 7.x's `permissionsRequired`
 * 403); the caller's live tokens as `{name, createdAt, lastTokenPart, bypassTwoFactor}`, never
 * the token itself.
 */

/** Until 6.x the route's own Meteor.Error; 7.0 on the framework's 403. */
const REFUSAL = { '0.49': 'token-list-not-authorized', '7': 'error-unauthorized' } as const;

function readArgs(context: OperationContext): undefined {
  const { store, profile } = context;
  if (!store.can(callerOf(context), 'create-personal-access-tokens'))
    throw new ApiError(byEra(profile, REFUSAL));
  return undefined;
}

const TOKEN = {
  type: 'object',
  required: ['name', 'createdAt', 'lastTokenPart', 'bypassTwoFactor'],
  properties: { name: str, createdAt: str, lastTokenPart: str, bypassTwoFactor: { type: 'boolean' } },
  additionalProperties: false,
};

export default route(GROUPS.users, {
  name: 'users.getPersonalAccessTokens',
  method: 'GET',
  permissions: ['create-personal-access-tokens'],
  errors: ['not-found', 'token-list-not-authorized', 'error-unauthorized'],
  response: answer({ tokens: { type: 'array', items: TOKEN } }),
  reads: ['user'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context) => success({ tokens: context.store.personalTokens(callerOf(context)) }),
});
