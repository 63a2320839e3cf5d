import { ApiError } from '../errors';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { UPDATE_MESSAGE_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, MESSAGE } from './responses';

/**
 * `POST /api/v1/chat.update`: a message's new text, by its author or with `edit-message`, as
 * `{message}`; `previewUrls` marks the other URLs `ignoreParse`, `customFields` is refused.
 */
export default route(GROUPS.chat, {
  name: 'chat.update',
  method: 'POST',
  order: 150,
  permissions: ['edit-message', 'post-readonly'],
  errors: [
    'message-not-found',
    'message-room-mismatch',
    'message-edit-not-allowed',
    'post-archived',
    'post-not-allowed',
    'post-read-only',
    'post-muted',
    'custom-fields-disabled',
  ],
  response: answer({ message: MESSAGE }),
  reads: ['room'],
  changes: ['message', 'room'],
  validator: UPDATE_MESSAGE_VALIDATOR,
  read: ({ input, profile }) => {
    const body = validated(profile, UPDATE_MESSAGE_VALIDATOR, readBody(input.body));
    // 8.x's encrypted form: the fake holds no encrypted message to update
    if (typeof body.text !== 'string')
      throw new ApiError('message-not-found', { reason: textOf(body.msgId) });
    return {
      roomId: textOf(body.roomId),
      msgId: textOf(body.msgId),
      text: body.text,
      previewUrls: Array.isArray(body.previewUrls) ? body.previewUrls.map(textOf) : undefined,
      customFields: isPlainObject(body.customFields) ? body.customFields : undefined,
    };
  },
  run: (context, input) => success({ message: context.store.updateMessage(callerOf(context), input) }),
});
