import removeRoomModerator from '../commands/removeRoomModerator';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/groups.removeModerator`: the `removeRoomModerator` command (src/operations/room-roles.ts). */
export default route(
  GROUPS.groups,
  roleRoute('groups', 'removeModerator', removeRoomModerator, 'set-moderator'),
);
