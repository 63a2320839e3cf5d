/**
 * JSON Schemas of the documented success shapes. The entities' schemas come from their one
 * declaration (src/wire.ts); the bodies around them are written here. Endpoint tests assert every
 * 200 body against one of these with `toMatchShape`.
 */

import {
  INCOMING_SHAPE,
  LOGIN_DATA_SHAPE,
  ME_SHAPE,
  OUTGOING_SHAPE,
  ROOM_SHAPE,
  USER_SHAPE,
  jsonSchemaOf,
  leftOut,
} from '../../src/wire';

const str = { type: 'string' };
const int = { type: 'integer', minimum: 0 };

/** A channel in a list page: only public channels (`t: "c"`). */
const listChannel = jsonSchemaOf(ROOM_SHAPE, 'list', { t: { const: 'c' } });
/** A channel as a change or channels.info answers it. */
const fullChannel = jsonSchemaOf(ROOM_SHAPE, 'full');
const outgoing = jsonSchemaOf(OUTGOING_SHAPE);
/** An incoming webhook has none of the outgoing kind's `event`, `urls` or `triggerWords`. */
const incoming = {
  ...jsonSchemaOf(INCOMING_SHAPE),
  not: { anyOf: [{ required: ['event'] }, { required: ['urls'] }, { required: ['triggerWords'] }] },
};
const integration = { oneOf: [outgoing, incoming] };
/** `me`: a user's public face, never its hidden fields (the password). */
const me = {
  ...jsonSchemaOf(ME_SHAPE, 'full', {
    settings: { type: 'object', required: ['preferences'], properties: { preferences: { type: 'object' } } },
  }),
  not: { anyOf: leftOut(USER_SHAPE, 'full').map((name) => ({ required: [name] })) },
} as { type: 'object'; required: string[]; properties: Record<string, unknown>; not: unknown };

const page = (key: string, item: object) => ({
  type: 'object',
  required: [key, 'count', 'offset', 'total', 'success'],
  additionalProperties: false,
  properties: {
    [key]: { type: 'array', items: item },
    count: int,
    offset: int,
    total: int,
    success: { const: true },
  },
});

export const SHAPES = {
  login: {
    type: 'object',
    required: ['status', 'data', 'success'],
    additionalProperties: false,
    properties: {
      status: { const: 'success' },
      success: { const: true },
      data: {
        ...jsonSchemaOf(LOGIN_DATA_SHAPE, 'full', { authToken: { type: 'string', minLength: 20 }, me }),
        additionalProperties: false,
      },
    },
  },
  me: {
    ...me,
    required: [...me.required, 'success'],
    properties: { ...me.properties, success: { const: true } },
  },
  'channels.list': page('channels', listChannel),
  'channels.getIntegrations': page('integrations', integration),
  channel: {
    type: 'object',
    required: ['channel', 'success'],
    additionalProperties: false,
    properties: { channel: fullChannel, success: { const: true } },
  },
  logout: {
    type: 'object',
    required: ['status', 'data', 'success'],
    additionalProperties: false,
    properties: {
      status: { const: 'success' },
      data: { type: 'object', required: ['message'], properties: { message: str } },
      success: { const: true },
    },
  },
  // /api/info for an anonymous caller (6.5 on): the version without its patch, the client minimums
  info: {
    type: 'object',
    required: ['version', 'minimumClientVersions', 'success'],
    additionalProperties: false,
    properties: {
      workspaceUrl: str,
      hashedWorkspaceUrl: str,
      version: { type: 'string', pattern: '^\\d+\\.\\d+$' },
      minimumClientVersions: {
        type: 'object',
        required: ['desktop', 'mobile'],
        additionalProperties: false,
        properties: { desktop: str, mobile: str },
      },
      cloudWorkspaceId: str,
      success: { const: true },
    },
  },
  error: {
    type: 'object',
    required: ['success', 'error'],
    properties: { success: { const: false }, error: str, errorType: str, details: { type: 'object' } },
  },
} as const;

export type ShapeName = keyof typeof SHAPES;
