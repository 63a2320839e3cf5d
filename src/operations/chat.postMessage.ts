import { ApiError } from '../errors';
import type { PostInput, Store } from '../store/store';
import { isPlainObject } from '../store/query';
import { POST_REFUSALS, postAnswer } from './message-answer';
import type { Params } from './operation';
import { callerOf, depthOf, readBody, textOf } from './params';
import { POST_MESSAGE_VALIDATOR, validated } from './schemas';

export { MAX_TEXT } from '../store/message-text';
export { answered } from './message-answer';
import { GROUPS, route } from './route-groups';
import { answer, MESSAGE, str } from './responses';

/** A string parameter, or undefined for anything else. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** How deep attachments may nest: far beyond any real one, short of what copying them could not survive. */
const MAX_ATTACHMENT_DEPTH = 32;

/** `attachments`, refused (before anything changes) when they nest deeper than any real one. */
export function readAttachments(value: unknown): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  if (depthOf(value, MAX_ATTACHMENT_DEPTH) > MAX_ATTACHMENT_DEPTH)
    throw new ApiError('invalid-params', {
      reason: `attachments nest deeper than ${MAX_ATTACHMENT_DEPTH} levels`,
    });
  return value;
}

/** The body, checked by the release's schema: the targets (one post per room) and the message. */
function readPost(body: Params, store: Store): PostInput {
  const where = body.channel ?? body.roomId ?? '';
  const targets = Array.isArray(where) ? [...new Set(where.map(textOf))] : [textOf(where)];
  const attachments = readAttachments(body.attachments);
  const message = text(body.text) ?? '';
  const tooLong = (value: unknown): boolean => store.overMaxSize(value);
  if (tooLong(message) || (attachments ?? []).some((a) => isPlainObject(a) && tooLong(a.text)))
    throw new ApiError('message-too-long');
  return {
    targets,
    text: message,
    alias: text(body.alias),
    emoji: text(body.emoji),
    avatar: text(body.avatar),
    attachments,
    parseUrls: typeof body.parseUrls === 'boolean' ? body.parseUrls : undefined,
    tmid: text(body.tmid),
  };
}

/**
 * `POST /api/v1/chat.postMessage`: a message to a room (`roomId`, or `channel` as `#name`, a name
 * or an id), as an integration or a bot posts one. Answers `{ts, channel, message}`: `ts` the
 * clock in milliseconds, `channel` the target as sent, `message` as stored, `_id` last and without
 * `_updatedAt`.
 */
export default route(GROUPS.chat, {
  name: 'chat.postMessage',
  method: 'POST',
  order: 120,
  permissions: ['message-impersonate', 'post-readonly'],
  errors: ['invalid-params', 'message-too-long', 'invalid-channel', 'error-room-not-found', ...POST_REFUSALS],
  response: answer({ ts: { type: 'integer' }, channel: str, message: MESSAGE }),
  reads: ['room', 'user'],
  changes: ['message', 'room', 'subscription'],
  validator: POST_MESSAGE_VALIDATOR,
  read: ({ input, profile, store }) =>
    readPost(validated(profile, POST_MESSAGE_VALIDATOR, readBody(input.body)), store),
  run: (context, post) => {
    const { channel, message } = context.store.postMessage(callerOf(context), post);
    return postAnswer(context.store.clock.nowMs(), channel, message);
  },
});
