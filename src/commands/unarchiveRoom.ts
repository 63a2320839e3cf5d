import { ApiError } from '../errors';
import type { Room } from '../types';
import type { RoomIdArgs } from './archiveRoom';
import { command } from './command';

/**
 * `unarchiveRoom(rid)` (REST's `channels.unarchive` and `groups.unarchive` call it): the room by
 * `_id`; `unarchive-room` (admin only: a room's owner may archive it, not unarchive it). Then the
 * room is active again: its members' subscriptions opened, a `room-unarchived` message by the
 * caller. A room that is not archived is unarchived all the same (the method does not ask). A
 * direct room, never archived, is refused as no room (the fake does not model more of it).
 */
const NAME = 'unarchiveRoom';

export default command<RoomIdArgs, Room>({
  name: NAME,
  run({ store, user }, { rid }) {
    const method = { method: NAME };
    const found = store.anyRoom(rid);
    if (!found || found.t === 'd') throw new ApiError('room-invalid', method);
    const room: Room = found;
    if (!store.can(user, 'unarchive-room', room)) throw new ApiError('archive-not-authorized', method);
    return store.setArchived(user, room, false);
  },
});
