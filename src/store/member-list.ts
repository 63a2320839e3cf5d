import type { Room } from '../types';

/**
 * A room's members grow without a copy of the whole list at each join. A store appends in place
 * to a member list it made itself and that only the room's newest version holds; a list from the
 * baseline (shared by every store on it, and by the scenario) is copied once, and that copy is the
 * store's own from then on. Under `users.create` every new user joins the default rooms: with a
 * copy per join, a run of 10,000 creations copied 50 million names.
 *
 * The room as it was before the join shares that list, so the change event's `before` is a copy
 * of the room whose members are read as they were (the ordered lists read `before` later, when a
 * list catches up); so is the `before` of any other change of a room that kept its list (the
 * commit pins it, {@link pinMembers}), since a later join grows the list they share. Nothing else
 * keeps an older version of a room past the change: streams and answers are written when the
 * change is committed, and the journal copies the members it notes.
 *
 * Layer: store.
 */

/** A room's members with `username` added at the end, and the room as it was for the change event. */
export function withMember(
  owned: WeakSet<readonly string[]>,
  room: Room,
  username: string,
): { usernames: string[]; before: Room } {
  const list = room.usernames;
  if (owned.has(list)) {
    const length = list.length;
    (list as string[]).push(username);
    return { usernames: list as string[], before: membersAsOf(room, list, length) };
  }
  const usernames = [...list, username];
  owned.add(usernames);
  return { usernames, before: room };
}

/**
 * The room as it was before a change that kept its member list (a topic, a flag): when that list
 * is one the store may still grow in place, a copy whose members stay as they are now. A room
 * whose members are already pinned (a join's `before`), or whose list no join will grow, is
 * itself.
 */
export function pinMembers(owned: WeakSet<readonly string[]>, before: Room, after: Room): Room {
  const list = Object.getOwnPropertyDescriptor(before, 'usernames')?.value as readonly string[] | undefined;
  if (list === undefined || list !== after.usernames || !owned.has(list)) return before;
  return membersAsOf(before, list, list.length);
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
