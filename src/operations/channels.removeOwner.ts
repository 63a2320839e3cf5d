import removeRoomOwner from '../commands/removeRoomOwner';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/channels.removeOwner`: the `removeRoomOwner` command (src/operations/room-roles.ts). */
export default route(GROUPS.channels, roleRoute('channels', 'removeOwner', removeRoomOwner, 'set-owner'));
