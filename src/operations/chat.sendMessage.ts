import { ApiError } from '../errors';
import type { SendInput } from '../store/store';
import type { Store } from '../store/store';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readBody, textOf } from './params';
import { SEND_MESSAGE_VALIDATOR, validated } from './schemas';
import { MAX_TEXT, answered, readAttachments, text } from './chat.postMessage';
import { GROUPS, route } from './route-groups';
import { answer, MESSAGE } from './responses';

const NAME = 'chat.sendMessage';

/** The message the client built, checked in `executeSendMessage`'s order up to the room. */
function readMessage(body: Params, store: Store): SendInput {
  const message = isPlainObject(body.message) ? body.message : {};
  if (message.t !== undefined) throw new ApiError('send-system-message', { reason: NAME });
  const tmid = text(message.tmid);
  if (typeof message.tshow === 'boolean' && tmid === undefined) throw new ApiError('tshow-without-tmid');
  const msg = text(message.msg) ?? '';
  if (msg.length > MAX_TEXT) throw new ApiError('send-too-long');
  // a thread reply without a room is sent to its parent's
  const rid = text(message.rid) ?? (tmid === undefined ? undefined : store.messageRoom(tmid)) ?? '';
  if (rid === '') throw new ApiError('send-without-rid');
  return {
    rid,
    _id: text(message._id),
    text: msg,
    alias: text(message.alias),
    emoji: text(message.emoji),
    avatar: text(message.avatar),
    attachments: readAttachments(message.attachments),
    tmid,
    tshow: typeof message.tshow === 'boolean' ? message.tshow : undefined,
    previewUrls: Array.isArray(body.previewUrls) ? body.previewUrls.map(textOf) : undefined,
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
    'post-archived',
    'post-not-allowed',
    'post-read-only',
    'post-muted',
    'post-impersonate',
  ],
  response: answer({ message: MESSAGE }),
  reads: ['room', 'user'],
  changes: ['message', 'room', 'subscription'],
  validator: SEND_MESSAGE_VALIDATOR,
  read: ({ input, profile, store }) =>
    readMessage(validated(profile, SEND_MESSAGE_VALIDATOR, readBody(input.body)), store),
  run: (context, input) => {
    const message = context.store.sendMessage(callerOf(context), input);
    // the stored copy gains _updatedAt; the answer has it only when the client chose the _id
    return success({ message: answered(message, input._id !== undefined) });
  },
  contract: { changed: (answer) => answer.message },
});
