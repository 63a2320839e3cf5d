import { ApiError } from '../errors';
import { byEra } from '../eras';
import { success } from './operation';
import { callerOf, readListOptions, readRoomIdFilter, LIST_QUERY_ERRORS } from './params';
import { LIST_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { LIST_CHANNEL, page } from './responses';

/** The Hono builds (8.x) check the route's permissions before the parameters. */
const PERMISSION_FIRST = { '0.49': false, '8': true };
/** 6.x refuses `fields` (the fake's 6 profile; 7.0 to 8.7 refuse it through their schema). */
const REFUSES_FIELDS = { '0.49': false, '6': true, '7': false };

/**
 * `GET /api/v1/channels.list`: parameters, then the permission (`view-c-room`, else
 * `view-joined-room`), then the page. A caller who sees only joined channels has the `_id`
 * parameter and a query's `_id` replaced by the rooms they joined, as the real server does.
 */
export default route(GROUPS.channels, {
  name: 'channels.list',
  method: 'GET',
  order: 60,
  permissions: ['view-c-room', 'view-joined-room'],
  errors: ['error-unauthorized', 'invalid-params', ...LIST_QUERY_ERRORS],
  response: page('channels', LIST_CHANNEL),
  reads: ['room'],
  validator: LIST_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const early = byEra(profile, PERMISSION_FIRST) ? store.channelScope(user) : undefined;
    // the release's validator (7.0 on): unknown keys refused, numbers coerced, its own words
    const params = validated(profile, LIST_VALIDATOR, context.input.query);
    if (byEra(profile, REFUSES_FIELDS) && params.fields !== undefined)
      throw new ApiError('invalid-params', { reason: 'must NOT have additional properties' });
    const options = readListOptions(params, ['t'], readRoomIdFilter(params));
    const scope = early ?? store.channelScope(user);
    if (scope === 'all') return { scope, options };
    return { scope, options: readListOptions(params, ['t', '_id']) };
  },
  run: (context, { scope, options }) => {
    const { items, count, offset, total } = context.store.listChannels(callerOf(context), options, scope);
    return success({ channels: items, count, offset, total });
  },
  // a page is the same for every caller who sees all channels, unless team rooms make it their
  // own (src/store/store.ts, listChannels); a joined-only caller has their own
  cacheKey: (context) => {
    const { store, input } = context;
    const user = callerOf(context);
    if (store.channelScope(user) === 'joined') return `joined|${user._id}|${input.rawQuery}`;
    return store.hasTeamRooms ? `all|${user._id}|${input.rawQuery}` : `all|${input.rawQuery}`;
  },
});
