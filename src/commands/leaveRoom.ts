import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';
import { exitRoom } from './room-exit';

/**
 * `leaveRoom(rid)` (REST's `channels.leave` and `groups.leave` call it): the room by `_id`; a direct
 * room cannot be left; `leave-c` / `leave-p` (not guests, by default); the caller must be a member;
 * the room's only owner cannot leave. Then the caller is out, with an `ul` message (`ult`, and out
 * of the team, for a team's main room).
 */
export interface LeaveRoomArgs {
  readonly rid: string;
}

const NAME = 'leaveRoom';

export default command<LeaveRoomArgs, Room>({
  name: NAME,
  run({ store, user }, { rid }) {
    const found = store.anyRoom(rid);
    if (!found) throw new ApiError('room-invalid', { method: NAME });
    if (found.t === 'd' || !store.can(user, found.t === 'c' ? 'leave-c' : 'leave-p', found))
      throw new ApiError('room-not-allowed', { method: NAME });
    const room: Room = found;
    if (!room.usernames.includes(user.username)) throw new ApiError('caller-not-in-room', { method: NAME });
    const owners = store.membersWithRole(room, 'owner');
    if (owners.length === 1 && owners[0] === user.username)
      throw new ApiError('last-owner', { method: NAME });
    return exitRoom(store, room, user);
  },
});
