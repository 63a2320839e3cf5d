import { roomView } from './views';
import { operation, success } from './operation';
import { ROOM_REF_QUERY, callerOf, readRoomRef } from './params';

/** `GET /api/v1/groups.info`: a private group the caller is in, by id or name, as `{group}`. */
export default operation({
  name: 'groups.info',
  method: 'GET',
  path: '/api/v1/groups.info',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: (context) => context.store.findGroup(callerOf(context), readRoomRef(context.input.query)),
  openApi: { query: ROOM_REF_QUERY },
  run: (_context, group) => success({ group: roomView(group) }),
});
