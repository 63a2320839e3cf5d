import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError, ERRORS } from '../errors';
import type { ErrorSpec } from '../errors/spec';
import type { AnyRoom, Room, User } from '../types';
import { API_USER_LIMIT } from './addAllUserToRoom';
import addUsersToRoom from './addUsersToRoom';
import archiveRoom from './archiveRoom';
import type { CommandContext } from './command';
import createChannel from './createChannel';
import createPrivateGroup from './createPrivateGroup';
import hideRoom from './hideRoom';
import muteUserInRoom from './muteUserInRoom';
import unmuteUserInRoom from './unmuteUserInRoom';
import joinRoom from './joinRoom';
import leaveRoom from './leaveRoom';
import removeUserFromRoom from './removeUserFromRoom';
import saveRoomSettings from './saveRoomSettings';
import sendMessage from './sendMessage';
import { saveStatusText } from './status-text';
import unarchiveRoom from './unarchiveRoom';

/**
 * The built-in slash commands whose server callback has an effect (Rocket.Chat's
 * `app/slashcommands-*` server modules, as 7.x has them), each run through the fake's own
 * commands (joinRoom, leaveRoom, addUsersToRoom, …) so their checks, system messages,
 * subscriptions and realtime frames are the REST routes'. A callback tells the caller what it
 * could not do, or did, in ephemeral messages (`notify.ephemeralMessage`): it hands their texts
 * to `notify` (the English of the i18n keys, `%s` filled as `sprintf` does), and each face sends
 * them to the caller on `stream-notify-user` `<uid>/message`. A refusal the callback does not
 * catch is thrown (the face's error), after the notices sent before it. Release lines: only
 * `/archive` and `/unarchive` differ (to 6.x, see ARCHIVE_FLOW); docs/routes-startup.md says what
 * is UNVERIFIED.
 */

/** What a built-in's callback gets: the message's room and thread, and the text after the name. */
export interface BuiltInArgs {
  readonly params: string;
  readonly rid: string;
  readonly tmid?: string;
}

/** Sends the caller an ephemeral message (the text; the face sends it in the message's room). */
export type Notify = (text: string) => void;

export type BuiltIn = (context: CommandContext, args: BuiltInArgs, notify: Notify) => void;

/** The English text of the i18n keys the callbacks send (packages/i18n/src/locales/en.i18n.json). */
const TEXT = {
  Channel_doesnt_exist: (s: string) => `The channel \`#${s}\` does not exist.`,
  Channel_already_exist: (s: string) => `The channel \`#${s}\` already exists.`,
  Channel_Archived: (s: string) => `Channel with name \`#${s}\` has been archived successfully`,
  Channel_Unarchived: (s: string) => `Channel with name \`#${s}\` has been Unarchived successfully`,
  Channel_already_Unarchived: (s: string) => `Channel with name \`#${s}\` is already in Unarchived state`,
  Duplicate_archived_channel_name: (s: string) => `An archived Channel with name \`#${s}\` exists`,
  Username_doesnt_exist: (s: string) => `The username \`${s}\` doesn't exist.`,
  User_doesnt_exist: (s: string) => `No user exists by the name of \`@${s}\`.`,
  Username_is_already_in_here: (s: string) => `\`@${s}\` is already in here.`,
  Username_and_message_must_not_be_empty: () => 'Username and message must not be empty.',
  'error-logged-user-not-in-room': (s: string) => `You are not in the room \`${s}\``,
  StatusMessage_Changed_Successfully: () => 'Status message changed successfully.',
  StatusMessage_Change_Disabled: () =>
    'Your Rocket.Chat administrator has disabled the changing of status messages',
  Channel_created: (s: string) => `Channel \`#${s}\` created.`,
  Users_added: () => 'The users have been added',
  'error-user-limit-exceeded': () =>
    'The number of users you are trying to invite to #channel_name exceeds the limit set by the administrator',
};

/**
 * The English text of the error keys a callback that catches a refusal sends (`i18n.t(error)`,
 * no values given: a `{{variable}}` stays as written); a key en.i18n.json lacks is sent as it is
 * (`error-user-not-found`, `error-team-not-found`, the fake's own limits' keys).
 */
const ERROR_TEXT: Readonly<Record<string, string>> = {
  'error-not-allowed': 'Not allowed',
  'error-invalid-room': 'Invalid room',
  'error-invalid-user': 'Invalid user',
  'error-user-not-in-room': 'User is not in this room',
  'error-you-are-last-owner': 'You are the last owner. Please set new owner before leaving the room.',
  'error-cant-invite-for-direct-room': "Can't invite user to direct rooms",
  'error-invalid-room-name': '<strong>{{room_name}}</strong> is not a valid room name',
  'error-invalid-name': 'Invalid name',
  'error-duplicate-channel-name': "A channel with name '{{channel_name}}' exists",
  'error-archived-duplicate-name': "There's an archived channel with name '{{room_name}}'",
};

