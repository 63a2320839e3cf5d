import { ApiError } from '../errors';
import type { AnyRoom, Message, User } from '../types';
import { authorOf, newMessageId } from './compose';
import { can, maySee } from './access';
import type { ChangeEvent } from './events';
import { store } from './posting';
import { putAnyRoom } from './rooms';
import { settings } from './settings';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';
import { withoutThread } from './thread-unreads';

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
  if (!room) throw new ApiError('room-not-allowed', { method });
  if (!maySee(state, user, room)) throw new ApiError('token-not-authorized', { method });
  if (room.t !== 'd' && room.muted.includes(user.username))
    throw new ApiError('reaction-muted', { id: room._id });
  if (
    room.t !== 'd' &&
    room.ro === true &&
    room.reactWhenReadOnly !== true &&
    !can(state, user, 'post-readonly', room)
  ) {
    const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
    if (!unmuted.includes(user.username)) throw new ApiError('post-read-only');
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

/** The most pins a world makes since its scenario (the fake's own bound; a reset starts again). */
export const MAX_PINS_PER_WORLD = 10_000;

/** How a release line pins: its checks' order, and whether a pinned message is pinned again. */
export interface PinRules {
  /**
   * 5.x/6.x: the setting first, then the message (a caller not in its room is told it was not
   * found), `pin-message`, the room; a pinned message is pinned again (a new `message_pinned`).
   * 7.x on: the message, the setting, `pin-message`, the room; a pinned one is answered as it is.
   */
  readonly legacy: boolean;
  /** the method's name, for its refusals' details */
  readonly method: string;
}

/** Whether a user is a member of a room (holds its subscription). */
function subscribed(room: AnyRoom, user: User): boolean {
  return room.usernames.includes(user.username);
}

/** The checks `pinMessage` and `unpinMessage` share, in the release line's order; answers the room. */
function pinChecks(
  state: StoreState,
  user: User,
  message: Message | undefined,
  rules: PinRules,
  notFound: 'pin-not-found' | 'unpin-not-found',
): { message: Message; room: AnyRoom } {
  const { method } = rules;
  const allowed = settings(state).Message_AllowPinning;
  if (rules.legacy && !allowed) throw new ApiError('pin-not-allowed', { method });
  if (!message) throw new ApiError(notFound, { method });
  if (!rules.legacy && !allowed) throw new ApiError('pin-not-allowed', { method });
  const room = anyRoom(state, message.rid);
  if (rules.legacy && (!room || !subscribed(room, user))) throw new ApiError(notFound, { method });
  if (!can(state, user, 'pin-message', room)) throw new ApiError('token-not-authorized', { method });
  if (!room || !maySee(state, user, room)) throw new ApiError('token-not-authorized', { method });
  return { message, room };
}

/**
 * `pinMessage` (`message` undefined: none was found): the checks in the release line's order,
 * then the message `pinned`, `pinnedAt` (the method's argument, else now) and `pinnedBy`, and a
 * `message_pinned` system message quoting it, in one commit. Answers the system message; 7.x on,
 * a message already pinned is answered as it is, nothing written.
 */
export function pinMessage(
  state: StoreState,
  user: User,
  found: Message | undefined,
  rules: PinRules,
  pinnedAt?: string,
): Message {
  const { message, room } = pinChecks(state, user, found, rules, 'pin-not-found');
  if (!rules.legacy && message.pinned === true) return message;
  if (state.pinsMade >= MAX_PINS_PER_WORLD)
    throw new ApiError('pins-limit', { reason: String(MAX_PINS_PER_WORLD) });
  const ts = state.clock.tick();
  const pinned: Message = {
    ...message,
    pinned: true,
    pinnedAt: pinnedAt ?? ts,
    pinnedBy: { _id: user._id, username: user.username },
    _updatedAt: ts,
  };
  const events: ChangeEvent[] = [];
  const now = rewrite(state, pinned, room, events);
  const author = message.u.username;
  const quote: Record<string, unknown> = {
    text: message.msg,
    author_name: author,
    author_icon: `/avatar/${author}`,
    ts: message.ts,
  };
  const system = {
    _id: newMessageId(state),
    t: 'message_pinned',
    rid: room._id,
    ts,
    msg: '',
    u: authorOf(state, user),
    groupable: false,
    attachments: [quote],
    _updatedAt: ts,
  } as Message;
  state.pinsMade += 1;
  store(state, user, now, system, ts, events);
  return system;
}

/**
 * `unpinMessage`: the 5.x/6.x checks (every line: the setting, the message, the caller's
 * subscription, `pin-message`, the room), then `pinned: false`, `pinnedAt` now and `pinnedBy`
 * the caller (overwritten, never removed); no system message. A message not pinned is unpinned
 * all the same.
 */
export function unpinMessage(
  state: StoreState,
  user: User,
  found: Message | undefined,
  method: string,
): void {
  const { message, room } = pinChecks(state, user, found, { legacy: true, method }, 'unpin-not-found');
  const ts = state.clock.tick();
  const next: Message = {
    ...message,
    pinned: false,
    pinnedAt: ts,
    pinnedBy: { _id: user._id, username: user.username },
    _updatedAt: ts,
  };
  const events: ChangeEvent[] = [];
  rewrite(state, next, room, events);
  commit(state, events);
}

/** A message as the caller's answers show it (`normalizeMessagesForUser`): `starred` cut to the caller's own. */
export function forUser(message: Message, user: User): Message {
  if (!Array.isArray(message.starred)) return message;
  const mine = (message.starred as { _id?: unknown }[]).filter((star) => star._id === user._id);
  return { ...message, starred: mine.map(() => ({ _id: user._id })) };
}

/**
 * `starMessage({_id, rid, starred})`: `Message_AllowStarring`; a caller without a subscription to
 * `rid`, or a message not in `rid`, is `false` (nothing written); the room (`Not allowed`), its
 * access (`Not Authorized`); then `starred` gains `{_id: caller}` (once) or loses it. A star
 * already as asked writes nothing. Answers whether the method went through (`true`).
 */
export function starMessage(
  state: StoreState,
  user: User,
  input: { readonly _id: string; readonly rid: string; readonly starred: boolean },
  method: string,
): boolean {
  if (!settings(state).Message_AllowStarring) throw new ApiError('star-not-allowed', { method });
  const room = anyRoom(state, input.rid);
  if (room && !subscribed(room, user)) return false;
  const message = state.messages.get(input._id);
  if (!message || message.rid !== input.rid) return false;
  if (!room) throw new ApiError('room-not-allowed', { method });
  if (!maySee(state, user, room)) throw new ApiError('token-not-authorized', { method });
  const stars = Array.isArray(message.starred) ? (message.starred as { _id?: unknown }[]) : [];
  const mine = stars.some((star) => star._id === user._id);
  if (mine === input.starred) return true;
  const starred = input.starred
    ? [...stars, { _id: user._id }]
    : stars.filter((star) => star._id !== user._id);
  const ts = state.clock.tick();
  const events: ChangeEvent[] = [];
  rewrite(state, { ...message, starred, _updatedAt: ts }, room, events);
  commit(state, events);
  return true;
}

/**
 * `followMessage` / `unfollowMessage`: `Threads_enabled`, the message (`Invalid message`), the
 * room's access; then the thread's root (the message's `tmid`, else the message itself) gains the
 * caller in `replies` (once) or loses it. Already as asked: nothing written.
 */
export function followMessage(
  state: StoreState,
  user: User,
  mid: string,
  follow: boolean,
  method: string,
): void {
  if (!settings(state).Threads_enabled) throw new ApiError('follow-not-allowed', { method });
  const message = state.messages.get(mid);
  if (!message) throw new ApiError('follow-invalid-message', { method });
  const room = anyRoom(state, message.rid);
  if (!room || !maySee(state, user, room)) throw new ApiError('follow-not-allowed', { method });
  const root = message.tmid === undefined ? message : state.messages.get(message.tmid);
  const rootRoom = root && anyRoom(state, root.rid);
  if (!root || !rootRoom) return;
  const replies = Array.isArray(root.replies) ? (root.replies as unknown[]) : [];
  // unfollowing takes the thread off the caller's unread threads (`unfollow`), followed or not
  const current = follow ? undefined : state.subscriptions.get(rootRoom, user._id);
  const member = rootRoom.usernames.includes(user.username);
  const unread = current && member && withoutThread(current, root._id, '') !== current;
  if (replies.includes(user._id) === follow && !unread) return;
  const ts = state.clock.tick();
  const events: ChangeEvent[] = [];
  if (current && unread) {
    const read = withoutThread(current, root._id, ts);
    state.subscriptions.set(rootRoom._id, user._id, read);
    events.push({
      kind: 'subscription',
      op: 'updated',
      rid: rootRoom._id,
      uid: user._id,
      subscription: read,
    });
  }
  if (replies.includes(user._id) !== follow) {
    const next = follow ? [...replies, user._id] : replies.filter((id) => id !== user._id);
    rewrite(state, { ...root, replies: next, _updatedAt: ts }, rootRoom, events);
  }
  commit(state, events);
}

/**
 * `reportMessage`'s checks: a blank description, then the message (unknown, or in a room the
 * caller may not see: the same refusal, hiding it). The report itself (the moderation's) is not
 * kept: nothing is written.
 */
export function reportMessage(state: StoreState, user: User, messageId: string, description: string): void {
  if (description.trim() === '') throw new ApiError('report-invalid-description');
  const message = state.messages.get(messageId);
  const room = message && anyRoom(state, message.rid);
  if (!room || !maySee(state, user, room)) throw new ApiError('report-invalid-message');
}

/** Which of a room's messages a message list holds. */
export type MessageListKind = 'mentioned' | 'starred' | 'pinned';

/**
 * A room's messages the caller is mentioned in, has starred, or that are pinned, newest first, a
 * page of them and how many in all; the starred and pinned ones with `starred` cut to the
 * caller's own. Undefined when there is no such room or the caller may not see it.
 */
export function listMessages(
  state: StoreState,
  user: User,
  rid: string,
  kind: MessageListKind,
  page: { offset: number; count: number },
): { messages: Message[]; total: number } | undefined {
  const room = anyRoom(state, rid);
  if (!room || !maySee(state, user, room)) return undefined;
  const keep = (m: Message): boolean => {
    if (m._hidden === true) return false;
    if (kind === 'pinned') return m.pinned === true && m.t !== 'rm';
    if (kind === 'starred')
      return Array.isArray(m.starred) && (m.starred as { _id?: unknown }[]).some((s) => s._id === user._id);
    return (
      Array.isArray(m.mentions) &&
      (m.mentions as { username?: unknown }[]).some((u) => u.username === user.username)
    );
  };
  const { messages, total } = state.messages.history(rid, {
    offset: page.offset,
    count: page.count,
    skip: (m) => !keep(m),
    total: true,
  });
  return { messages: kind === 'mentioned' ? messages : messages.map((m) => forUser(m, user)), total };
}
