import createToken from '../commands/createToken';
import type { CreateTokenArgs } from '../commands/createToken';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5, namedUser } from './users-rest';

/**
 * `POST /api/v1/users.createToken` (0.56 on): the user `userId`, `username` or `user` names
 * (`getUserFromParams`), then the method `createToken`
 * (src/commands/createToken.ts: the environment's `CREATE_TOKENS_FOR_USERS` until 7.x, the
 * `secret` from 8.0, `user-generate-access-token` for another user). Answers
 * `{data: {userId, authToken}}`: a login token that works as `X-Auth-Token` until a logout.
 */
function readArgs(context: OperationContext): CreateTokenArgs {
  const body = readBody(context.input.body);
  const target = namedUser(context.store, body);
  return { target, ...(typeof body.secret === 'string' ? { secret: body.secret } : {}) };
}

export default route(GROUPS.users, {
  name: 'users.createToken',
  method: 'POST',
  permissions: ['user-generate-access-token'],
  errors: ['not-found', 'user-param-not-provided', 'user-param-invalid', 'create-token-not-authorized'],
  response: answer({
    data: { type: 'object', required: ['userId', 'authToken'], properties: { userId: str, authToken: str } },
  }),
  changes: ['token'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context, args) => success({ data: createToken.run({ ...context, user: callerOf(context) }, args) }),
});
