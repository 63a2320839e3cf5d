import { ApiError } from '../errors';
import type { Message, User } from '../types';
import type { ChangeEvent } from './events';
import { maySee } from './access';
import { unreadsBefore } from './history';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';

/**
 * What a bot's realtime driver reads and changes beyond messages: `loadHistory`'s page with its
 * unread mark, and presence. A user's `status` / `statusConnection` follow the realtime
 * connections it logged in on (`UserPresence` / the Presence service): each connection is
 * `online` or `away`; the user's `statusConnection` is `online` if one is, else `away` if one is,
 * else `offline`; its `status` is `offline` while `statusConnection` is, else `statusConnection`
 * while `statusDefault` is `online` or unset, else `statusDefault`. A change of either is one
 * commit of the user (`_updatedAt` the clock's now: a login does not move the fake clock, so the
 * stamps of what follows stay as they were), told as a presence change ({@link UserChange}'s
 * `presence`) so the streams broadcast it; nothing is committed when the values stay.
 *
 * The connections live with the store (a reset or a load makes a new one: none are left), keyed
 * by the connection's session id; they are not part of the world's state, the statuses they
 * make are.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A connection's own status. */
export type ConnectionStatus = 'online' | 'away';

/** One store's connections: the user and status of each, and each user's connections. */
interface Connections {
  readonly bySession: Map<string, { uid: string; status: ConnectionStatus }>;
  readonly byUser: Map<string, Set<string>>;
}

const connectionsOf = new WeakMap<StoreState, Connections>();

function connections(state: StoreState): Connections {
  let made = connectionsOf.get(state);
  if (!made) {
    made = { bySession: new Map(), byUser: new Map() };
    connectionsOf.set(state, made);
  }
  return made;
}

/** The user's `statusConnection`, from its connections. */
function connectionStatus(state: StoreState, uid: string): 'online' | 'away' | 'offline' {
  const { bySession, byUser } = connections(state);
  let away = false;
  for (const session of byUser.get(uid) ?? []) {
    const status = bySession.get(session)?.status;
    if (status === 'online') return 'online';
    if (status === 'away') away = true;
  }
  return away ? 'away' : 'offline';
}

/** How a presence change is told: with the user's `name` (a REST `users.setStatus`) or without (the Presence service). */
export interface PresenceNotice {
  readonly withName: boolean;
}

/**
 * Sets the user's presence fields (and any `extra` ones) as its connections and `statusDefault`
 * make them; one commit when something changed. Returns whether it did.
 */
function recompute(
  state: StoreState,
  uid: string,
  extra: Readonly<Record<string, unknown>> = {},
  notice: PresenceNotice = { withName: false },
): boolean {
  const user = state.users.get(uid);
  if (!user) return false;
  const statusDefault = 'statusDefault' in extra ? extra.statusDefault : user.statusDefault;
  const statusConnection = connectionStatus(state, uid);
  const status =
    statusConnection === 'offline'
      ? 'offline'
      : statusDefault === undefined || statusDefault === null || statusDefault === 'online'
        ? statusConnection
        : statusDefault;
  const set: Record<string, unknown> = { ...extra, status, statusConnection };
  const changed = Object.entries(set).some(
    ([key, value]) => (user as Record<string, unknown>)[key] !== value,
  );
  if (!changed) return false;
  const next: Record<string, unknown> = { ...user, ...set, _updatedAt: state.clock.now() };
  const updated = next as unknown as User;
  state.users.set(uid, updated);
  const events: ChangeEvent[] = [{ kind: 'user', op: 'updated', user: updated, presence: notice }];
  commit(state, events);
  return true;
}

/**
 * A login on a realtime connection: the connection is the user's, `online` (a connection of
 * another user before is that user's no more).
 */
export function connect(state: StoreState, uid: string, session: string): void {
  const { bySession, byUser } = connections(state);
  const before = bySession.get(session);
  if (before && before.uid !== uid) disconnect(state, session);
  if (!state.users.has(uid)) return;
  bySession.set(session, { uid, status: 'online' });
  let sessions = byUser.get(uid);
  if (!sessions) byUser.set(uid, (sessions = new Set()));
  sessions.add(session);
  recompute(state, uid);
}

