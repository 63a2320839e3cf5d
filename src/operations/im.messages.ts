import { success } from './operation';
import { callerOf, readIdList, readListOptions, textOf, LIST_QUERY_ERRORS } from './params';
import { DM_MESSAGES_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { MESSAGE, page } from './responses';

/**
 * `GET /api/v1/im.messages` (and `dm.messages`): a direct room's messages by `roomId`, or the
 * caller's room with `username` (made if there is none), filtered and paged as `channels.messages`
 * does, as `{messages, count, offset, total}`; only for the room's members (admins too get the 403).
 */
export default route(GROUPS.im, {
  name: 'im.messages',
  method: 'GET',
  order: 320,
  errors: ['invalid-channel', 'room-forbidden', ...LIST_QUERY_ERRORS],
  response: page('messages', MESSAGE),
  reads: ['room', 'message'],
  validator: DM_MESSAGES_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, DM_MESSAGES_VALIDATOR, input.query);
    return {
      ref:
        params.roomId !== undefined
          ? { roomId: textOf(params.roomId) }
          : { username: textOf(params.username) },
      filter: {
        options: readListOptions(params, ['rid']),
        mentionIds: readIdList(params, 'mentionIds'),
        starredIds: readIdList(params, 'starredIds'),
        pinned: params.pinned === 'true',
      },
    };
  },
  run: (context, { ref, filter }) => {
    const { items, count, offset, total } = context.store.directMessages(callerOf(context), ref, filter);
    return success({ messages: items, count, offset, total });
  },
});
