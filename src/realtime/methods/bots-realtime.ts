import { ApiError } from '../../errors';
import { saveStatusText } from '../../commands/status-text';
import { byEra } from '../../eras';
import type { EraTable } from '../../eras';
import { infoOf } from '../../operations/info';
import type { User } from '../../types';
import { dateOf, documentEjson, toEjson } from '../ejson';
import { MeteorError } from '../method';
import type { Method, MethodContext } from '../method';

/**
 * The realtime methods a bot's driver calls (hubot-rocketchat, `@rocket.chat/sdk` 0.1.0 and
 * 0.2.9), as each release line answers them: `getRoomNameById`, `getRoomIdByNameOrId`,
 * `getServerInfo`, `readMessages`, `loadHistory`, the presence methods (`UserPresence:*`,
 * `setUserStatus`) and the presence a realtime login makes.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed`. */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** The caller, or `Invalid user [error-invalid-user]` naming the method. */
function callerOf(context: MethodContext, method: string): User {
  if (!context.user) throw new MeteorError('error-invalid-user', 'Invalid user', { method });
  return context.user;
}

/**
 * `getRoomNameById(rid)` (0.57 on, PR #7102): `check(rid, String)`, the login, the room (a missing
 * one is `Not allowed`, not a not-found); a member (any room type) gets `room.name` (a direct room
 * has none: an empty result); a non-member only of a public channel, with `view-c-room`.
 */
const getRoomNameById: Method = (context, params) => {
  const rid = params[0];
  if (typeof rid !== 'string') throw matchFailed();
  const user = callerOf(context, 'getRoomNameById');
  const room = context.store.anyRoom(rid);
  if (!room || !context.store.maySee(user, room))
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: 'getRoomNameById' });
  return room.t === 'd' ? undefined : room.name;
};

/**
 * `getRoomIdByNameOrId(nameOrId)`: `check(String)`, the login, the room by `_id` else by name; none,
 * or one the caller may not access (a private group or a direct room it is not in, a channel
 * without `view-c-room`), is `Not allowed`.
 */
const getRoomIdByNameOrId: Method = (context, params) => {
  const given = params[0];
  if (typeof given !== 'string') throw matchFailed();
  const user = callerOf(context, 'getRoomIdByNameOrId');
  const rid = context.store.roomIdOf(given);
  const room = rid === undefined ? undefined : context.store.anyRoom(rid);
  if (!room || !context.store.maySee(user, room))
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: 'getRoomIdByNameOrId' });
  return room._id;
};

/**
 * `getServerInfo()` (0.49 only: added in 0.49's time, PR #5409; removed in 4.0, PR #23162):
 * `RocketChat.Info`, no login needed: `{version, build, commit}`, the build `/api/info` reports.
 */
const getServerInfo: Method = (context) => toEjson(infoOf(context.profile));

/**
 * How `readMessages` answers, by release line: 0.49 the subscription update's count (1, or 0
 * without a subscription: no access check, no error); 5.x `Not allowed` for a room it cannot
 * read (a missing room too: unverified), 6.x on `error-room-does-not-exist` first.
 */
const READ_FORM: EraTable<'count' | 'no-room-check' | 'room-check'> = {
  '0.49': 'count',
  '5': 'no-room-check',
  '6': 'room-check',
};

/**
 * `readMessages(rid, readThreads = false)`: `check(rid, String)` (`readThreads` is not checked),
 * the login, then by release line (see {@link READ_FORM}); a room the user may see but is not in
 * has no subscription, and the read's plain Error is Meteor's `500 Internal server error`. A read
 * sends the changed subscription to the user's `<uid>/subscriptions-changed`.
 */
const readMessages: Method = (context, params) => {
  const rid = params[0];
  if (typeof rid !== 'string') throw matchFailed();
  const user = callerOf(context, 'readMessages');
  const details = { method: 'readMessages' };
  const form = byEra(context.profile, READ_FORM);
  const room = context.store.anyRoom(rid);
  const member = room !== undefined && room.usernames.includes(user.username);
  if (form === 'count') {
    if (!member) return 0;
    context.store.markRead(user, rid);
    return 1;
  }
  if (!room && form === 'room-check')
    throw new MeteorError('error-room-does-not-exist', 'This room does not exist', details);
  if (!room || !context.store.maySee(user, room))
    throw new MeteorError('error-not-allowed', 'Not allowed', details);
  if (!member) throw new Error('error-invalid-subscription');
  context.store.markRead(user, rid);
  return undefined;
};

