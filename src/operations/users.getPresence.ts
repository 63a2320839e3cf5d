import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { User } from '../types';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { userOfParams } from './users-rest';

/**
 * `GET /api/v1/users.getPresence` (every line): oneself `{presence, connectionStatus, lastLogin}`,
 * another user `{presence}`. 0.49 reads `userId` alone (an unknown one: `Failed to find a user
 * with the id of "<id>"`) and leaves out what the user lacks; 5.x on names the user as
 * `getUserFromParams` does; 6.x on answers `offline` for a status the user lacks.
 */

/** How the route names the user: 0.49's `userId` alone, or `isUserFromParams`/`getUserFromParams`. */
const BY_ID_ONLY = { '0.49': true, '5': false };
/** 6.x on: a missing status or connection status is `offline`. */
const OFFLINE_DEFAULT = { '0.49': false, '6': true };

function readArgs(context: OperationContext): User {
  const { store, profile, input } = context;
  const caller = callerOf(context);
  if (!byEra(profile, BY_ID_ONLY)) return userOfParams(store, caller, input.query);
  const id = input.query.userId;
  if (typeof id !== 'string' || id === '' || id === caller._id) return caller;
  const user = store.userById(id);
  if (!user) throw new ApiError('presence-user-not-found', { id });
  return user;
}

export default route(GROUPS.users, {
  name: 'users.getPresence',
  method: 'GET',
  errors: ['presence-user-not-found', 'user-param-not-provided', 'user-param-invalid'],
  response: answer({ presence: str, connectionStatus: str, lastLogin: str }, [
    'connectionStatus',
    'lastLogin',
  ]),
  reads: ['user'],
  openApi: {
    query: { userId: 'the user, by _id', username: 'the user, by username', user: 'the user, by username' },
  },
  read: readArgs,
  run: (context, target) => {
    const { store, profile } = context;
    const user = store.userById(target._id) ?? target;
    const fallback = byEra(profile, OFFLINE_DEFAULT) ? 'offline' : undefined;
    const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : fallback);
    const out: Record<string, unknown> = { presence: text(user.status) };
    if (user._id === callerOf(context)._id) {
      out.connectionStatus = text(user.statusConnection);
      out.lastLogin = typeof user.lastLogin === 'string' ? user.lastLogin : undefined;
    }
    return success(Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined)));
  },
});