/**
 * What a callback that catches a refusal sends (`catch ({error}) … i18n.t(error)`): the English
 * of the Meteor error's `error` (the row's `errorType`); nothing for an error without one.
 */
function caughtText(error: ApiError): string | undefined {
  const type = (ERRORS[error.code] as ErrorSpec).errorType;
  return type === undefined ? undefined : (ERROR_TEXT[type] ?? type);
}

/** Runs `act`; a declared refusal becomes the caught-error notice (if it has one), as the callback's `try` does. */
function caught(notify: Notify, act: () => unknown): void {
  try {
    act();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const text = caughtText(error);
    if (text !== undefined) notify(text);
  }
}

/** A room by name (`Rooms.findOneByName`: any type). */
function roomNamed(context: CommandContext, name: string): AnyRoom | undefined {
  const id = context.store.findRoomId(name);
  return id === undefined ? undefined : context.store.anyRoom(id);
}

/** `/join #channel`: a public channel by name (else a notice); a member already is refused; then joinRoom. */
const join: BuiltIn = (context, { params }, notify) => {
  const given = params.trim();
  if (given === '') return;
  const channel = given.replace('#', '');
  const room = roomNamed(context, channel);
  if (!room || room.t !== 'c') return notify(TEXT.Channel_doesnt_exist(channel));
  if (context.store.isSubscribed(context.user._id, room._id)) throw new ApiError('slash-already-in-room');
  joinRoom.run(context, { rid: room._id, joinCode: undefined });
};

/** `/leave`, `/part`: leaveRoom of the message's room; its refusal is a notice. */
const leave: BuiltIn = (context, { rid }, notify) => caught(notify, () => leaveRoom.run(context, { rid }));

/**
 * `/invite @a @b` (spaces or commas): the users of exactly those names (none: a notice naming them
 * all); each member already a notice; each other added by itself (addUsersToRoom), its refusal a notice.
 */
const invite: BuiltIn = (context, { params, rid }, notify) => {
  const names = params
    .split(/[\s,]/)
    .map((name) => name.replace(/(^@)|( @)/, ''))
    .filter((name) => name !== '');
  if (names.length === 0) return;
  const wanted = new Set(names);
  // `Users.find({username: {$in}})`: exact names, in the collection's order
  const users = context.store.allUsers(false).filter((u) => wanted.has(u.username));
  if (users.length === 0) return notify(TEXT.User_doesnt_exist(names.join(' @')));
  const added: User[] = [];
  for (const user of users) {
    if (context.store.isSubscribed(user._id, rid)) notify(TEXT.Username_is_already_in_here(user.username));
    else added.push(user);
  }
  for (const user of added)
    caught(notify, () => addUsersToRoom.run(context, { rid, usernames: [user.username] }));
};

/**
 * The `@user` of `/kick`, `/mute` and `/unmute` (the first `@` dropped): `undefined` for none;
 * `known` false, after the `Username_doesnt_exist` notice, when no user has that name (any case).
 */
function namedUser(
  context: CommandContext,
  params: string,
  notify: Notify,
): { username: string; known: boolean } | undefined {
  const username = params.trim().replace('@', '');
  if (username === '') return undefined;
  const known = context.store.userNamed(username) !== undefined;
  if (!known) notify(TEXT.Username_doesnt_exist(username));
  return { username, known };
}

/** `/kick @user`: the user by name, any case (else a notice); then removeUserFromRoom, whose refusal is thrown. */
const kick: BuiltIn = (context, { params, rid }, notify) => {
  const named = namedUser(context, params, notify);
  if (named?.known) removeUserFromRoom.run(context, { rid, username: named.username });
};

/**
 * `/mute @user` and `/unmute @user`: the user by name, any case (else a notice: `/unmute` stops
 * there, `/mute` goes on, as its callback has no `return`, to muteUserInRoom's refusal); then
 * muteUserInRoom / unmuteUserInRoom, whose refusal is thrown.
 */
function muting(mute: boolean): BuiltIn {
  return (context, { params, rid }, notify) => {
    const named = namedUser(context, params, notify);
    if (!named || (!named.known && !mute)) return;
    (mute ? muteUserInRoom : unmuteUserInRoom).run(context, { rid, username: named.username });
  };
}

/**
 * How `/archive` and `/unarchive` check, by line: to 6.x the callback leaves a direct room
 * silently, tells a room already so, then calls the archiveRoom / unarchiveRoom method (whose
 * refusals it throws: `Not authorized` naming the method); from 7.0 it refuses a direct room and a
 * caller without the permission itself, before the room's state (the version of the change
 * UNVERIFIED: the 6.x and the 7.x sources were read).
 */
