import { roomView } from './views';
import { success } from './operation';
import { ROOM_REF_QUERY, callerOf, readRoomRef } from './params';
import { GROUPS, route } from './route-groups';
import { answer, FULL_ROOM } from './responses';

/** `GET /api/v1/groups.info`: a private group the caller is in, by id or name, as `{group}`. */
export default route(GROUPS.groups, {
  name: 'groups.info',
  method: 'GET',
  order: 220,
  errors: ['error-room-param-not-provided', 'error-group-not-found'],
  response: answer({ group: FULL_ROOM }),
  reads: ['room'],
  read: (context) => context.store.findGroup(callerOf(context), readRoomRef(context.input.query)),
  openApi: { query: ROOM_REF_QUERY },
  run: (_context, group) => success({ group: roomView(group) }),
});
