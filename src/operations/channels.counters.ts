import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readRoomRef, textOf } from './params';
import { answer } from './responses';
import { COUNTERS, COUNTERS_QUERY, SINCE_5, roomCounters } from './room-reads';
import { GROUPS, route } from './route-groups';

/**
 * `GET /api/v1/channels.counters`: another user's (`userId`) only with `view-room-administration`
 * (the bare 403, before the room), the channel (archived refused), then the counters: joined
 * when subscribed and open, the unreads from `ls` to the last message and the mentions, the
 * room's counts when joined or an administrator.
 */
export default route(GROUPS.channels, {
  name: 'channels.counters',
  method: 'GET',
  permissions: ['view-room-administration'],
  errors: [
    'room-forbidden',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
  ],
  response: answer(COUNTERS),
  reads: ['room', 'subscription', 'message'],
  read: (context) => {
    const { store, input } = context;
    const caller = callerOf(context);
    const admin = store.can(caller, 'view-room-administration');
    const userId = textOf(input.query.userId);
    if (userId !== '' && !admin) throw new ApiError('room-forbidden');
    const room = store.findChannel(readRoomRef(input.query), { checkArchived: true });
    return { room, target: userId !== '' ? store.userById(userId) : caller, admin };
  },
  run: ({ store, profile }, { room, target, admin }) =>
    success(roomCounters(store, profile, room, target, admin)),
  openApi: { servedIn: SINCE_5, query: COUNTERS_QUERY },
});
