import regenerateToken from '../commands/regeneratePersonalAccessToken';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5, tokenNameOf } from './users-rest';

/**
 * `POST /api/v1/users.regeneratePersonalAccessToken` (0.6x on): `tokenName` required; the method
 * `personalAccessTokens:regenerateToken`: the named token is made again (its `bypassTwoFactor`
 * kept, a new `createdAt`), the old one stops working. Answers the new token.
 */
export default route(GROUPS.users, {
  name: 'users.regeneratePersonalAccessToken',
  method: 'POST',
  permissions: ['create-personal-access-tokens'],
  errors: ['not-found', 'token-name-required', 'token-not-authorized', 'token-not-found'],
  response: answer({ token: str }),
  changes: ['user', 'token'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: (context) => ({ tokenName: tokenNameOf(readBody(context.input.body)) }),
  run: (context, args) =>
    success({ token: regenerateToken.run({ ...context, user: callerOf(context) }, args) }),
});
