import { success } from './operation';
import { callerOf, readUpdatedSince } from './params';
import { GROUPS, route } from './route-groups';
import { ROOM, updates } from './responses';

/**
 * `GET /api/v1/rooms.get`: the rooms the caller is in (channels, groups, direct rooms), as
 * `{update, remove}`; with `updatedSince`, only those changed after it, and in `remove` every room
 * deleted since (`{_id, _deletedAt}`). No validator: other parameters are ignored, as on the real
 * server.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.get',
  method: 'GET',
  order: 280,
  errors: ['threads-updatedsince-invalid'],
  response: updates(ROOM),
  reads: ['room', 'subscription'],
  read: ({ input }) => readUpdatedSince(input.query.updatedSince, 'threads-updatedsince-invalid'),
  openApi: { query: { updatedSince: 'ISO 8601: only rooms changed since, with those removed since' } },
  run: (context, updatedSince) => success(context.store.roomsFor(callerOf(context), updatedSince)),
});
