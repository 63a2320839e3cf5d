import { ApiError } from '../errors';
import type { Store } from '../store/store';
import type { Room, User } from '../types';
import { command } from './command';

/**
 * `muteUserInRoom({rid, username})` (the `/mute` command and the realtime method call it), in
 * 7.x's order: `mute-user` in the room (admin, the room's owners and moderators); the room by
 * `_id`; not a direct room; the user named (exactly) a member. Then the user is muted, with a
 * `user-muted` message by the caller (src/store/room-mutes.ts). Muting one muted already mutes
 * again (the method does not ask). `unmuteUserInRoom` (src/commands/unmuteUserInRoom.ts) is the
 * same with the opposite change.
 */
export interface MuteArgs {
  readonly rid: string;
  readonly username: string;
}

/** The checks both methods make, in their order, then the change (`muted` true or false). */
export function setMutedChecked(
  store: Store,
  user: User,
  { rid, username }: MuteArgs,
  name: string,
  muted: boolean,
): undefined {
  const method = { method: name };
  const found = store.anyRoom(rid);
  if (!store.can(user, 'mute-user', found)) throw new ApiError('room-not-allowed', method);
  if (!found) throw new ApiError('room-invalid', method);
  if (found.t === 'd') throw new ApiError('mute-room-type', { ...method, type: found.t });
  const room: Room = found;
  if (!room.usernames.includes(username)) throw new ApiError('user-not-in-room', method);
  store.setMuted(user, room, username, muted);
  return undefined;
}

const NAME = 'muteUserInRoom';

export default command<MuteArgs, undefined>({
  name: NAME,
  run: ({ store, user }, args) => setMutedChecked(store, user, args, NAME, true),
});
