import { byEra } from '../eras';
import eraseRoom from '../commands/eraseRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { ROOM_ONLY_VALIDATOR, findLifecycleChannel } from './room-lifecycle';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { roomView } from './views';
import type { Room } from '../types';

/** The 0.49 era answered the deleted room (`{channel}`); 5.x on, `{success: true}` alone. */
const ANSWERS_ROOM = { '0.49': true, '5': false };

/**
 * `POST /api/v1/channels.delete`: from 6.x the validator first (the room alone), then the channel
 * (an archived one too), then the `eraseRoom` command (`delete-c`; a team's channel also
 * `delete-team-channel`). The channel goes with its messages and subscriptions.
 */
export default route(GROUPS.channels, {
  name: 'channels.delete',
  method: 'POST',
  permissions: ['delete-c', 'delete-team-channel'],
  errors: ['error-roomid-param-not-provided', 'error-room-not-found', 'room-not-allowed'],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: ROOM_ONLY_VALIDATOR,
  read: ({ store, profile, input }) => {
    const body = validated(profile, ROOM_ONLY_VALIDATOR, readBody(input.body));
    return { rid: findLifecycleChannel(store, profile, readRoomRef(body), false)._id };
  },
  run: (context, args) => {
    const room = eraseRoom.run({ ...context, user: callerOf(context) }, args) as Room;
    return success(byEra(context.profile, ANSWERS_ROOM) ? { channel: roomView(room) } : {});
  },
});
