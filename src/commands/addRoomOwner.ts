import { command } from './command';
import { roleCommand } from './setRoomRole';

/** `addRoomOwner(rid, userId)`: gives the room role `owner` (src/commands/setRoomRole.ts has the checks). */
export default command(roleCommand('addRoomOwner', 'owner', true));
