import { ApiError } from '../errors';
import { userFromParams } from '../commands/deleteUser';
import type { Store } from '../store/store';
import type { User } from '../types';
import type { Params } from './operation';

/**
 * What the users.* routes of one's own account, presence and tokens share (the users-rest
 * routes): the release lines that serve them, and the user a `getUserFromParams` request names.
 *
 * Layer: operations.
 */

/** The routes 0.49 did not have (0.5x to 4.x added them): its 404 there. */
export const SERVED_FROM_5 = { '0.49': false, '5': true };

/** The personal access token routes' `tokenName`: any falsy value is refused (`API.v1.failure`). */
export function tokenNameOf(body: Params): string {
  const name = body.tokenName;
  if (!name) throw new ApiError('token-name-required');
  return String(name);
}

/**
 * `isUserFromParams`: none of `userId`, `username`, `user` given, or one naming the caller. Then
 * the caller; else the user `getUserFromParams` finds (its two refusals).
 */
export function userOfParams(store: Store, caller: User, params: Params): User {
  const given = [params.userId, params.username, params.user];
  if (given.every((v) => v === undefined || v === '')) return caller;
  if (params.userId === caller._id || params.username === caller.username || params.user === caller.username)
    return caller;
  return namedUser(store, params);
}

/** `getUserFromParams`: the user `userId` (by `_id`), else `username` or `user` (any case) names; its two refusals. */
export function namedUser(store: Store, params: Params): User {
  const found = userFromParams(
    { byId: (id) => store.userById(id), byName: (name) => store.userNamed(name) },
    params,
  );
  if (found === 'not-provided') throw new ApiError('user-param-not-provided');
  if (found === 'no-match') throw new ApiError('user-param-invalid');
  return found;
}
