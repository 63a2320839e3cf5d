import unmuteUserInRoom from '../commands/unmuteUserInRoom';
import { muteRoute } from './room-mute-routes';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/rooms.unmuteUser` (6.8 on): a member unmuted, with a `user-unmuted` message. */
export default route(GROUPS.rooms, muteRoute('rooms.unmuteUser', unmuteUserInRoom));
