import { byEra } from '../eras';
import eraseRoom from '../commands/eraseRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { roomView } from './views';
import type { Room } from '../types';

/** The 0.49 era answered the deleted group (`{group}`); 5.x on, `{success: true}` alone. */
const ANSWERS_ROOM = { '0.49': true, '5': false };

/**
 * `POST /api/v1/groups.delete`: a group the caller is in (an archived one too), then the
 * `eraseRoom` command (`delete-p`; a team's group also `delete-team-group`). The group goes with
 * its messages and subscriptions.
 */
export default route(GROUPS.groups, {
  name: 'groups.delete',
  method: 'POST',
  permissions: ['delete-p', 'delete-team-group'],
  errors: ['error-room-param-not-provided', 'error-group-not-found', 'room-not-allowed'],
  response: answer({}),
  reads: ['room'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => ({
    rid: context.store.findGroup(callerOf(context), readRoomRef(readBody(context.input.body)))._id,
  }),
  run: (context, args) => {
    const room = eraseRoom.run({ ...context, user: callerOf(context) }, args) as Room;
    return success(byEra(context.profile, ANSWERS_ROOM) ? { group: roomView(room) } : {});
  },
});
