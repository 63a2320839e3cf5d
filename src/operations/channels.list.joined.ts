import { success } from './operation';
import { LIST_QUERY, callerOf, readListOptions, LIST_QUERY_ERRORS } from './params';
import { GROUPS, route } from './route-groups';
import { LIST_CHANNEL, page } from './responses';

/**
 * `GET /api/v1/channels.list.joined`: the public channels the caller is in (no permission), by
 * name unless `sort` says otherwise, `query` and `fields` as for `channels.list`, as
 * `{channels, offset, count, total}`.
 */
export default route(GROUPS.channels, {
  name: 'channels.list.joined',
  method: 'GET',
  order: 210,
  errors: [...LIST_QUERY_ERRORS],
  response: page('channels', LIST_CHANNEL),
  reads: ['room'],
  read: ({ input }) => readListOptions(input.query, ['t']),
  openApi: { query: LIST_QUERY },
  run: (context, options) => {
    const { items, count, offset, total } = context.store.listJoinedChannels(callerOf(context), options);
    return success({ channels: items, offset, count, total });
  },
});
