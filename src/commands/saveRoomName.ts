import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';
import { roomLayoutOf } from './createChannel';

/**
 * `saveRoomSettings(rid, 'roomName', name)` as the rename routes call it (`channels.rename`,
 * `groups.rename`): the room by `_id`; `edit-room` (admin, the room's owners and moderators);
 * then `saveRoomName`: the same name is nothing to do, else the name's rules (the release line's:
 * `getValidRoomName`, and from 7.x no user or team may hold it either), then the rename with its
 * `r` message (src/store/room-lifecycle.ts).
 */
export interface SaveRoomNameArgs {
  readonly rid: string;
  readonly name: string;
}

/** `saveRoomSettings`: its refusals name it. */
const NAME = 'saveRoomName';

/** `checkUsernameAvailability` in `updateRoomName`: 7.x on (UNVERIFIED before). */
const HANDLES = { '0.49': false, '7': true };

export default command<SaveRoomNameArgs, Room>({
  name: NAME,
  run({ store, profile, user }, { rid, name }) {
    const found = store.anyRoom(rid);
    if (!found || found.t === 'd') throw new ApiError('room-invalid', { method: 'saveRoomSettings' });
    const room: Room = found;
    if (!store.can(user, 'edit-room', room)) throw new ApiError('error-action-not-allowed');
    return store.renameRoom(user, room, name, {
      layout: roomLayoutOf(profile),
      handles: byEra(profile, HANDLES),
    });
  },
});
