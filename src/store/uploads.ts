import { copyJson } from '../json-copy';
import { createHash } from 'node:crypto';

import { ApiError } from '../errors';
import type { Message, User } from '../types';
import { objectId } from './message-text';
import { commit } from './state';
import type { StoreState } from './state';
import type { StoredUpload, UploadDoc } from './upload-table';

export type { StoredUpload, UploadDoc } from './upload-table';

/**
 * Uploaded files (Rocket.Chat's `Uploads` collection, GridFS store): each upload's document as the
 * real server stores it and its bytes, kept in memory in the world's state, so a reset (a new store
 * over the baseline) drops every file uploaded since. The world's byte budget (`uploadBytesPerWorld`)
 * bounds what they may hold together. An upload emits no change event of its own: the file
 * message that follows it (src/commands/sendFileMessage.ts) is an ordinary message.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** What a new upload is: the file as sent, where, by whom, and how its document is laid out. */
export interface NewUpload {
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
  readonly rid: string;
  readonly user: User;
  /** the server's address as the client reached it (the document's absolute `url`) */
  readonly baseUrl: string;
  /** a temporary upload (`rooms.media`): `expiresAt` a day on, `path` the `/file-upload` one */
  readonly temporary: boolean;
  /** an end-to-end encrypted upload's `content` (`{algorithm, ciphertext}`) */
  readonly content?: unknown;
  readonly description?: string;
}

/** The budget of a store made without bounds (`uploadBytesPerWorld`'s default). */
const DEFAULT_BUDGET = 64 * 1024 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The upload ids' middle bytes: not the messages' (the same second and count must not collide). */
function uploadMiddle(state: StoreState): string {
  return createHash('sha256').update(`upload:${state.seed}`).digest('hex').slice(0, 10);
}

/** `/file-upload/<id>/<name>`, the name as `encodeURI` writes it. */
export function fileUploadPath(id: string, name: string): string {
  return `/file-upload/${id}/${encodeURI(name)}`;
}

/** `image/png` → `image`: the upload's `typeGroup`. */
function typeGroupOf(type: string): string {
  return type.split('/')[0] ?? type;
}

/**
 * Stores an upload, checked against the world's byte budget first (a refused one changes
 * nothing); one commit, no change event.
 */
export function addUpload(state: StoreState, input: NewUpload): UploadDoc {
  const { uploads } = state;
  const size = input.bytes.length;
  const budget = state.bounds.uploadBytes ?? DEFAULT_BUDGET;
  if (uploads.bytes + size > budget) throw new ApiError('upload-budget', { reason: String(budget) });
  const now = state.clock.tick();
  const _id = objectId(state.clock.nowMs(), uploadMiddle(state), uploads.made);
  const hash = createHash('sha256').update(`${_id}:${state.seed}`).digest('hex');
  const ufs = `/ufs/GridFS:Uploads/${_id}/${encodeURIComponent(input.name)}`;
  const doc: Record<string, unknown> = {
    _id,
    name: input.name,
    size,
    type: input.type,
    rid: input.rid,
    userId: input.user._id,
    store: 'GridFS:Uploads',
  };
  if (input.content !== undefined) doc.content = copyJson(input.content);
  if (input.temporary) doc.expiresAt = new Date(Date.parse(now) + DAY_MS).toISOString();
  doc._updatedAt = now;
  doc.complete = true;
  doc.etag = hash.slice(0, 17);
  doc.path = input.temporary ? fileUploadPath(_id, input.name) : ufs;
  doc.progress = 1;
  doc.token = hash.slice(17, 27);
  doc.uploading = false;
  doc.uploadedAt = now;
  doc.url = `${input.baseUrl}${ufs}`;
  if (input.description !== undefined) doc.description = input.description;
  doc.typeGroup = typeGroupOf(input.type);
  const upload: StoredUpload = { doc: Object.freeze(doc) as UploadDoc, bytes: input.bytes };
  uploads.byId.set(_id, upload);
  uploads.bytes += size;
  uploads.made += 1;
  commit(state, []);
  return upload.doc;
}

/** An upload by id. */
export function uploadById(state: StoreState, id: string): StoredUpload | undefined {
  return state.uploads.byId.get(id);
}

/**
 * A temporary upload confirmed (`Uploads.confirmTemporaryFile`): `expiresAt` unset, the
 * description kept (`updateFileComplete`); one commit, no change event.
 */
export function confirmUpload(state: StoreState, id: string, description: string | undefined): UploadDoc {
  const upload = state.uploads.byId.get(id);
  if (!upload) throw new ApiError('upload-invalid-file');
  const { expiresAt: _expires, typeGroup, ...rest } = upload.doc;
  const doc = {
    ...rest,
    _updatedAt: state.clock.tick(),
    ...(description === undefined ? {} : { description }),
    typeGroup,
  } as UploadDoc;
  state.uploads.byId.set(id, { doc: Object.freeze(doc), bytes: upload.bytes });
  commit(state, []);
  return doc;
}

/** A room's uploads, in the order they were made. */
export function roomUploads(state: StoreState, rid: string): UploadDoc[] {
  const out: UploadDoc[] = [];
  for (const upload of state.uploads.byId.values()) if (upload.doc.rid === rid) out.push(upload.doc);
  return out;
}

/**
 * A deleted message's files (`deleteMessage` without `Message_KeepHistory`: every upload its
 * `files` names is deleted): dropped with their bytes. Part of the deletion's write.
 */
export function dropFilesOf(state: StoreState, message: Message): void {
  const files = message.files;
  if (!Array.isArray(files)) return;
  for (const file of files as unknown[]) {
    const id = (file as { _id?: unknown } | null)?._id;
    if (typeof id !== 'string') continue;
    const upload = state.uploads.byId.get(id);
    if (!upload) continue;
    state.uploads.byId.delete(id);
    state.uploads.bytes -= upload.bytes.length;
  }
}

/** The message whose `file` is an upload (`getMessageByFileId`), looked for in the upload's room. */
export function fileMessage(state: StoreState, fileId: string): Message | undefined {
  const upload = state.uploads.byId.get(fileId);
  if (!upload) return undefined;
  const skip = (message: Message): boolean => (message.file as { _id?: unknown } | undefined)?._id !== fileId;
  return state.messages.history(upload.doc.rid, { offset: 0, count: 1, skip }).messages[0];
}

/** An upload deleted alone, its bytes freed; one commit (nothing when there is none). */
export function deleteUpload(state: StoreState, fileId: string): void {
  const upload = state.uploads.byId.get(fileId);
  if (!upload) return;
  state.uploads.byId.delete(fileId);
  state.uploads.bytes -= upload.bytes.length;
  commit(state, []);
}
