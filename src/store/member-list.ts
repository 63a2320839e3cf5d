import type { Room } from '../types';
import type { StoreState } from './state';

/**
 * A room's members grow without a copy of the whole list at each join. A store appends in place
 * to a member list it made itself and that only the room's newest version holds; a list from the
 * baseline (shared by every store on it, and by the scenario) is copied once, and that copy is the
 * store's own from then on. Under `users.create` every new user joins the default rooms: with a
 * copy per join, a run of 10,000 creations copied 50 million names.
 *
 * The room as it was before the join shares that list, so the change event's `before` is a copy
 * of the room whose members are read as they were (the ordered lists read `before` later, when a
 * list catches up). Nothing else keeps an older version of a room past the change: streams and
 * answers are written when the change is committed, and the journal copies the members it notes.
 *
 * Layer: store.
 */

/** A room's members with `username` added at the end, and the room as it was for the change event. */
export function withMember(
  state: StoreState,
  room: Room,
  username: string,
): { usernames: string[]; before: Room } {
  const list = room.usernames;
  if (state.ownedMembers.has(list)) {
    const length = list.length;
    (list as string[]).push(username);
    return { usernames: list as string[], before: membersAsOf(room, list, length) };
  }
  const usernames = [...list, username];
  state.ownedMembers.add(usernames);
  return { usernames, before: room };
}

/** A copy of `room` whose `usernames` are the first `length` of `list`, cut when first read. */
function membersAsOf(room: Room, list: readonly string[], length: number): Room {
  const copy = { ...room };
  Object.defineProperty(copy, 'usernames', {
    enumerable: true,
    configurable: true,
    get(): string[] {
      const usernames = list.slice(0, length);
      Object.defineProperty(copy, 'usernames', { value: usernames, enumerable: true, writable: true });
      return usernames;
    },
  });
  return copy;
}
