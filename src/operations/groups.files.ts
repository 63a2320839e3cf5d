import { success } from './operation';
import { callerOf, readRoomRef } from './params';
import { FILES_PAGE, FILES_SERVED, GROUP_FILES_VALIDATOR, filesPage } from './room-files';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `GET /api/v1/groups.files`: the validator (6.x on), a group the caller is in by `roomId` or
 * `roomName` (another is not found), then a page of its uploads, by name unless `sort` says
 * otherwise; `query` to 6.x, `name` and `typeGroup` from 7.x, `onlyConfirmed` on 8.9.
 */
export default route(GROUPS.groups, {
  name: 'groups.files',
  method: 'GET',
  errors: [
    'invalid-params',
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-invalid-sort',
    'error-invalid-query',
  ],
  response: FILES_PAGE,
  reads: ['room', 'file', 'user'],
  validator: GROUP_FILES_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const params = validated(profile, GROUP_FILES_VALIDATOR, context.input.query);
    const room = store.findGroup(user, readRoomRef(params));
    return { room, params };
  },
  run: ({ store, profile }, { room, params }) => success(filesPage(store, profile, room, params)),
  openApi: { servedIn: FILES_SERVED },
});
