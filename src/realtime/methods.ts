import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { FakeWorld } from '../world';
import type { Store } from '../store/store';
import { isPlainObject } from '../store/query';
import type { User } from '../types';
import { dateOf, documentEjson, toEjson } from './ejson';
import createChannel from '../commands/createChannel';
import joinRoomCommand from '../commands/joinRoom';
import sendMessageCommand, { checkSize } from '../commands/sendMessage';
import { ephemeralMessage } from '../commands/ephemeral';
import { MeteorError, commandMethod } from './method';
import { INTEGRATION_METHODS } from './methods/integrations';
import { ROLE_METHODS } from './methods/roles';
import { ROLES_STATE_METHODS, SAVE_ROLE_SERVED } from './methods/roles-state';
import { STARTUP_METHODS } from './methods/startup';
import { SETTINGS_METHODS } from './methods/settings';
import { ROOM_METHODS } from './methods/rooms';
import { ROOMS_API_METHODS } from './methods/rooms-api';
import { ROOM_LIFECYCLE_METHODS } from './methods/rooms-lifecycle';
import { ROOM_SETTINGS_METHODS } from './methods/rooms-settings';
import { ROOM_MUTE_METHODS } from './methods/room-mutes';
import { ROOM_READS_METHODS } from './methods/rooms-reads';
import { MESSAGE_ACTION_METHODS, MESSAGE_ACTIONS_SERVED } from './methods/message-actions';
import { DISCUSSION_METHODS, DISCUSSIONS_SERVED } from './methods/discussions';
import { THREAD_METHODS, THREAD_METHODS_SERVED } from './methods/threads';
import { FILES_METHODS } from './methods/files';
import { SEARCH_METHODS, SEARCH_SERVED } from './methods/search';
import type { Method, MethodContext } from './method';
import { USER_METHODS } from './methods/users';
import { USERS_REST_METHODS } from './methods/users-rest';
import { BOTS_REALTIME_METHODS, BOTS_REALTIME_SERVED, presenceOnLogin } from './methods/bots-realtime';
import { GAPS_METHODS, GAPS_SERVED } from './methods/gaps';

export { MeteorError } from './method';
export type { MethodContext } from './method';

/**
 * The Meteor methods Rocket.Chat's realtime clients call, each as the server answers it, on the
 * world's store. A method throws {@link ApiError} (turned into Meteor's error object) or
 * {@link MeteorError} for the errors only the realtime API has.
 *
 * Layer: realtime.
 */

function userOf(context: MethodContext, method: string): User {
  if (!context.user) throw new MeteorError('error-invalid-user', 'Invalid user', { method });
  return context.user;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Meteor's `check` refusing an argument: error 400 `Match failed` (its sanitized error). */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** `check(value, String)`: the value, or `Match failed`. */
function checkString(value: unknown): string {
  if (typeof value !== 'string') throw matchFailed();
  return value;
}

/**
 * A plain `Error` a method throws: not client-safe, so Meteor sends the client only
 * `500 Internal server error` (the connection's error frame for anything but a Meteor error).
 */
function internal(message: string): Error {
  return new Error(message);
}

/** `login`: a password (plain, or Meteor's SHA-256 digest) for a username or an e-mail, or `resume` with a token. */
function login(context: MethodContext, params: unknown[]): unknown {
  const args = record(params[0]);
  const resume = text(args.resume);
  if (resume !== undefined) {
    const user = context.store.tokenOwner(resume);
    if (!user) throw new MeteorError(403, "You've been logged out by the server. Please log in again.");
    context.setUser(user, resume);
    presenceOnLogin(context, user, 'resume');
    return { id: user._id, token: resume, tokenExpires: expiry(context.store), type: 'resume' };
  }
  const who = record(args.user);
  const password = args.password;
  const digest = text(record(password).digest);
  const username = text(who.username) ?? (typeof args.user === 'string' ? args.user : undefined);
  const email = text(who.email);
  if (
    (username === undefined && email === undefined) ||
    (digest === undefined && typeof password !== 'string')
  )
    throw new MeteorError(400, 'Match failed');
  try {
    const { user, authToken } = context.store.login({
      credentials: {
        ...(email !== undefined ? { email } : { username }),
        password: typeof password === 'string' ? password : '',
        ...(digest !== undefined ? { digest } : {}),
      },
      typedUsername: username,
      ip: context.ip,
    });
    context.setUser(user, authToken);
    presenceOnLogin(context, user, 'password');
    return { id: user._id, token: authToken, tokenExpires: expiry(context.store), type: 'password' };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'login-failed')
      // Meteor 3's accounts answer every wrong credential alike (Rocket.Chat 7/8 run on it)
      throw new MeteorError(403, 'Something went wrong. Please check your credentials.');
    throw error;
  }
}

