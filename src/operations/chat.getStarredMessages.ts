import { messageListRoute } from './message-lists';
import { GROUPS, route } from './route-groups';

/** `GET /api/v1/chat.getStarredMessages`: the messages of a room the caller starred, newest first, a page. */
export default route(
  GROUPS.chat,
  messageListRoute('chat.getStarredMessages', 'starred', 'list-roomid-missing', 'post-not-allowed'),
);
