import { command } from './command';
import { roleCommand } from './setRoomRole';

/** `removeRoomOwner(rid, userId)`: takes the room role `owner` (src/commands/setRoomRole.ts has the checks). */
export default command(roleCommand('removeRoomOwner', 'owner', false));