/** A token's expiry as the server reports it: 90 days on (`Accounts_LoginExpiration`), on the fake clock. */
function expiry(store: Store): { $date: number } {
  return { $date: store.clock.nowMs() + 90 * 24 * 3600 * 1000 };
}

/** The fields the `sendMessage` method's strict `check` lets through (Match.Maybe each: null passes), by type. */
const SEND_FIELDS: Readonly<Record<string, 'string' | 'boolean' | 'date' | 'object'>> = {
  _id: 'string',
  rid: 'string',
  msg: 'string',
  tmid: 'string',
  tshow: 'boolean',
  ts: 'date',
  t: 'string',
  bot: 'object',
  content: 'object',
  e2e: 'string',
  e2eMentions: 'object',
  customFields: 'object',
  federation: 'object',
  groupable: 'boolean',
  sentByEmail: 'boolean',
  otrAck: 'string',
};

/**
 * The `sendMessage` method's `check(message, …)` by release line: up to 7.0 `check(message,
 * Object)` (any plain object); from 7.1 the exact object of {@link SEND_FIELDS} (PR #34214's
 * `bot: Match.Maybe(Object)`: the 7.1.0 release's `Boolean` is no profile); 8.0 dropped `otrAck`
 * (OTR removed, PR #36691).
 */
const SEND_CHECK: EraTable<'object' | 'strict' | 'strict-no-otr'> = {
  '0.49': 'object',
  '7.1': 'strict',
  '8': 'strict-no-otr',
};

/**
 * What the server sets on a message sent (or the method reads itself): never stored from the
 * client's other fields. The rest of an accepted message (`bot`, `groupable`, `customFields`, and
 * up to 7.0 any key) is stored as given.
 */
const SERVER_SET: ReadonlySet<string> = new Set([
  '_id',
  'rid',
  'msg',
  'ts',
  'u',
  '_updatedAt',
  'urls',
  'mentions',
  'channels',
  'md',
  'tmid',
  'tshow',
  't',
  'alias',
  'emoji',
  'avatar',
  'attachments',
  'unread',
  'editedAt',
  'editedBy',
  '_hidden',
]);

/** Whether a value passes `Match.Maybe(<type>)`. */
function matches(value: unknown, type: 'string' | 'boolean' | 'date' | 'object'): boolean {
  if (value === undefined || value === null) return true;
  if (type === 'date') return dateOf(value) !== undefined;
  if (type === 'object') return typeof value === 'object' && !Array.isArray(value);
  return typeof value === type;
}

/**
 * The refusals `executeSendMessage` meets inside its `try` (`canSendMessageAsync`), each with the
 * English text of its i18n key (a key with no text is its own text), which it sends the user as an
 * ephemeral message (`notify.ephemeralMessage` → `stream-notify-user` `<uid>/message`).
 */
