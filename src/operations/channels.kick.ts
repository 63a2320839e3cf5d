import removeUserFromRoom from '../commands/removeUserFromRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { KICK_VALIDATOR, readUser } from './room-members';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { roomView } from './views';

/**
 * `POST /api/v1/channels.kick`: from 6.x the validator first (the room and a `userId`, nothing
 * else: `username` is refused), then the channel (archived refused), the user, and the
 * `removeUserFromRoom` command. Answers `{channel}` as the kick left it.
 */
export default route(GROUPS.channels, {
  name: 'channels.kick',
  method: 'POST',
  permissions: ['remove-user', 'kick-user-from-any-c-room'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'user-param-not-provided',
    'user-param-invalid',
    'room-not-allowed',
    'error-group-not-found',
    'user-not-in-room',
    'last-owner',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room', 'user'],
  changes: ['room', 'subscription', 'message'],
  validator: KICK_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, KICK_VALIDATOR, readBody(context.input.body));
    const room = store.findChannel(readRoomRef(body), { checkArchived: true });
    return { rid: room._id, username: readUser(store, body).username };
  },
  run: (context, args) => {
    const room = removeUserFromRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ channel: roomView(room) });
  },
});
