import addRoomOwner from '../commands/addRoomOwner';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/groups.addOwner`: the `addRoomOwner` command (src/operations/room-roles.ts). */
export default route(GROUPS.groups, roleRoute('groups', 'addOwner', addRoomOwner, 'set-owner'));