const SEND_NOTICES: Partial<Record<ErrorCode, string>> = {
  'send-invalid-room': 'Invalid room',
  'post-archived': 'room_is_archived',
  'post-not-allowed': 'Not allowed',
  'post-read-only': "You can't send messages because the room is readonly.",
  'post-muted': 'You have been muted and cannot speak in this room',
  // an alias or an avatar without `message-impersonate` (5.x to 7.0: the strict check refuses both later)
  'post-impersonate': 'Not enough permission',
  // `customFields` while `Message_CustomFields_Enabled` is off (the fake has it off): 6.x on
  'custom-fields-disabled': 'Custom fields not enabled',
};

/** The refusals `executeSendMessage` throws before its `try`: swallowed too, with no ephemeral message. */
const SEND_SILENT: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['tshow-without-tmid', 'send-without-rid']);

/**
 * How the `sendMessage` method wraps `executeSendMessage`, by era. 7.x and 8.x (the sources read:
 * `app/lib/server/methods/sendMessage.ts`) refuse a system message (`MessageTypes.isSystemMessage`)
 * before the `try` with a plain Error, and rethrow from the `try` only `error-not-allowed` (and
 * `restricted-workspace`, which the fake never raises), so a text over the size limit is an empty
 * result. The older lines keep the fake's earlier answers (their sources not checked here).
 */
const SEND_METHOD = {
  '0.49': { refusesSystem: false, swallowsSize: false, customFields: true },
  // 5.x's method wraps executeSendMessage in a try that rethrows only error-not-allowed: the
  // size error is swallowed too (research 47 §2.7.2; the 4.x JS and the 6.0 code agree)
  '5': { refusesSystem: false, swallowsSize: true, customFields: true },
  // 6.x: `customFields` validated against Message_CustomFields (off in the fake: refused)
  '6': { refusesSystem: false, swallowsSize: true, customFields: false },
  '7.0': { refusesSystem: true, swallowsSize: true, customFields: false },
};

/** The message the method's `check` let through (its first parameter). */
function messageOf(params: readonly unknown[]): Record<string, unknown> {
  return record(params[0]);
}

/**
 * `sendMessage`: the message as the client built it (the method's `check` refuses any other field:
 * Meteor's 400 `Match failed`, before the login is asked for), then the `sendMessage` command, as
 * `chat.sendMessage` runs it. As the method does it, a refusal of the room's rules is sent to the
 * user as an ephemeral message on `<uid>/message`, and swallowed: the result is empty. Only
 * `error-not-allowed` (a room the user may not use) comes back as the method's error, without a
 * reason.
 */
