import { copyJson } from '../json-copy';
import { ApiError } from '../errors';
import type { AnyRoom, DirectRoom, Message, User } from '../types';
import { can } from './access';
import { compose } from './compose';
import type { PostInput } from './compose';
import { openDirect } from './directs';
import type { ChangeEvent } from './events';
import { join, putAnyRoom } from './rooms';
import { anyRoom, commit, userNamed } from './state';
import type { StoreState } from './state';
import { notify } from './subscriptions';
import { settings } from './settings';
import { threadReplied } from './thread-unreads';
import { followersOf, repliesAfter } from './threads';
import { OutgoingIndex } from './webhooks';

/**
 * Posting: `chat.postMessage` (targets found, a public channel joined), `chat.sendMessage` (a
 * client's message, threads), the room's posting rules, and the one write of a new message with
 * what follows it (the room, the members' subscriptions, a thread's parent, outgoing webhooks).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A message sent as a client sends one (`chat.sendMessage`): the room by id, the client's own fields. */
export interface SendInput {
  readonly rid: string;
  readonly _id?: string;
  readonly text: string;
  readonly alias?: string;
  readonly emoji?: string;
  readonly avatar?: string;
  readonly attachments?: readonly unknown[];
  readonly tmid?: string;
  readonly tshow?: boolean;
  readonly previewUrls?: readonly string[];
  /**
   * the client's other fields, stored as given (the `sendMessage` method's `bot`, `groupable`,
   * `customFields`, …; the fields the server sets are never among them)
   */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * `chat.postMessage` (`processWebhookMessage`): each target found (`#name` or an id or name; a
 * public channel joins the poster first, with its `uj` message), then the room's rules
 * (`validateRoomMessagePermissions`) and the message's (`message-impersonate` for an alias or an
 * avatar), then the message stored: the room's `msgs`, `lm` and `lastMessage` move. Answers the
 * first target's message. A refusal after a join leaves the join, as on the real server.
 */
export function postMessage(
  state: StoreState,
  user: User,
  post: PostInput,
): { channel: string; message: Message } {
  // every target found before anything is posted (an unknown one refuses the whole post)
  const rooms = post.targets.map((target) => postTarget(state, user, target));
  let message: Message | undefined;
  for (const room of rooms) {
    const posted = postTo(state, user, room, post);
    message ??= posted;
  }
  const channel = post.targets[0];
  if (channel === undefined || message === undefined) throw new ApiError('invalid-channel');
  return { channel, message };
}

/**
 * The room a post's target names (`getRoomByNameOrIdWithOptionToJoin`): `#name` or a bare id or
 * name a room (a bare one also a direct room's id); `@user` (by username or id) or a bare user id
 * the direct room with that user, made when there is none (`create-d` needed then).
 */
function postTarget(state: StoreState, user: User, target: string): AnyRoom {
  const prefix = target.charAt(0);
  const name = prefix === '#' || prefix === '@' ? target.slice(1) : target;
  if (prefix !== '@') {
    const room =
      state.rooms.get(name) ??
      state.rooms.get(state.roomNames.get(name) ?? '') ??
      (prefix !== '#' ? state.directs.get(name) : undefined);
    if (room) return room;
  }
  const other = prefix === '@' ? (state.users.get(name) ?? userNamed(state, name)) : state.users.get(name);
  if (prefix === '#' || !other) throw new ApiError('invalid-channel');
  return openDirect(state, user, [other], false);
}

function postTo(state: StoreState, user: User, found: AnyRoom, post: PostInput): Message {
  if (found.t === 'd') {
    mayPost(state, user, found, post);
    const ts = state.clock.tick();
    return store(state, user, found, compose(state, user, found, post, ts, true), ts);
  }
  if (found.archived) throw new ApiError('post-archived');
  const member = found.usernames.includes(user.username);
  const room = found.t === 'c' && !member ? join(state, user, found) : found;
  mayPost(state, user, room, post);
  const ts = state.clock.tick();
  const message = compose(state, user, room, post, ts, true);
  return store(state, user, room, message, ts);
}

