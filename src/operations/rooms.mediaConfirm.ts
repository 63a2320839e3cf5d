import sendFileMessage from '../commands/sendFileMessage';
import { ApiError } from '../errors';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import {
  accessibleRoom,
  checkDescription,
  checkMessageData,
  fileMessageAnswer,
  ownUploadsOnly,
  pathParameters,
} from './room-uploads';
import { GROUPS, route } from './route-groups';
import { MESSAGE, answer } from './responses';
import { POST_REFUSALS } from './message-answer';

const PATH = `${GROUPS.rooms.prefix}rooms.mediaConfirm/`;

/** Came with `rooms.media` in 6.x. */
const SERVED = { '0.49': false, '6': true } as const;

/** The body's members that are not the message's data: the description, 8.x's name and content of the file. */
const NOT_MESSAGE_DATA = new Set(['description', 'fileName', 'fileContent']);

function readConfirm(context: OperationContext) {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const [rid = '', fileId = ''] = pathParameters(input, PATH, 2);
  const room = accessibleRoom(store, profile, user, rid);
  const upload = store.upload(fileId)?.doc;
  // 6.x and 7.x take any upload by id; 8.x only the caller's own, of this room
  if (!upload || (ownUploadsOnly(profile) && (upload.userId !== user._id || upload.rid !== room._id)))
    throw new ApiError('upload-invalid-file');
  const body = isPlainObject(input.body) ? input.body : {};
  const description = typeof body.description === 'string' ? body.description : undefined;
  checkDescription(store, description);
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_MESSAGE_DATA.has(key)));
  const data = checkMessageData(profile, rest);
  return { user, room, upload, description, data };
}

/**
 * `POST /api/v1/rooms.mediaConfirm/:rid/:fileId` (6.x on): step two of the two-step upload. A JSON
 * body of the message's data (`msg`, `description`, `tmid`, `alias`, `emoji`, `avatar`,
 * `groupable`, `customFields`, `t`); the upload confirmed (`expiresAt` unset) and its message sent
 * to the room, answered as `{message}` less `unread`, `mentions`, `channels` and `groupable`.
 * Confirming twice sends a second message, as on the real server.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.mediaConfirm',
  method: 'POST',
  path: 'rooms.mediaConfirm/',
  prefix: true,
  errors: [
    'room-forbidden',
    'upload-invalid-file',
    'upload-description-too-long',
    'match-error',
    'upload-plain-error',
    'send-too-long',
    ...POST_REFUSALS,
  ],
  response: answer({ message: MESSAGE }),
  reads: ['room', 'user', 'file'],
  changes: ['file', 'message', 'room', 'subscription'],
  read: readConfirm,
  run: (context, { user, room, upload, description, data }) => {
    const { store, profile } = context;
    const message = sendFileMessage.run(
      { store, profile, user },
      { upload, rid: room._id, description, data },
    );
    store.confirmUpload(upload._id, description);
    return success({ message: fileMessageAnswer(message) });
  },
  openApi: {
    servedIn: SERVED,
    pathParameters: ['rid', 'fileId'],
    refusals: { '403': 'a room the caller may not access (or none by that id)' },
  },
});
