import saveRoomName from '../commands/saveRoomName';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { readGroupRename } from './room-lifecycle';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { roomView } from './views';

/**
 * `POST /api/v1/groups.rename`: a non-blank `name` first, then a group the caller is in (by
 * `roomId` alone to 5.x; archived refused), then `saveRoomSettings`' rename (`edit-room`, the
 * name's rules, the `r` message; the same name is a success that changes nothing). Answers
 * `{group}`.
 */
export default route(GROUPS.groups, {
  name: 'groups.rename',
  method: 'POST',
  permissions: ['edit-room'],
  errors: [
    'rename-name-required',
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'error-action-not-allowed',
    'room-name-invalid',
    'room-name-taken',
    'room-name-archived',
    'room-duplicate-handle',
  ],
  response: answer({ group: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'subscription', 'message', 'integration'],
  read: (context) =>
    readGroupRename(context.store, context.profile, callerOf(context), readBody(context.input.body)),
  run: (context, args) =>
    success({ group: roomView(saveRoomName.run({ ...context, user: callerOf(context) }, args)) }),
});
