import { ApiError } from '../errors';
import { byEra } from '../eras';
import { roomView } from './views';
import { operation, success } from './operation';
import { callerOf, mayAccessRoom, readRoomRef } from './params';
import { INFO_VALIDATOR, validated } from './schemas';

/** Whether the route checks that the caller may see the room (`canAccessRoom`), by era. */
const CHECKS_ACCESS = { '0.49': false, '7': true };

/**
 * `GET /api/v1/channels.info`: one public channel by `roomId` or `roomName` (archived ones too),
 * as `{channel}`. The room is found as the other `channels.*` routes find it; then the caller must
 * be able to see it: with `view-c-room`, or as a member.
 */
export default operation({
  name: 'channels.info',
  method: 'GET',
  path: '/api/v1/channels.info',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
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
