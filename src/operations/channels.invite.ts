import { byEra } from '../eras';
import { ApiError } from '../errors';
import addUsersToRoom from '../commands/addUsersToRoom';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { readUser, readUserList } from './room-members';
import { answer, FULL_ROOM } from './responses';
import { GROUPS, route } from './route-groups';
import { roomView } from './views';

/** 0.49 invited one user (`getUserFromParams`); from 5.x a list (`getUserListFromParams`). */
const USER_LIST = { '0.49': false, '5': true };

/**
 * `POST /api/v1/channels.invite`: the channel (archived refused), then the users (those that name
 * no one left out; none left: the route's failure, its text and type swapped), then the
 * `addUsersToRoom` command. Answers `{channel}` as the invitation left it.
 */
export default route(GROUPS.channels, {
  name: 'channels.invite',
  method: 'POST',
  permissions: ['add-user-to-joined-room', 'add-user-to-any-c-room'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'users-param-not-provided',
    'user-param-not-provided',
    'user-param-invalid',
    'invite-no-users-channel',
    'room-not-allowed',
    'members-limit-reached',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room', 'user'],
  changes: ['room', 'subscription', 'message'],
  read: (context) => {
    const { store, profile } = context;
    const body = readBody(context.input.body);
    const room = store.findChannel(readRoomRef(body), { checkArchived: true });
    const users = byEra(profile, USER_LIST) ? readUserList(store, body) : [readUser(store, body)];
    if (users.length === 0) throw new ApiError('invite-no-users-channel');
    return { rid: room._id, usernames: users.map((user) => user.username) };
  },
  run: (context, args) => {
    const room = addUsersToRoom.run({ ...context, user: callerOf(context) }, args);
    return success({ channel: roomView(room) });
  },
});
