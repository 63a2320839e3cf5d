import sendFileMessage from '../commands/sendFileMessage';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import type { Deprecation, OperationContext } from './operation';
import { callerOf } from './params';
import {
  accessibleRoom,
  checkDescription,
  checkFile,
  checkMessageData,
  fileMessageAnswer,
  formFile,
  pathParameters,
} from './room-uploads';
import { GROUPS, route } from './route-groups';
import { MESSAGE, answer } from './responses';
import { POST_REFUSALS } from './message-answer';

const PATH = `${GROUPS.rooms.prefix}rooms.upload/`;

/** From 0.62 to 7.x (deprecated in 7.x for `rooms.media`); 8.0 removed it. */
const SERVED: EraTable<boolean> = { '0.49': false, '5': true, '8': false };

/**
 * Deprecated for `rooms.media` (the route's `deprecation: {version: '8.0.0', alternatives:
 * ['rooms.media']}`) from late 6.x (the 6.11-on source has it; the first minor UNVERIFIED): its
 * answers past the login carry the `x-deprecation-*` headers. 5.x: none.
 */
const DEPRECATED: EraTable<Deprecation | undefined> = {
  '0.49': undefined,
  '6': { endpoint: '/api/v1/rooms.upload/:rid', version: '8.0.0', alternatives: ['rooms.media'] },
};

/** 7.x checks the description's length (after storing the file on the real server). */
const DESCRIPTION_CHECKED: EraTable<boolean> = { '0.49': false, '7': true };

function readUpload(context: OperationContext) {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const [rid = ''] = pathParameters(input, PATH, 1);
  const room = accessibleRoom(store, profile, user, rid);
  const { file, fields } = formFile(store, profile, input.body);
  checkFile(store, profile, room, { type: file.type, size: file.size, encrypted: false });
  const { description, ...rest } = fields;
  if (byEra(profile, DESCRIPTION_CHECKED)) checkDescription(store, description);
  const data = checkMessageData(profile, rest);
  return { user, room, file, description, data };
}

/**
 * `POST /api/v1/rooms.upload/:rid` (5.x to 7.x): a `multipart/form-data` body with one file part
 * named `file` and the message's fields (`msg`, `description`, `tmid`, `alias`, `emoji`, `avatar`,
 * `groupable`, `customFields`, `t`); the file stored (its bytes kept in the world, within
 * `uploadBytesPerWorld`) and its message sent to the room, answered as `{message}` less `unread`,
 * `mentions`, `channels` and `groupable`.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.upload',
  method: 'POST',
  path: 'rooms.upload/',
  prefix: true,
  errors: [
    'room-forbidden',
    'upload-plain-error',
    'upload-invalid-field',
    'upload-no-file',
    'upload-one-file',
    'upload-too-large',
    'upload-exceeds-size',
    'upload-disabled',
    'upload-direct-disabled',
    'upload-invalid-type',
    'upload-too-small',
    'upload-description-too-long',
    'upload-budget',
    'match-error',
    'send-too-long',
    ...POST_REFUSALS,
  ],
  response: answer({ message: MESSAGE }),
  reads: ['room', 'user'],
  changes: ['file', 'message', 'room', 'subscription'],
  read: readUpload,
  run: (context, { user, room, file, description, data }) => {
    const { store, profile, input } = context;
    const upload = store.addUpload({
      name: file.filename,
      type: file.type,
      bytes: file.bytes,
      rid: room._id,
      user,
      baseUrl: input.baseUrl,
      temporary: false,
      description,
    });
    const message = sendFileMessage.run(
      { store, profile, user },
      { upload, rid: room._id, description, data },
    );
    return success({ message: fileMessageAnswer(message) });
  },
  openApi: {
    servedIn: SERVED,
    deprecated: DEPRECATED,
    multipart: true,
    pathParameters: ['rid'],
    refusals: { '403': 'a room the caller may not access (or none by that id)' },
  },
});
