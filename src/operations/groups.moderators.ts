import { success } from './operation';
import { ROOM_REF_QUERY, callerOf, readRoomRef } from './params';
import { findOpenGroup } from './room-members';
import { MODERATORS, SINCE_5 } from './room-reads';
import { GROUPS, route } from './route-groups';

/** `GET /api/v1/groups.moderators`: a group the caller is in (archived refused); its moderators as `{_id, username, name}`. */
export default route(GROUPS.groups, {
  name: 'groups.moderators',
  method: 'GET',
  errors: ['error-room-param-not-provided', 'error-group-not-found', 'error-group-archived'],
  response: MODERATORS,
  reads: ['room', 'subscription'],
  read: (context) => findOpenGroup(context.store, callerOf(context), readRoomRef(context.input.query)),
  run: ({ store }, room) => success({ moderators: store.roomModerators(room) }),
  openApi: { servedIn: SINCE_5, query: ROOM_REF_QUERY },
});
