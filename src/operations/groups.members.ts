import { success } from './operation';
import { callerOf, readRoomRef } from './params';
import { page } from './responses';
import { findOpenGroup } from './room-members';
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

/**
 * `GET /api/v1/groups.members`: a group the caller is in (archived refused), a broadcast room's
 * `view-broadcast-member-list` (403), `status` and `filter`'s `check`, then one page of the
 * active members, online first then by username.
 */
export default route(GROUPS.groups, {
  name: 'groups.members',
  method: 'GET',
  permissions: ['view-broadcast-member-list'],
  errors: [
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'room-forbidden',
    'match-error',
  ],
  response: page('members', MEMBER),
  reads: ['room', 'user'],
  read: (context) => {
    const { store } = context;
    const user = callerOf(context);
    const params = withStatus(context.input.query);
    const room = findOpenGroup(store, user, readRoomRef(params));
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
