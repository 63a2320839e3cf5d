import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import {
  accessIsPersonal,
  callerOf,
  mayAccessRoom,
  readIncludeAll,
  readListOptions,
  readRoomRef,
  LIST_QUERY_ERRORS,
} from './params';
import { GET_INTEGRATIONS_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { INTEGRATION, page } from './responses';

/** A request naming no room: the room check's error; 6.x's route fell through to not found (8.8's schema refuses it first). */
const MISSING_ROOM: EraTable<'param-error' | 'not-found'> = {
  '0.49': 'param-error',
  '6': 'not-found',
  '7': 'param-error',
};
/** 8.8's typed route checks that the caller may see the room (`canAccessRoom`), after finding it. */
const CHECKS_ACCESS = { '0.49': false, '8.8': true };

/** `GET /api/v1/channels.getIntegrations`: permission, then room, then paging. */
export default route(GROUPS.channels, {
  name: 'channels.getIntegrations',
  method: 'GET',
  order: 70,
  permissions: [
    'manage-outgoing-integrations',
    'manage-own-outgoing-integrations',
    'manage-incoming-integrations',
    'manage-own-incoming-integrations',
    'view-c-room',
    'view-joined-room',
  ],
  errors: [
    'error-unauthorized',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'room-forbidden',
    ...LIST_QUERY_ERRORS,
  ],
  response: page('integrations', INTEGRATION),
  reads: ['integration', 'room'],
  validator: GET_INTEGRATIONS_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const scope = store.integrationScope(user);
    const params = validated(profile, GET_INTEGRATIONS_VALIDATOR, context.input.query);
    const ref = readRoomRef(params);
    if (ref.roomId === undefined && ref.roomName === undefined) {
      if (byEra(profile, MISSING_ROOM) === 'not-found') throw new ApiError('error-room-not-found');
    }
    const room = store.findChannel(ref, { checkArchived: false });
    if (byEra(profile, CHECKS_ACCESS) && !mayAccessRoom(store, profile, user, room))
      throw new ApiError('room-forbidden', { reason: 'unauthorized' });
    return { scope, room, options: readListOptions(params), includeAll: readIncludeAll(params) };
  },
  run: (context, { scope, room, options, includeAll }) => {
    const result = context.store.listIntegrations(callerOf(context), scope, room, includeAll, options);
    return success({
      integrations: result.items,
      count: result.count,
      offset: result.offset,
      total: result.total,
    });
  },
  // the same for callers of one scope, unless the room check may tell them apart (8.8 on)
  cacheKey: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const key = store.integrationScope(user).key;
    const personal = byEra(profile, CHECKS_ACCESS) && accessIsPersonal(store, user);
    return personal ? `${key}|${user._id}|${input.rawQuery}` : `${key}|${input.rawQuery}`;
  },
});