/** An `ls` as `loadHistory` takes it: an EJSON date, or a date's text. */
function lastSeen(value: unknown): string | undefined {
  const date = dateOf(value);
  if (date !== undefined) return date;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/**
 * `loadHistory(rid, end, limit = 20, ls, showThreadMessages = true)`: `check(rid, String)`, the
 * login, then `false` for a room that is not there or the user may not read; else
 * `{messages, firstUnread?, unreadNotLoaded}`: newest first, before `end`, `limit` of them as
 * given (not capped; 0: all), thread replies unless `showThreadMessages` is `false` (then only
 * those shown in the room); `firstUnread` (the stored message) only when `ls` is given and older
 * than the page's oldest, the key left out otherwise. No side effects.
 */
const loadHistory: Method = (context, params) => {
  const rid = params[0];
  if (typeof rid !== 'string') throw matchFailed();
  const user = callerOf(context, 'loadHistory');
  const given = params[2];
  const limit = typeof given === 'number' && Number.isFinite(given) ? Math.abs(Math.trunc(given)) : 20;
  try {
    const page = context.store.historyPage(user, rid, {
      end: dateOf(params[1]),
      limit,
      ls: lastSeen(params[3]),
      threads: params[4] !== false,
    });
    return {
      messages: page.messages.map((m) => documentEjson(m)),
      ...(page.firstUnread ? { firstUnread: documentEjson(page.firstUnread) } : {}),
      unreadNotLoaded: page.unreadNotLoaded,
    };
  } catch (error) {
    // a room the user may not read: `false`, not an error
    if (error instanceof ApiError && error.code === 'room-forbidden') return false;
    throw error;
  }
};

/**
 * Which realtime logins mark the user online: every one up to 5.x (konecty's `UserPresence`) and
 * from 6.10 (PR #32500); 6.0 to 6.9 only a `resume` (`if (login.type !== 'resume') return`). A
 * REST login never does.
 */
const LOGIN_MARKS_ONLINE: EraTable<'any' | 'resume'> = { '0.49': 'any', '6': 'resume', '6.10': 'any' };

/** A realtime login: the connection becomes the user's, online, when the release line says so. */
export function presenceOnLogin(context: MethodContext, user: User, type: 'password' | 'resume'): void {
  if (byEra(context.profile, LOGIN_MARKS_ONLINE) === 'resume' && type !== 'resume')
    // the connection is no longer another user's
    context.store.presenceDisconnect(context.session);
  else context.store.presenceConnect(user._id, context.session);
}

/** The statuses konecty's `UserPresence` (0.49, 5.x) takes; another is silently ignored. */
const VALID_STATUSES: ReadonlySet<string> = new Set(['online', 'away', 'busy', 'offline']);

/**
 * The presence methods by release line: 0.49 konecty 1.2.9 (the status checked, `setDefaultStatus`
 * of one argument), 5.x konecty 2.6 (`check`s, an `id` of another user refused), 6.0 on the
 * Presence service (no value check; `true`/`false` answers; logged out an empty result).
 */
const PRESENCE_FORM: EraTable<'konecty-1' | 'konecty-2' | 'service'> = {
  '0.49': 'konecty-1',
  '5': 'konecty-2',
  '6': 'service',
};

/** konecty 2.x: `check(id, Match.Maybe(String))`; an existing other user's id is `[cannot-change-other-users-status]`. */
function checkOwnId(context: MethodContext, user: User, id: unknown): void {
  if (id !== undefined && id !== null && typeof id !== 'string') throw matchFailed();
  if (typeof id === 'string' && id !== user._id && context.store.userById(id) !== undefined)
    throw new MeteorError('cannot-change-other-users-status', undefined);
}

/**
 * `UserPresence:online(id?)` / `UserPresence:away(id?)`: this connection's own status. The
 * Presence service (6.0 on) answers whether the connection's record changed (a connection never
 * registered stays so: `false`), an empty result logged out; konecty's (0.49, 5.x) make the
 * connection the user's if it was not, and answer nothing.
 */
function connectionStatusMethod(status: 'online' | 'away'): Method {
  return (context, params) => {
    const form = byEra(context.profile, PRESENCE_FORM);
    const user = context.user;
    if (!user) {
      if (form === 'konecty-2') checkOwnId(context, { _id: '' } as User, params[0]);
      return undefined;
    }
    if (form === 'service') return context.store.setConnectionStatus(user._id, context.session, status);
    if (form === 'konecty-2') checkOwnId(context, user, params[0]);
    if (!context.store.setConnectionStatus(user._id, context.session, status)) {
      context.store.presenceConnect(user._id, context.session);
      context.store.setConnectionStatus(user._id, context.session, status);
    }
    return undefined;
  };
}

/**
 * `UserPresence:setDefaultStatus(status)` (5.x also `(id, status)`): the user's `statusDefault`,
 * its `status` worked out again. konecty ignores a status it does not know and answers nothing;
 * the Presence service (6.0 on) stores any value (unverified whether the model refuses one) and
 * answers whether the user changed. Logged out: an empty result.
 */
const setDefaultStatus: Method = (context, params) => {
  const form = byEra(context.profile, PRESENCE_FORM);
  const user = context.user;
  let status = params[0];
  if (form === 'konecty-2' && params.length > 1) {
    if (user) checkOwnId(context, user, params[0]);
    status = params[1];
  }
  if (!user) return undefined;
  if (form === 'service') {
    if (typeof status !== 'string') return false;
    return context.store.setDefaultStatus(user._id, { statusDefault: status });
  }
  if (typeof status === 'string' && VALID_STATUSES.has(status))
    context.store.setDefaultStatus(user._id, { statusDefault: status });
  return undefined;
};

/**
 * How `setUserStatus` orders its checks: 5.x the status (konecty: an unknown one ignored), then
 * the text; 6.0 to 8.5 the invisible check and the status (any value), then the text's check and
 * setting (the status already changed); 8.9 the text's setting first.
 */
const SET_STATUS_FORM: EraTable<'konecty' | 'status-first' | 'setting-first'> = {
  '0.49': 'konecty',
  '6': 'status-first',
  '8.9': 'setting-first',
};

/**
 * `setUserStatus(statusType, statusText)` (5.x on): the login; a truthy `statusType` is the user's
 * default status (6.0 on: `offline` refused while `Accounts_AllowInvisibleStatusOption` is off,
 * `Invisible status is disabled [error-status-not-allowed]`); a `statusText` that is truthy or
 * `''` must be a string (`Match failed`) and needs `Accounts_AllowUserStatusMessageChange`
 * (`Not allowed [error-not-allowed]`), then is saved trimmed to 120 characters. An empty result.
 */
const setUserStatus: Method = (context, params) => {
  const method = 'setUserStatus';
  const user = callerOf(context, method);
  const [statusType, statusText] = params;
  const form = byEra(context.profile, SET_STATUS_FORM);
  const settings = context.store.settings();
  const details = { method };
  if (
    form === 'setting-first' &&
    statusText !== undefined &&
    statusText !== null &&
    !settings.Accounts_AllowUserStatusMessageChange
  )
    throw new MeteorError('error-not-allowed', 'Not allowed', details);
  if (statusType) {
    const status = String(statusType);
    if (form === 'konecty') {
      if (VALID_STATUSES.has(status)) context.store.setDefaultStatus(user._id, { statusDefault: status });
    } else {
      if (status === 'offline' && !settings.Accounts_AllowInvisibleStatusOption)
        throw new MeteorError('error-status-not-allowed', 'Invisible status is disabled', details);
      context.store.setDefaultStatus(user._id, { statusDefault: status });
    }
  }
  if (statusText || statusText === '') {
    if (typeof statusText !== 'string') throw matchFailed();
    if (!settings.Accounts_AllowUserStatusMessageChange)
      throw new MeteorError('error-not-allowed', 'Not allowed', details);
    // to 8.5 the text only; 8.9 the status worked out again with it (src/commands/status-text.ts)
    saveStatusText(context.store, context.profile, user._id, statusText);
  }
  return undefined;
};

export const BOTS_REALTIME_METHODS: Readonly<Record<string, Method>> = {
  getRoomNameById,
  getRoomIdByNameOrId,
  getServerInfo,
  readMessages,
  loadHistory,
  'UserPresence:online': connectionStatusMethod('online'),
  'UserPresence:away': connectionStatusMethod('away'),
  'UserPresence:setDefaultStatus': setDefaultStatus,
  setUserStatus,
};

/** The release lines that serve each of these methods (the others: every line). */
export const BOTS_REALTIME_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  // added in 0.57 (PR #7102)
  getRoomNameById: { '0.49': false, '5': true },
  // removed in 4.0 (PR #23162)
  getServerInfo: { '0.49': true, '5': false },
  // custom status text came later than 0.49 (the version unverified)
  setUserStatus: { '0.49': false, '5': true },
};
