import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import { command } from './command';
import type { RoomIdArgs } from './openRoom';

const NAME = 'getRoomRoles';

/**
 * `getRoomRoles(rid)` (REST's `channels.roles` and `groups.roles` call it after finding the room):
 * a room the caller may not see (or none) is `Invalid user`; else the members holding `owner`,
 * `moderator` or `leader`, `{_id, rid, u, roles}` by username.
 */
export default command<RoomIdArgs, JsonObject[]>({
  name: NAME,
  run({ store, user }, { rid }) {
    const room = store.anyRoom(rid);
    if (!room || !store.maySee(user, room)) throw new ApiError('role-invalid-user', { method: NAME });
    // a direct room has no room roles
    return room.t === 'd' ? [] : store.roomRoleHolders(room);
  },
});
