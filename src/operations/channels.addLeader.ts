import addRoomLeader from '../commands/addRoomLeader';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/channels.addLeader`: the `addRoomLeader` command (src/operations/room-roles.ts). */
export default route(GROUPS.channels, roleRoute('channels', 'addLeader', addRoomLeader, 'set-leader'));
