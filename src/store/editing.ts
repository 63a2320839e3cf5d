import { ApiError } from '../errors';
import type { AnyRoom, Message, User } from '../types';
import { can } from './access';
import { NONE, compose, editedUrls } from './compose';
import type { ChangeEvent } from './events';
import { plainMarkdown } from './message-text';
import { discussed, mayPost, store, trigger } from './posting';
import { deleteRoom } from './room-lifecycle';
import { putAnyRoom } from './rooms';
import { settings } from './settings';
import { anyRoom, commit, trashMessage } from './state';
import type { StoreState } from './state';
import { threadForgotten } from './thread-unreads';
import { dropFilesOf } from './uploads';

/**
 * A message's edits: `chat.update`, `chat.delete` (a thread's parent kept as deleted, a reply's
 * parent counting one less), and a provider state's message set in place.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** Whole minutes from a time to the fake clock's now (moment's `diff(…, 'minutes')`). */
function minutesSince(state: StoreState, iso: string): number {
  return Math.trunc((state.clock.nowMs() - Date.parse(iso)) / 60_000);
}

/** A message's new text (`chat.update`), and what else the edit names. */
export interface UpdateInput {
  readonly roomId: string;
  readonly msgId: string;
  readonly text: string;
  /** the URLs to preview: given (even empty), the edit happens though the text is the same */
  readonly previewUrls?: readonly string[];
  /** custom fields: given, the edit happens, and is refused (the real server's default settings disable them) */
  readonly customFields?: Readonly<Record<string, unknown>>;
}

/**
 * A deleted message kept in place as deleted (`setAsDeletedByIdAndUser`): empty text, `t: "rm"`,
 * no links, mentions, attachments or reactions, edited by the deleter; no `md`, `blocks`, `tshow`.
 */
function deletedShown(message: Message, by: User, ts: string): Message {
  const { md: _md, blocks: _blocks, tshow: _tshow, ...rest } = message;
  return {
    ...rest,
    msg: '',
    t: 'rm',
    urls: NONE,
    mentions: NONE,
    attachments: NONE,
    reactions: {},
    editedAt: ts,
    editedBy: { _id: by._id, username: by.username },
    _updatedAt: ts,
  } as Message;
}

/** A message by id that must be in `roomId` (chat.update and chat.delete). */
function ownMessage(state: StoreState, roomId: string, id: string): { message: Message; room: AnyRoom } {
  const message = state.messages.get(id);
  if (!message) throw new ApiError('message-not-found', { reason: id });
  const room = anyRoom(state, message.rid);
  if (!room || message.rid !== roomId) throw new ApiError('message-room-mismatch');
  return { message, room };
}

/**
 * `chat.update`: the same text changes nothing (and is not checked further) unless `previewUrls`
 * or `customFields` is given; else `edit-message`, or the author's own message; then the room's
 * posting rules; custom fields are refused (off by default); then `msg`, `editedAt`,
 * `editedBy`, `_updatedAt`, `urls` and `md` change. `msgs` stays.
 */
