import leaveRoom from '../commands/leaveRoom';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { ROOMS_LEAVE_VALIDATOR, SINCE_5, findRoomByIdOrName } from './rooms-lookup';
import { validated } from './schemas';

/**
 * `POST /api/v1/rooms.leave`: 8.x's typed body first (`roomId` or `roomName`, nothing else), then
 * any room by id or name (`findRoomByIdOrName`, archived refused), then the `leaveRoom` command
 * (`channels.leave`'s and `groups.leave`'s: a direct room, or no `leave-c` / `leave-p`, is `Not
 * allowed`; a non-member `error-user-not-in-room`; the last owner stays). Answers `{success: true}`.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.leave',
  method: 'POST',
  permissions: ['leave-c', 'leave-p'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'room-not-allowed',
    'caller-not-in-room',
    'last-owner',
  ],
  response: DONE,
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: ROOMS_LEAVE_VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, ROOMS_LEAVE_VALIDATOR, readBody(context.input.body));
    return { rid: findRoomByIdOrName(store, profile, body, true)._id };
  },
  run: (context, args) => {
    leaveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
