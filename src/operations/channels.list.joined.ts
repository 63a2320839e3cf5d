import { operation, success } from './operation';
import { LIST_QUERY, callerOf, readListOptions } from './params';

/**
 * `GET /api/v1/channels.list.joined`: the public channels the caller is in (no permission), by
 * name unless `sort` says otherwise, `query` and `fields` as for `channels.list`, as
 * `{channels, offset, count, total}`.
 */
export default operation({
  name: 'channels.list.joined',
  method: 'GET',
  path: '/api/v1/channels.list.joined',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: ({ input }) => readListOptions(input.query, ['t']),
  openApi: { query: LIST_QUERY },
  run: (context, options) => {
    const { items, count, offset, total } = context.store.listJoinedChannels(callerOf(context), options);
    return success({ channels: items, offset, count, total });
  },
});
