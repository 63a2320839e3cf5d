import addAllUserToRoom from '../commands/addAllUserToRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { answer, FULL_ROOM } from './responses';
import { findOpenGroup } from './room-members';
import { SINCE_5 } from './room-reads';
import { GROUPS, route } from './route-groups';
import { roomView } from './views';

/**
 * `POST /api/v1/groups.addAll` (5.x on): a group the caller is in (archived refused), then the
 * `addAllUserToRoom` command, only the active users when `activeUsersOnly` is `"true"` or `1`.
 * Answers `{group}` as the change left it.
 */
export default route(GROUPS.groups, {
  name: 'groups.addAll',
  method: 'POST',
  permissions: ['add-all-to-room'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'add-all-forbidden',
    'add-all-user-limit',
    'members-limit-reached',
  ],
  response: answer({ group: FULL_ROOM }),
  reads: ['room', 'user'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => {
    const body = readBody(context.input.body);
    const room = findOpenGroup(context.store, callerOf(context), readRoomRef(body));
    return { rid: room._id, activeUsersOnly: body.activeUsersOnly === 'true' || body.activeUsersOnly === 1 };
  },
  run: (context, args) => {
    const room = addAllUserToRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ group: roomView(room) });
  },
  openApi: { servedIn: SINCE_5 },
});
