import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';

/**
 * `archiveRoom(rid)` (REST's `channels.archive` and `groups.archive` call it): the room by `_id`; a
 * direct room cannot be archived; `archive-room` (admin and the room's owners). Then the room is
 * archived: its members' subscriptions closed, a `room-archived` message by the caller. An
 * archived room may be archived again (the method does not ask).
 */
export interface RoomIdArgs {
  readonly rid: string;
}

const NAME = 'archiveRoom';

/** The 0.49 era asked for the permission before the room's type (and said so in other words). */
const TYPE_FIRST = { '0.49': false, '5': true };

export default command<RoomIdArgs, Room>({
  name: NAME,
  run({ store, profile, user }, { rid }) {
    const method = { method: NAME };
    const found = store.anyRoom(rid);
    if (!found) throw new ApiError('room-invalid', method);
    const direct = new ApiError('archive-direct-room', { ...method, type: found.t });
    if (found.t === 'd' && byEra(profile, TYPE_FIRST)) throw direct;
    if (!store.can(user, 'archive-room', found)) throw new ApiError('archive-not-authorized', method);
    if (found.t === 'd') throw direct;
    const room: Room = found;
    return store.setArchived(user, room, true);
  },
});