const ARCHIVE_FLOW: EraTable<'method' | 'checks-first'> = { '0.49': 'method', '7.0': 'checks-first' };

/**
 * `/archive [#room]` and `/unarchive [#room]`: the room named (any type), or the message's room;
 * none is a notice; a direct room and a caller without the permission are refused (to 6.x: a
 * direct room left silently, the permission the method's); a room already so is a notice; then
 * the room (un)archived, with its system message, and a notice.
 */
function archiving(archive: boolean): BuiltIn {
  return (context, { params, rid }, notify) => {
    let channel = params.trim();
    let room: AnyRoom | undefined;
    if (channel === '') {
      room = context.store.anyRoom(rid);
      if (room && room.t !== 'd') channel = room.name;
    } else {
      channel = channel.replace('#', '');
      room = roomNamed(context, channel);
    }
    if (!room) return notify(TEXT.Channel_doesnt_exist(channel));
    const checksFirst = byEra(context.profile, ARCHIVE_FLOW) === 'checks-first';
    if (room.t === 'd') {
      if (!checksFirst) return;
      throw new ApiError(archive ? 'slash-not-archivable' : 'slash-not-unarchivable', { type: room.t });
    }
    if (checksFirst && !context.store.can(context.user, archive ? 'archive-room' : 'unarchive-room', room))
      throw new ApiError('slash-not-authorized');
    const target: Room = room;
    if ((target.archived === true) === archive)
      return notify(
        archive ? TEXT.Duplicate_archived_channel_name(channel) : TEXT.Channel_already_Unarchived(channel),
      );
    if (checksFirst) context.store.setArchived(context.user, target, archive);
    else (archive ? archiveRoom : unarchiveRoom).run(context, { rid: target._id });
    notify(archive ? TEXT.Channel_Archived(channel) : TEXT.Channel_Unarchived(channel));
  };
}

/** `/topic text`: with `edit-room` in the message's room, its topic saved (saveRoomSettings); else nothing. */
const topic: BuiltIn = (context, { params, rid }) => {
  const room = context.store.anyRoom(rid);
  if (room && context.store.can(context.user, 'edit-room', room))
    saveRoomSettings.run(context, { rid, settings: { roomTopic: params } });
};

/**
 * `/hide [#room|@user]`: the message's room, or the room of that name, or the direct room with
 * that user; none, or one the caller is not in, is a notice; then hideRoom.
 */
