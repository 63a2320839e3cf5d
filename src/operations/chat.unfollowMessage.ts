import unfollowMessage from '../commands/unfollowMessage';
import { followRoute } from './follow-routes';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/chat.unfollowMessage`: the caller stops following a thread (its root's `replies`). */
export default route(GROUPS.chat, followRoute('chat.unfollowMessage', unfollowMessage));
