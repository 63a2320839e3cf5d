import { ApiError } from '../errors';
import { isPlainObject } from '../store/query';
import type { JsonObject } from '../store/query';
import { success } from './operation';
import { GROUPS, route } from './route-groups';
import { DONE } from './responses';

/** `payload=<json>`, the one key of a form-encoded (Slack-style) webhook body. */
function bodyOf(body: unknown): JsonObject | undefined {
  if (body === undefined || body === null) return undefined;
  if (!isPlainObject(body))
    throw new ApiError('hook-failed', { reason: 'The request body must be a JSON object' });
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'payload' || typeof body.payload !== 'string') return body;
  try {
    const parsed: unknown = JSON.parse(body.payload);
    if (isPlainObject(parsed)) return parsed;
  } catch {
    // not JSON: the same answer as a payload that is not an object
  }
  throw new ApiError('hook-failed', { reason: 'The payload must be a JSON object' });
}

/**
 * `POST` (or `GET`) `/hooks/:integrationId/:token`, also `/hooks/:integrationId/:userId/:token`
 * (the user id is not looked at): an incoming webhook's call. The body is JSON, or a form with one
 * `payload` key holding JSON (Slack's form). It posts as the webhook's user into the webhook's
 * channel (or the body's `channel` / `roomId`, where the webhook allows it), with `text`,
 * `username` / `alias`, `icon_url` / `icon_emoji`, `attachments`; an empty body posts nothing.
 * Answers `{"success": true}`; a refusal is `{"success": false, "error": "<code>"}`.
 */
export default route(GROUPS.hooks, {
  name: 'hooks',
  method: 'POST',
  order: 330,
  also: 'GET',
  path: '',
  prefix: true,
  errors: [
    'hook-invalid',
    'hook-disabled',
    'hook-override',
    'hook-failed',
    'message-too-long',
    'post-archived',
    'post-not-allowed',
    'post-read-only',
    'post-muted',
  ],
  response: DONE,
  reads: ['integration', 'room', 'user'],
  changes: ['message', 'room', 'subscription'],
  read: ({ input }) => {
    const parts = input.path.slice('/hooks/'.length).split('/');
    if (parts.length !== 2 && parts.length !== 3) throw new ApiError('hook-invalid');
    try {
      const id = decodeURIComponent(parts[0] ?? '');
      const token = decodeURIComponent(parts[parts.length - 1] ?? '');
      return { id, token, body: bodyOf(input.body) };
    } catch (error) {
      // a bad %-escape in the path names no webhook
      if (error instanceof URIError) throw new ApiError('hook-invalid');
      throw error;
    }
  },
  run: (context, { id, token, body }) => {
    context.store.incomingHook(id, token, body);
    return success({});
  },
  contract: { webhookPath: true },
  openApi: {
    formBody: true,
    refusals: {
      '404': 'no incoming webhook with that id and token',
      '503': 'the incoming webhook is turned off',
    },
  },
});
