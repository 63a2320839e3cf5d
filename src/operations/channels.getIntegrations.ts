import { ApiError } from '../errors';
import { operation, success } from './operation';
import { callerOf, readIncludeAll, readListOptions, readRoomRef } from './params';

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
      // 6.x's route fell through to "not found"; the typed route of 8.x refuses the query
      if (profile.missingIntegrationRoom === 'not-found') throw new ApiError('error-room-not-found');
      if (profile.missingIntegrationRoom === 'invalid-params')
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
