import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { LIST_QUERY, LIST_QUERY_ERRORS, callerOf, readListOptions } from './params';
import { page } from './responses';
import { LIST_GROUP } from './room-reads';
import { GROUPS, route } from './route-groups';

/** To 6.x the handler's own check (the bare 403); from 7.x the route's `permissionsRequired`. */
const FRAMEWORK_PERMISSION = { '0.49': false, '7': true };

/**
 * `GET /api/v1/groups.listAll`: `view-room-administration` first, then every private group (team
 * main rooms and archived ones too), by name unless `sort` says otherwise, a page as
 * `{groups, offset, count, total}`.
 */
export default route(GROUPS.groups, {
  name: 'groups.listAll',
  method: 'GET',
  permissions: ['view-room-administration'],
  errors: ['room-forbidden', 'error-unauthorized', 'invalid-params', ...LIST_QUERY_ERRORS],
  response: page('groups', LIST_GROUP),
  reads: ['room'],
  read: (context) => {
    const { store, profile } = context;
    if (!store.can(callerOf(context), 'view-room-administration'))
      throw new ApiError(byEra(profile, FRAMEWORK_PERMISSION) ? 'error-unauthorized' : 'room-forbidden');
    return readListOptions(context.input.query, ['t']);
  },
  run: (context, options) => {
    const { items, offset, count, total } = context.store.listGroups(callerOf(context), options, true);
    return success({ groups: items, offset, count, total });
  },
  openApi: { query: LIST_QUERY },
});
