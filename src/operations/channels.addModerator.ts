import addRoomModerator from '../commands/addRoomModerator';
import { roleRoute } from './room-roles';
import { GROUPS, route } from './route-groups';

/** `POST /api/v1/channels.addModerator`: the `addRoomModerator` command (src/operations/room-roles.ts). */
export default route(
  GROUPS.channels,
  roleRoute('channels', 'addModerator', addRoomModerator, 'set-moderator'),
);
