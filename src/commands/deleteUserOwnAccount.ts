import { createHash } from 'node:crypto';

import { ApiError } from '../errors';
import { command } from './command';

/**
 * `deleteUserOwnAccount` (`users.deleteOwnAccount`): the password as its SHA-256 hex digest (any
 * case), then the deletion of the caller as `deleteUser` makes it (the last admin, the last owner
 * of a room without `confirmRelinquish`). The route checks the body and the setting first.
 */
export interface DeleteOwnAccountArgs {
  readonly password: string;
  readonly confirmRelinquish: boolean;
}

/** A password's SHA-256 hex digest, as a Meteor client sends it. */
export function passwordDigest(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}

export default command<DeleteOwnAccountArgs, true>({
  name: 'deleteUserOwnAccount',
  run({ store, user }, args) {
    if (passwordDigest(user.password) !== args.password.toLowerCase())
      throw new ApiError('delete-own-invalid-password');
    store.deleteUser(user._id, args.confirmRelinquish);
    return true;
  },
});
