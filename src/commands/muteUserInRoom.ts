import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';
import type { Command } from './command';

/**
 * `muteUserInRoom({rid, username})` and `unmuteUserInRoom({rid, username})` (the `/mute` and
 * `/unmute` commands call them), in 7.x's order: `mute-user` in the room (admin, the room's owners
 * and moderators); the room by `_id`; not a direct room; the user named (exactly) a member. Then the
 * user is muted or unmuted, with a `user-muted` / `user-unmuted` message by the caller
 * (src/store/room-mutes.ts). Muting one muted already mutes again (the method does not ask).
 */
export interface MuteArgs {
  readonly rid: string;
  readonly username: string;
}

function muting(name: string, muted: boolean): Command<MuteArgs, Room> {
  return command<MuteArgs, Room>({
    name,
    run({ store, user }, { rid, username }) {
      const method = { method: name };
      const found = store.anyRoom(rid);
      if (!store.can(user, 'mute-user', found)) throw new ApiError('room-not-allowed', method);
      if (!found) throw new ApiError('room-invalid', method);
      if (found.t === 'd') throw new ApiError('mute-room-type', { ...method, type: found.t });
      const room: Room = found;
      if (!room.usernames.includes(username)) throw new ApiError('user-not-in-room', method);
      return store.setMuted(user, room, username, muted);
    },
  });
}

export default muting('muteUserInRoom', true);

export const unmuteUserInRoom = muting('unmuteUserInRoom', false);
