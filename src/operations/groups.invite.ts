import { byEra } from '../eras';
import { ApiError } from '../errors';
import addUsersToRoom from '../commands/addUsersToRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { findAnyGroup, readUser, readUserList } from './room-members';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { roomView } from './views';

/** 0.49 found the group by the caller's subscription and invited one user; from 5.x its own lookup and a list. */
const OWN_LOOKUP = { '0.49': false, '5': true };

/**
 * `POST /api/v1/groups.invite`: from 5.x the route's own lookup (`roomId || roomName`, any `p`
 * room: no access check, no archived check; the method decides who may invite), then the users
 * (none left: `error-empty-invite-list`), then the `addUsersToRoom` command. Answers `{group}`.
 */
export default route(GROUPS.groups, {
  name: 'groups.invite',
  method: 'POST',
  permissions: ['add-user-to-joined-room', 'add-user-to-any-p-room'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'users-param-not-provided',
    'user-param-not-provided',
    'user-param-invalid',
    'invite-no-users-group',
    'room-not-allowed',
    'members-limit-reached',
  ],
  response: answer({ group: FULL_ROOM }),
  reads: ['room', 'user'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => {
    const { store, profile } = context;
    const body = readBody(context.input.body);
    const own = byEra(profile, OWN_LOOKUP);
    const room = own ? findAnyGroup(store, body) : store.findGroup(callerOf(context), readRoomRef(body));
    const users = own ? readUserList(store, body) : [readUser(store, body)];
    if (users.length === 0) throw new ApiError('invite-no-users-group');
    return { rid: room._id, usernames: users.map((user) => user.username) };
  },
  run: (context, args) => {
    const room = addUsersToRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ group: roomView(room) });
  },
});
