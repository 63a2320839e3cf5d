import { command } from './command';
import { roleCommand } from './setRoomRole';

/** `removeRoomLeader(rid, userId)`: takes the room role `leader` (src/commands/setRoomRole.ts has the checks). */
export default command(roleCommand('removeRoomLeader', 'leader', false));
