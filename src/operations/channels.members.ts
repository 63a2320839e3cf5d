import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, mayAccessRoom, readRoomRef } from './params';
import { page } from './responses';
import {
  MEMBER,
  MEMBERS_QUERY,
  SINCE_5,
  checkBroadcast,
  checkMemberParams,
  memberView,
  membersPage,
  readMembersQuery,
  withStatus,
} from './room-reads';
import { GROUPS, route } from './route-groups';

/** `canAccessRoom` is asked from 7.x (a bare 403). */
const CHECKS_ACCESS = { '0.49': false, '7': true };

/**
 * `GET /api/v1/channels.members`: the channel (archived ones too), from 7.x the caller's access
 * (403), a broadcast room's `view-broadcast-member-list` (403), `status` and `filter`'s `check`,
 * then one page of the active members, online first then by username.
 */
export default route(GROUPS.channels, {
  name: 'channels.members',
  method: 'GET',
  permissions: ['view-broadcast-member-list'],
  errors: ['error-roomid-param-not-provided', 'error-room-not-found', 'room-forbidden', 'match-error'],
  response: page('members', MEMBER),
  reads: ['room', 'user'],
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const params = withStatus(context.input.query);
    const room = store.findChannel(readRoomRef(params), { checkArchived: false });
    if (byEra(profile, CHECKS_ACCESS) && !mayAccessRoom(store, profile, user, room))
      throw new ApiError('room-forbidden');
    checkBroadcast(store, user, room);
    const query = readMembersQuery(params);
    checkMemberParams(params);
    return { room, query };
  },
  run: ({ store, profile }, { room, query }) => {
    const users = store.roomMemberUsers(room, query.filter, { by: 'connection', direction: query.direction });
    return success(
      membersPage(
        users.map((user) => memberView(user, profile)),
        query,
      ),
    );
  },
  openApi: { servedIn: SINCE_5, query: MEMBERS_QUERY },
});