/**
 * `chat.sendMessage` and the `sendMessage` method, after the `sendMessage` command
 * (src/commands/sendMessage.ts) has checked the message and found its room (a thread reply's is
 * its parent's, its `tmid` the parent's thread): to a room by id; no join (a public channel takes
 * a non-member's message as it is), then the same rules as a post (`canSendMessageAsync`), then a
 * client's `_id` not taken. An unknown `tmid` is kept as sent.
 */
export function sendMessage(state: StoreState, user: User, input: SendInput): Message {
  const room = anyRoom(state, input.rid);
  if (!room) throw new ApiError('send-invalid-room');
  if (room.t !== 'd' && room.archived) throw new ApiError('post-archived');
  mayPost(state, user, room, input);
  if (input._id !== undefined && state.messages.has(input._id)) throw new ApiError('send-duplicate-id');
  const ts = state.clock.tick();
  const message = compose(state, user, room, { targets: [], ...input }, ts, false);
  if (input._id !== undefined) message._id = input._id;
  if (input.tshow !== undefined) message.tshow = input.tshow;
  if (input.extra)
    for (const [key, value] of Object.entries(input.extra))
      if (!(key in message)) (message as Record<string, unknown>)[key] = copyJson(value);
  return store(state, user, room, message, ts);
}

/**
 * The thread a reply to `tmid` joins (`executeSendMessage`: "do not allow nested threads"): the
 * parent's room, and the parent's own thread when the parent is itself a reply. None for an
 * unknown parent.
 */
export function threadOf(state: StoreState, tmid: string): { rid: string; tmid: string } | undefined {
  const parent = state.messages.get(tmid);
  return parent && { rid: parent.rid, tmid: parent.tmid ?? tmid };
}

/** `validateRoomMessagePermissions`, then `message-impersonate` for an alias or an avatar. */
export function mayPost(
  state: StoreState,
  user: User,
  found: AnyRoom,
  post: { alias?: string; avatar?: string },
): void {
  if (!found.usernames.includes(user.username) && found.t !== 'c') throw new ApiError('post-not-allowed');
  if (found.t === 'd') {
    // a direct room is never read-only nor muted; an alias needs the permission globally
    if ((post.alias || post.avatar) && !can(state, user, 'message-impersonate'))
      throw new ApiError('post-impersonate');
    return;
  }
  const room = found;
  if (room.ro === true && !can(state, user, 'post-readonly', room)) {
    const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
    if (!unmuted.includes(user.username)) throw new ApiError('post-read-only');
  }
  if (room.muted.includes(user.username)) throw new ApiError('post-muted');
  if ((post.alias || post.avatar) && !can(state, user, 'message-impersonate', room))
    throw new ApiError('post-impersonate');
}

/**
 * The one write of a message: stored, the room's `msgs`, `lm` and `lastMessage` move, the
 * members' subscriptions follow (`notify`, src/store/subscriptions.ts), outgoing webhooks are
 * queued and a thread's parent counts the reply; then the commit, after `prior` (what the same
 * command changed before: a pinned message before its `message_pinned`).
 */
export function store(
  state: StoreState,
  poster: User,
  room: AnyRoom,
  message: Message,
  ts: string,
  prior: readonly ChangeEvent[] = [],
): Message {
  const events: ChangeEvent[] = [...prior];
  stored(state, poster, room, message, ts, events);
  commit(state, events);
  return message;
}

/**
 * {@link store}'s writes, its events appended to `events` for the caller to commit with what
 * else it wrote (a discussion's room, its first messages).
 */
