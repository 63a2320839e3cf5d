import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, mayAccessRoom, readRoomRef } from './params';
import { CHANNEL_FILES_VALIDATOR, FILES_PAGE, FILES_SERVED, filesPage } from './room-files';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `GET /api/v1/channels.files`: the validator (7.x on), the channel by `roomId` or `roomName`
 * (archived ones too), the caller's access (a bare 403), then a page of its uploads, by name unless
 * `sort` says otherwise; `query` to 6.x, `name` and `typeGroup` from 7.x, `onlyConfirmed` on 8.9.
 */
export default route(GROUPS.channels, {
  name: 'channels.files',
  method: 'GET',
  errors: [
    'invalid-params',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'room-forbidden',
    'error-invalid-sort',
    'error-invalid-query',
  ],
  response: FILES_PAGE,
  reads: ['room', 'file', 'user'],
  validator: CHANNEL_FILES_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const params = validated(profile, CHANNEL_FILES_VALIDATOR, context.input.query);
    const room = store.findChannel(readRoomRef(params), { checkArchived: false });
    if (!mayAccessRoom(store, profile, user, room)) throw new ApiError('room-forbidden');
    return { room, params };
  },
  run: ({ store, profile }, { room, params }) => success(filesPage(store, profile, room, params)),
  openApi: { servedIn: FILES_SERVED },
});
