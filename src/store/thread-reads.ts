import { ApiError } from '../errors';
import type { AnyRoom, Message, User } from '../types';
import { maySee } from './access';
import type { ChangeEvent } from './events';
import { forUser } from './message-actions';
import { matches, sortBy } from './query';
import type { Query, SortSpec } from './query';
import { settings } from './settings';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';
import { withoutThread } from './thread-unreads';

/**
 * The reads of threads: a room's threads (`chat.getThreadsList`, `chat.syncThreadsList`), a
 * thread's replies (`chat.getThreadMessages`, `chat.syncThreadMessages`, the
 * `getThreadMessages` method), and a thread read (`readThreads`). Each reads the thread's own
 * index (src/store/messages.ts): a page costs the room's threads or the thread's replies, never
 * the room's history.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A page of a list: `offset`, `count` (0: all), and the caller's own `sort` and `query`. */
export interface ThreadPage {
  readonly offset: number;
  readonly count: number;
  readonly sort?: SortSpec;
  readonly query?: Query;
}

/** Which of a room's threads `chat.getThreadsList` lists. */
export interface ThreadsFilter {
  /** `following`: those the caller follows; `unread`: those unread in the caller's subscription; else all */
  readonly type?: string;
  /** a text the thread's root message contains (any case); absent: any root with a text */
  readonly text?: string;
  /**
   * the `getThreadsList` method's query (`findThreadsByRoomId`): every root with a `tcount`, hidden
   * ones and those without a text too, as stored (`starred` not cut to the caller's); `type` and
   * `text` are not read
   */
  readonly everyRoot?: boolean;
}

/** `Threads_enabled` off: `Threads Disabled`. */
export function requireThreads(state: StoreState): void {
  if (!settings(state).Threads_enabled) throw new ApiError('threads-disabled');
}

/** The room the caller reads threads of: none, or not the caller's to see, is `Not Allowed`. */
function readableRoom(state: StoreState, user: User, rid: string): AnyRoom {
  const room = anyRoom(state, rid);
  if (!room || !maySee(state, user, room)) throw new ApiError('threads-not-allowed');
  return room;
}

/** A thread's root and its room, as the routes look them up: no root (or no room) is `Invalid Message`. */
function threadRoot(state: StoreState, user: User, tmid: string): { root: Message; room: AnyRoom } {
  const root = state.messages.get(tmid);
  if (!root) throw new ApiError('threads-invalid-message');
  return { root, room: readableRoom(state, user, root.rid) };
}

function pageOf<T>(items: T[], page: ThreadPage): T[] {
  const from = items.slice(page.offset);
  return page.count === 0 ? from : from.slice(0, page.count);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The messages a query (and a sort, else `fallback`) keeps, in order. */
function ordered(messages: Message[], page: ThreadPage, fallback: SortSpec): Message[] {
  const query = page.query;
  const kept = query ? messages.filter((m) => matches(m, query)) : messages;
  return sortBy(kept, page.sort ?? fallback);
}

const BY_TLM_DESC: SortSpec = [[['tlm'], -1]];
const BY_TS: SortSpec = [[['ts'], 1]];

/**
 * `chat.getThreadsList`: threads on, the room seen, then the room's thread roots (a `tcount`, not
 * hidden, a text containing `text`), those the caller follows or has unread when `type` says so,
 * newest reply first, a page; `starred` cut to the caller's own. The `getThreadsList` method reads
 * the same after the same checks, with `everyRoot` (its own query).
 */
export function threadsList(
  state: StoreState,
  user: User,
  rid: string,
  filter: ThreadsFilter,
  page: ThreadPage,
): { threads: Message[]; total: number } {
  requireThreads(state);
  const room = readableRoom(state, user, rid);
  const text = new RegExp(escapeRegExp(filter.text ?? ''), 'i');
  const unread =
    filter.type === 'unread' && room.usernames.includes(user.username)
      ? (state.subscriptions.get(room, user._id).tunread ?? [])
      : [];
  if (filter.everyRoot === true) {
    const every = ordered(
      state.messages.threadRoots(room._id).filter((m) => m.tcount !== undefined),
      page,
      BY_TLM_DESC,
    );
    return { threads: pageOf(every, page), total: every.length };
  }
  const roots = state.messages.threadRoots(room._id).filter((m) => {
    if (m.tcount === undefined || m._hidden === true || typeof m.msg !== 'string' || !text.test(m.msg))
      return false;
    if (filter.type === 'following') return Array.isArray(m.replies) && m.replies.includes(user._id);
    if (filter.type === 'unread') return unread.includes(m._id);
    return true;
  });
  const all = ordered(roots, page, BY_TLM_DESC);
  return { threads: pageOf(all, page).map((m) => forUser(m, user)), total: all.length };
}

/**
 * `chat.getThreadMessages`: threads on, the root (`Invalid Message`), its room seen, then the
 * thread's replies (the root not among them), oldest first, a page; `hidden` leaves out hidden
 * ones (newest 8.x). Raw, `starred` as stored. `aroundId` (8.8 on): oldest first whatever the
 * `sort`, the page moved so that reply is in its middle (the root itself: the first page); a
 * message of another thread is refused. Answers the page's offset as resolved.
 */
export function threadMessages(
  state: StoreState,
  user: User,
  tmid: string,
  page: ThreadPage,
  hidden: boolean,
  aroundId?: string,
): { messages: Message[]; total: number; offset: number } {
  requireThreads(state);
  threadRoot(state, user, tmid);
  const replies = state.messages.threadReplies(tmid).filter((m) => !hidden || m._hidden !== true);
  if (aroundId === undefined) {
    const all = ordered(replies, page, BY_TS);
    return { messages: pageOf(all, page), total: all.length, offset: page.offset };
  }
  const all = ordered(replies, { ...page, sort: BY_TS }, BY_TS);
  let offset = 0;
  if (aroundId !== tmid) {
    const target = state.messages.get(aroundId);
    if (target?.tmid !== tmid) throw new ApiError('threads-around-not-in-thread');
    const before = all.filter((m) => m.ts < target.ts).length;
    offset = Math.max(0, before - Math.floor(page.count / 2));
  }
  return { messages: pageOf(all, { ...page, offset }), total: all.length, offset };
}

/**
 * `chat.syncThreadMessages`: threads on, the root, its room seen, then the thread's replies
 * changed after `since`, a page. The fake keeps no trash of deleted messages: `remove` is empty.
 */
export function syncThreadMessages(
  state: StoreState,
  user: User,
  tmid: string,
  since: string,
  page: ThreadPage,
): { update: Message[]; remove: Message[] } {
  requireThreads(state);
  threadRoot(state, user, tmid);
  const changed = state.messages.threadReplies(tmid).filter((m) => updatedAfter(m, since));
  return { update: pageOf(ordered(changed, page, BY_TS), page), remove: [] };
}

/** `chat.syncThreadsList`: threads on, the room seen, then its thread roots changed after `since`, a page. */
export function syncThreadsList(
  state: StoreState,
  user: User,
  rid: string,
  since: string,
  page: ThreadPage,
): { update: Message[]; remove: Message[] } {
  requireThreads(state);
  const room = readableRoom(state, user, rid);
  const changed = state.messages
    .threadRoots(room._id)
    .filter((m) => m.tcount !== undefined && updatedAfter(m, since));
  return { update: pageOf(ordered(changed, page, BY_TS), page), remove: [] };
}

function updatedAfter(message: Message, since: string): boolean {
  const at = typeof message._updatedAt === 'string' ? message._updatedAt : message.ts;
  return Date.parse(at) > Date.parse(since);
}

/**
 * `readThread`: the caller's subscription to the root's room without the thread among its unread
 * ones; the alert off when it was the last (`clearAlert`). Nothing written when it was not unread.
 */
function readThread(state: StoreState, user: User, room: AnyRoom, tmid: string, events: ChangeEvent[]): void {
  if (!room.usernames.includes(user.username)) return;
  const current = state.subscriptions.get(room, user._id);
  const unread = current.tunread ?? [];
  if (withoutThread(current, tmid, '') === current) return;
  const ts = state.clock.tick();
  const read = withoutThread(current, tmid, ts);
  const next = unread.length <= 1 ? { ...read, alert: false } : read;
  state.subscriptions.set(room._id, user._id, next);
  events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid: user._id, subscription: next });
}