export function updateMessage(state: StoreState, user: User, input: UpdateInput): Message {
  const { message, room } = ownMessage(state, input.roomId, input.msgId);
  const also = input.previewUrls !== undefined || input.customFields !== undefined;
  if (message.msg === input.text && !also) return message;
  const values = settings(state);
  // `edit-message`, or the author's own while `Message_AllowEditing` is on (truthy, as stored)
  const editAny = can(state, user, 'edit-message', room);
  if (!editAny && (!values.Message_AllowEditing || message.u._id !== user._id))
    throw new ApiError('message-edit-not-allowed');
  // `Message_AllowEditing_BlockEditInMinutes` (a number other than 0): whole minutes since it was sent
  const blockEdit: unknown = values.Message_AllowEditing_BlockEditInMinutes;
  if (
    typeof blockEdit === 'number' &&
    blockEdit !== 0 &&
    !can(state, user, 'bypass-time-limit-edit-and-delete', room) &&
    minutesSince(state, message.ts) >= blockEdit
  )
    throw new ApiError('message-editing-blocked');
  mayPost(state, user, room, {});
  // `validateCustomMessageFields`: Message_CustomFields_Enabled is off by default
  if (input.customFields !== undefined) throw new ApiError('custom-fields-disabled');
  const ts = state.clock.tick();
  const next: Message = {
    ...message,
    msg: input.text,
    _updatedAt: ts,
    editedAt: ts,
    editedBy: { _id: user._id, username: user.username },
  };
  // `parseUrlsInMessage` on every edit (a message sent with `parseUrls: false` keeps its urls)
  if (next.parseUrls !== false) next.urls = editedUrls(state, input.text, input.previewUrls);
  const md = plainMarkdown(input.text);
  if (md) next.md = md;
  else delete next.md;
  state.messages.replace(next);
  const last = room.lastMessage as { _id?: unknown } | undefined;
  let now = room;
  const roomEvents: ChangeEvent[] = [];
  if (last?._id === next._id) {
    now = { ...room, lastMessage: next, _updatedAt: ts };
    putAnyRoom(state, now);
    roomEvents.push({ kind: 'room', op: 'updated', room: now, before: room });
  }
  const author = state.users.get(next.u._id);
  if (author) trigger(state, author, now, next, true);
  commit(state, [{ kind: 'message', op: 'updated', message: next, room: now }, ...roomEvents]);
  return next;
}

/**
 * `chat.delete` (`canDeleteMessage`): `force-delete-message`, else `delete-message` or the
 * author's own with `delete-own-message`; not in a read-only room without `post-readonly` (or
 * the room's `unmuted`). With `asUser` (a caller with `force-delete-message`, or the author) the
 * author's permissions decide, as `deleteMessageValidatingPermission(msg, author)` does. The
 * message is removed (the real server's defaults keep no history; a thread's parent stays as a
 * deleted `rm` message), a reply's parent counts one reply less, `msgs` goes down, and the
 * room's last message becomes its newest remaining user message.
 */
