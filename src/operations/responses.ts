import {
  INCOMING_SHAPE,
  LOGIN_DATA_SHAPE,
  ME_SHAPE,
  MESSAGE_SHAPE,
  OUTGOING_SHAPE,
  ROOM_SHAPE,
  SUBSCRIPTION_SHAPE,
  USER_SHAPE,
  jsonSchemaOf,
  leftOut,
} from '../wire';
import type { Schema } from './validator';

/**
 * The building blocks of the routes' declared answers (each route's `response`, a JSON Schema of
 * its 200 body on the newest release line): the entities' schemas come from their one declaration
 * (src/wire.ts), the bodies around them are written in the route modules with these. The OpenAPI
 * document (`GET /api/docs/json`) shows them, and the tests check every 200 body against them
 * (`toMatchShape`).
 *
 * Layer: operations. Plain data.
 */

export const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const TRUE = { const: true } as const;

/** A channel in a list page: only public channels (`t: "c"`). */
export const LIST_CHANNEL = jsonSchemaOf(ROOM_SHAPE, 'list', { t: { const: 'c' } });
/** A room as a change or an info route answers it. */
export const FULL_ROOM = jsonSchemaOf(ROOM_SHAPE, 'full');
/** A message as stored (an answer may move `_id` last, or leave `_updatedAt` out). */
export const MESSAGE = { ...jsonSchemaOf(MESSAGE_SHAPE), required: ['_id', 'rid', 'msg', 'ts', 'u'] };
export const SUBSCRIPTION = jsonSchemaOf(SUBSCRIPTION_SHAPE);
/** A user as another caller sees them: at least the id and the username, never the hidden fields. */
export const USER = {
  type: 'object',
  required: ['_id', 'username'],
  properties: { _id: str, username: str },
  not: { anyOf: leftOut(USER_SHAPE, 'full').map((name) => ({ required: [name] })) },
};
const outgoing = jsonSchemaOf(OUTGOING_SHAPE);
/** An incoming webhook has none of the outgoing kind's `event`, `urls` or `triggerWords`. */
const incoming = {
  ...jsonSchemaOf(INCOMING_SHAPE),
  not: { anyOf: [{ required: ['event'] }, { required: ['urls'] }, { required: ['triggerWords'] }] },
};
export const INTEGRATION = { oneOf: [outgoing, incoming] };

/** `me`: a user's public face, never its hidden fields (the password). */
export const ME = {
  ...jsonSchemaOf(ME_SHAPE, 'full', {
    settings: { type: 'object', required: ['preferences'], properties: { preferences: { type: 'object' } } },
  }),
  not: { anyOf: leftOut(USER_SHAPE, 'full').map((name) => ({ required: [name] })) },
} as { type: 'object'; required: string[]; properties: Record<string, unknown>; not: unknown };

/** `/api/v1/me`: `me`, and `success: true`. */
export const ME_ANSWER = {
  ...ME,
  required: [...ME.required, 'success'],
  properties: { ...ME.properties, success: TRUE },
};

/** A login's `data` (7.0 on): the user's id, the token, and `me`. */
export const LOGIN_DATA = {
  ...jsonSchemaOf(LOGIN_DATA_SHAPE, 'full', { authToken: { type: 'string', minLength: 20 }, me: ME }),
  additionalProperties: false,
};

/** An object of exactly these members, each required but the `optional` ones. */
function exactly(members: Readonly<Record<string, unknown>>, optional: readonly string[] = []): Schema {
  return {
    type: 'object',
    required: Object.keys(members).filter((name) => !optional.includes(name)),
    additionalProperties: false,
    properties: members,
  };
}

/** A 200 body of exactly these members (each required but the `optional` ones) and `success: true`. */
export function answer(members: Readonly<Record<string, unknown>>, optional: readonly string[] = []): Schema {
  return exactly({ ...members, success: TRUE }, optional);
}

/** A list page: `key`'s items, `count`, `offset`, `total`, and `success: true`. */
export function page(key: string, item: object): Schema {
  return answer({ [key]: { type: 'array', items: item }, count: int, offset: int, total: int });
}

/** A history page: the messages, and with `unreads=true` the unread facts. */
export const HISTORY = answer(
  { messages: { type: 'array', items: MESSAGE }, firstUnread: MESSAGE, unreadNotLoaded: int },
  ['firstUnread', 'unreadNotLoaded'],
);

/** `{update, remove}` of what changed (rooms.get, subscriptions.get). */
export function updates(item: object): Schema {
  return answer({ update: { type: 'array', items: item }, remove: { type: 'array' } });
}

/** `{"success": true}` and nothing else. */
export const DONE = answer({});

/** A refusal in the Rocket.Chat envelope (the 200's counterpart; a route's error rows say which). */
export const REFUSAL: Schema = {
  type: 'object',
  required: ['success', 'error'],
  properties: { success: { const: false }, error: str, errorType: str, details: { type: 'object' } },
};

/** Any room the caller is in (a channel, a group, a direct room), as the room lists send them. */
export const ROOM = { type: 'object', required: ['_id', 't'], properties: { _id: str, t: str } };

/** im.create's room: `{t: "d", rid, usernames, _id}`. */
export const DIRECT_ROOM = {
  type: 'object',
  required: ['t', 'rid', 'usernames', '_id'],
  properties: { t: { const: 'd' }, rid: str, usernames: { type: 'array', items: str }, _id: str },
};

/**
 * `/api/info` (6.5 on): the version (without its patch for a caller without `view-statistics`,
 * who gets no `info`), the client minimums; 8.6 on the workspace's URL first.
 */
export const INFO = answer(
  {
    workspaceUrl: str,
    hashedWorkspaceUrl: str,
    version: { type: 'string', pattern: '^\\d+\\.\\d+(\\.\\d+)?$' },
    info: { type: 'object', required: ['version'], properties: { version: str } },
    minimumClientVersions: exactly({ desktop: str, mobile: str }),
    cloudWorkspaceId: str,
  },
  ['workspaceUrl', 'hashedWorkspaceUrl', 'info', 'cloudWorkspaceId'],
);

/** logout, to 7.3: the action's plain object, without `success` (7.4 on: no body at all). */
export const LOGGED_OUT = {
  type: 'object',
  required: ['status', 'data'],
  additionalProperties: false,
  properties: {
    status: { const: 'success' },
    data: { type: 'object', required: ['message'], properties: { message: str } },
  },
};

/** chat.delete: the message's `_id`, the clock's milliseconds as a string, the message's ids. */
export const DELETED = answer({
  _id: str,
  ts: { type: 'string', pattern: '^\\d+$' },
  message: exactly({ _id: str, rid: str, u: { type: 'object' } }),
});

/** `GET /api/docs/json`: the OpenAPI 3.0.3 document in the envelope. */
export const OPENAPI_DOCUMENT = answer({
  openapi: { const: '3.0.3' },
  info: { type: 'object', required: ['title', 'version'] },
  servers: { type: 'array' },
  components: { type: 'object' },
  paths: { type: 'object' },
});
