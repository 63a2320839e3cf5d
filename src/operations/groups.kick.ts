import { byEra } from '../eras';
import removeUserFromRoom from '../commands/removeUserFromRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { findAnyGroup, findOpenGroup, readUser } from './room-members';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/** To 6.x the group the caller is in, not archived; from 7.x any group (`getRoomFromParams`): the method checks access. */
const ANY_GROUP = { '0.49': false, '7': true };

/**
 * `POST /api/v1/groups.kick`: the group, the user (`userId`, `username` or `user`), then the
 * `removeUserFromRoom` command. Answers `{success: true}` alone.
 */
export default route(GROUPS.groups, {
  name: 'groups.kick',
  method: 'POST',
  permissions: ['remove-user', 'kick-user-from-any-p-room'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'user-param-not-provided',
    'user-param-invalid',
    'room-not-allowed',
    'user-not-in-room',
    'last-owner',
  ],
  response: answer({}),
  reads: ['room', 'user'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => {
    const { store, profile } = context;
    const body = readBody(context.input.body);
    const room = byEra(profile, ANY_GROUP)
      ? findAnyGroup(store, body)
      : findOpenGroup(store, callerOf(context), readRoomRef(body));
    return { rid: room._id, username: readUser(store, body).username };
  },
  run: (context, args) => {
    removeUserFromRoom.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
