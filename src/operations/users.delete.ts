import { byEra } from '../eras';
import { ApiError } from '../errors';
import deleteUser, { userFromParams } from '../commands/deleteUser';
import type { DeleteUserArgs } from '../commands/deleteUser';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/users.delete`: `delete-user` first (a 403: the bare `unauthorized` to 6.x, 7.x's
 * `permissionsRequired` words from 7.0), then the user named (0.49: `userId` alone; later
 * `getUserFromParams`: `userId`, `username` or `user`), then `deleteUser`
 * (src/commands/deleteUser.ts). Answers `{success: true}`.
 */

/** Until 6.x the route's own `unauthorized()`; 7.x's `permissionsRequired`. */
const REFUSAL = { '0.49': 'users-unauthorized', '7': 'error-unauthorized' } as const;
/** 0.49 read `userId` alone. */
const BY_ID_ONLY = { '0.49': true, '5': false };

function readArgs(context: OperationContext): DeleteUserArgs {
  const { store, profile } = context;
  if (!store.can(callerOf(context), 'delete-user')) throw new ApiError(byEra(profile, REFUSAL));
  const body = readBody(context.input.body);
  const confirmRelinquish = body.confirmRelinquish === true;
  if (byEra(profile, BY_ID_ONLY)) {
    if (typeof body.userId !== 'string' || body.userId === '') throw new ApiError('users-userid-required');
    return { userId: body.userId, confirmRelinquish };
  }
  const found = userFromParams(
    { byId: (id) => store.userById(id), byName: (name) => store.userNamed(name) },
    body,
  );
  if (found === 'not-provided') throw new ApiError('user-param-not-provided');
  if (found === 'no-match') throw new ApiError('user-param-invalid');
  return { userId: found._id, confirmRelinquish };
}

export default route(GROUPS.users, {
  name: 'users.delete',
  method: 'POST',
  permissions: ['delete-user'],
  errors: [
    'users-unauthorized',
    'error-unauthorized',
    'users-userid-required',
    'user-param-not-provided',
    'user-param-invalid',
    'delete-invalid-user',
    'users-last-admin',
    'user-last-owner',
  ],
  response: DONE,
  changes: ['user', 'room', 'subscription', 'token'],
  read: readArgs,
  run: (context, args) => {
    deleteUser.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
