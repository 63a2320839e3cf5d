import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { MessageListKind } from '../store/message-actions';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { callerOf, readPagination } from './params';
import { MESSAGE, page } from './responses';
import type { RouteSpec } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

const listSchema = (roomId: object): Validator['schema'] => ({
  type: 'object',
  properties: { roomId, count: { type: 'number' }, offset: { type: 'number' }, sort: { type: 'string' } },
  required: ['roomId'],
  additionalProperties: false,
});

/** `roomId` with the pagination: hand checked to 6.x; rest-typings' from 7.0, `minLength` from 7.10, typed from 8.6. */
const LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: listSchema({ type: 'string' }), coerce: true, form: 'legacy' },
  '7.10': { schema: listSchema({ type: 'string', minLength: 1 }), coerce: true, form: 'legacy' },
  '8.6': { schema: listSchema({ type: 'string', minLength: 1 }), coerce: 'array', form: 'query' },
};

/**
 * The declaration of `chat.getMentionedMessages`, `chat.getStarredMessages` or
 * `chat.getPinnedMessages`: `roomId` (5.x/6.x: the hand check's `missing`), then the room's
 * access (`denied`), then a page of the room's messages of that kind, newest first, as
 * `{messages, count, offset, total}`. `sort` is accepted and not applied.
 */
export function messageListRoute(
  name: string,
  kind: MessageListKind,
  missing: ErrorCode,
  denied: ErrorCode,
): RouteSpec<{ roomId: string; offset: number; count: number }> {
  return {
    name,
    method: 'GET',
    errors: [missing, denied],
    response: page('messages', MESSAGE),
    reads: ['message', 'room'],
    validator: LIST_VALIDATOR,
    read: ({ input, profile }) => {
      const params = validated(profile, LIST_VALIDATOR, input.query);
      const roomId = typeof params.roomId === 'string' ? params.roomId : '';
      if (byEra(profile, LIST_VALIDATOR) === undefined && roomId === '') throw new ApiError(missing);
      return { roomId, ...readPagination(params) };
    },
    run: (context, { roomId, offset, count }) => {
      const found = context.store.listMessages(callerOf(context), roomId, kind, { offset, count });
      if (!found) throw new ApiError(denied);
      return success({ messages: found.messages, count: found.messages.length, offset, total: found.total });
    },
    openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
  };
}
