import { GROUPS, route } from './route-groups';
import { starRoute } from './star-routes';

/** `POST /api/v1/chat.unStarMessage`: the caller's star taken off a message. */
export default route(GROUPS.chat, starRoute('chat.unStarMessage', false));
