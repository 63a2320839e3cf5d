import { ApiError } from '../errors';
import type { AnyRoom, Message, User } from '../types';
import { can, maySee } from './access';
import type { ChangeEvent } from './events';
import { putAnyRoom } from './rooms';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';

/**
 * What members do to a message besides posting, editing and deleting it: reactions
 * (`setReaction`), pins (`pinMessage`, `unpinMessage`) and stars (`starMessage`). Each checks
 * everything, then writes the message (and the room's `lastMessage` when it is that message) in
 * one commit; the message's new version reaches its room's stream as an update.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The most different reactions one message holds (the fake's own bound). */
export const MAX_REACTIONS_PER_MESSAGE = 100;

/** A message's reactions: `:name:` → who reacted, in the order they did. */
export type Reactions = Record<string, { usernames: string[] }>;

/** The message's reactions as stored (none: an empty map). */
function reactionsOf(message: Message): Reactions {
  const given = message.reactions;
  return typeof given === 'object' && given !== null && !Array.isArray(given) ? (given as Reactions) : {};
}

/**
 * A message's new version written, with its room's `lastMessage` when it is that message (the
 * room's `_updatedAt` stays: `Rooms.setLastMessage…` does not touch it); appended to `events`.
 */
function rewrite(state: StoreState, next: Message, room: AnyRoom, events: ChangeEvent[]): AnyRoom {
  state.messages.replace(next);
  const last = room.lastMessage as { _id?: unknown } | undefined;
  let now = room;
  if (last?._id === next._id) {
    now = { ...room, lastMessage: next };
    putAnyRoom(state, now);
  }
  events.push({ kind: 'message', op: 'updated', message: next, room: now });
  if (now !== room) events.push({ kind: 'room', op: 'updated', room: now, before: room });
  return now;
}

/**
 * `setReaction` after its emoji was checked (`:name:`) and its message found: nothing when the
 * reaction already is as asked (`shouldReact`; none: a toggle), before the room is looked at;
 * then the room (`Not allowed`), its access (`Not Authorized`), a mute, a read-only room; then
 * the caller's username added to (or taken from) the emoji's list (`method` names the refusals'
 * method). The last username taken drops
 * the emoji; the last emoji drops `reactions`. Answers whether anything changed.
 */
export function setReaction(
  state: StoreState,
  user: User,
  message: Message,
  emoji: string,
  shouldReact: boolean | undefined,
  method: string,
): boolean {
  const reactions = reactionsOf(message);
  const already = reactions[emoji]?.usernames.includes(user.username) === true;
  if (shouldReact !== undefined && already === shouldReact) return false;
  const room = anyRoom(state, message.rid);
  if (!room) throw new ApiError('reaction-not-allowed', { method });
  if (!maySee(state, user, room)) throw new ApiError('reaction-not-authorized', { method });
  if (room.t !== 'd' && room.muted.includes(user.username))
    throw new ApiError('reaction-muted', { id: room._id });
  if (
    room.t !== 'd' &&
    room.ro === true &&
    room.reactWhenReadOnly !== true &&
    !can(state, user, 'post-readonly', room)
  ) {
    const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
    if (!unmuted.includes(user.username)) throw new ApiError('reaction-read-only');
  }
  const next: Reactions = {};
  for (const [name, entry] of Object.entries(reactions)) {
    const usernames =
      name === emoji && already ? entry.usernames.filter((u) => u !== user.username) : [...entry.usernames];
    if (usernames.length > 0) next[name] = { usernames };
  }
  if (!already) {
    const entry = next[emoji];
    if (entry) entry.usernames.push(user.username);
    else {
      if (Object.keys(next).length >= MAX_REACTIONS_PER_MESSAGE)
        throw new ApiError('reactions-limit', { reason: String(MAX_REACTIONS_PER_MESSAGE) });
      next[emoji] = { usernames: [user.username] };
    }
  }
  const ts = state.clock.tick();
  const { reactions: _old, ...rest } = message;
  const changed: Message = { ...rest, _updatedAt: ts } as Message;
  if (Object.keys(next).length > 0) changed.reactions = next;
  const events: ChangeEvent[] = [];
  rewrite(state, changed, room, events);
  commit(state, events);
  return true;
}
