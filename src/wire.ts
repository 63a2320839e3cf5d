/**
 * Every entity's wire shape, declared once: the fields of a room, an integration of each kind, a
 * user and the `me` object, each field's kind, whether every entity has it, and where it is not
 * sent. From these come the published types (src/types.ts), the store's views (what a list page
 * or a change leaves out), the scenario's modelled keys (src/scenario/fields.ts), and the JSON
 * Schemas the tests check every answer against (jsonSchemaOf).
 *
 * Layer: base. Plain data and types; no zod.
 */

/** A field's kind on the wire. */
type FieldKind =
  | 'string'
  | 'url'
  | 'iso'
  | 'boolean'
  | 'count'
  | 'number'
  | 'strings'
  | 'userRef'
  | 'author'
  | 'list'
  | 'null'
  | 'emails'
  | 'roles'
  | 'object'
  | 'namedTokens'
  | { readonly enum: readonly string[] }
  | { readonly const: string }
  | { readonly channels: true };

/** One field of an entity. */
interface FieldSpec {
  readonly kind: FieldKind;
  /** every entity of the kind has it (else it may be absent) */
  readonly required?: true;
  /** stored, never sent (a room's join code, a user's password) */
  readonly hidden?: true;
  /** left out of list pages (`channels.list`) */
  readonly notInLists?: true;
}

type EntityShape = Readonly<Record<string, FieldSpec>>;

/** A Rocket.Chat room, in Rocket.Chat's field order. */
export const ROOM_SHAPE = {
  _id: { kind: 'string', required: true },
  fname: { kind: 'string' },
  name: { kind: 'string', required: true },
  t: { kind: { enum: ['c', 'p'] }, required: true },
  usernames: { kind: 'strings', required: true },
  usersCount: { kind: 'count', required: true },
  msgs: { kind: 'count', required: true },
  u: { kind: 'userRef' },
  ts: { kind: 'iso', required: true },
  ro: { kind: 'boolean' },
  sysMes: { kind: 'boolean', required: true },
  default: { kind: 'boolean' },
  topic: { kind: 'string' },
  description: { kind: 'string' },
  archived: { kind: 'boolean' },
  /** the team the room belongs to (Rocket.Chat 5 on) */
  teamId: { kind: 'string' },
  /** the team's main room: its `t` is the team's type */
  teamMain: { kind: 'boolean' },
  _updatedAt: { kind: 'iso', required: true },
  joinCodeRequired: { kind: 'boolean', required: true, notInLists: true },
  joinCode: { kind: 'string', hidden: true },
  muted: { kind: 'strings', required: true, notInLists: true },
} as const satisfies EntityShape;

/** An outgoing webhook: Rocket.Chat posts a room's events to `urls`. */
export const OUTGOING_SHAPE = {
  _id: { kind: 'string', required: true },
  type: { kind: { const: 'webhook-outgoing' }, required: true },
  event: { kind: 'string', required: true },
  enabled: { kind: 'boolean', required: true },
  name: { kind: 'string', required: true },
  username: { kind: 'string', required: true },
  userId: { kind: 'string', required: true },
  alias: { kind: 'string', required: true },
  avatar: { kind: 'string', required: true },
  channel: { kind: 'strings', required: true },
  triggerWords: { kind: 'strings', required: true },
  urls: { kind: 'strings', required: true },
  token: { kind: 'string', required: true },
  script: { kind: 'string', required: true },
  scriptEnabled: { kind: 'boolean', required: true },
  scriptCompiled: { kind: 'string', required: true },
  scriptError: { kind: 'null', required: true },
  impersonateUser: { kind: 'boolean', required: true },
  _createdAt: { kind: 'iso', required: true },
  _createdBy: { kind: 'userRef', required: true },
  _updatedAt: { kind: 'iso', required: true },
} as const satisfies EntityShape;

