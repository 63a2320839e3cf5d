import { ApiError } from '../errors';
import type { Message, User } from '../types';
import { can, maySee } from './access';
import { findDirect } from './directs';
import { pageOf } from './lists';
import type { ListOptions, ListResult } from './lists';
import type { HistoryWindow } from './messages';
import { isPlainObject, matches, sortBy } from './query';
import { findChannel, findGroup } from './rooms';
import type { RoomRef } from './rooms';
import { anyRoom } from './state';
import type { StoreState } from './state';

/**
 * Reading messages: a room's history (`*.history`, `loadHistory`), its filtered messages
 * (`*.messages`), one message (`chat.getMessage`). Reads only (finding a direct room by user may
 * open it, as the real lookup does).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** Which of a room's messages a `*.messages` route lists, and how. */
export interface MessageFilter {
  options: ListOptions;
  /** messages mentioning one of these user ids */
  mentionIds?: string[];
  /** messages starred by one of these user ids */
  starredIds?: string[];
  pinned?: boolean;
}

/**
 * `loadHistory`: a room's messages newest first, before `end` (or now), `limit` of them, for a
 * member (a public channel's for anyone with `preview-c-room`).
 */
export function loadHistory(
  state: StoreState,
  user: User,
  rid: string,
  end: string | undefined,
  limit: number,
): Message[] {
  const room = anyRoom(state, rid);
  if (!room || !maySee(state, user, room, 'preview-c-room')) throw new ApiError('room-forbidden');
  return state.messages.history(rid, {
    offset: 0,
    count: limit,
    ...(end !== undefined ? { latest: end } : {}),
    skip: (m) => m.tmid !== undefined && m.tshow !== true,
  }).messages;
}

/** The room of a message by id (a thread reply's parent names it when a sent message does not). */
export function messageRoom(state: StoreState, id: string): string | undefined {
  return state.messages.get(id)?.rid;
}

/**
 * `unreads=true` (`getChannelHistory`): with `oldest`, the messages after it and before the
 * page's oldest (both ends left out, the window's own skips applied): the first of them and how
 * many. Nothing without `oldest`, or when the page is empty or reaches back to it.
 */
export function unreadsBefore(
  state: StoreState,
  window: HistoryWindow,
  page: readonly Message[],
): { firstUnread?: Message; unreadNotLoaded: number } {
  const first = page[page.length - 1];
  if (window.oldest === undefined || first === undefined || !(first.ts > window.oldest))
    return { unreadNotLoaded: 0 };
  const range = { oldest: window.oldest, latest: first.ts, skip: window.skip };
  // counted, then the oldest read alone: no array of the whole range (100,000 messages, say)
  const { total } = state.messages.history(first.rid, { ...range, offset: 0, count: 1, total: true });
  if (total === 0) return { unreadNotLoaded: 0 };
  const oldest = state.messages.history(first.rid, { ...range, offset: total - 1, count: 1 }).messages[0];
  return { firstUnread: oldest, unreadNotLoaded: total };
}

/**
 * `channels.history`: a public channel's messages, newest first. A member reads it, and so does
 * a caller with `preview-c-room`; anyone else gets the bare 403.
 */
export function history(state: StoreState, user: User, ref: RoomRef, window: HistoryWindow): Message[] {
  const room = findChannel(state, ref, { checkArchived: false });
  // a group (found only in lenient mode) is its members' alone
  if (!maySee(state, user, room, 'preview-c-room')) throw new ApiError('room-forbidden');
  return state.messages.history(room._id, window).messages;
}

/** `groups.history`: a group's messages, newest first (the caller is a member: see `findGroup`). */
export function groupHistory(state: StoreState, user: User, ref: RoomRef, window: HistoryWindow): Message[] {
  return state.messages.history(findGroup(state, user, ref)._id, window).messages;
}

/** `im.history`: a direct room's messages, newest first. */
export function directHistory(
  state: StoreState,
  user: User,
  roomId: string,
  window: HistoryWindow,
): Message[] {
  return state.messages.history(findDirect(state, user, { roomId })._id, window).messages;
}

/**
 * `channels.messages`: a channel's messages (threads and system messages included) filtered by
 * `query` (the fake's safe subset, as for channels.list) and by mentioned or starred users or
 * pinning, sorted (newest first by default), a page of them with the count of all. A caller who
 * sees only joined rooms (`view-joined-room`) must be in this one, else the bare 403.
 */
export function roomMessages(
  state: StoreState,
  user: User,
  roomId: string,
  filter: MessageFilter,
): ListResult {
  const room = findChannel(state, { roomId }, { checkArchived: false });
  const member = room.usernames.includes(user.username);
  if (!member && (room.t !== 'c' || can(state, user, 'view-joined-room', room)))
    throw new ApiError('room-forbidden');
  return filteredMessages(state, room._id, filter);
}

/** `im.messages`: a direct room's messages (by `roomId`, or the room with `username`), filtered as `channels.messages` does. */
export function directMessages(
  state: StoreState,
  user: User,
  ref: { roomId?: string; username?: string },
  filter: MessageFilter,
): ListResult {
  return filteredMessages(state, findDirect(state, user, ref)._id, filter);
}

/** A room's messages filtered, sorted and paged (`channels.messages`, `im.messages`). */
function filteredMessages(state: StoreState, rid: string, filter: MessageFilter): ListResult {
  const { options } = filter;
  const has = (list: unknown, ids: string[]): boolean =>
    Array.isArray(list) &&
    list.some((entry) => isPlainObject(entry) && typeof entry._id === 'string' && ids.includes(entry._id));
  const all = state.messages
    .history(rid, { offset: 0, count: 0, total: true })
    .messages.filter(
      (m) =>
        (!options.query || matches(m, options.query)) &&
        (!filter.mentionIds || has(m.mentions, filter.mentionIds)) &&
        (!filter.starredIds || has(m.starred, filter.starredIds)) &&
        (!filter.pinned || m.pinned === true),
    );
  return pageOf(options.sort ? sortBy([...all], options.sort) : all, options);
}

/**
 * `chat.getMessage`: a message by id, as stored, when the caller may see its room (a public
 * channel, with `view-c-room`; a group only to its members).
 */
export function getMessage(state: StoreState, user: User, id: string): Message {
  const message = state.messages.get(id);
  if (!message) throw new ApiError('message-unknown');
  const room = anyRoom(state, message.rid);
  if (!room || !maySee(state, user, room)) throw new ApiError('message-not-allowed');
  return message;
}
