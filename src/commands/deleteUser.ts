import type { User } from '../types';
import { command } from './command';

/**
 * `deleteUser` (the function `users.delete` calls and the realtime method's body): the target by
 * `_id`, then the domain's checks (the last admin, the last owner of a room without
 * `confirmRelinquish`) and its one write. Each face checks `delete-user` its own way first.
 */
export interface DeleteUserArgs {
  readonly userId: string;
  readonly confirmRelinquish: boolean;
}

export default command<DeleteUserArgs, true>({
  name: 'deleteUser',
  run({ store }, args) {
    store.deleteUser(args.userId, args.confirmRelinquish);
    return true;
  },
});

/** The user a `getUserFromParams` body names: `userId` by `_id`, else `username` / `user` (any case). */
export function userFromParams(
  find: { byId: (id: string) => User | undefined; byName: (name: string) => User | undefined },
  params: { userId?: unknown; username?: unknown; user?: unknown },
): User | 'not-provided' | 'no-match' {
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const id = text(params.userId);
  const name = text(params.username) ?? text(params.user);
  if (id === undefined && name === undefined) return 'not-provided';
  const user = id !== undefined ? find.byId(id) : find.byName(name ?? '');
  return user ?? 'no-match';
}
