import { ApiError } from '../errors';
import type { Store } from '../store/store';
import type { AnyRoom, User } from '../types';
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

/**
 * The permission checks of erasing one room (found already): the room type's permission in the
 * room, then, when `teamRule` (7.0 on) and the room is a team's, the team's permission in the
 * team's main room; Meteor's `error-not-allowed` else. A team's end (teams.delete,
 * teams.convertToChannel) checks each room it erases with it too.
 */
export function checkErasable(store: Store, user: User, room: AnyRoom, teamRule: boolean): void {
  const method = { method: NAME };
  if (!store.can(user, PERMISSION[room.t], room)) throw new ApiError('room-not-allowed', method);
  const team = !teamRule || room.t === 'd' || room.teamId === undefined ? undefined : store.team(room.teamId);
  if (!team) return;
  const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
  const permission = room.t === 'c' ? 'delete-team-channel' : 'delete-team-group';
  if (!store.can(user, permission, main)) throw new ApiError('room-not-allowed', method);
}

export default command<RoomIdArgs, AnyRoom>({
  name: NAME,
  run({ store, user }, { rid }) {
    const room = store.anyRoom(rid);
    if (!room) throw new ApiError('room-invalid', { method: NAME });
    checkErasable(store, user, room, true);
    store.eraseRoom(user, room);
    return room;
  },
});
