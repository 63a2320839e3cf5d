import type { Room, User } from '../types';
import { commitRoom } from './rooms';
import type { StoreState } from './state';

/**
 * A user muted or unmuted in a room (`muteUserInRoom`, `unmuteUserInRoom`, after their checks):
 * the room's `muted` (and a read-only room's `unmuted`) lists as the models' updates leave them,
 * then a `user-muted` / `user-unmuted` message by the actor naming the user. In a room that is
 * not read-only, muting adds the name to `muted` and drops it from `unmuted`, unmuting drops it
 * from `muted`; in a read-only room, muting only drops it from `unmuted`, unmuting drops it from
 * `muted` and adds it to `unmuted` (that last update UNVERIFIED against the model's source). One
 * commit, as every room setting's (`commitRoom`).
 */
export function setMuted(state: StoreState, actor: User, room: Room, username: string, muted: boolean): void {
  const given = room.unmuted;
  const unmuted = Array.isArray(given) ? given.filter((n): n is string => typeof n === 'string') : undefined;
  const without = (list: readonly string[]): string[] => list.filter((name) => name !== username);
  const adding = (list: readonly string[]): string[] =>
    list.includes(username) ? [...list] : [...list, username];
  let lists: { muted: string[]; unmuted?: string[] };
  if (muted)
    lists = room.ro
      ? { muted: [...room.muted], ...(unmuted ? { unmuted: without(unmuted) } : {}) }
      : { muted: adding(room.muted), ...(unmuted ? { unmuted: without(unmuted) } : {}) };
  else
    lists = room.ro
      ? { muted: without(room.muted), unmuted: adding(unmuted ?? []) }
      : { muted: without(room.muted), ...(unmuted ? { unmuted } : {}) };
  commitRoom(state, room, lists, { user: actor, t: muted ? 'user-muted' : 'user-unmuted', msg: username });
}
