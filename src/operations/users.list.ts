import { success } from './operation';
import { callerOf, readListOptions, LIST_QUERY_ERRORS } from './params';
import { USERS_LIST_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { page, USER } from './responses';

/**
 * `GET /api/v1/users.list`: every user (deactivated ones and bots too), `view-d-room` needed,
 * sorted by `username`, a page of `count` (50 by default, at most 100) as
 * `{users, count, offset, total}`; `query` (deprecated on the real server) filters what the
 * caller sees of each user.
 */
export default route(GROUPS.users, {
  name: 'users.list',
  method: 'GET',
  order: 200,
  permissions: ['view-d-room', 'view-full-other-user-info'],
  errors: ['error-unauthorized', ...LIST_QUERY_ERRORS],
  response: page('users', USER),
  reads: ['user'],
  validator: USERS_LIST_VALIDATOR,
  read: (context) => {
    const { input, profile, store } = context;
    const params = validated(profile, USERS_LIST_VALIDATOR, input.query);
    store.requirePermission(callerOf(context), 'view-d-room');
    return readListOptions(params);
  },
  run: (context, options) => {
    const { items, count, offset, total } = context.store.listUsers(callerOf(context), options);
    return success({ users: items, count, offset, total });
  },
});
