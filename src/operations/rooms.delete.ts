import { byEra } from '../eras';
import { ApiError } from '../errors';
import eraseRoom from '../commands/eraseRoom';
import { success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { ROOMS_DELETE_VALIDATOR } from './room-lifecycle';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** 6.x on (absent before: the line's 404). */
const SERVED = { '0.49': false, '6': true };
/** 8.x's typed route: a team's main room is refused before `eraseRoom`. */
const MAIN_ROOM_REFUSED = { '0.49': false, '8': true };

/**
 * `POST /api/v1/rooms.delete`: any room by `roomId` (6.x and 7.x: a falsy one is the route's own
 * refusal; 8.x: the typed body, then the room, a team's main room refused), then the `eraseRoom`
 * command (the room type's delete permission, a team's). Answers `{success: true}`.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.delete',
  method: 'POST',
  permissions: ['delete-c', 'delete-p', 'delete-d', 'delete-team-channel', 'delete-team-group'],
  errors: ['subscription-room-required', 'room-invalid', 'delete-team-main-room', 'room-not-allowed'],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  validator: ROOMS_DELETE_VALIDATOR,
  read: ({ store, profile, input }) => {
    const body = validated(profile, ROOMS_DELETE_VALIDATOR, readBody(input.body));
    const rid = textOf(body.roomId);
    if (!byEra(profile, MAIN_ROOM_REFUSED)) {
      if (!body.roomId) throw new ApiError('subscription-room-required');
      return { rid };
    }
    const room = store.anyRoom(rid);
    if (!room) throw new ApiError('room-invalid', { method: eraseRoom.name });
    if (room.t !== 'd' && room.teamMain === true)
      throw new ApiError('delete-team-main-room', { method: eraseRoom.name });
    return { rid };
  },
  run: (context, args) => {
    eraseRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
  openApi: { servedIn: SERVED },
});
