import { ApiError } from '../errors';
import { byEra } from '../eras';
import { roomView } from './views';
import { success } from './operation';
import { callerOf, mayAccessRoom, readRoomRef } from './params';
import { INFO_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, FULL_ROOM } from './responses';

/** Whether the route checks that the caller may see the room (`canAccessRoom`), by era. */
const CHECKS_ACCESS = { '0.49': false, '7': true };

/**
 * `GET /api/v1/channels.info`: one public channel by `roomId` or `roomName` (archived ones too),
 * as `{channel}`. The room is found as the other `channels.*` routes find it; then the caller must
 * be able to see it: with `view-c-room`, or as a member.
 */
export default route(GROUPS.channels, {
  name: 'channels.info',
  method: 'GET',
  order: 80,
  permissions: ['view-c-room', 'view-joined-room'],
  errors: ['error-roomid-param-not-provided', 'error-room-not-found', 'room-forbidden'],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  validator: INFO_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const params = validated(profile, INFO_VALIDATOR, context.input.query);
    const room = store.findChannel(readRoomRef(params), { checkArchived: false });
    // `API.v1.forbidden()`: `unauthorized` (its `forbidden` waits for 9.0's breaking changes)
    if (byEra(profile, CHECKS_ACCESS) && !mayAccessRoom(store, profile, user, room))
      throw new ApiError('room-forbidden');
    return room;
  },
  run: (_context, room) => success({ channel: roomView(room) }),
});