export function stored(
  state: StoreState,
  poster: User,
  room: AnyRoom,
  message: Message,
  ts: string,
  events: ChangeEvent[],
): void {
  state.messages.add(message);
  // a thread reply not shown in the room counts, but is not the room's last message
  const inRoom = message.tmid === undefined || message.tshow === true;
  // copied, then set in this order (the keys' order as `{...room, msgs, lm, lastMessage,
  // _updatedAt}` gives it): V8 clones a spread with overrides on its slow path, about three
  // times the cost of a plain clone and four stores
  const next: AnyRoom = { ...room };
  next.msgs = room.msgs + 1;
  if (inRoom) {
    next.lm = ts;
    next.lastMessage = message;
  }
  next._updatedAt = ts;
  putAnyRoom(state, next);
  events.push(
    { kind: 'message', op: 'inserted', message, room: next },
    { kind: 'room', op: 'updated', room: next, before: room },
  );
  if (inRoom) notify(state, poster, next, message, ts, events);
  trigger(state, poster, next, message, false);
  // the thread hook runs only while threads are on (`Threads_enabled` adds or removes it)
  if (message.tmid !== undefined && settings(state).Threads_enabled)
    replied(state, poster, next, message, ts, events);
  if (next.t !== 'd' && typeof next.prid === 'string') discussed(state, next, events);
}

/**
 * A thread reply's parent follows it (`processThreads` → `reply` → `updateRepliesByThreadId`):
 * `tcount` + 1, `tlm` the reply's time, `replies` the thread's followers (src/store/threads.ts);
 * the parent's new version reaches its own room's stream as an update. Then the reply's room's
 * subscriptions (src/store/thread-unreads.ts): the followers alerted, the thread unread for them.
 */
function replied(
  state: StoreState,
  poster: User,
  replyRoom: AnyRoom,
  reply: Message,
  ts: string,
  events: ChangeEvent[],
): void {
  const parent = state.messages.get(reply.tmid ?? '');
  // its own room: a post may name a parent in another room, whose readers alone hear of it
  const room = parent && anyRoom(state, parent.rid);
  if (!parent || !room) return;
  const uids = room.t === 'd' ? (room as DirectRoom).uids : undefined;
  const followers = followersOf(parent, reply, uids);
  const replies = repliesAfter(parent, reply, uids);
  const tcount = typeof parent.tcount === 'number' ? parent.tcount + 1 : 1;
  const next: Message = { ...parent, replies, tlm: ts, tcount, _updatedAt: ts };
  state.messages.replace(next);
  events.push({ kind: 'message', op: 'updated', message: next, room });
  threadReplied(state, replyRoom, reply, poster, followers, replies, ts, events);
}

/** Queues the outgoing webhooks a message triggers (`afterSaveMessage`), for the world to deliver. */
export function trigger(
  state: StoreState,
  sender: User,
  room: AnyRoom,
  message: Message,
  edited: boolean,
): void {
  state.outgoing ??= new OutgoingIndex(state.integrations.values());
  if (state.outgoing.any) state.triggers.push(...state.outgoing.triggers(room, message, sender, edited));
}

/**
 * The parent's messages that name a discussion (`drid`): only those since the discussion was made
 * are looked through (its system message is among them).
 */
export function messagesNaming(state: StoreState, parent: AnyRoom, discussion: AnyRoom): Message[] {
  return state.messages.history(parent._id, {
    oldest: discussion.ts,
    inclusive: true,
    offset: 0,
    count: 0,
    skip: (message) => message.drid !== discussion._id,
  }).messages;
}

/**
 * A message stored (or deleted) in a discussion refreshes the discussion's `discussion-created`
 * message in its parent room (`refreshDiscussionMetadata`): `dcount` the discussion's `msgs`, `dlm` its `lm`. The parent's
 * messages since the discussion was made are looked through (the system message is among them).
 */
export function discussed(state: StoreState, discussion: AnyRoom, events: ChangeEvent[]): void {
  const parent = anyRoom(state, String(discussion.prid));
  if (!parent) return;
  const messages = messagesNaming(state, parent, discussion);
  for (const message of messages) {
    const next: Message = { ...message, dcount: discussion.msgs, dlm: discussion.lm };
    state.messages.replace(next);
    events.push({ kind: 'message', op: 'updated', message: next, room: parent });
  }
}
