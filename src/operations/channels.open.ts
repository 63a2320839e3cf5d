import openRoom from '../commands/openRoom';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { DONE } from './responses';
import { channelValidator, roomOneOf } from './room-members';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** `channels.open` (6.x on): the room, and `query` and `sort` it does not read. */
const OPEN_VALIDATOR = channelValidator(roomOneOf({ query: {}, sort: {} }));

/**
 * `POST /api/v1/channels.open`: from 6.x the validator, the channel (archived ones too), the
 * caller's subscription (none, or open already: the route's plain failures), then `openRoom`:
 * the subscription opened (`subscriptions-changed`).
 */
export default route(GROUPS.channels, {
  name: 'channels.open',
  method: 'POST',
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'channel-open-not-member',
    'channel-already-open',
  ],
  response: DONE,
  reads: ['room', 'subscription'],
  changes: ['subscription'],
  validator: OPEN_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, OPEN_VALIDATOR, readBody(context.input.body));
    const room = store.findChannel(readRoomRef(body), { checkArchived: false });
    const sub = store.memberState(room, callerOf(context));
    if (!sub) throw new ApiError('channel-open-not-member', { name: room.name });
    if (sub.open) throw new ApiError('channel-already-open', { name: room.name });
    return room._id;
  },
  run: (context, rid) => {
    openRoom.run({ ...context, user: callerOf(context) }, { rid });
    return success({});
  },
});
