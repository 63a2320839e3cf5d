import { messageListRoute } from './message-lists';
import { GROUPS, route } from './route-groups';

/** `GET /api/v1/chat.getPinnedMessages`: the pinned messages of a room, newest first, a page. */
export default route(
  GROUPS.chat,
  messageListRoute(
    'chat.getPinnedMessages',
    'pinned',
    'pinned-list-roomid-missing',
    'role-users-not-allowed',
  ),
);
