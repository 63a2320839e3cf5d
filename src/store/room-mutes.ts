import type { Room, User } from '../types';
import { systemMessage } from './compose';
import { commit } from './state';
import type { StoreState } from './state';

/**
 * A user muted or unmuted in a room (`muteUserInRoom`, `unmuteUserInRoom`, after their checks):
 * the room's `muted` (and a read-only room's `unmuted`) lists as the models' updates leave them,
 * then a `user-muted` / `user-unmuted` message by the actor naming the user. In a room that is
 * not read-only, muting adds the name to `muted` and drops it from `unmuted`, unmuting drops it
 * from `muted`; in a read-only room, muting only drops it from `unmuted`, unmuting drops it from
 * `muted` and adds it to `unmuted` (that last update UNVERIFIED against the model's source).
 */
export function setMuted(state: StoreState, actor: User, room: Room, username: string, muted: boolean): Room {
  const ts = state.clock.tick();
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
  const next: Room = { ...room, ...lists, msgs: room.msgs + 1, _updatedAt: ts };
  const message = systemMessage(state, actor, next, muted ? 'user-muted' : 'user-unmuted', username, ts);
  state.messages.add(message);
  state.rooms.set(room._id, next);
  commit(state, [
    { kind: 'message', op: 'inserted', message, room: next },
    { kind: 'room', op: 'updated', room: next, before: room },
  ]);
  return next;
}
