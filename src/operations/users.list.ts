import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, readListOptions, LIST_QUERY_ERRORS } from './params';
import { USERS_LIST_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { page, USER } from './responses';

/**
 * `GET /api/v1/users.list`: every user (deactivated ones and bots too), `view-d-room` needed,
 * sorted by `username`, a page of `count` (50 by default, at most 100) as
 * `{users, count, offset, total}`; `query` filters and `fields` projects what the caller sees of
 * each user: from 0.50 to 6.x; 0.49 reads neither (nor `sort`), 7.0 on only with the environment's
 * ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS (else they are taken and do nothing).
 */
/** Which of `fields`, `query` and `sort` the release line reads (`parseJsonQuery`). */
const JSON_PARAMS: EraTable<'none' | 'all' | 'unsafe-only'> = {
  '0.49': 'none',
  '5': 'all',
  '7': 'unsafe-only',
};

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
    // the release line's `parseJsonQuery` (users-rest): 0.49 reads none of `fields`, `query`,
    // `sort`; 7.0 on `fields` and `query` only with ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS
    const rule = byEra(profile, JSON_PARAMS);
    const unsafe = rule === 'unsafe-only' && store.settings().ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS;
    const { fields, query, sort, ...rest } = params;
    const kept = {
      ...rest,
      ...(rule === 'none' ? {} : { sort }),
      ...(rule === 'all' || unsafe ? { fields, query } : {}),
    };
    return readListOptions(Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined)));
  },
  run: (context, options) => {
    const { items, count, offset, total } = context.store.listUsers(callerOf(context), options);
    return success({ users: items, count, offset, total });
  },
});
