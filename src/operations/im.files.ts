import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { AnyRoom } from '../types';
import { success } from './operation';
import { callerOf, textOf } from './params';
import { DIRECT_FILES_VALIDATOR, FILES_PAGE, FILES_SERVED, filesPage } from './room-files';
import { mayAccessAny } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** 5.x's `findDirectMessageRoom` names both parameters in its refusal; 6.x on only `roomId`. */
const ERA_5: EraTable<boolean> = { '0.49': true, '6': false };

/** 7.x on asks `canAccessRoomIdAsync` after the lookup (a bare 403). */
const CHECKS_ACCESS: EraTable<boolean> = { '0.49': false, '7': true };

/**
 * `GET /api/v1/im.files` (and `dm.files`): the validator (6.x on), the direct room by `roomId` or
 * the caller's with `username` (`findDirectMessageRoom`: one the caller is not in is not found),
 * from 7.x the caller's access (403), then a page of its uploads, by name unless `sort` says
 * otherwise; `query` to 6.x, `name` and `typeGroup` from 7.x, `onlyConfirmed` on 8.9.
 */
export default route(GROUPS.im, {
  name: 'im.files',
  method: 'GET',
  errors: [
    'invalid-params',
    'files-direct-param-required',
    'direct-not-found-by-user',
    'direct-not-found',
    'room-forbidden',
    'error-invalid-sort',
    'error-invalid-query',
  ],
  response: FILES_PAGE,
  reads: ['room', 'file', 'user'],
  validator: DIRECT_FILES_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const params = validated(profile, DIRECT_FILES_VALIDATOR, context.input.query);
    const roomId = textOf(params.roomId).trim();
    const username = textOf(params.username).trim();
    if (roomId === '' && username === '') throw new ApiError('files-direct-param-required');
    let room: AnyRoom | undefined;
    if (roomId !== '') room = store.anyRoom(roomId);
    else if (store.userNamed(username)) room = store.findDirect(user, { username });
    const found = room?.t === 'd' && room.usernames.includes(user.username) ? room : undefined;
    if (!found) throw new ApiError(byEra(profile, ERA_5) ? 'direct-not-found-by-user' : 'direct-not-found');
    if (byEra(profile, CHECKS_ACCESS) && !mayAccessAny(store, profile, user, found))
      throw new ApiError('room-forbidden');
    return { room: found, params };
  },
  run: ({ store, profile }, { room, params }) => success(filesPage(store, profile, room, params)),
  openApi: { servedIn: FILES_SERVED },
});
