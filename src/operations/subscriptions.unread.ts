import unreadMessages from '../commands/unreadMessages';
import type { UnreadMessagesArgs } from '../commands/unreadMessages';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE, str } from './responses';
import { SINCE_5 } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Schema, Validator } from './validator';

/** `{roomId}` or `{firstUnreadMessage: {_id}}`, nothing else. */
const UNREAD: Schema = {
  anyOf: [
    { type: 'object', properties: { roomId: str }, required: ['roomId'], additionalProperties: false },
    {
      type: 'object',
      properties: {
        firstUnreadMessage: { type: 'object', properties: { _id: str }, required: ['_id'] },
      },
      required: ['firstUnreadMessage'],
      additionalProperties: false,
    },
  ],
};

const UNREAD_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: UNREAD, coerce: false, form: 'legacy' },
  '8.8': { schema: UNREAD, coerce: true, form: 'body' },
};

/** 5.x's own guard before the method (a firstUnreadMessage without `_id`, and no roomId). */
const OWN_GUARD = { '0.49': true, '6': false };

/**
 * `POST /api/v1/subscriptions.unread` (5.x on): the validator (6.x on; 8.8's typed body; 5.x its
 * own guard), then the `unreadMessages` command (src/commands/unreadMessages.ts). By `roomId`: the room's last visible message (none: refused), the caller's
 * subscription unread from it (a non-member: nothing changes). By `firstUnreadMessage._id`: the
 * message (unknown or the caller's own: `Not allowed`), the caller's subscription with an `ls`
 * (else refused), unread from the message unless it is newer than `ls`. The subscription opened
 * and alerted, its `ls` moved (`subscriptions-changed`).
 */
export default route(GROUPS.subscriptions, {
  name: 'subscriptions.unread',
  method: 'POST',
  errors: [
    'unread-param-required',
    'unread-not-allowed',
    'unread-no-message',
    'unread-subscription-not-found',
    'invalid-params',
  ],
  response: DONE,
  reads: ['room', 'message', 'subscription'],
  changes: ['subscription'],
  validator: UNREAD_VALIDATOR,
  read: ({ input, profile }): UnreadMessagesArgs => {
    const body = validated(profile, UNREAD_VALIDATOR, readBody(input.body));
    const { roomId, firstUnreadMessage } = body;
    const first = isPlainObject(firstUnreadMessage) ? firstUnreadMessage : undefined;
    if (byEra(profile, OWN_GUARD) && !roomId && firstUnreadMessage && !first?._id)
      throw new ApiError('unread-param-required');
    return { firstUnreadMessage, room: roomId };
  },
  run: (context, args) => {
    unreadMessages.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
  openApi: { servedIn: SINCE_5 },
});
