import { ApiError } from '../errors';
import type { Store } from '../store/store';
import type { UploadDoc } from '../store/uploads';
import { fileUploadPath } from '../store/uploads';
import type { AnyRoom, Message } from '../types';
import { command } from './command';
import sendMessage from './sendMessage';

/**
 * `sendFileMessage` (Rocket.Chat's, which `rooms.upload` and `rooms.mediaConfirm` call): the file
 * message of an upload, its `file`, `files` and one attachment built from the upload's document,
 * then sent as any message is (`executeSendMessage`: the sendMessage command), so the realtime
 * streams, subscriptions and the room's last message follow. Also the store filter
 * (`validateFileUpload`) the upload routes check a file against before it is stored.
 *
 * Not modelled: thumbnails and `image_preview` (the fake decodes no images; a PNG's or GIF's size
 * is read from its header, as `image_dimensions`).
 */

/** The message data a client may give with a file (`msgData`, after Meteor's `check`). */
export interface FileMessageData {
  readonly msg?: string;
  readonly tmid?: string;
  readonly alias?: string;
  readonly emoji?: string;
  readonly avatar?: string;
  readonly groupable?: boolean;
  /** a JSON text (`JSON.parse`d into the message's `customFields`) */
  readonly customFields?: string;
  readonly t?: string;
}

export interface SendFileMessageArgs {
  readonly upload: UploadDoc;
  readonly rid: string;
  readonly description?: string;
  readonly data: FileMessageData;
}

/** A bitmap's format and size, read from its header (PNG, GIF; JPEG's format only). */
function identify(bytes: Buffer | undefined): { format: string; width?: number; height?: number } {
  if (!bytes || bytes.length < 24) return { format: '' };
  if (bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR')
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  const gif = bytes.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a')
    return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { format: 'jpeg' };
  return { format: '' };
}

/** The file's extension upper-cased (`getFileExtension`): a non-media attachment's `format`. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toUpperCase();
}

/** The message's `file` (also `files[0]`) and its one attachment, by the file's type. */
export function fileParts(
  upload: UploadDoc,
  bytes: Buffer | undefined,
  description: string | undefined,
): { file: Record<string, unknown>; attachment: Record<string, unknown> } {
  const { _id, name, type, size } = upload;
  const info = type.startsWith('image/') ? identify(bytes) : { format: '' };
  const file = { _id, name, type: type || 'file', size: size || 0, format: info.format };
  const url = fileUploadPath(_id, name);
  const head: Record<string, unknown> = { title: name, type: 'file' };
  const said = description === undefined ? {} : { description };
  const group = type.split('/')[0];
  if (group === 'image') {
    const attachment: Record<string, unknown> = {
      ...head,
      ...said,
      title_link: url,
      title_link_download: true,
      image_url: url,
      image_type: type,
      image_size: size,
      fileId: _id,
    };
    if (info.width !== undefined) attachment.image_dimensions = { width: info.width, height: info.height };
    return { file, attachment };
  }
  if (group === 'audio' || group === 'video')
    return {
      file,
      attachment: {
        ...head,
        ...said,
        title_link: url,
        title_link_download: true,
        [`${group}_url`]: url,
        [`${group}_type`]: type,
        [`${group}_size`]: size,
        fileId: _id,
      },
    };
  return {
    file,
    attachment: {
      ...head,
      format: extensionOf(name),
      ...said,
      title_link: url,
      title_link_download: true,
      size,
      fileId: _id,
    },
  };
}

/** A `type` or `type/*` list (comma-separated) names a file type. */
function listed(list: string, type: string): boolean {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.includes(type) || entries.includes(`${type.split('/')[0] ?? ''}/*`);
}

/**
 * `validateFileUpload`'s filter, in its order: uploads disabled, uploads into direct rooms disabled,
 * (5.x only: the size, `sizeRefusal`), the file type (the blacklist over the whitelist; an
 * encrypted file only against the blacklist).
 */
export function checkUpload(
  store: Store,
  room: AnyRoom,
  file: { type: string; size: number; encrypted: boolean },
  sizeRefusal: ((max: number) => ApiError) | undefined,
): void {
  const settings = store.settings();
  if (!settings.FileUpload_Enabled) throw new ApiError('upload-disabled');
  if (room.t === 'd' && !settings.FileUpload_Enabled_Direct) throw new ApiError('upload-direct-disabled');
  const max = settings.FileUpload_MaxFileSize;
  if (sizeRefusal && max >= 0 && file.size > max) throw sizeRefusal(max);
  const black = settings.FileUpload_MediaTypeBlackList;
  const white = settings.FileUpload_MediaTypeWhiteList;
  if (file.type !== '' && listed(black, file.type)) throw new ApiError('upload-invalid-type');
  if (file.encrypted || white.trim() === '' || white.trim() === '*') return;
  if (!listed(white, file.type)) throw new ApiError('upload-invalid-type');
}

export default command<SendFileMessageArgs, Message>({
  name: 'sendFileMessage',
  run(context, { upload, rid, description, data }) {
    const stored = context.store.upload(upload._id);
    const { file, attachment } = fileParts(upload, stored?.bytes, description);
    let customFields: unknown;
    if (data.customFields !== undefined) {
      try {
        customFields = JSON.parse(data.customFields);
      } catch (error) {
        throw new ApiError('upload-plain-error', { reason: (error as Error).message });
      }
    }
    const extra: Record<string, unknown> = {};
    if (customFields !== undefined) extra.customFields = customFields;
    if (data.t !== undefined) extra.t = data.t;
    extra.groupable = data.groupable ?? false;
    extra.file = file;
    extra.files = [file];
    return sendMessage.run(context, {
      rid,
      text: data.msg ?? '',
      alias: data.alias,
      emoji: data.emoji,
      avatar: data.avatar,
      tmid: data.tmid,
      attachments: [attachment],
      extra,
    });
  },
});
