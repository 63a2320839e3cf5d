import { ApiError } from '../errors';
import { fileUploadPath } from '../store/uploads';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { accessibleRoom, checkFile, formFile, pathParameters } from './room-uploads';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';

const PATH = `${GROUPS.rooms.prefix}rooms.media/`;

/** Came with 6.x's end-to-end encrypted files (the two-step upload). */
const SERVED = { '0.49': false, '6': true } as const;

/** An encrypted upload's `content` field: JSON (`{algorithm, ciphertext}`), else `invalid-field-content`. */
function contentOf(fields: Readonly<Record<string, string>>): unknown {
  const text = fields.content;
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('upload-invalid-content');
  }
}

function readMedia(context: OperationContext) {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const [rid = ''] = pathParameters(input, PATH, 1);
  const room = accessibleRoom(store, profile, user, rid);
  const { file, fields } = formFile(store, profile, input.body);
  const content = contentOf(fields);
  // an encrypted file's type is `application/octet-stream`, checked against the blacklist only
  const encrypted = content !== undefined;
  const type = encrypted ? 'application/octet-stream' : file.type;
  checkFile(store, profile, room, { type, size: file.size, encrypted });
  return { user, room, file, type, content };
}

/**
 * `POST /api/v1/rooms.media/:rid` (6.x on): step one of the two-step upload. A
 * `multipart/form-data` body with one file part named `file` (and, for an encrypted file, a
 * `content` field); the file stored as a temporary upload (`expiresAt` a day on; never expired by
 * the fake), no message. Answers `{file: {_id, url}}`; `rooms.mediaConfirm` sends its message.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.media',
  method: 'POST',
  path: 'rooms.media/',
  prefix: true,
  errors: [
    'room-forbidden',
    'upload-plain-error',
    'upload-invalid-field',
    'upload-no-file',
    'upload-one-file',
    'upload-too-large',
    'upload-invalid-content',
    'upload-disabled',
    'upload-direct-disabled',
    'upload-invalid-type',
    'upload-too-small',
    'upload-budget',
  ],
  response: answer({
    file: {
      type: 'object',
      properties: { _id: str, url: str },
      required: ['_id', 'url'],
      additionalProperties: false,
    },
  }),
  reads: ['room', 'user'],
  changes: ['file'],
  read: readMedia,
  run: ({ store, input }, { user, room, file, type, content }) => {
    const upload = store.addUpload({
      name: file.filename,
      type,
      bytes: file.bytes,
      rid: room._id,
      user,
      baseUrl: input.baseUrl,
      temporary: true,
      ...(content === undefined ? {} : { content }),
    });
    return success({ file: { _id: upload._id, url: fileUploadPath(upload._id, upload.name) } });
  },
  openApi: {
    servedIn: SERVED,
    multipart: true,
    pathParameters: ['rid'],
    refusals: { '403': 'a room the caller may not access (or none by that id)' },
  },
});
