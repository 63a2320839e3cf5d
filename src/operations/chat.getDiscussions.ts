import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readPagination } from './params';
import { MESSAGE, page } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_5, mayAccess } from './rooms-lookup';
import { validated } from './schemas';
import type { Schema, Validator } from './validator';

/**
 * `GET /api/v1/chat.getDiscussions`: a room's discussions as its `discussion-created` messages
 * (those with `drid`), newest first, their text holding `text` (any case); a page of them. To
 * 5.x `roomId` is checked by hand; 6.x and 7.x validate the query (`sort` is refused: only
 * `roomId`, `text`, `offset`, `count`), 8.x as a typed query. An unknown room, or one the caller
 * may not see: `error-not-allowed` (a plain Error).
 */

const QUERY: Schema = {
  type: 'object',
  properties: {
    roomId: { type: 'string' },
    text: { type: 'string' },
    offset: { type: 'number' },
    count: { type: 'number' },
  },
  required: ['roomId'],
  additionalProperties: false,
};

const GET_DISCUSSIONS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: QUERY, coerce: true, form: 'legacy' },
  '8': { schema: QUERY, coerce: 'array', form: 'query' },
};

export default route(GROUPS.chat, {
  name: 'chat.getDiscussions',
  method: 'GET',
  errors: ['list-roomid-missing', 'post-not-allowed'],
  response: page('messages', MESSAGE),
  reads: ['message', 'room'],
  validator: GET_DISCUSSIONS_VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: (context) => {
    const { store, profile, input } = context;
    const query = validated(profile, GET_DISCUSSIONS_VALIDATOR, input.query);
    const roomId = typeof query.roomId === 'string' ? query.roomId : '';
    if (roomId === '') throw new ApiError('list-roomid-missing');
    const room = store.anyRoom(roomId);
    if (!room || !mayAccess(store, profile, callerOf(context), room)) throw new ApiError('post-not-allowed');
    const text = typeof query.text === 'string' ? query.text : '';
    return { rid: room._id, text, ...readPagination(query) };
  },
  run: ({ store }, { rid, text, offset, count }) => {
    const { messages, total } = store.discussionMessages(rid, text, { offset, count });
    return success({ messages, count: messages.length, offset, total });
  },
});
