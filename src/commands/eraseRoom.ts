import { ApiError } from '../errors';
import type { AnyRoom } from '../types';
import type { RoomIdArgs } from './archiveRoom';
import { command } from './command';

/**
 * `eraseRoom(rid)` (REST's `channels.delete`, `groups.delete` and `rooms.delete` call it): the room
 * by `_id`; the room type's permission (`delete-c`, `delete-p`: admin and the room's owners;
 * `delete-d`: admin); a team's room also needs `delete-team-channel` / `delete-team-group` in the
 * team's main room. Then the room goes, with its messages and subscriptions (`deleteRoom`).
 * Returns the room as it was (0.49's REST routes answer it).
 */
const NAME = 'eraseRoom';

const PERMISSION: Readonly<Record<AnyRoom['t'], string>> = { c: 'delete-c', p: 'delete-p', d: 'delete-d' };

export default command<RoomIdArgs, AnyRoom>({
  name: NAME,
  run({ store, user }, { rid }) {
    const method = { method: NAME };
    const room = store.anyRoom(rid);
    if (!room) throw new ApiError('room-invalid', method);
    if (!store.can(user, PERMISSION[room.t], room)) throw new ApiError('room-not-allowed', method);
    const team = room.t === 'd' || room.teamId === undefined ? undefined : store.team(room.teamId);
    if (team) {
      const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
      const permission = room.t === 'c' ? 'delete-team-channel' : 'delete-team-group';
      if (!store.can(user, permission, main)) throw new ApiError('room-not-allowed', method);
    }
    store.eraseRoom(user, room);
    return room;
  },
});
