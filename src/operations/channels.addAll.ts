import addAllUserToRoom from '../commands/addAllUserToRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { answer, FULL_ROOM } from './responses';
import { channelValidator, roomOneOf } from './room-members';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { roomView } from './views';

/** `channels.addAll` (6.x on): the room and a boolean `activeUsersOnly`. */
const ADD_ALL_VALIDATOR = channelValidator(roomOneOf({ activeUsersOnly: { type: 'boolean' } }));

/**
 * `POST /api/v1/channels.addAll`: from 6.x the validator, the channel (archived refused), then the
 * `addAllUserToRoom` command. The route passes `activeUsersOnly` on only when it is `"true"` or
 * `1`, which its boolean validator never lets through: every user joins, the inactive ones too.
 * Answers `{channel}` as the change left it.
 */
export default route(GROUPS.channels, {
  name: 'channels.addAll',
  method: 'POST',
  permissions: ['add-all-to-room'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'add-all-forbidden',
    'add-all-user-limit',
    'members-limit-reached',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room', 'user'],
  changes: ['room', 'subscription', 'message'],
  validator: ADD_ALL_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, ADD_ALL_VALIDATOR, readBody(context.input.body));
    return { rid: store.findChannel(readRoomRef(body), { checkArchived: true })._id, activeUsersOnly: false };
  },
  run: (context, args) => {
    const room = addAllUserToRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ channel: roomView(room) });
  },
});
