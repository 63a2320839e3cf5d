import { command } from './command';
import { roleCommand } from './setRoomRole';

/** `removeRoomModerator(rid, userId)`: takes the room role `moderator` (src/commands/setRoomRole.ts has the checks). */
export default command(roleCommand('removeRoomModerator', 'moderator', false));
