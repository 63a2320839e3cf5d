import { byEra } from '../eras';
import { ApiError } from '../errors';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { readPagination } from './params';
import { page } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { DELETED_VALIDATOR } from './search-common';

/** A deleted message as the trash's projection answers it. */
const DELETED_ID = {
  type: 'object',
  properties: { _id: { type: 'string' } },
  required: ['_id'],
  additionalProperties: false,
};

/**
 * `GET /api/v1/chat.getDeletedMessages`: the `_id`s of a room's messages deleted at or after
 * `since`, in the order deleted, a page with count, offset and total. 5.x/6.x check by hand (one-
 * argument Meteor errors), 7.0 on validate; no release checks the caller's access to the room.
 */
export default route(GROUPS.chat, {
  name: 'chat.getDeletedMessages',
  method: 'GET',
  errors: ['deleted-roomid-missing', 'deleted-since-missing', 'deleted-since-invalid'],
  response: page('messages', DELETED_ID),
  reads: ['message'],
  validator: DELETED_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, DELETED_VALIDATOR, input.query);
    const roomId = typeof params.roomId === 'string' ? params.roomId : '';
    const since = typeof params.since === 'string' ? params.since : '';
    if (byEra(profile, DELETED_VALIDATOR) === undefined) {
      if (roomId === '') throw new ApiError('deleted-roomid-missing');
      if (since === '') throw new ApiError('deleted-since-missing');
      if (Number.isNaN(Date.parse(since))) throw new ApiError('deleted-since-invalid');
    }
    // `new Date(since)`: 7.0 lets any text through (an invalid date finds nothing)
    return { roomId, since: Date.parse(since), ...readPagination(params) };
  },
  run: ({ store }, { roomId, since, offset, count }) => {
    const found = store.deletedMessages(roomId, since, { offset, count });
    return success({ messages: found.messages, count: found.messages.length, offset, total: found.total });
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
