import hideRoom from '../commands/hideRoom';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/groups.close`: a group the caller is in (archived ones too), closed already
 * refused (a plain failure; 0.49 names the room id), then `hideRoom`: the subscription closed and
 * its alert off (`subscriptions-changed`).
 */
export default route(GROUPS.groups, {
  name: 'groups.close',
  method: 'POST',
  errors: ['error-room-param-not-provided', 'error-group-not-found', 'group-already-closed'],
  response: DONE,
  reads: ['room', 'subscription'],
  changes: ['subscription'],
  read: (context) => {
    const { store } = context;
    const user = callerOf(context);
    const room = store.findGroup(user, readRoomRef(readBody(context.input.body)));
    if (store.memberState(room, user)?.open === false)
      throw new ApiError('group-already-closed', { name: room.name, raw: room._id });
    return room._id;
  },
  run: (context, rid) => {
    hideRoom.run({ ...context, user: callerOf(context) }, { rid });
    return success({});
  },
});
