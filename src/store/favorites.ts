import type { User } from '../types';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';

/**
 * A member's favourite mark on a room (`toggleFavorite`, REST's `rooms.favorite`): the
 * subscription's `f`, set either way. The subscription's `_updatedAt` moves (the model's update
 * stamps it), so the change is told even when the mark was already so.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** Sets the caller's `f` on a room (already checked); false, and nothing written, without a subscription. */
export function setFavorite(state: StoreState, user: User, rid: string, favorite: boolean): boolean {
  const room = anyRoom(state, rid);
  if (!room || !room.usernames.includes(user.username)) return false;
  const ts = state.clock.tick();
  const current = state.subscriptions.get(room, user._id);
  const next = { ...current, _updatedAt: ts, f: favorite };
  state.subscriptions.set(room._id, user._id, next);
  commit(state, [{ kind: 'subscription', op: 'updated', rid: room._id, uid: user._id, subscription: next }]);
  return true;
}