/**
 * An incoming webhook: a URL with `token` that posts into `channel` as `username`. No `event`,
 * `urls` or `triggerWords`; `avatarUrl` where the outgoing kind has `avatar`.
 */
export const INCOMING_SHAPE = {
  _id: { kind: 'string', required: true },
  type: { kind: { const: 'webhook-incoming' }, required: true },
  enabled: { kind: 'boolean', required: true },
  name: { kind: 'string', required: true },
  username: { kind: 'string', required: true },
  userId: { kind: 'string', required: true },
  alias: { kind: 'string', required: true },
  avatarUrl: { kind: 'string', required: true },
  emoji: { kind: 'string', required: true },
  channel: { kind: { channels: true }, required: true },
  token: { kind: 'string', required: true },
  script: { kind: 'string', required: true },
  scriptEnabled: { kind: 'boolean', required: true },
  scriptCompiled: { kind: 'string' },
  scriptError: { kind: 'null' },
  overrideDestinationChannelEnabled: { kind: 'boolean', required: true },
  _createdAt: { kind: 'iso', required: true },
  _createdBy: { kind: 'userRef', required: true },
  _updatedAt: { kind: 'iso', required: true },
} as const satisfies EntityShape;

/**
 * A message (Rocket.Chat's `IMessage`): `_id` first, as the database keeps it, then the fields a
 * scenario or a post gives. `t` marks a system message (`room-set-read-only`, …); `tmid` a thread
 * reply. Posted messages carry `alias`, `attachments`, `parseUrls`, `groupable`, `mentions` and
 * `channels` as the real server's `sendMessage` fills them.
 */
export const MESSAGE_SHAPE = {
  _id: { kind: 'string', required: true },
  t: { kind: 'string' },
  rid: { kind: 'string', required: true },
  msg: { kind: 'string', required: true },
  ts: { kind: 'iso', required: true },
  u: { kind: 'author', required: true },
  _updatedAt: { kind: 'iso', required: true },
  alias: { kind: 'string' },
  emoji: { kind: 'string' },
  avatar: { kind: 'string' },
  attachments: { kind: 'list' },
  parseUrls: { kind: 'boolean' },
  groupable: { kind: 'boolean' },
  tmid: { kind: 'string' },
  urls: { kind: 'list' },
  mentions: { kind: 'list' },
  channels: { kind: 'list' },
} as const satisfies EntityShape;

/**
 * A direct-message room (`t: "d"`) between two users (or one user and themself): its `_id` is the
 * two user ids, sorted and joined, as Rocket.Chat's `createDirectRoom` makes it. No `name`: each
 * member's subscription names the room after the other member.
 */
export const DIRECT_SHAPE = {
  _id: { kind: 'string', required: true },
  t: { kind: { const: 'd' }, required: true },
  usernames: { kind: 'strings', required: true },
  usersCount: { kind: 'count', required: true },
  msgs: { kind: 'count', required: true },
  ts: { kind: 'iso', required: true },
  uids: { kind: 'strings', required: true },
  _updatedAt: { kind: 'iso', required: true },
} as const satisfies EntityShape;

/**
 * A subscription (Rocket.Chat's `ISubscription`): one member of one room, what the member has
 * read and what waits for them. The fake derives them from the rooms' members.
 */
export const SUBSCRIPTION_SHAPE = {
  _id: { kind: 'string', required: true },
  open: { kind: 'boolean', required: true },
  alert: { kind: 'boolean', required: true },
  unread: { kind: 'count', required: true },
  userMentions: { kind: 'count', required: true },
  groupMentions: { kind: 'count', required: true },
  ts: { kind: 'iso', required: true },
  rid: { kind: 'string', required: true },
  name: { kind: 'string', required: true },
  fname: { kind: 'string' },
  t: { kind: { enum: ['c', 'p', 'd'] }, required: true },
  u: { kind: 'author', required: true },
  ls: { kind: 'iso' },
  roles: { kind: 'strings' },
  _updatedAt: { kind: 'iso', required: true },
  /** the member's favourite mark, once set (`rooms.favorite`, `toggleFavorite`) */
  f: { kind: 'boolean' },
  archived: { kind: 'boolean' },
  /** when a followed thread was last replied to, and the threads not read (a thread reply's hooks) */
  lr: { kind: 'iso' },
  tunread: { kind: 'strings' },
  tunreadGroup: { kind: 'strings' },
  tunreadUser: { kind: 'strings' },
  /** the users the member ignores in the room, once one was (`chat.ignoreUser`) */
  ignored: { kind: 'strings' },
} as const satisfies EntityShape;

