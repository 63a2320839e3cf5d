import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';

/**
 * `addAllUserToRoom(rid, activeUsersOnly)` (REST's `channels.addAll` and `groups.addAll` call it):
 * `add-all-to-room` (a `Meteor.Error(403)`), every user of the world (only the active ones with
 * `activeUsersOnly`) at most `API_User_Limit` (500), the room by `_id`; then each user not yet a
 * member joins with a `uj` message of their own. Returns the room as the change left it.
 */
export interface AddAllUserToRoomArgs {
  readonly rid: string;
  readonly activeUsersOnly: boolean;
}

/** The `API_User_Limit` setting's default (also `/invite-all-*`'s and `teams.updateRoom`'s bound). */
export const API_USER_LIMIT = 500;

const METHOD = 'addAllToRoom';

export default command<AddAllUserToRoomArgs, Room>({
  name: 'addAllUserToRoom',
  run({ store, user }, { rid, activeUsersOnly }) {
    if (!store.can(user, 'add-all-to-room')) throw new ApiError('add-all-forbidden');
    const users = store.allUsers(activeUsersOnly);
    if (users.length > API_USER_LIMIT) throw new ApiError('add-all-user-limit');
    const room = store.anyRoom(rid);
    if (!room || room.t === 'd') throw new ApiError('room-invalid', { method: METHOD });
    return store.addAllUsers(room, users);
  },
});
