import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, textOf } from './params';
import { USERS_INFO_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, USER } from './responses';

/**
 * The lookup keys, in the order the route reads them (`userId`, `username`, `importId`, then 8.4's
 * `email`; the release's validator refuses the ones it lacks); an `importId` finds no fake user.
 */
const KEYS: EraTable<readonly string[]> = {
  '0.49': ['userId'],
  '5': ['userId', 'username'],
  '6': ['userId', 'username', 'importId'],
  '8.4': ['userId', 'username', 'importId', 'email'],
};

/** The 0.49 era's route: `userId` alone (0.50 on: `getUserFromParams`, then the lookups below). */
const BY_ID_ONLY: EraTable<boolean> = { '0.49': true, '5': false };

/**
 * `GET /api/v1/users.info`: one user by `userId` or `username`, as the caller may see them
 * (8.4 on also by `email`: another user's only with `view-full-other-user-info`)
 * (another user's public fields; with `view-full-other-user-info` also e-mails, roles, last
 * login; oneself with `services.password: true`), as `{user}`; `includeUserRooms=true` adds the
 * user's subscriptions as `rooms` (oneself, or with `view-other-user-channels`).
 */
export default route(GROUPS.users, {
  name: 'users.info',
  method: 'GET',
  order: 190,
  permissions: ['view-full-other-user-info', 'view-other-user-channels'],
  errors: ['users-invalid-search', 'users-not-found', 'users-info-userid-required', 'users-info-no-such-id'],
  response: answer({ user: USER }),
  reads: ['user', 'subscription'],
  validator: USERS_INFO_VALIDATOR,
  read: ({ input, profile }) => {
    if (byEra(profile, BY_ID_ONLY)) {
      // 0.49: `this.queryParams.userId` or its own refusal; then `findOneById`
      const userId = textOf(input.query.userId);
      if (userId === undefined || userId === '') throw new ApiError('users-info-userid-required');
      return { value: userId, byIdOnly: true };
    }
    const params = validated(profile, USERS_INFO_VALIDATOR, input.query);
    const key = byEra(profile, KEYS).find((k) => params[k] !== undefined);
    // an import id names no user of a scenario: the route's own "not found"
    if (key === 'importId') return { value: textOf(params[key]) === '' ? '' : undefined };
    return {
      value: key === undefined ? undefined : textOf(params[key]),
      includeUserRooms: params.includeUserRooms === 'true',
      byEmail: key === 'email',
    };
  },
  run: (context, ref) => success({ user: context.store.userInfo(callerOf(context), ref) }),
});
