import { success } from './operation';
import { callerOf, readIdList, readListOptions, textOf, LIST_QUERY_ERRORS } from './params';
import { MESSAGES_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { MESSAGE, page } from './responses';

/**
 * `GET /api/v1/channels.messages`: a channel's messages by `roomId`, thread replies and system
 * messages included, filtered by `query`, `mentionIds`, `starredIds` or `pinned=true`, newest
 * first unless `sort` says otherwise, as `{messages, count, offset, total}`. The route needs
 * `view-c-room` before anything else.
 */
export default route(GROUPS.channels, {
  name: 'channels.messages',
  method: 'GET',
  order: 180,
  permissions: ['view-c-room', 'view-joined-room'],
  errors: [
    'error-unauthorized',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'room-forbidden',
    ...LIST_QUERY_ERRORS,
  ],
  response: page('messages', MESSAGE),
  reads: ['room', 'message'],
  validator: MESSAGES_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    store.requirePermission(callerOf(context), 'view-c-room');
    const params = validated(profile, MESSAGES_VALIDATOR, input.query);
    return {
      roomId: textOf(params.roomId),
      options: readListOptions(params, ['rid']),
      mentionIds: readIdList(params, 'mentionIds'),
      starredIds: readIdList(params, 'starredIds'),
      pinned: params.pinned === 'true',
    };
  },
  run: (context, { roomId, ...filter }) => {
    const { items, count, offset, total } = context.store.roomMessages(callerOf(context), roomId, filter);
    return success({ messages: items, count, offset, total });
  },
});
