import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';
import { exitRoom } from './room-exit';

/**
 * `removeUserFromRoom({rid, username})` (REST's `channels.kick` and `groups.kick` call it), in 7.x's
 * order: the room by `_id`; `remove-user` (admin, the room's owners and moderators); a caller
 * without `kick-user-from-any-*-room` must be able to see the room (else the group's not-found
 * text, for channels too); the target must be a member (unless the caller may kick from any room);
 * the room's only owner cannot be removed. Then the member is out, with an `ru` message by the
 * caller. Kicking oneself is allowed.
 */
export interface RemoveUserFromRoomArgs {
  readonly rid: string;
  readonly username: string;
}

const NAME = 'removeUserFromRoom';

export default command<RemoveUserFromRoomArgs, Room>({
  name: NAME,
  run({ store, user }, { rid, username }) {
    const found = store.anyRoom(rid);
    if (!found) throw new ApiError('room-invalid', { method: NAME });
    if (found.t === 'd' || !store.can(user, 'remove-user', found))
      throw new ApiError('room-not-allowed', { method: NAME });
    const room: Room = found;
    const kickAny = store.can(
      user,
      room.t === 'c' ? 'kick-user-from-any-c-room' : 'kick-user-from-any-p-room',
    );
    if (!kickAny && !store.maySee(user, room)) throw new ApiError('error-group-not-found', { raw: rid });
    const target = store.userNamed(username);
    if (!target || !room.usernames.includes(target.username))
      throw new ApiError('user-not-in-room', { method: NAME });
    const owners = store.membersWithRole(room, 'owner');
    if (owners.length === 1 && owners[0] === target.username)
      throw new ApiError('last-owner', { method: NAME });
    return exitRoom(store, room, target, user);
  },
});
