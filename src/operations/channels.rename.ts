import saveRoomName from '../commands/saveRoomName';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { readChannelRename } from './room-lifecycle';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { roomView } from './views';

/**
 * `POST /api/v1/channels.rename`: a non-blank `name` first, then the channel (by `roomId` alone to
 * 5.x; archived refused), the same name refused (5.x on), then `saveRoomSettings`' rename
 * (`edit-room`, the name's rules, the `r` message). Answers `{channel}` as the rename left it.
 */
export default route(GROUPS.channels, {
  name: 'channels.rename',
  method: 'POST',
  permissions: ['edit-room'],
  errors: [
    'rename-name-required',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'rename-same-name',
    'error-action-not-allowed',
    'room-name-invalid',
    'room-name-taken',
    'room-name-archived',
    'room-duplicate-handle',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'subscription', 'message', 'integration'],
  read: ({ store, profile, input }) => readChannelRename(store, profile, readBody(input.body)),
  run: (context, args) =>
    success({ channel: roomView(saveRoomName.run({ ...context, user: callerOf(context) }, args)) }),
});
