import removeToken from '../commands/removePersonalAccessToken';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5, tokenNameOf } from './users-rest';

/**
 * `POST /api/v1/users.removePersonalAccessToken` (0.6x on): `tokenName` required; the method
 * `personalAccessTokens:removeToken` (the permission before the token's existence): the token
 * stops working at once. Answers `{success: true}`.
 */
export default route(GROUPS.users, {
  name: 'users.removePersonalAccessToken',
  method: 'POST',
  permissions: ['create-personal-access-tokens'],
  errors: ['not-found', 'token-name-required', 'token-not-authorized', 'token-not-found'],
  response: DONE,
  changes: ['user', 'token'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: (context) => ({ tokenName: tokenNameOf(readBody(context.input.body)) }),
  run: (context, args) => {
    removeToken.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
