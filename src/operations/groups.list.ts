import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { LIST_QUERY, LIST_QUERY_ERRORS, callerOf, readListOptions } from './params';
import { page } from './responses';
import { LIST_GROUP } from './room-reads';
import { GROUPS, route } from './route-groups';

/** 5.x and 6.x answer a caller in no group with a 404; 0.49 and 7.x on with an empty page. */
const EMPTY_IS_404 = { '0.49': false, '5': true, '7': false };

/**
 * `GET /api/v1/groups.list`: the private groups the caller is in (archived ones too), by name
 * unless `sort` says otherwise (a `query` is not applied), a page as `{groups, offset, count, total}`.
 */
export default route(GROUPS.groups, {
  name: 'groups.list',
  method: 'GET',
  errors: ['not-found', 'invalid-params', ...LIST_QUERY_ERRORS],
  response: page('groups', LIST_GROUP),
  reads: ['room'],
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    // the route reads the page, `sort` and `fields`; a `query` is parsed (its refusals) and not applied
    const { query: _query, ...options } = readListOptions(context.input.query, ['t']);
    if (byEra(profile, EMPTY_IS_404) && store.listGroups(user, { offset: 0, count: 1 }, false).total === 0)
      throw new ApiError('not-found');
    return options;
  },
  run: (context, options) => {
    const { items, offset, count, total } = context.store.listGroups(callerOf(context), options, false);
    return success({ groups: items, offset, count, total });
  },
  openApi: { query: LIST_QUERY },
});
