import archiveRoom from '../commands/archiveRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { ROOM_ONLY_VALIDATOR, findLifecycleChannel } from './room-lifecycle';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `POST /api/v1/channels.archive`: from 6.x the validator first (the room alone), then the channel
 * (one archived already refused), then the `archiveRoom` command (`archive-room`). Answers
 * `{success: true}`.
 */
export default route(GROUPS.channels, {
  name: 'channels.archive',
  method: 'POST',
  permissions: ['archive-room'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'archive-not-authorized',
  ],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: ROOM_ONLY_VALIDATOR,
  read: ({ store, profile, input }) => {
    const body = validated(profile, ROOM_ONLY_VALIDATOR, readBody(input.body));
    return { rid: findLifecycleChannel(store, profile, readRoomRef(body), true)._id };
  },
  run: (context, args) => {
    archiveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
