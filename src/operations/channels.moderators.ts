import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, mayAccessRoom, readRoomRef } from './params';
import { channelValidator, roomOneOf } from './room-members';
import { MODERATORS, SINCE_5 } from './room-reads';
import { str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** `channels.moderators` (6.x on): the room, and user keys it accepts and does not read. */
const MODERATORS_VALIDATOR = channelValidator(roomOneOf({ userId: str, username: str, user: str }));

/** `canAccessRoom` is asked from 7.x (a bare 403). */
const CHECKS_ACCESS = { '0.49': false, '7': true };

/**
 * `GET /api/v1/channels.moderators`: from 6.x the validator, the channel (archived refused), from
 * 7.x the caller's access (403); the moderators as `{_id, username, name}`.
 */
export default route(GROUPS.channels, {
  name: 'channels.moderators',
  method: 'GET',
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'room-forbidden',
  ],
  response: MODERATORS,
  reads: ['room', 'subscription'],
  validator: MODERATORS_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const params = validated(profile, MODERATORS_VALIDATOR, context.input.query);
    const room = store.findChannel(readRoomRef(params), { checkArchived: true });
    if (byEra(profile, CHECKS_ACCESS) && !mayAccessRoom(store, profile, callerOf(context), room))
      throw new ApiError('room-forbidden');
    return room;
  },
  run: ({ store }, room) => success({ moderators: store.roomModerators(room) }),
  openApi: { servedIn: SINCE_5 },
});
