import addRoomLeader from '../commands/addRoomLeader';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/groups.addLeader`: the `addRoomLeader` command (src/operations/room-roles.ts). */
export default route(GROUPS.groups, roleRoute('groups', 'addLeader', addRoomLeader, 'set-leader'));
