import leaveRoom from '../commands/leaveRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { findOpenGroup } from './room-members';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/groups.leave`: a group the caller is in (archived refused), then the `leaveRoom`
 * command (`leave-p`, the last owner). Answers `{success: true}` alone.
 */
export default route(GROUPS.groups, {
  name: 'groups.leave',
  method: 'POST',
  permissions: ['leave-p'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'room-not-allowed',
    'last-owner',
  ],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => ({
    rid: findOpenGroup(context.store, callerOf(context), readRoomRef(readBody(context.input.body)))._id,
  }),
  run: (context, args) => {
    leaveRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
