import { success } from './operation';
import { LIST_QUERY, callerOf, readListOptions, LIST_QUERY_ERRORS } from './params';
import { GROUPS, route } from './route-groups';
import { page, ROOM } from './responses';

/**
 * `GET /api/v1/im.list` (and `dm.list`): the direct rooms the caller is in, each whole (with
 * `lm` and `lastMessage` once it has messages), in the order they were made unless `sort` says
 * otherwise, as `{ims, offset, count, total}`.
 */
export default route(GROUPS.im, {
  name: 'im.list',
  method: 'GET',
  order: 310,
  errors: [...LIST_QUERY_ERRORS],
  response: page('ims', ROOM),
  reads: ['room'],
  read: ({ input }) => readListOptions(input.query),
  openApi: { query: LIST_QUERY },
  run: (context, options) => {
    const { items, count, offset, total } = context.store.listDirects(callerOf(context), options);
    return success({ ims: items, offset, count, total });
  },
});