const hide: BuiltIn = (context, { params, rid }, notify) => {
  const given = params.trim();
  const { store, user } = context;
  let target = rid;
  if (given !== '') {
    const stripped = given.replace(/#|@/, '').split(' ')[0] ?? '';
    let room: AnyRoom | undefined;
    if (given.startsWith('#')) room = roomNamed(context, stripped);
    else {
      const other = store.allUsers(false).find((u) => u.username === stripped);
      room = other && store.directWith([user._id, other._id]);
    }
    if (!room) return notify(TEXT.Channel_doesnt_exist(given));
    if (!store.isSubscribed(user._id, room._id)) return notify(TEXT['error-logged-user-not-in-room'](given));
    target = room._id;
  }
  caught(notify, () => hideRoom.run(context, { rid: target }));
};

/** `UTF8_Channel_Names_Validation`'s default, as the callback runs it: the first match anywhere. */
const CHANNEL_NAME = /[0-9a-zA-Z-_.]+/;

/**
 * `/create name [--private]`: the first run of name characters; a room of that name is a notice;
 * then createPrivateGroup (with `--private`) or createChannel, with no members.
 */
const create: BuiltIn = (context, { params }, notify) => {
  const name = CHANNEL_NAME.exec(params.trim())?.[0] ?? '';
  if (name === '') return;
  if (context.store.findRoomId(name) !== undefined) return notify(TEXT.Channel_already_exist(name));
  const flags = [...params.matchAll(/(--(\w+))+/g)].map((m) => m[2]);
  const args = { name, members: [], readOnly: false, customFields: {}, extraData: {}, excludeSelf: false };
  if (flags.includes('private')) createPrivateGroup.run(context, args);
  else createChannel.run(context, args);
};

/** `/me text`: `_text_` posted to the message's room (and thread) as the caller; nothing for blank text. */
const me: BuiltIn = (context, { params, rid, tmid }) => {
  if (params.trim() === '') return;
  sendMessage.run(context, { rid, text: `_${params}_`, ...(tmid === undefined ? {} : { tmid }) });
};

/**
 * `/msg @user text`: no space is a notice; the user by name, any case (else a notice); then the
 * direct room with them (made if none: `create-d`) and the text posted there. Two writes, as the
 * real callback's: a post refused (too long, …) leaves the direct room made.
 */
const msg: BuiltIn = (context, { params }, notify) => {
  const trimmed = params.trim();
  const separator = trimmed.indexOf(' ');
  if (separator === -1) return notify(TEXT.Username_and_message_must_not_be_empty());
  const text = trimmed.slice(separator + 1);
  const original = trimmed.slice(0, separator);
  const username = original.replace('@', '');
  if (!context.store.userNamed(username)) return notify(TEXT.Username_doesnt_exist(original));
  const direct = context.store.createDirect(context.user, [username], false);
  sendMessage.run(context, { rid: String(direct.rid), text });
};

/**
 * `/status text`: the caller's status message set as `setUserStatus(undefined, text)` sets it on
 * the release line (src/commands/status-text.ts: to 8.5 the text only, the status untouched; 8.9
 * the status worked out again from the caller's connections), and a notice; while
 * `Accounts_AllowUserStatusMessageChange` is off, a notice and the method's refusal.
 */
const status: BuiltIn = (context, { params }, notify) => {
  if (!context.store.settings().Accounts_AllowUserStatusMessageChange) {
    notify(TEXT.StatusMessage_Change_Disabled());
    throw new ApiError('slash-status-not-allowed');
  }
  saveStatusText(context.store, context.profile, context.user._id, params);
  notify(TEXT.StatusMessage_Changed_Successfully());
};

/**
 * `/invite-all-to #room` (the message's room's members into the room named) and
 * `/invite-all-from #room` (the named room's members into the message's room): a source room not
 * found is a notice; more than `API_User_Limit` (its default, 500) members a notice; a target
 * not found (`to` only) is made, a channel or a group as the source is, with those members
 * (`Channel_created`), else they are added (addUsersToRoom); then `Users_added`. A refusal of the
 * create or the add is a notice instead (its key's English text: into a direct room `Can't invite
 * user to direct rooms`).
 */
function invitingAll(to: boolean): BuiltIn {
  return (context, { params, rid }, notify) => {
    let channel = params.trim();
    if (channel === '') return;
    channel = channel.replace('#', '');
    if (channel === '') return;
    const source = to ? context.store.anyRoom(rid) : roomNamed(context, channel);
    const target = to ? roomNamed(context, channel) : context.store.anyRoom(rid);
    if (!source) return notify(TEXT.Channel_doesnt_exist(channel));
    if (source.usernames.length > API_USER_LIMIT) return notify(TEXT['error-user-limit-exceeded']());
    const users = [...source.usernames];
    caught(notify, () => {
      if (!target && source.t !== 'd') {
        const args = { name: channel, members: users, readOnly: false, customFields: {}, extraData: {} };
        (source.t === 'c' ? createChannel : createPrivateGroup).run(context, { ...args, excludeSelf: false });
        notify(TEXT.Channel_created(channel));
      } else addUsersToRoom.run(context, { rid: target?._id ?? '', usernames: users });
      notify(TEXT.Users_added());
    });
  };
}

/** `/help`'s keyboard shortcuts, each its i18n key's English text with the keys filled in. */
const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['`%s` - Open Channel / User search', 'Command (or Ctrl) + p OR Command (or Ctrl) + k'],
  ['`%s` - Mark all messages (in all channels) as read', 'Shift (or Ctrl) + ESC'],
  ['`%s` - Edit previous message', 'Up Arrow'],
  ['`%s` - Move to the beginning of the message', 'Command (or Alt) + Left Arrow'],
  ['`%s` - Move to the beginning of the message', 'Command (or Alt) + Up Arrow'],
  ['`%s` - Move to the end of the message', 'Command (or Alt) + Right Arrow'],
  ['`%s` - Move to the end of the message', 'Command (or Alt) + Down Arrow'],
  ['`%s` - New line in message compose input', 'Shift + Enter'],
];

/** `/help`: one notice listing the keyboard shortcuts, each line after a line break. */
const help: BuiltIn = (_context, _args, notify) =>
  notify(SHORTCUTS.map(([text, keys]) => `\n${text.replace('%s', keys)}`).join(''));

/** The built-ins the fake runs, by name. */
export const BUILT_IN_CALLBACKS: Readonly<Record<string, BuiltIn>> = {
  archive: archiving(true),
  create,
  help,
  hide,
  invite,
  'invite-all-from': invitingAll(false),
  'invite-all-to': invitingAll(true),
  join,
  kick,
  leave,
  part: leave,
  me,
  msg,
  mute: muting(true),
  status,
  topic,
  unarchive: archiving(false),
  unmute: muting(false),
};