const sendMessageMethod = commandMethod(sendMessageCommand, {
  check: (params, { profile }) => {
    const given = params[0];
    if (typeof given !== 'object' || given === null || Array.isArray(given)) throw matchFailed();
    const form = byEra(profile, SEND_CHECK);
    if (form === 'object') return;
    for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
      const type = key === 'otrAck' && form === 'strict-no-otr' ? undefined : SEND_FIELDS[key];
      if (type === undefined || !matches(value, type)) throw matchFailed();
    }
  },
  args: (params, { profile, store }) => {
    const message = messageOf(params);
    // 7.x/8.x: a system message (`t`) is refused before the method's `try`, with a plain Error
    if (byEra(profile, SEND_METHOD).refusesSystem && typeof message.t === 'string')
      throw internal("Cannot send system messages using 'sendMessage'");
    const msg = text(message.msg) ?? '';
    // the size checked here, before the command's `tshow` check, as this method always has: a
    // message both too long and with `tshow` but no `tmid` is a size error before 7.x (the command,
    // in executeSendMessage's order, would make it the silent `tshow` refusal); refused() answers it
    checkSize(store, msg);
    const extra = Object.fromEntries(Object.entries(message).filter(([key]) => !SERVER_SET.has(key)));
    if (extra.customFields !== undefined && !byEra(profile, SEND_METHOD).customFields)
      throw new ApiError('custom-fields-disabled');
    return {
      rid: text(message.rid),
      text: msg,
      ...(text(message.alias) !== undefined ? { alias: text(message.alias) } : {}),
      ...(text(message.emoji) !== undefined ? { emoji: text(message.emoji) } : {}),
      ...(text(message.avatar) !== undefined ? { avatar: text(message.avatar) } : {}),
      ...(Array.isArray(message.attachments) ? { attachments: message.attachments as unknown[] } : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
      ...(text(message._id) !== undefined ? { _id: text(message._id) } : {}),
      ...(text(message.tmid) !== undefined ? { tmid: text(message.tmid) } : {}),
      ...(typeof message.tshow === 'boolean' ? { tshow: message.tshow } : {}),
      ...previewUrlsOf(params[1]),
    };
  },
  result: (sent) => documentEjson(sent),
  refused: (error, context, params) => {
    // the size refusal: from 7.x the method's `try` swallows it, as every error but error-not-allowed
    if (error.code === 'send-too-long') {
      if (byEra(context.profile, SEND_METHOD).swallowsSize) return undefined;
      throw new MeteorError('error-message-size-exceeded', 'Message size exceeds Message_MaxAllowedSize', {
        method: 'sendMessage',
      });
    }
    if (SEND_SILENT.has(error.code)) return undefined;
    const notice = SEND_NOTICES[error.code];
    if (notice === undefined) throw error;
    // 0.49's method answers `false` for a room it may not use (missing, not accessible: no
    // notice), and for a blocked or muted one after the notice
    const answersFalse = !byEra(context.profile, SEND_METHOD).swallowsSize;
    if (answersFalse && (error.code === 'post-not-allowed' || error.code === 'send-invalid-room'))
      return false;
    const rid = text(messageOf(params).rid) ?? '';
    const uid = userOf(context, 'sendMessage')._id;
    context.notifyUser({ uid, event: 'message', args: [ephemeralMessage(context.store, rid, notice)] });
    if (error.code === 'post-not-allowed')
      throw new MeteorError('error-not-allowed', undefined, { method: 'sendMessage' });
    return answersFalse ? false : undefined;
  },
});

/** Rocket.Chat 7 dropped the `<rid>/typing` event: from then only `user-activity` may be written. */
const TYPING_EVENT = { '0.49': true, '7.0': false };

/**
 * `stream-notify-room`, the stream's own method (Streamer.initMethod): a client writes
 * `[<rid>/<event>, ...args]`, which `allowWrite` lets through only as `user-activity` with the
 * writer's own username (`canType`); the args go to the event's subscribers as they are, not back
 * to the writer's connection. A refused write is dropped without a word; the result is empty
 * either way. Up to 6.x `<rid>/typing` was accepted too, each form also sent as the other.
 */
function streamNotifyRoom(context: MethodContext, params: unknown[]): unknown {
  const eventName = text(params[0]) ?? '';
  const [rid, event] = eventName.split('/');
  const args = params.slice(1);
  const user = context.user;
  const legacy = byEra(context.profile, TYPING_EVENT);
  if (!user || rid === undefined || (event !== 'user-activity' && !(legacy && event === 'typing')))
    return undefined;
  if (args[0] !== user.username) return undefined;
  context.emitRoomStream(eventName, args);
  if (!legacy) return undefined;
  const activity = args[1];
  if (
    event === 'user-activity' &&
    Array.isArray(activity) &&
    (activity.length === 0 || activity.includes('user-typing'))
  )
    context.emitRoomStream(`${rid}/typing`, [user.username, activity.includes('user-typing')]);
  else if (event === 'typing')
    context.emitRoomStream(`${rid}/user-activity`, [user.username, activity ? ['user-typing'] : [], args[2]]);
  return undefined;
}

/**
 * `joinRoom(rid, code?)`: `check(rid, String)` (before the login), then the command REST's
 * `channels.join` runs (src/commands/joinRoom.ts: the room by `_id`, access, the join code by the
 * release line); the code is passed on only when it is truthy. Answers `true` when the user
 * joined, an empty result when already a member (`addUserToRoom` returns).
 */
