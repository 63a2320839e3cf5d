/**
 * JSON Schemas of the documented success shapes (rocketchat-behaviour.md, "Entities on the wire").
 * Endpoint tests assert every 200 body against one of these with `toMatchShape`.
 */

const iso = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' };
const str = { type: 'string' };
const bool = { type: 'boolean' };
const int = { type: 'integer', minimum: 0 };
const strings = { type: 'array', items: str };
const userRef = {
  type: 'object',
  required: ['_id', 'username'],
  properties: { _id: str, username: str },
  additionalProperties: false,
};

const listChannel = {
  type: 'object',
  required: ['_id', 'name', 't', 'usernames', 'usersCount', 'msgs', 'ts', 'sysMes', '_updatedAt'],
  properties: {
    _id: str,
    name: str,
    fname: str,
    t: { const: 'c' },
    usernames: strings,
    usersCount: int,
    msgs: int,
    u: userRef,
    ts: iso,
    ro: bool,
    sysMes: bool,
    _updatedAt: iso,
    topic: str,
    description: str,
    archived: bool,
    default: bool,
  },
  not: { anyOf: [{ required: ['joinCode'] }, { required: ['joinCodeRequired'] }, { required: ['muted'] }] },
};

const fullChannel = {
  type: 'object',
  required: [...listChannel.required, 'joinCodeRequired', 'muted', 'ro'],
  properties: {
    ...listChannel.properties,
    t: { enum: ['c', 'p'] },
    joinCodeRequired: bool,
    muted: strings,
  },
  not: { required: ['joinCode'] },
};

const outgoing = {
  type: 'object',
  required: [
    '_id',
    'type',
    'event',
    'enabled',
    'name',
    'username',
    'userId',
    'alias',
    'avatar',
    'channel',
    'triggerWords',
    'urls',
    'token',
    'script',
    'scriptEnabled',
    'scriptCompiled',
    'scriptError',
    'impersonateUser',
    '_createdAt',
    '_createdBy',
    '_updatedAt',
  ],
  properties: {
    _id: str,
    type: { const: 'webhook-outgoing' },
    event: str,
    enabled: bool,
    name: str,
    username: str,
    userId: str,
    alias: str,
    avatar: str,
    channel: strings,
    triggerWords: strings,
    urls: strings,
    token: str,
    script: str,
    scriptEnabled: bool,
    scriptCompiled: str,
    scriptError: { type: 'null' },
    impersonateUser: bool,
    _createdAt: iso,
    _createdBy: userRef,
    _updatedAt: iso,
  },
};

/** An incoming webhook: `avatarUrl` and `emoji`, no `event`, `urls` or `triggerWords`. */
const incoming = {
  type: 'object',
  required: [
    '_id',
    'type',
    'enabled',
    'name',
    'username',
    'userId',
    'alias',
    'avatarUrl',
    'emoji',
    'channel',
    'token',
    'script',
    'scriptEnabled',
    'overrideDestinationChannelEnabled',
    '_createdAt',
    '_createdBy',
    '_updatedAt',
  ],
  properties: {
    _id: str,
    type: { const: 'webhook-incoming' },
    enabled: bool,
    name: str,
    username: str,
    userId: str,
    alias: str,
    avatarUrl: str,
    emoji: str,
    channel: { type: 'array', items: { type: 'string', pattern: '^[#@].' }, minItems: 1 },
    token: str,
    script: str,
    scriptEnabled: bool,
    overrideDestinationChannelEnabled: bool,
    _createdAt: iso,
    _createdBy: userRef,
    _updatedAt: iso,
  },
  not: { anyOf: [{ required: ['event'] }, { required: ['urls'] }, { required: ['triggerWords'] }] },
};

const integration = { oneOf: [outgoing, incoming] };

const me = {
  type: 'object',
  required: [
    '_id',
    'username',
    'name',
    'emails',
    'status',
    'statusConnection',
    'utcOffset',
    'active',
    'roles',
    'settings',
    'avatarUrl',
  ],
  properties: {
    _id: str,
    username: str,
    name: str,
    emails: {
      type: 'array',
      items: {
        type: 'object',
        required: ['address', 'verified'],
        properties: { address: str, verified: bool },
      },
    },
    status: { const: 'online' },
    statusConnection: { const: 'online' },
    utcOffset: { type: 'number' },
    active: bool,
    roles: { type: 'array', items: { enum: ['admin', 'user', 'bot', 'guest'] } },
    settings: { type: 'object', required: ['preferences'], properties: { preferences: { type: 'object' } } },
    avatarUrl: { type: 'string', pattern: '^https?://' },
  },
  not: { required: ['password'] },
};

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
        type: 'object',
        required: ['userId', 'authToken', 'me'],
        additionalProperties: false,
        properties: { userId: str, authToken: { type: 'string', minLength: 20 }, me },
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
  info: {
    type: 'object',
    required: ['version', 'success'],
    additionalProperties: false,
    properties: { version: str, success: { const: true } },
  },
  error: {
    type: 'object',
    required: ['success', 'error'],
    properties: { success: { const: false }, error: str, errorType: str, details: { type: 'object' } },
  },
} as const;

export type ShapeName = keyof typeof SHAPES;
