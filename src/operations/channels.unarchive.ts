import { ApiError } from '../errors';
import unarchiveRoom from '../commands/unarchiveRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { ROOM_ONLY_VALIDATOR, findLifecycleChannel } from './room-lifecycle';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `POST /api/v1/channels.unarchive`: from 6.x the validator first (the room alone), then the
 * channel (archived or not), one not archived refused, then the `unarchiveRoom` command
 * (`unarchive-room`: admin only). Answers `{success: true}`.
 */
export default route(GROUPS.channels, {
  name: 'channels.unarchive',
  method: 'POST',
  permissions: ['unarchive-room'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'channel-not-archived',
    'archive-not-authorized',
  ],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: ROOM_ONLY_VALIDATOR,
  read: ({ store, profile, input }) => {
    const body = validated(profile, ROOM_ONLY_VALIDATOR, readBody(input.body));
    const room = findLifecycleChannel(store, profile, readRoomRef(body), false);
    if (!room.archived) throw new ApiError('channel-not-archived', { name: room.name });
    return { rid: room._id };
  },
  run: (context, args) => {
    unarchiveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
