import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readPagination, ROOM_REF_QUERY } from './params';
import { FULL_ROOM, page } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_5, findRoomByIdOrName, mayAccess } from './rooms-lookup';
import { roomView } from './views';

/**
 * `GET /api/v1/rooms.getDiscussions`: the room by `roomId` or `roomName` (`findRoomByIdOrName`:
 * any kind of room, archived refused), the caller's access (refused as rooms.info refuses it:
 * `not-allowed` and `Not Allowed` swapped), then a page of the rooms whose `prid` is that room,
 * by title (`fname`). `sort`, `fields` and `query` are not applied.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.getDiscussions',
  method: 'GET',
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'rooms-info-not-allowed',
  ],
  response: page('discussions', FULL_ROOM),
  reads: ['room'],
  openApi: { servedIn: SINCE_5, query: ROOM_REF_QUERY },
  read: (context) => {
    const { store, profile, input } = context;
    const room = findRoomByIdOrName(store, profile, input.query, true);
    if (!mayAccess(store, profile, callerOf(context), room)) throw new ApiError('rooms-info-not-allowed');
    return { rid: room._id, ...readPagination(input.query) };
  },
  run: ({ store }, { rid, offset, count }) => {
    const { rooms, total } = store.discussionsOf(rid, { offset, count });
    return success({ discussions: rooms.map(roomView), count: rooms.length, offset, total });
  },
});
