import { operation, success } from './operation';
import { callerOf, readUpdatedSince } from './params';

/**
 * `GET /api/v1/rooms.get`: the rooms the caller is in (channels, groups, direct rooms), as
 * `{update, remove}`; with `updatedSince`, only those changed after it (`remove`: none, the fake
 * deletes no room). No validator: other parameters are ignored, as on the real server.
 */
export default operation({
  name: 'rooms.get',
  method: 'GET',
  path: '/api/v1/rooms.get',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: ({ input }) => readUpdatedSince(input.query.updatedSince, 'rooms-invalid-date'),
  openApi: { query: { updatedSince: 'ISO 8601: only rooms changed since, with those removed since' } },
  run: (context, updatedSince) => success(context.store.roomsFor(callerOf(context), updatedSince)),
});
