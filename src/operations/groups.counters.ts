import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, textOf } from './params';
import { answer } from './responses';
import { COUNTERS, COUNTERS_QUERY, SINCE_5, roomCounters } from './room-reads';
import { GROUPS, route } from './route-groups';

/**
 * `GET /api/v1/groups.counters`: its own lookup (a blank `roomId` or `roomName` refused, then the
 * group by id or name, archived refused; no access check), then another user's (`userId`) only
 * with `view-room-administration` (the bare 403), then the counters as `channels.counters` has them.
 */
export default route(GROUPS.groups, {
  name: 'groups.counters',
  method: 'GET',
  permissions: ['view-room-administration'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'room-forbidden',
  ],
  response: answer(COUNTERS),
  reads: ['room', 'subscription', 'message'],
  read: (context) => {
    const { store, input } = context;
    const caller = callerOf(context);
    const roomId = textOf(input.query.roomId);
    const roomName = textOf(input.query.roomName);
    // `params.roomId && !params.roomId.trim()`: only a blank of spaces is "not provided"
    if ((roomId !== '' && roomId.trim() === '') || (roomName !== '' && roomName.trim() === ''))
      throw new ApiError('error-room-param-not-provided');
    const id = roomId !== '' ? roomId : roomName !== '' ? store.findRoomId(roomName) : undefined;
    const room = id === undefined ? undefined : store.anyRoom(id);
    if (!room || room.t !== 'p') throw new ApiError('error-group-not-found');
    if (room.archived === true) throw new ApiError('error-group-archived', { name: room.name });
    const admin = store.can(caller, 'view-room-administration');
    const userId = textOf(input.query.userId);
    if (userId !== '' && !admin) throw new ApiError('room-forbidden');
    return { room, target: userId !== '' ? store.userById(userId) : caller, admin };
  },
  run: ({ store, profile }, { room, target, admin }) =>
    success(roomCounters(store, profile, room, target, admin)),
  openApi: { servedIn: SINCE_5, query: COUNTERS_QUERY },
});
