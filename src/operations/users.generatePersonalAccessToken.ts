import generateToken from '../commands/generatePersonalAccessToken';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5, tokenNameOf } from './users-rest';

/**
 * `POST /api/v1/users.generatePersonalAccessToken` (0.6x on; 0.49 answers it as a route it does
 * not have): `tokenName` required, `bypassTwoFactor` (default false); the method
 * `personalAccessTokens:generateToken` (src/commands/personalAccessTokens.ts). Answers the new
 * token, 43 characters, which works as `X-Auth-Token` with the caller's `X-User-Id` from then on.
 * The route's two-factor check is not made: the fake answers as a server does within its
 * two-factor window.
 */
function readArgs(context: OperationContext): { tokenName: string; bypassTwoFactor: boolean } {
  const body = readBody(context.input.body);
  return { tokenName: tokenNameOf(body), bypassTwoFactor: body.bypassTwoFactor === true };
}

export default route(GROUPS.users, {
  name: 'users.generatePersonalAccessToken',
  method: 'POST',
  permissions: ['create-personal-access-tokens'],
  errors: [
    'not-found',
    'token-name-required',
    'token-not-authorized',
    'token-exists',
    'tokens-per-user-limit',
  ],
  response: answer({ token: str }),
  changes: ['user', 'token'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context, args) =>
    success({ token: generateToken.run({ ...context, user: callerOf(context) }, args) }),
});
