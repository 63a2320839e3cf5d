import { ApiError } from '../errors';
import type { CleanInput } from '../store/message-search';
import { command } from './command';

/**
 * `cleanRoomHistory` (Rocket.Chat's, which `rooms.cleanHistory` and the method call):
 * `clean-channel-history` in the room, the room (by `_id`; archived refused) and the caller's
 * access (`Not allowed` both), then the clean (src/store/message-search.ts). Answers the count.
 */
export interface CleanRoomHistoryArgs extends Omit<CleanInput, 'rid'> {
  readonly roomId: string;
}

const NAME = 'cleanRoomHistory';

export default command<CleanRoomHistoryArgs, number>({
  name: NAME,
  run({ store, user }, { roomId, ...input }) {
    const scope = store.anyRoom(roomId);
    if (!store.can(user, 'clean-channel-history', scope))
      throw new ApiError('room-not-allowed', { method: NAME });
    // `findRoomByIdOrName({params: {roomId}})`: none, or archived, is refused
    const room = scope;
    if (!room) throw new ApiError('error-room-not-found', { raw: roomId });
    if (room.archived === true) throw new ApiError('error-room-archived', { name: String(room.name) });
    if (!store.maySee(user, room)) throw new ApiError('room-not-allowed', { method: NAME });
    return store.cleanRoomHistory(room, { rid: room._id, ...input });
  },
});
