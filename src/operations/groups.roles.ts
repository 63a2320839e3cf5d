import getRoomRoles from '../commands/getRoomRoles';
import { success } from './operation';
import { ROOM_REF_QUERY, callerOf, readRoomRef } from './params';
import { findOpenGroup } from './room-members';
import { ROLE_HOLDERS, SINCE_5 } from './room-reads';
import { GROUPS, route } from './route-groups';

/**
 * `GET /api/v1/groups.roles`: a group the caller is in (archived refused), then `getRoomRoles`:
 * the members holding `owner`, `moderator` or `leader`, one entry each, by username.
 */
export default route(GROUPS.groups, {
  name: 'groups.roles',
  method: 'GET',
  errors: ['error-room-param-not-provided', 'error-group-not-found', 'error-group-archived'],
  response: ROLE_HOLDERS,
  reads: ['room', 'subscription'],
  read: (context) => findOpenGroup(context.store, callerOf(context), readRoomRef(context.input.query)),
  run: (context, room) =>
    success({ roles: getRoomRoles.run({ ...context, user: callerOf(context) }, { rid: room._id }) }),
  openApi: { servedIn: SINCE_5, query: ROOM_REF_QUERY },
});
