import leaveRoom from '../commands/leaveRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { LEAVE_VALIDATOR } from './room-members';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { roomView } from './views';

/**
 * `POST /api/v1/channels.leave`: from 6.x the validator first (the room alone), then the channel
 * (archived refused), then the `leaveRoom` command (`leave-c`, membership, the last owner).
 * Answers `{channel}` as the leave left it.
 */
export default route(GROUPS.channels, {
  name: 'channels.leave',
  method: 'POST',
  permissions: ['leave-c'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'room-not-allowed',
    'caller-not-in-room',
    'last-owner',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: LEAVE_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, LEAVE_VALIDATOR, readBody(context.input.body));
    return { rid: store.findChannel(readRoomRef(body), { checkArchived: true })._id };
  },
  run: (context, args) => {
    const room = leaveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ channel: roomView(room) });
  },
});
