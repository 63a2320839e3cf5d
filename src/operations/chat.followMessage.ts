import followMessage from '../commands/followMessage';
import { followRoute } from './follow-routes';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/chat.followMessage`: the caller follows a thread (its root's `replies`). */
export default route(GROUPS.chat, followRoute('chat.followMessage', followMessage));