/** A logout or a closed connection: the connection is no one's; its user's last one leaves it offline. */
export function disconnect(state: StoreState, session: string): void {
  const { bySession, byUser } = connections(state);
  const record = bySession.get(session);
  if (!record) return;
  bySession.delete(session);
  const sessions = byUser.get(record.uid);
  sessions?.delete(session);
  if (sessions?.size === 0) byUser.delete(record.uid);
  recompute(state, record.uid);
}

/**
 * `UserPresence:online` / `:away`: the connection's own status, when it is the user's. Returns
 * whether the connection's record changed (an unknown connection stays unknown: false).
 */
export function setConnectionStatus(
  state: StoreState,
  uid: string,
  session: string,
  status: ConnectionStatus,
): boolean {
  const record = connections(state).bySession.get(session);
  if (!record || record.uid !== uid || record.status === status) return false;
  record.status = status;
  recompute(state, uid);
  return true;
}

/**
 * `UserPresence:setDefaultStatus` / `setUserStatus`'s status: the user's `statusDefault`, its
 * `status` worked out again; `statusText` too when given (trimmed, 120 characters at most).
 * Returns whether the user changed.
 */
export function setDefaultStatus(
  state: StoreState,
  uid: string,
  change: { readonly statusDefault?: string; readonly statusText?: string },
): boolean {
  const extra: Record<string, unknown> = {};
  if (change.statusDefault !== undefined) extra.statusDefault = change.statusDefault;
  if (change.statusText !== undefined) extra.statusText = change.statusText.trim().slice(0, 120);
  return recompute(state, uid, extra);
}

/**
 * `users.setStatus` (REST): what the route sets, as given, told as presence changes with the
 * user's `name`. The message first (`setStatusText`: trimmed, 120 characters at most; its own
 * broadcast), then the status: `status` and `statusDefault` both the value given (the route's own
 * update, not worked out from the connections as the Presence service does), its broadcast. One
 * commit, one user change for each part given, each told even when the values stay (the route
 * broadcasts regardless); `_updatedAt` moves as a REST change moves the clock. The same notice
 * (the user change's `presence`) makes the frames of the realtime `setUserStatus`
 * ({@link setDefaultStatus}), through the one stream table. Returns the user as it ends.
 */
export function setStatusAsGiven(
  state: StoreState,
  uid: string,
  change: { readonly status?: string; readonly statusText?: string },
): User | undefined {
  const user = state.users.get(uid);
  if (!user) return undefined;
  const parts: Record<string, unknown>[] = [];
  if (change.statusText !== undefined) parts.push({ statusText: change.statusText.trim().slice(0, 120) });
  if (change.status !== undefined) parts.push({ status: change.status, statusDefault: change.status });
  if (parts.length === 0) return user;
  const ts = state.clock.tick();
  let next = user;
  const events: ChangeEvent[] = [];
  for (const set of parts) {
    next = { ...next, ...set, _updatedAt: ts } as User;
    events.push({ kind: 'user', op: 'updated', user: next, presence: { withName: true } });
  }
  state.users.set(uid, next);
  commit(state, events);
  return next;
}

/** What `loadHistory` asks for: before `end`, `limit` messages (0: all), the unread mark after `ls`, thread replies or not. */
export interface HistoryRequest {
  readonly end: string | undefined;
  readonly limit: number;
  readonly ls: string | undefined;
  readonly threads: boolean;
}

/**
 * `loadHistory`'s page: the room's messages newest first, and, when `ls` is given and the page's
 * oldest is after it, the oldest message after `ls` not loaded and how many are not. A room the
 * user may not read (a channel: `preview-c-room` for a non-member) is `room-forbidden`.
 */
export function historyPage(
  state: StoreState,
  user: User,
  rid: string,
  request: HistoryRequest,
): { messages: Message[]; firstUnread?: Message; unreadNotLoaded: number } {
  const room = anyRoom(state, rid);
  if (!room || !maySee(state, user, room, 'preview-c-room')) throw new ApiError('room-forbidden');
  const skip = request.threads
    ? undefined
    : (m: Message): boolean => m.tmid !== undefined && m.tshow !== true;
  const { messages } = state.messages.history(rid, {
    offset: 0,
    count: request.limit,
    ...(request.end !== undefined ? { latest: request.end } : {}),
    ...(skip ? { skip } : {}),
  });
  const unread =
    request.ls === undefined
      ? { unreadNotLoaded: 0 }
      : unreadsBefore(
          state,
          { offset: 0, count: 0, oldest: request.ls, ...(skip ? { skip } : {}) },
          messages,
        );
  return { messages, ...unread };
}
