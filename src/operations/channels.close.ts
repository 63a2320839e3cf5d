import hideRoom from '../commands/hideRoom';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/channels.close`: the channel (archived ones too), the caller's subscription
 * (none, or closed already: the route's plain failures), then `hideRoom`: the subscription
 * closed and its alert off (`subscriptions-changed`).
 */
export default route(GROUPS.channels, {
  name: 'channels.close',
  method: 'POST',
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'channel-close-not-member',
    'channel-already-closed',
  ],
  response: DONE,
  reads: ['room', 'subscription'],
  changes: ['subscription'],
  read: (context) => {
    const { store } = context;
    const room = store.findChannel(readRoomRef(readBody(context.input.body)), { checkArchived: false });
    const sub = store.memberState(room, callerOf(context));
    if (!sub) throw new ApiError('channel-close-not-member', { name: room.name });
    if (!sub.open) throw new ApiError('channel-already-closed', { name: room.name });
    return room._id;
  },
  run: (context, rid) => {
    hideRoom.run({ ...context, user: callerOf(context) }, { rid });
    return success({});
  },
});