/** A message's author: the user's id, username and name, as the message keeps them. */
export interface Author {
  _id: string;
  username: string;
  name?: string;
}

/** A personal access token: its name, and the token a client sends as `X-Auth-Token`. */
export interface NamedToken {
  name: string;
  token: string;
  /** when it was made (`users.getPersonalAccessTokens`' `createdAt`; default: the world's clock) */
  createdAt?: string;
  /** a call made with it skips two-factor (`users.generatePersonalAccessToken`'s `bypassTwoFactor`) */
  bypassTwoFactor?: boolean;
}

/** A user as the store holds it; `password` and the personal access tokens are the fake's own, never sent. */
export const USER_SHAPE = {
  _id: { kind: 'string', required: true },
  username: { kind: 'string', required: true },
  password: { kind: 'string', required: true, hidden: true },
  personalAccessTokens: { kind: 'namedTokens', hidden: true },
  name: { kind: 'string', required: true },
  emails: { kind: 'emails', required: true },
  roles: { kind: 'roles', required: true },
  active: { kind: 'boolean', required: true },
} as const satisfies EntityShape;

/** The `me` object of login and `/api/v1/me`. */
export const ME_SHAPE = {
  _id: { kind: 'string', required: true },
  username: { kind: 'string', required: true },
  name: { kind: 'string', required: true },
  emails: { kind: 'emails', required: true },
  status: { kind: { const: 'online' }, required: true },
  statusConnection: { kind: { const: 'online' }, required: true },
  utcOffset: { kind: 'number', required: true },
  active: { kind: 'boolean', required: true },
  roles: { kind: 'roles', required: true },
  services: { kind: 'object' },
  settings: { kind: 'object', required: true },
  email: { kind: 'string' },
  avatarUrl: { kind: 'url', required: true },
  isOAuthUser: { kind: 'boolean' },
} as const satisfies EntityShape;

/** `data` of a login's answer (7.0 on): the user's id, the token, and `me`. */
export const LOGIN_DATA_SHAPE = {
  userId: { kind: 'string', required: true },
  authToken: { kind: 'string', required: true },
  me: { kind: 'object', required: true },
} as const satisfies EntityShape;

/** The seeded global roles a user of the fake may have (a world's custom roles come on top). */
export const USER_ROLES = ['admin', 'user', 'bot', 'guest'] as const;
/** A global role's id: a seeded one ({@link USER_ROLES}, `livechat-*`, …) or a custom role's. */
export type UserRole = string;

/** A user as another entity names one. */
export interface UserRef {
  _id: string;
  username: string;
  /** the user's name, where the server copies it (a room's owner from 6.3) */
  name?: string;
}

/** An e-mail address of a user. */
export interface Email {
  address: string;
  verified: boolean;
}

/** The TypeScript type of a field kind. */
type TypeOf<K> = K extends 'string' | 'url' | 'iso'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'count' | 'number'
      ? number
      : K extends 'strings'
        ? string[]
        : K extends 'userRef'
          ? UserRef
          : K extends 'author'
            ? Author
            : K extends 'list'
              ? unknown[]
              : K extends 'null'
                ? null
                : K extends 'emails'
                  ? Email[]
                  : K extends 'roles'
                    ? UserRole[]
                    : K extends 'object'
                      ? Record<string, unknown>
                      : K extends 'namedTokens'
                        ? NamedToken[]
                        : K extends { readonly enum: readonly (infer E)[] }
                          ? E
                          : K extends { readonly const: infer C }
                            ? C
                            : K extends { readonly channels: true }
                              ? string[]
                              : never;

