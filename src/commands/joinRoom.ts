import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';

/**
 * `joinRoom(rid, joinCode)` as REST's `channels.join` runs it: a direct room, or a room the caller
 * may not see, is not allowed; a room with a join code needs the code unless the caller may join
 * without one (to 5.x the method compared the code itself, `Invalid Room Password`; from 6.x the
 * room service's `join`, which asks for a code first). A member already is left as is. Returns the
 * room as the join left it, and whether the caller joined (the realtime method answers `true` then,
 * nothing for a member already); the realtime `joinRoom(rid, code?)` runs it too.
 */
export interface JoinOutcome {
  readonly room: Room;
  readonly joined: boolean;
}

export interface JoinRoomArgs {
  readonly rid: string;
  readonly joinCode: string | undefined;
}

/** Up to 5.x the method compared the join code itself; from 6.x the room service's `join` does. */
const JOIN_SERVICE = { '0.49': false, '6': true };

const NAME = 'joinRoom';

export default command<JoinRoomArgs, JoinOutcome>({
  name: NAME,
  run({ store, profile, user }, { rid, joinCode }) {
    const room = store.anyRoom(rid);
    if (!room) throw new ApiError('room-invalid', { method: NAME });
    if (room.t === 'd' || !store.maySee(user, room)) throw new ApiError('room-not-allowed', { method: NAME });
    if (room.joinCodeRequired === true && !store.can(user, 'join-without-join-code', room)) {
      if (!byEra(profile, JOIN_SERVICE)) {
        if (joinCode !== room.joinCode) throw new ApiError('join-password-invalid', { method: NAME });
      } else if (!joinCode) throw new ApiError('join-code-required', { method: NAME });
      else if (joinCode !== room.joinCode) throw new ApiError('join-code-invalid', { method: NAME });
    }
    const joined = !room.usernames.includes(user.username);
    if (joined) store.joinChannel(user, rid);
    const after = store.anyRoom(rid);
    return { room: after && after.t !== 'd' ? after : room, joined };
  },
});
