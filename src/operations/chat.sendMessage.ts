import { ApiError } from '../errors';
import sendMessage from '../commands/sendMessage';
import type { SendMessageArgs } from '../commands/sendMessage';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readBody, textOf } from './params';
import { SEND_MESSAGE_VALIDATOR, validated } from './schemas';
import { answered, readAttachments, text } from './chat.postMessage';
import { GROUPS, route } from './route-groups';
import { answer, MESSAGE } from './responses';
import { POST_REFUSALS } from './message-answer';

const NAME = 'chat.sendMessage';

/**
 * The message the client built, as the `sendMessage` command takes it. The route's own check
 * comes first: a system message (`t`) refused before `executeSendMessage` is called (the method
 * refuses one only from 7.x, and otherwise, with a plain Error), then the command's.
 */
function readMessage(body: Params): SendMessageArgs {
  const message = isPlainObject(body.message) ? body.message : {};
  if (message.t !== undefined) throw new ApiError('send-system-message', { reason: NAME });
  return {
    rid: text(message.rid),
    _id: text(message._id),
    text: text(message.msg) ?? '',
    alias: text(message.alias),
    emoji: text(message.emoji),
    avatar: text(message.avatar),
    attachments: readAttachments(message.attachments),
    tmid: text(message.tmid),
    tshow: typeof message.tshow === 'boolean' ? message.tshow : undefined,
    previewUrls: Array.isArray(body.previewUrls) ? body.previewUrls.map(textOf) : undefined,
    emptyRidRefused: true,
  };
}

/**
 * `POST /api/v1/chat.sendMessage`: a message as a client builds it (`{message: {rid, msg, …}}`),
 * to a room by id: no names, no join. Answers `{message}` as stored, `_id` last.
 */
export default route(GROUPS.chat, {
  name: NAME,
  method: 'POST',
  order: 130,
  permissions: ['message-impersonate', 'post-readonly'],
  errors: [
    'send-system-message',
    'tshow-without-tmid',
    'send-too-long',
    'send-without-rid',
    'send-invalid-room',
    'send-duplicate-id',
    'invalid-params',
    ...POST_REFUSALS,
  ],
  response: answer({ message: MESSAGE }),
  reads: ['room', 'user'],
  changes: ['message', 'room', 'subscription'],
  validator: SEND_MESSAGE_VALIDATOR,
  read: ({ input, profile }) => readMessage(validated(profile, SEND_MESSAGE_VALIDATOR, readBody(input.body))),
  run: (context, input) => {
    // executeSendMessage's checks (tshow, size, the room) and the write: the command's
    const message = sendMessage.run({ ...context, user: callerOf(context) }, input);
    // the stored copy gains _updatedAt; the answer has it only when the client chose the _id
    return success({ message: answered(message, input._id !== undefined) });
  },
});
