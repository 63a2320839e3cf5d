import { command } from './command';
import { roleCommand } from './setRoomRole';

/** `addRoomLeader(rid, userId)`: gives the room role `leader` (src/commands/setRoomRole.ts has the checks). */
export default command(roleCommand('addRoomLeader', 'leader', true));