const joinRoom = commandMethod(joinRoomCommand, {
  check: (params) => {
    checkString(params[0]);
  },
  args: (params) => {
    const code = params[1];
    return {
      rid: params[0] as string,
      joinCode: code ? (typeof code === 'string' ? code : JSON.stringify(code)) : undefined,
    };
  },
  result: ({ joined }) => (joined ? true : undefined),
});

/** `previewUrls` (the methods' second parameter): the links to preview, when a list of strings. */
function previewUrlsOf(value: unknown): { previewUrls?: string[] } {
  return Array.isArray(value) && value.every((url) => typeof url === 'string')
    ? { previewUrls: value as string[] }
    : {};
}

/** The methods, by name. */
/** `createChannel`'s result: 0.49's `{rid}`; 5.x's `{rid, …room}`; 6.x's `{rid, inserted, _id, _updatedAt, …room}`, its `usersCount` still 0. */
const CREATED_RESULT = { '0.49': '0.49', '5': '5', '6': '6' } as const;

/**
 * `createChannel(name, members, readOnly = false, customFields = {}, extraData = {})`: `check`s
 * the name and members, then the command (REST's `channels.create` calls the same one).
 */
const createChannelMethod = commandMethod(createChannel, {
  args: (params) => {
    const [name, members, readOnly, customFields, extraData] = params;
    if (typeof name !== 'string') throw matchFailed();
    if (members !== undefined && !(Array.isArray(members) && members.every((m) => typeof m === 'string')))
      throw matchFailed();
    return {
      name,
      members: (members as string[] | undefined) ?? [],
      readOnly: readOnly === true,
      customFields: isPlainObject(customFields) ? customFields : {},
      extraData: isPlainObject(extraData) ? extraData : {},
      excludeSelf: false,
    };
  },
  result: (room, { profile }) => {
    const layout = byEra(profile, CREATED_RESULT);
    if (layout === '0.49') return { rid: room._id };
    const { _id, _updatedAt, usernames, sysMes, joinCodeRequired, muted, ...props } = room;
    const stored = { ...props, usersCount: 0 };
    return toEjson(
      layout === '5'
        ? { rid: _id, ...stored, _updatedAt, _id }
        : { rid: _id, inserted: true, _id, _updatedAt, ...stored },
    );
  },
});

