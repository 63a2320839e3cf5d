import unarchiveRoom from '../commands/unarchiveRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/groups.unarchive`: a group the caller is in (archived or not: an active group is
 * unarchived all the same, its `room-unarchived` message posted), then the `unarchiveRoom`
 * command (`unarchive-room`: admin only). Answers `{success: true}`.
 */
export default route(GROUPS.groups, {
  name: 'groups.unarchive',
  method: 'POST',
  permissions: ['unarchive-room'],
  errors: ['error-room-param-not-provided', 'error-group-not-found', 'archive-not-authorized'],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => ({
    rid: context.store.findGroup(callerOf(context), readRoomRef(readBody(context.input.body)))._id,
  }),
  run: (context, args) => {
    unarchiveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