export function deleteMessage(
  state: StoreState,
  caller: User,
  input: { roomId: string; msgId: string; asUser: boolean },
): Message {
  const { message, room } = ownMessage(state, input.roomId, input.msgId);
  if (input.asUser && message.u._id !== caller._id && !can(state, caller, 'force-delete-message', room))
    throw new ApiError('message-delete-as-other');
  // `asUser`: the author deletes it, with the author's own permissions (the caller's only let it ask)
  const user = input.asUser ? state.users.get(message.u._id) : caller;
  if (!user) throw new ApiError('users-user-not-found');
  const own = message.u._id === user._id;
  if (!can(state, user, 'force-delete-message', room)) {
    const values = settings(state);
    // `canDeleteMessage`: `Message_AllowDeleting` off refuses everyone without force-delete-message
    if (!values.Message_AllowDeleting) throw new ApiError('message-delete-not-allowed');
    if (!can(state, user, 'delete-message', room) && !(own && can(state, user, 'delete-own-message', room)))
      throw new ApiError('message-delete-not-allowed');
    // `Message_AllowDeleting_BlockDeleteInMinutes` (truthy): allowed up to that many whole minutes,
    // and then the read-only check is not made (the real function returns there)
    const blockDelete: unknown = values.Message_AllowDeleting_BlockDeleteInMinutes;
    const timed = Boolean(blockDelete) && !can(state, user, 'bypass-time-limit-edit-and-delete', room);
    if (timed && !(minutesSince(state, message.ts) <= Number(blockDelete)))
      throw new ApiError('message-delete-not-allowed');
    // unless the room unmuted the user by name
    const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
    if (
      !timed &&
      room.t !== 'd' &&
      room.ro === true &&
      !can(state, user, 'post-readonly', room) &&
      !unmuted.includes(user.username)
    )
      throw new ApiError('message-delete-read-only');
  }
  const ts = state.clock.tick();
  // a thread's parent (`tcount` > 0) is kept as deleted (`Message_ShowDeletedStatus` forced for threads)
  const kept =
    typeof message.tcount === 'number' && message.tcount > 0 ? deletedShown(message, user, ts) : undefined;
  if (kept) state.messages.replace(kept);
  else {
    trashMessage(state, message, ts, user.username);
  }
  const next: AnyRoom = { ...room, msgs: Math.max(0, room.msgs - 1), _updatedAt: ts };
  const last = room.lastMessage as { _id?: unknown } | undefined;
  if (last?._id === message._id) {
    // the newest user message shown in the room: no system message, no thread reply kept in its thread
    const skip = (m: Message): boolean => m.t !== undefined || (m.tmid !== undefined && m.tshow !== true);
    const newest = state.messages.history(room._id, { offset: 0, count: 1, skip }).messages[0];
    if (newest) next.lastMessage = newest;
    else delete next.lastMessage;
  }
  putAnyRoom(state, next);
  // its files go with it (`deleteMessage` without `Message_KeepHistory`)
  dropFilesOf(state, message);
  const events: ChangeEvent[] = [
    kept
      ? { kind: 'message', op: 'updated', message: kept, room: next }
      : { kind: 'message', op: 'removed', message, room: next },
    { kind: 'room', op: 'updated', room: next, before: room },
  ];
  // the parent counts one reply less once the room is as the deletion left it
  if (message.tmid !== undefined) unreplied(state, next, message, ts, events);
  // a discussion's message refreshes its parent's `discussion-created`; that
  // message deleted takes the discussion with it (`afterDeleteMessage`)
  if (next.t !== 'd' && typeof next.prid === 'string') discussed(state, next, events);
  const discussion = typeof message.drid === 'string' ? state.rooms.get(message.drid) : undefined;
  if (discussion) deleteRoom(state, user, discussion, ts, events);
  commit(state, events);
  return message;
}

/**
 * A deleted thread reply's parent (`decreaseReplyCountById`): `tcount` − 1, told in its own room;
 * then no member of the reply's room has the thread unread any more (`removeUnreadThreadsByRoomId`).
 */
function unreplied(
  state: StoreState,
  replyRoom: AnyRoom,
  reply: Message,
  ts: string,
  events: ChangeEvent[],
): void {
  const parent = state.messages.get(reply.tmid ?? '');
  const room = parent && anyRoom(state, parent.rid);
  if (!parent || !room || typeof parent.tcount !== 'number') return;
  const next: Message = { ...parent, tcount: parent.tcount - 1, _updatedAt: ts };
  state.messages.replace(next);
  events.push({ kind: 'message', op: 'updated', message: next, room });
  threadForgotten(state, replyRoom, parent._id, ts, events);
}

/**
 * A message with this `_id` in a room (by `_id`), by `author`, as a provider state says: with a
 * post's fields (`posted`) or as a client sends one, whatever the room's rules; an existing one
 * keeps its place and takes the text (a quiet change: the realtime streams are not told).
 */
export function putMessage(
  state: StoreState,
  author: User,
  rid: string,
  _id: string,
  text: string,
  posted = false,
): void {
  const existing = state.messages.get(_id);
  if (existing) {
    const events: ChangeEvent[] = [];
    if (existing.msg !== text) {
      const next = { ...existing, msg: text, _updatedAt: state.clock.tick() };
      state.messages.replace(next);
      const room = anyRoom(state, next.rid);
      if (room) events.push({ kind: 'message', op: 'updated', message: next, room, quiet: true });
    }
    commit(state, events);
    return;
  }
  const room = anyRoom(state, rid);
  if (!room) return;
  const ts = state.clock.tick();
  const message = compose(state, author, room, { targets: [], text }, ts, posted);
  message._id = _id;
  store(state, author, room, message, ts);
}