/** The fields of an entity as a TypeScript type: required ones always there, the others optional. */
export type WireType<S extends EntityShape> = {
  -readonly [K in keyof S as S[K] extends { required: true } ? K : never]: TypeOf<S[K]['kind']>;
} & {
  -readonly [K in keyof S as S[K] extends { required: true } ? never : K]?: TypeOf<S[K]['kind']>;
};

/** The fields of a shape, in order. */
export function fieldsOf(shape: EntityShape): string[] {
  return Object.keys(shape);
}

/** The fields a view leaves out: the hidden ones, and in a list page also those not in lists. */
export function leftOut(shape: EntityShape, view: 'full' | 'list'): string[] {
  return Object.entries(shape)
    .filter(([, spec]) => spec.hidden === true || (view === 'list' && spec.notInLists === true))
    .map(([name]) => name);
}

type JsonSchema = Record<string, unknown>;

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';

function schemaOfKind(kind: FieldKind): JsonSchema {
  if (typeof kind === 'object') {
    if ('enum' in kind) return { enum: [...kind.enum] };
    if ('const' in kind) return { const: kind.const };
    return { type: 'array', items: { type: 'string', pattern: '^[#@].' }, minItems: 1 };
  }
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'url':
      return { type: 'string', pattern: '^https?://' };
    case 'iso':
      return { type: 'string', pattern: ISO };
    case 'boolean':
      return { type: 'boolean' };
    case 'count':
      return { type: 'integer', minimum: 0 };
    case 'number':
      return { type: 'number' };
    case 'strings':
      return { type: 'array', items: { type: 'string' } };
    case 'userRef':
      return {
        type: 'object',
        required: ['_id', 'username'],
        properties: { _id: { type: 'string' }, username: { type: 'string' } },
        additionalProperties: false,
      };
    case 'author':
      return {
        type: 'object',
        required: ['_id', 'username'],
        properties: { _id: { type: 'string' }, username: { type: 'string' }, name: { type: 'string' } },
        additionalProperties: false,
      };
    case 'list':
      return { type: 'array' };
    case 'null':
      return { type: 'null' };
    case 'emails':
      return {
        type: 'array',
        items: {
          type: 'object',
          required: ['address', 'verified'],
          properties: { address: { type: 'string' }, verified: { type: 'boolean' } },
        },
      };
    case 'roles':
      return { type: 'array', items: { type: 'string' } };
    case 'object':
      return { type: 'object' };
    case 'namedTokens':
      return {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'token'],
          properties: {
            name: { type: 'string' },
            token: { type: 'string' },
            createdAt: { type: 'string' },
            bypassTwoFactor: { type: 'boolean' },
          },
        },
      };
  }
}

/**
 * The JSON Schema of an entity as a view sends it: every field it may have, the ones every entity
 * has required, the ones it leaves out forbidden. `narrow` restricts some fields further (the
 * room type a list shows).
 */
export function jsonSchemaOf(
  shape: EntityShape,
  view: 'full' | 'list' = 'full',
  narrow: Record<string, JsonSchema> = {},
): JsonSchema {
  const out = leftOut(shape, view);
  const sent = Object.entries(shape).filter(([name]) => !out.includes(name));
  return {
    type: 'object',
    required: sent.filter(([, spec]) => spec.required === true).map(([name]) => name),
    properties: Object.fromEntries(
      sent.map(([name, spec]) => [name, narrow[name] ?? schemaOfKind(spec.kind)]),
    ),
    ...(out.length > 0 ? { not: { anyOf: out.map((name) => ({ required: [name] })) } } : {}),
  };
}
