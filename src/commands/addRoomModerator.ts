import { command } from './command';
import { roleCommand } from './setRoomRole';

/** `addRoomModerator(rid, userId)`: gives the room role `moderator` (src/commands/setRoomRole.ts has the checks). */
export default command(roleCommand('addRoomModerator', 'moderator', true));
