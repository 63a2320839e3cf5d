import { command } from './command';
import { setMutedChecked } from './muteUserInRoom';
import type { MuteArgs } from './muteUserInRoom';

/**
 * `unmuteUserInRoom({rid, username})` (the `/unmute` command and the realtime method call it):
 * `muteUserInRoom`'s checks in its order (src/commands/muteUserInRoom.ts), then the user unmuted,
 * with a `user-unmuted` message by the caller.
 */
const NAME = 'unmuteUserInRoom';

export default command<MuteArgs, undefined>({
  name: NAME,
  run: ({ store, user }, args) => setMutedChecked(store, user, args, NAME, false),
});
