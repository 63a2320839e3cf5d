import archiveRoom from '../commands/archiveRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { findOpenGroup } from './room-members';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/groups.archive`: a group the caller is in (one archived already refused), then the
 * `archiveRoom` command (`archive-room`). Answers `{success: true}`.
 */
export default route(GROUPS.groups, {
  name: 'groups.archive',
  method: 'POST',
  permissions: ['archive-room'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'archive-not-authorized',
  ],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => ({
    rid: findOpenGroup(context.store, callerOf(context), readRoomRef(readBody(context.input.body)))._id,
  }),
  run: (context, args) => {
    archiveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
