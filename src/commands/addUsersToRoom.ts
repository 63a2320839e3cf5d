import { ApiError } from '../errors';
import type { Room, User } from '../types';
import { command } from './command';

/**
 * `addUsersToRoom({rid, users})` (REST's `channels.invite` and `groups.invite` call it): the room by
 * `_id`; a direct room is refused before anything else (`error-cant-invite-for-direct-room`: REST's
 * routes find only their own room type, so only `/invite` and `/invite-all-*` reach it); then who may add: a member with `add-user-to-joined-room` (admin, the room's owners and
 * moderators), or anyone with `add-user-to-any-c-room` / `add-user-to-any-p-room` for the room's
 * type; then each username (a leading `@` dropped) must name a user. Every check before the one
 * write (the real server adds user by user, so an unknown name after a known one leaves the first
 * added: the fake refuses the whole call instead). Members already in the room are left as they are.
 */
export interface AddUsersToRoomArgs {
  readonly rid: string;
  readonly usernames: readonly string[];
}

const NAME = 'addUsersToRoom';

export default command<AddUsersToRoomArgs, Room>({
  name: NAME,
  run({ store, user }, { rid, usernames }) {
    const room = store.anyRoom(rid);
    if (!room) throw new ApiError('room-invalid', { method: NAME });
    // a direct room, never: before the permission checks, as every release's method has it
    if (room.t === 'd') throw new ApiError('room-direct-no-invite', { method: NAME });
    const member = room.usernames.includes(user.username);
    const allowed =
      (member && store.can(user, 'add-user-to-joined-room', room)) ||
      store.can(user, room.t === 'c' ? 'add-user-to-any-c-room' : 'add-user-to-any-p-room', room);
    if (!allowed) throw new ApiError('room-not-allowed', { method: NAME });
    const users: User[] = usernames.map((name) => {
      const found = store.userNamed(name.replace(/^@/, ''));
      if (!found) throw new ApiError('room-user-not-found', { method: NAME });
      return found;
    });
    return store.addMembers(user, room, users);
  },
});
