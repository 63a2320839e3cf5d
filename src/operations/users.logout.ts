import { ApiError } from '../errors';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/users.logout` (3.x on; 0.49 answers it as a route it does not have): the target
 * is `userId` or the caller; another user needs `logout-other-user` (a bare 403). Every login
 * token of the target ends, personal access tokens and the calling one too
 * (`Users.unsetLoginTokens`); none to end → `Invalid user id [error-invalid-user-id]`.
 */

const SERVED = { '0.49': false, '5': true };

function readArgs(context: OperationContext): string {
  const { store } = context;
  const body = readBody(context.input.body);
  const caller = callerOf(context);
  const target = typeof body.userId === 'string' && body.userId !== '' ? body.userId : caller._id;
  if (target !== caller._id && !store.can(caller, 'logout-other-user'))
    throw new ApiError('users-unauthorized');
  return target;
}

export default route(GROUPS.users, {
  name: 'users.logout',
  method: 'POST',
  permissions: ['logout-other-user'],
  errors: ['not-found', 'users-unauthorized', 'logout-invalid-user-id'],
  response: answer({ message: str }),
  changes: ['token'],
  openApi: { servedIn: SERVED },
  read: readArgs,
  run: ({ store }, target) => {
    if (store.logoutUser(target) === 0) throw new ApiError('logout-invalid-user-id');
    return success({ message: `User ${target} has been logged out!` });
  },
});
