import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DELETE_MESSAGE_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { DELETED } from './responses';

/**
 * `POST /api/v1/chat.delete`: a message removed by its author or with `delete-message`, answered
 * `{_id, ts, message: {_id, rid, u}}`, `ts` the clock's milliseconds as a string.
 */
export default route(GROUPS.chat, {
  name: 'chat.delete',
  method: 'POST',
  order: 160,
  permissions: ['force-delete-message', 'delete-message', 'delete-own-message', 'post-readonly'],
  errors: [
    'message-not-found',
    'message-room-mismatch',
    'message-delete-as-other',
    'users-user-not-found',
    'message-delete-not-allowed',
    'message-delete-read-only',
  ],
  response: DELETED,
  reads: ['room', 'user'],
  changes: ['message', 'room'],
  validator: DELETE_MESSAGE_VALIDATOR,
  read: ({ input, profile }) => {
    const body = validated(profile, DELETE_MESSAGE_VALIDATOR, readBody(input.body));
    // 8.x's `fileId` alone: the fake has no uploads, so no message is found by one
    if (typeof body.msgId !== 'string' || typeof body.roomId !== 'string')
      throw new ApiError('message-not-found', { reason: '' });
    return { roomId: body.roomId, msgId: body.msgId, asUser: body.asUser === true };
  },
  run: (context, input) => {
    const { _id, rid, u } = context.store.deleteMessage(callerOf(context), input);
    return success({ _id, ts: String(context.store.clock.nowMs()), message: { _id, rid, u } });
  },
});
