import { operation, success } from './operation';
import { LIST_QUERY, callerOf, readListOptions } from './params';

/**
 * `GET /api/v1/im.list` (and `dm.list`): the direct rooms the caller is in, each whole (with
 * `lm` and `lastMessage` once it has messages), in the order they were made unless `sort` says
 * otherwise, as `{ims, offset, count, total}`.
 */
export default operation({
  name: 'im.list',
  method: 'GET',
  path: '/api/v1/im.list',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: ({ input }) => readListOptions(input.query),
  openApi: { query: LIST_QUERY },
  run: (context, options) => {
    const { items, count, offset, total } = context.store.listDirects(callerOf(context), options);
    return success({ ims: items, offset, count, total });
  },
});
