import { ApiError } from '../errors';
import deleteOwnAccount from '../commands/deleteUserOwnAccount';
import type { DeleteOwnAccountArgs } from '../commands/deleteUserOwnAccount';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5 } from './users-rest';

/**
 * `POST /api/v1/users.deleteOwnAccount` (0.6x on): `password` required (the SHA-256 hex digest of
 * the password, any case), then `Accounts_AllowDeleteOwnAccount` (default false: `Not allowed`),
 * then the method `deleteUserOwnAccount` (src/commands/deleteUserOwnAccount.ts): the password, the
 * last admin, the last owner of a room without `confirmRelinquish`. The caller is deleted as
 * `users.delete` deletes a user: every token of it ends.
 */
function readArgs(context: OperationContext): DeleteOwnAccountArgs {
  const body = readBody(context.input.body);
  if (!body.password) throw new ApiError('delete-own-password-required');
  if (!context.store.settings().Accounts_AllowDeleteOwnAccount) throw new ApiError('role-users-not-allowed');
  return { password: String(body.password), confirmRelinquish: body.confirmRelinquish === true };
}

export default route(GROUPS.users, {
  name: 'users.deleteOwnAccount',
  method: 'POST',
  errors: [
    'not-found',
    'delete-own-password-required',
    'role-users-not-allowed',
    'delete-own-invalid-password',
    'users-last-admin',
    'user-last-owner',
  ],
  response: DONE,
  changes: ['user', 'room', 'subscription', 'token'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context, args) => {
    deleteOwnAccount.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
