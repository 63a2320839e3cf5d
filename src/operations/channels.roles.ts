import getRoomRoles from '../commands/getRoomRoles';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, mayAccessRoom, readRoomRef } from './params';
import { channelValidator, roomOneOf } from './room-members';
import { ROLE_HOLDERS, SINCE_5 } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** `channels.roles` (6.x on): the room alone. */
const ROLES_VALIDATOR = channelValidator(roomOneOf({}));

/**
 * `GET /api/v1/channels.roles`: from 6.x the validator, the channel (archived refused), then
 * `getRoomRoles`: a caller who may not see the room is `Invalid user`; else the members holding
 * `owner`, `moderator` or `leader`, one entry each, by username.
 */
export default route(GROUPS.channels, {
  name: 'channels.roles',
  method: 'GET',
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'role-invalid-user',
  ],
  response: ROLE_HOLDERS,
  reads: ['room', 'subscription'],
  validator: ROLES_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const params = validated(profile, ROLES_VALIDATOR, context.input.query);
    const room = store.findChannel(readRoomRef(params), { checkArchived: true });
    if (!mayAccessRoom(store, profile, callerOf(context), room))
      throw new ApiError('role-invalid-user', { method: 'getRoomRoles' });
    return room;
  },
  run: (context, room) =>
    success({ roles: getRoomRoles.run({ ...context, user: callerOf(context) }, { rid: room._id }) }),
  openApi: { servedIn: SINCE_5 },
});
