import { checkUpload } from '../commands/sendFileMessage';
import type { FileMessageData } from '../commands/sendFileMessage';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { UploadBody } from '../net/multipart';
import type { FormFile } from '../net/multipart';
import type { Profile } from '../profiles';
import { isPlainObject } from '../store/query';
import type { Store } from '../store/store';
import type { AnyRoom, Message, User } from '../types';
import type { OperationInput } from './operation';
import { mayAccessRoom } from './params';

/**
 * What the upload routes (`rooms.upload`, `rooms.media`, `rooms.mediaConfirm`) share: the room in
 * the path and the caller's access to it, the multipart form's checks in the order busboy meets
 * them and then the store filter's, the message data's Meteor `check`, and the answer's message.
 *
 * Layer: operations.
 */

/** Since 6.x busboy is given `fileSize: FileUpload_MaxFileSize` and cuts a larger file while reading. */
const SIZE_CUT: EraTable<boolean> = { '0.49': false, '6': true };

/** 8.x's MultipartUploadHandler has its own words for no file and for more than one. */
const HANDLER_8: EraTable<boolean> = { '0.49': false, '8': true };

/** The message data `sendFileMessage` checks: its keys (an object of exactly these) and their types. */
type MatchType = 'string' | 'boolean' | 'object' | 'string-or-object';
const MSG_DATA_5: Readonly<Record<string, MatchType>> = {
  avatar: 'string',
  emoji: 'string',
  alias: 'string',
  groupable: 'boolean',
  msg: 'string',
  tmid: 'string',
};
const MSG_DATA_6: Readonly<Record<string, MatchType>> = {
  ...MSG_DATA_5,
  customFields: 'string',
  t: 'string',
  content: 'object',
};
/** 8.x's typings take `customFields` as an object too (a JSON body) */
const MSG_DATA_8: Readonly<Record<string, MatchType>> = { ...MSG_DATA_6, customFields: 'string-or-object' };
const MSG_DATA: EraTable<Readonly<Record<string, MatchType>>> = {
  '0.49': MSG_DATA_5,
  '6': MSG_DATA_6,
  '8': MSG_DATA_8,
};

/** The path's parameters after the route's own path: one segment each, else the router's 404. */
export function pathParameters(input: OperationInput, routePath: string, count: number): string[] {
  const parts = input.path.slice(routePath.length).split('/');
  if (parts.length !== count || parts.some((part) => part === '')) throw new ApiError('not-found');
  return parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
}

/** The room in the path, if the caller may access it (`canAccessRoom`), else the bare 403. */
export function accessibleRoom(store: Store, profile: Profile, user: User, rid: string): AnyRoom {
  const room = store.anyRoom(rid);
  if (!room) throw new ApiError('room-forbidden');
  const access =
    room.t === 'd' ? room.usernames.includes(user.username) : mayAccessRoom(store, profile, user, room);
  if (!access) throw new ApiError('room-forbidden');
  return room;
}

/**
 * The form's one file, checked as busboy and the route meet it: the first file's field
 * (`invalid-field`) and, since 6.x, its size (busboy's cut), a second file, a form that did not
 * read (busboy's own words), no file at all.
 */
export function formFile(
  store: Store,
  profile: Profile,
  body: unknown,
): { file: FormFile; fields: Readonly<Record<string, string>> } {
  const form = body instanceof UploadBody ? body : UploadBody.refused('Missing Content-Type');
  const { files } = form.data;
  const first = files[0];
  if (first !== undefined) {
    if (first.field !== 'file') throw new ApiError('upload-invalid-field');
    const max = store.settings().FileUpload_MaxFileSize;
    if (byEra(profile, SIZE_CUT) && max > 0 && first.size > max) throw new ApiError('upload-too-large');
  }
  if (files.length > 1) throw new ApiError('upload-one-file');
  if (form.error !== undefined) throw new ApiError('upload-plain-error', { reason: form.error });
  if (first === undefined)
    throw new ApiError(byEra(profile, SIZE_CUT) ? 'upload-no-file' : 'upload-invalid-field');
  return { file: first, fields: form.fields };
}

/** `filesize()` as 5.x writes the limit: base 2, two decimals at most (`100 MB`). */
function filesize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let e = bytes > 0 ? Math.floor(Math.log(bytes) / Math.log(1024)) : 0;
  e = Math.min(e, units.length - 1);
  const value = Math.round((bytes / 1024 ** e) * 100) / 100;
  return `${value} ${units[e] ?? 'B'}`;
}

/**
 * The store filter (`validateFileUpload`) and the upload filter's minimum size, on a file read
 * whole: 5.x checks the size here, in its words; an empty file is `file-too-small`.
 */
export function checkFile(
  store: Store,
  profile: Profile,
  room: AnyRoom,
  file: { type: string; size: number; encrypted: boolean },
): void {
  const sizeRefusal = byEra(profile, SIZE_CUT)
    ? undefined
    : (max: number): ApiError => new ApiError('upload-exceeds-size', { reason: filesize(max) });
  checkUpload(store, room, file, sizeRefusal);
  if (file.size === 0) throw new ApiError('upload-too-small');
}

/** What Meteor's `check` calls a value's type (`Expected string, got number`). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matches(type: MatchType, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isPlainObject(value);
    case 'string-or-object':
      return typeof value === 'string' || isPlainObject(value);
    default:
      return typeof value === type;
  }
}

/**
 * `check(msgData, {…})` in `sendFileMessage`: each key in the order given, an unknown one or one of
 * the wrong type refused (`Match error: …`, no errorType). A form's values are all text, so a
 * form's `groupable` is always refused, as on the real server.
 */
export function checkMessageData(profile: Profile, data: Readonly<Record<string, unknown>>): FileMessageData {
  const allowed = byEra(profile, MSG_DATA);
  for (const [key, value] of Object.entries(data)) {
    const type = allowed[key];
    if (type === undefined) throw new ApiError('match-error', { reason: `Unknown key in field ${key}` });
    if (value === undefined) continue;
    if (!matches(type, value)) {
      const expected = type === 'string-or-object' ? 'string' : type;
      throw new ApiError('match-error', {
        reason: `Expected ${expected}, got ${typeName(value)} in field ${key}`,
      });
    }
  }
  const text = (key: string): string | undefined => {
    const value = data[key];
    return typeof value === 'string' ? value : undefined;
  };
  const custom = data.customFields;
  return {
    msg: text('msg'),
    tmid: text('tmid'),
    alias: text('alias'),
    emoji: text('emoji'),
    avatar: text('avatar'),
    groupable: typeof data.groupable === 'boolean' ? data.groupable : undefined,
    customFields: isPlainObject(custom) ? JSON.stringify(custom) : text('customFields'),
    t: text('t'),
  };
}

/** A description over `Message_MaxAllowedSize` (`error-message-size-exceeded`, reason-less). */
export function checkDescription(store: Store, description: string | undefined): void {
  if (description !== undefined && store.overMaxSize(description))
    throw new ApiError('upload-description-too-long');
}

/**
 * The answer's message (`Messages.getMessageByFileIdAndUsername`): the stored message less
 * `unread`, `mentions`, `channels` and `groupable`.
 */
export function fileMessageAnswer(message: Message): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in message) {
    if (key === 'unread' || key === 'mentions' || key === 'channels' || key === 'groupable') continue;
    out[key] = message[key];
  }
  return out;
}

/** 8.x's handler: used by `rooms.mediaConfirm`'s lookup (the caller's own upload, in the room). */
export function ownUploadsOnly(profile: Profile): boolean {
  return byEra(profile, HANDLER_8);
}