export const METHODS: Readonly<Record<string, Method>> = {
  ...SETTINGS_METHODS,
  ...ROLE_METHODS,
  ...ROLES_STATE_METHODS,
  ...STARTUP_METHODS,
  ...USERS_REST_METHODS,
  login,
  'stream-notify-room': streamNotifyRoom,
  logout: (context) => {
    if (context.token !== undefined) context.store.logout(context.token);
    context.setUser(undefined, undefined);
    context.store.presenceDisconnect(context.session);
    return undefined;
  },
  joinRoom,
  createChannel: createChannelMethod,
  ...INTEGRATION_METHODS,
  ...ROOM_METHODS,
  ...ROOMS_API_METHODS,
  ...ROOM_LIFECYCLE_METHODS,
  ...ROOM_SETTINGS_METHODS,
  ...ROOM_MUTE_METHODS,
  ...ROOM_READS_METHODS,
  ...MESSAGE_ACTION_METHODS,
  ...FILES_METHODS,
  ...SEARCH_METHODS,
  sendMessage: sendMessageMethod,
  'subscriptions/get': (context, params) => {
    // before a login: nothing (the method answers `[]`, it does not refuse)
    const user = context.user;
    if (!user) return [];
    const since = dateOf(params[0]);
    const { update, remove } = context.store.subscriptionsFor(user, since);
    return since === undefined ? toEjson(update) : toEjson({ update, remove });
  },
  'rooms/get': (context, params) => {
    // before a login: `[]` (the public default rooms only with Accounts_AllowAnonymousRead, off)
    const user = context.user;
    if (!user) return [];
    const since = dateOf(params[0]);
    const { update, remove } = context.store.roomsFor(user, since);
    return since === undefined ? toEjson(update) : toEjson({ update, remove });
  },
  getUserRoles: (context) => {
    userOf(context, 'getUserRoles');
    // `Authorization.getUsersFromPublicRoles`, as roles.getUsersInPublicRoles answers it
    return context.store.usersInPublicRoles();
  },
  createDirectMessage: (context, params) => {
    const user = userOf(context, 'createDirectMessage');
    const names = params.filter((p): p is string => typeof p === 'string');
    // `{t: 'd', rid, ...room}` without the room's `_id` (and `inserted`)
    const room = Object.entries(context.store.createDirect(user, names, false)).filter(
      ([key]) => key !== '_id',
    );
    return { t: 'd', ...Object.fromEntries(room) };
  },
  updateMessage: (context, params) => {
    // check(message, Match.ObjectIncluding({_id: String})), then the user
    const message = record(params[0]);
    if (typeof message._id !== 'string') throw matchFailed();
    const user = userOf(context, 'updateMessage');
    // a message that does not exist: the method returns, an empty result
    if (context.store.messageRoom(message._id) === undefined) return undefined;
    context.store.updateMessage(user, {
      roomId: text(message.rid) ?? '',
      msgId: text(message._id) ?? '',
      text: text(message.msg) ?? '',
      ...previewUrlsOf(params[1]),
      ...(isPlainObject(message.customFields)
        ? { customFields: message.customFields as Record<string, unknown> }
        : {}),
    });
    return undefined;
  },
  deleteMessage: (context, params) => {
    const user = userOf(context, 'deleteMessage');
    const id = text(record(params[0])._id) ?? '';
    const rid = context.store.messageRoom(id);
    if (rid === undefined)
      throw new MeteorError('error-action-not-allowed', 'Not allowed', { method: 'deleteMessage' });
    context.store.deleteMessage(user, { roomId: rid, msgId: id, asUser: false });
    return undefined;
  },
  ...USER_METHODS,
  ...BOTS_REALTIME_METHODS,
  ...DISCUSSION_METHODS,
  ...THREAD_METHODS,
  ...GAPS_METHODS,
};

/** Served up to 7.x: 8.0 removed the method. */
const UNTIL_7: EraTable<boolean> = { '0.49': true, '8': false };

/**
 * The methods some release lines lack (they answer them as unknown methods), with the lines that
 * serve each; a method not named here is served by every line. One table, gathered from the
 * groups' own.
 */
const SERVED_IN: Readonly<Record<string, EraTable<boolean>>> = {
  ...BOTS_REALTIME_SERVED,
  ...MESSAGE_ACTIONS_SERVED,
  ...DISCUSSIONS_SERVED,
  ...THREAD_METHODS_SERVED,
  ...SEARCH_SERVED,
  ...GAPS_SERVED,
  'authorization:saveRole': SAVE_ROLE_SERVED,
  // removed in 8.0 by merged breaking PRs: #36851 (getUserRoles), #36823 and #36822 (REST's
  // rooms.muteUser / rooms.unmuteUser remain), #36838 (users.create / users.update), #36827
  // (users.updateOwnBasicInfo), #36865 and #36864 (roles.addUserToRole / roles.removeUserFromRole),
  // #36863 (roles.delete)
  getUserRoles: UNTIL_7,
  muteUserInRoom: UNTIL_7,
  unmuteUserInRoom: UNTIL_7,
  insertOrUpdateUser: UNTIL_7,
  saveUserProfile: UNTIL_7,
  'authorization:addUserToRole': UNTIL_7,
  'authorization:removeUserFromRole': UNTIL_7,
  'authorization:deleteRole': UNTIL_7,
};

/** Whether the world's release line serves a method it knows. */
export function methodServed(name: string, world: FakeWorld): boolean {
  const served = SERVED_IN[name];
  return served === undefined || byEra(world.profile, served);
}
