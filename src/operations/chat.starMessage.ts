import { GROUPS, route } from './route-groups';
import { starRoute } from './star-routes';

/** `POST /api/v1/chat.starMessage`: the caller's star on a message of a room of theirs. */
export default route(GROUPS.chat, starRoute('chat.starMessage', true));
