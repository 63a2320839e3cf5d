import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { operation, success } from './operation';
import { callerOf, readIncludeAll, readListOptions, readRoomRef } from './params';

/** A request naming no room: the room check's error; 6.x's route fell through to not found; 8.x's typed route refuses the query. */
const MISSING_ROOM: EraTable<'param-error' | 'not-found' | 'invalid-params'> = {
  '0.49': 'param-error',
  '6': 'not-found',
  '7': 'param-error',
  '8': 'invalid-params',
};

/** `GET /api/v1/channels.getIntegrations`: permission, then room, then paging. */
export default operation({
  name: 'channels.getIntegrations',
  method: 'GET',
  path: '/api/v1/channels.getIntegrations',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: (context) => {
    const { store, profile } = context;
    const params = context.input.query;
    const scope = store.integrationScope(callerOf(context));
    const ref = readRoomRef(params);
    if (ref.roomId === undefined && ref.roomName === undefined) {
      const missing = byEra(profile, MISSING_ROOM);
      if (missing === 'not-found') throw new ApiError('error-room-not-found');
      if (missing === 'invalid-params')
        throw new ApiError('invalid-params', { reason: "must have required property 'roomId'" });
    }
    const room = store.findChannel(ref, { checkArchived: false });
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
  cacheKey: (context) => `${context.store.integrationScope(callerOf(context)).key}|${context.input.rawQuery}`,
});
