import { messageListRoute } from './message-lists';
import { GROUPS, route } from './route-groups';

/** `GET /api/v1/chat.getMentionedMessages`: the messages of a room that mention the caller, newest first, a page. */
export default route(
  GROUPS.chat,
  messageListRoute('chat.getMentionedMessages', 'mentioned', 'list-roomid-missing', 'post-not-allowed'),
);
