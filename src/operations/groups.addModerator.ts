import addRoomModerator from '../commands/addRoomModerator';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/groups.addModerator`: the `addRoomModerator` command (src/operations/room-roles.ts). */
export default route(GROUPS.groups, roleRoute('groups', 'addModerator', addRoomModerator, 'set-moderator'));
