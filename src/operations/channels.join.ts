import joinRoom from '../commands/joinRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { JOIN_VALIDATOR } from './room-members';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { roomView } from './views';

/**
 * `POST /api/v1/channels.join`: from 6.x the validator first (the room and an optional
 * `joinCode`), then the channel (archived refused), then the `joinRoom` command (access, the join
 * code). A member already is answered the channel as it is. Answers `{channel}`.
 */
export default route(GROUPS.channels, {
  name: 'channels.join',
  method: 'POST',
  permissions: ['view-c-room', 'join-without-join-code'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'room-not-allowed',
    'join-code-required',
    'join-code-invalid',
    'join-password-invalid',
    'members-limit-reached',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: JOIN_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, JOIN_VALIDATOR, readBody(context.input.body));
    const room = store.findChannel(readRoomRef(body), { checkArchived: true });
    const code = body.joinCode;
    return { rid: room._id, joinCode: typeof code === 'string' ? code : undefined };
  },
  run: (context, args) => {
    const { room } = joinRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ channel: roomView(room) });
  },
});
