import removeRoomLeader from '../commands/removeRoomLeader';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/channels.removeLeader`: the `removeRoomLeader` command (src/operations/room-roles.ts). */
export default route(GROUPS.channels, roleRoute('channels', 'removeLeader', removeRoomLeader, 'set-leader'));
