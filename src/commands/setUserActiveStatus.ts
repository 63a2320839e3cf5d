import { ApiError } from '../errors';
import type { User } from '../types';
import { command } from './command';

/**
 * `setUserActiveStatus` (the function `users.setActiveStatus` calls, and the realtime method's
 * body): the domain's checks (the last active admin, the last owner of a room without
 * `confirmRelinquish`) and its one write; an unknown user is `User not found`. Each face checks
 * its permission its own way first.
 */
export interface SetActiveArgs {
  readonly userId: string;
  readonly active: boolean;
  readonly confirmRelinquish: boolean;
}

export default command<SetActiveArgs, User>({
  name: 'setUserActiveStatus',
  run({ store }, args) {
    const user = store.setUserActive(args.userId, args.active, args.confirmRelinquish);
    if (!user) throw new ApiError('users-user-not-found');
    return user;
  },
});