/**
 * The `getThreadMessages` method (`{tmid, limit, skip}`): threads on (`Threads Disabled`), no root
 * is none, the root's room seen (`Not allowed`), a root without replies none (6.x on: `noTcount`);
 * then the thread is read for the caller and the answer is the root and its replies newest first
 * (`skip`, `limit`; hidden ones left out). The read is written.
 */
export function threadMessagesMethod(
  state: StoreState,
  user: User,
  input: { tmid: string; limit: number; skip: number },
  emptyWithoutReplies: boolean,
  method: string,
): Message[] {
  if (!settings(state).Threads_enabled) throw new ApiError('threads-method-disabled', { method });
  const root = state.messages.get(input.tmid);
  if (!root) return [];
  const room = anyRoom(state, root.rid);
  if (!room || !maySee(state, user, room)) throw new ApiError('room-not-allowed', { method });
  if (emptyWithoutReplies && !root.tcount) return [];
  const events: ChangeEvent[] = [];
  readThread(state, user, room, input.tmid, events);
  commit(state, events);
  const replies = state.messages
    .threadReplies(input.tmid)
    .filter((m) => m._hidden !== true)
    .reverse();
  const from = replies.slice(input.skip);
  return [root, ...(input.limit > 0 ? from.slice(0, input.limit) : from)];
}

/**
 * The `readThreads` method (`tmid`; its refusals name `method`, which the real one gives as
 * `getThreadMessages`): threads on, no root is nothing, the root's room
 * (`error-room-does-not-exist`), seen (`Not allowed`); then the thread is read for the caller.
 */
export function readThreads(state: StoreState, user: User, tmid: string, method: string): void {
  if (!settings(state).Threads_enabled) throw new ApiError('threads-method-disabled', { method });
  const root = state.messages.get(tmid);
  if (!root) return;
  const room = anyRoom(state, root.rid);
  if (!room) throw new ApiError('threads-method-no-room', { method });
  if (!maySee(state, user, room)) throw new ApiError('room-not-allowed', { method });
  const events: ChangeEvent[] = [];
  readThread(state, user, room, tmid, events);
  commit(state, events);
}

/**
 * `chat.readThread` (`{tmid}`, 8.8 on): threads on, the root (`Invalid Message`), its room (`This
 * room does not exist`), seen (`Not Allowed`); then the thread is read for the caller.
 */
export function readThreadRoute(state: StoreState, user: User, tmid: string): void {
  requireThreads(state);
  const root = state.messages.get(tmid);
  if (!root) throw new ApiError('threads-invalid-message');
  const room = anyRoom(state, root.rid);
  if (!room) throw new ApiError('threads-no-room');
  if (!maySee(state, user, room)) throw new ApiError('threads-not-allowed');
  const events: ChangeEvent[] = [];
  readThread(state, user, room, tmid, events);
  commit(state, events);
}
