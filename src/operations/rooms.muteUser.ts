import muteUserInRoom from '../commands/muteUserInRoom';
import { muteRoute } from './room-mute-routes';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/rooms.muteUser` (6.8 on): a member muted, with a `user-muted` message. */
export default route(GROUPS.rooms, muteRoute('rooms.muteUser', muteUserInRoom));
