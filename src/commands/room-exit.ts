import type { Store } from '../store/store';
import type { Room, User } from '../types';

/**
 * A member out of a room (`removeUserFromRoom`), checked: by the member (`ul`) or removed by `by`
 * (`ru`). A team's main room is the team's: the member leaves the team too, with `ult` or
 * `removed-user-from-team` in the main room, as Rocket.Chat's `Team.removeMember` follows it.
 * Answers the room as left.
 */
export function exitRoom(store: Store, room: Room, member: User, by?: User): Room {
  const team = room.teamMain === true ? store.teamByIdOrName({ teamId: room.teamId }) : undefined;
  if (team === undefined || team.roomId !== room._id)
    return store.removeMember(by ?? member, room, member, by ? 'ru' : 'ul');
  store.removeTeamMember(team, member, by ? { main: by } : {}, []);
  return store.anyRoom(room._id) as Room;
}
