import type * as AjvModule from 'ajv';

import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { lazy } from '../lazy';
import type { Profile } from '../profiles';
import type { Params } from './operation';
import { registeredOperations } from './registry';
import type { Coercion, Schema, Validator } from './validator';

export type { Validator } from './validator';

/**
 * The real server's parameter validators, per release line: the JSON schemas of
 * `@rocket.chat/rest-typings` (one npm version per release) and of 8.8's typed channels routes,
 * run by ajv with the options each release compiled them with, so that what passes, what is
 * coerced and the words of every refusal are the real server's own.
 *
 * How a refusal reads depends on where the server validated:
 * - `legacy` (6.x to 8.7, `validateParams` in the route's action): ajv's messages joined by
 *   `"\n "`, as a Meteor.Error: `{"success":false,"error":"<messages> [invalid-params]","errorType":"invalid-params"}`.
 * - `query` / `body` (8.8's typed routes, the router validates): joined by `"\n"`, no suffix,
 *   `{"success":false,"errorType":"error-invalid-params" | "invalid-params","error":"<messages>"}`.
 *
 * ajv (about 80 ms to load and compile) is loaded on the first validated request, or in the
 * background once the server has answered its first health check.
 *
 * Layer: operations.
 */

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;

/** `channels.list`'s query, 7.0 (rest-typings 7.0.0): `_id` and `query` only. */
const LIST_7_0: Schema = {
  type: 'object',
  properties: { _id: { type: 'string', nullable: true }, query: { type: 'string', nullable: true } },
  required: [],
  additionalProperties: false,
};
/** 7.10 to 8.7: pagination and `sort` back. */
const LIST_7_10: Schema = {
  type: 'object',
  properties: { _id: str, query: str, count: num, offset: num, sort: str },
  required: [],
  additionalProperties: false,
};
/** 8.8 on: `fields` too. */
const LIST_8_8: Schema = {
  ...LIST_7_10,
  properties: { _id: str, query: str, count: num, offset: num, sort: str, fields: str },
};

/** `channels.list`: no validator before 7.0 (6.x's schema is empty). */
export const LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: LIST_7_0, coerce: true, form: 'legacy' },
  '7.1': { schema: LIST_7_10, coerce: true, form: 'legacy' },
  '8.6': { schema: LIST_7_10, coerce: 'array', form: 'legacy' },
  '8.8': { schema: LIST_8_8, coerce: 'array', form: 'query' },
};

/** `channels.setReadOnly`'s body: `roomId` or `roomName`, and a boolean `readOnly`. */
const SET_READ_ONLY: Schema = {
  oneOf: [
    {
      type: 'object',
      properties: { roomId: str, readOnly: bool },
      required: ['roomId', 'readOnly'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { roomName: str, readOnly: bool },
      required: ['roomName', 'readOnly'],
      additionalProperties: false,
    },
  ],
};

/** setReadOnly: compiled without coercion until 8.6 (`"true"` is `must be boolean`), with it after. */
export const SET_READ_ONLY_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: SET_READ_ONLY, coerce: false, form: 'legacy' },
  '8.6': { schema: SET_READ_ONLY, coerce: true, form: 'legacy' },
  '8.8': { schema: SET_READ_ONLY, coerce: true, form: 'body' },
};

/** 8.8's room-setting bodies: the field, and `roomId` or `roomName`. */
export function roomSettingBody(field: string, fieldSchema: Schema): Schema {
  return {
    type: 'object',
    properties: { roomId: str, roomName: str, [field]: fieldSchema },
    required: [field],
    anyOf: [{ required: ['roomId'] }, { required: ['roomName'] }],
    additionalProperties: false,
  };
}

/** `channels.setType`: no validator before 8.8's typed route. */
export const SET_TYPE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.8': { schema: roomSettingBody('type', str), coerce: true, form: 'body' },
};

/** `channels.getIntegrations`: no validator before 8.8's typed route. */
export const GET_INTEGRATIONS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.8': {
    schema: {
      type: 'object',
      properties: {
        roomId: str,
        roomName: str,
        includeAllPublicChannels: str,
        offset: num,
        count: num,
        sort: str,
        query: str,
        fields: str,
      },
      anyOf: [{ required: ['roomId'] }, { required: ['roomName'] }],
      additionalProperties: false,
    },
    coerce: 'array',
    form: 'query',
  },
};

/** `channels.info`: no validator before 8.8's typed route. */
export const INFO_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.8': {
    schema: {
      type: 'object',
      properties: { roomId: str, roomName: str },
      anyOf: [{ required: ['roomId'] }, { required: ['roomName'] }],
      additionalProperties: false,
    },
    coerce: 'array',
    form: 'query',
  },
};

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a deferred load (src/lazy.ts)
const ajvModule = lazy(() => require('ajv') as typeof AjvModule);

type Compiled = AjvModule.ValidateFunction;

/** One ajv instance per coercion (as the server has), compiled validators kept per validator. */
const instances = new Map<Coercion, AjvModule.default>();
const compiled = new WeakMap<Validator, Compiled>();

const DATE_PART = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME_PART = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** ajv-formats' `iso-date-time`: `yyyy-mm-dd`, `T` or a space, `hh:mm:ss[.f]`, a zone or none (a leap second at 23:59 UTC). */
export function isIsoDateTime(text: string): boolean {
  const parts = text.split(/t|\s/i);
  if (parts.length !== 2) return false;
  const date = DATE_PART.exec(parts[0] ?? '');
  if (!date) return false;
  const year = Number(date[1]);
  const month = Number(date[2]);
  const day = Number(date[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && leap ? 29 : (MONTH_DAYS[month] ?? 0)))
    return false;
  const time = TIME_PART.exec(parts[1] ?? '');
  if (!time) return false;
  const [hr, min, sec] = [Number(time[1]), Number(time[2]), Number(time[3])];
  const sign = time[5] === '-' ? -1 : 1;
  const [tzH, tzM] = [Number(time[6] ?? 0), Number(time[7] ?? 0)];
  if (tzH > 23 || tzM > 59) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * sign;
  const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

function compile(validator: Validator): Compiled {
  let fn = compiled.get(validator);
  if (fn) return fn;
  let ajv = instances.get(validator.coerce);
  if (!ajv) {
    const Ajv = ajvModule().default;
    ajv = new Ajv({ coerceTypes: validator.coerce, allowUnionTypes: true, strict: false });
    // rest-typings' one format (ajv-formats' `iso-date-time`: a date and a time, the zone optional)
    ajv.addFormat('iso-date-time', isIsoDateTime);
    instances.set(validator.coerce, ajv);
  }
  fn = ajv.compile(validator.schema);
  compiled.set(validator, fn);
  return fn;
}

/**
 * Validates (and, where the era's ajv coerces, converts) a copy of the parameters; returns the
 * copy, or throws the era's refusal. Parameters pass unchanged where the era had no validator.
 */
export function validated(profile: Profile, table: EraTable<Validator | undefined>, params: Params): Params {
  const validator = byEra(profile, table);
  if (!validator) return params;
  const copy: Params = { ...params };
  const fn = compile(validator);
  if (fn(copy)) return copy;
  const messages = (fn.errors ?? []).map((e) => e.message ?? '');
  if (validator.form === 'legacy') throw new ApiError('invalid-params', { reason: messages.join('\n ') });
  throw new ApiError(validator.form === 'query' ? 'invalid-query' : 'invalid-body-params', {
    reason: messages.join('\n'),
  });
}

/** A string, or a list of strings (chat.postMessage's `roomId` and `channel`: one post per room). */
const strOrList: Schema = { oneOf: [str, { type: 'array', items: str }] };
const nullableStr = { type: 'string', nullable: true } as const;
/** What a post carries besides its target (rest-typings' `ChatPostMessage`). */
const POST_FIELDS = {
  text: nullableStr,
  alias: nullableStr,
  emoji: nullableStr,
  avatar: nullableStr,
  attachments: { type: 'array', items: { type: 'object' }, nullable: true },
  customFields: { type: 'object', nullable: true },
  parseUrls: bool,
};
/** `chat.postMessage`: `roomId` (with `tmid`) or `channel`, exactly one, and nothing else. */
const POST_MESSAGE: Schema = {
  oneOf: [
    {
      type: 'object',
      properties: { roomId: strOrList, ...POST_FIELDS, tmid: str },
      required: ['roomId'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { channel: strOrList, ...POST_FIELDS },
      required: ['channel'],
      additionalProperties: false,
    },
  ],
};

/** chat.postMessage: rest-typings' shared ajv, which coerces (a number `text` becomes a string). */
export const POST_MESSAGE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: POST_MESSAGE, coerce: true, form: 'legacy' },
};

/** `chat.sendMessage`: `{message, previewUrls?}`; inside the message, typed keys, none required. */
const SEND_MESSAGE: Schema = {
  type: 'object',
  properties: {
    message: {
      type: 'object',
      properties: {
        _id: str,
        rid: str,
        tmid: str,
        msg: str,
        alias: str,
        emoji: str,
        tshow: bool,
        avatar: str,
        attachments: { type: 'array', items: { type: 'object' } },
        blocks: { type: 'array', items: { type: 'object' } },
        customFields: { type: 'object' },
      },
    },
    previewUrls: { type: 'array', items: str },
  },
  required: ['message'],
  additionalProperties: false,
};

/** chat.sendMessage: rest-typings' shared ajv, coercing. */
export const SEND_MESSAGE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: SEND_MESSAGE, coerce: true, form: 'legacy' },
};

const historyBranch = (room: 'roomId' | 'roomName'): Schema => ({
  type: 'object',
  properties: {
    [room]: { type: 'string', minLength: 1 },
    latest: { type: 'string', minLength: 1, nullable: true },
    showThreadMessages: { type: 'string', enum: ['false', 'true'], nullable: true },
    oldest: { type: 'string', minLength: 1, nullable: true },
    inclusive: { type: 'string', enum: ['false', 'true'], nullable: true },
    unreads: { type: 'string', enum: ['true', 'false'], nullable: true },
    count: { type: 'number', nullable: true },
    offset: { type: 'number', nullable: true },
    sort: { type: 'string', nullable: true },
  },
  required: [room],
  additionalProperties: false,
});

/** channels.history: `roomId` or `roomName`, the window, paging; a local ajv that coerces. */
export const HISTORY_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: { oneOf: [historyBranch('roomId'), historyBranch('roomName')] },
    coerce: true,
    form: 'legacy',
  },
};

/** channels.messages: `roomId` only, the filters, paging and `sort`; a local ajv that coerces. */
export const MESSAGES_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: {
        roomId: str,
        mentionIds: str,
        starredIds: str,
        pinned: str,
        query: str,
        count: { type: 'number', nullable: true },
        offset: { type: 'number', nullable: true },
        sort: { type: 'string', nullable: true },
      },
      required: ['roomId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/**
 * The direct-message routes (rest-typings' `isDm*Props`): legacy routes to 8.5, the typed router's
 * refusals (no suffix) from 8.6.
 */
function dmValidator(schema: Schema): EraTable<Validator | undefined> {
  return {
    '0.49': undefined,
    '6': { schema, coerce: true, form: 'legacy' },
    '8.6': { schema, coerce: 'array', form: 'query' },
  };
}

/** im.create: `{username}` or `{usernames: "a,b"}`, with `excludeSelf`, exactly one of them. */
export const DM_CREATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      oneOf: [
        {
          type: 'object',
          properties: { usernames: str, excludeSelf: bool },
          required: ['usernames'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { username: str, excludeSelf: bool },
          required: ['username'],
          additionalProperties: false,
        },
      ],
    },
    coerce: true,
    form: 'legacy',
  },
};

/** im.history: `roomId` only, the window, paging. */
export const DM_HISTORY_VALIDATOR = dmValidator(historyBranch('roomId'));

const DM_MESSAGES_FILTERS = {
  mentionIds: str,
  starredIds: str,
  pinned: str,
  fields: str,
  query: str,
  sort: str,
  count: num,
  offset: num,
};

/** im.messages: `roomId` or `username`, exactly one, the filters and paging. */
export const DM_MESSAGES_VALIDATOR = dmValidator({
  oneOf: [
    {
      type: 'object',
      properties: { roomId: str, ...DM_MESSAGES_FILTERS },
      required: ['roomId'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { username: str, ...DM_MESSAGES_FILTERS },
      required: ['username'],
      additionalProperties: false,
    },
  ],
});

/** subscriptions.get: `updatedSince` alone. */
export const SUBSCRIPTIONS_GET_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: { updatedSince: { type: 'string', nullable: true } },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** subscriptions.getOne: `roomId`, required, alone. */
export const SUBSCRIPTIONS_GET_ONE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: { roomId: str },
      required: ['roomId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

const readThreads = { type: 'boolean', nullable: true } as const;

/** subscriptions.read: `rid` or `roomId`, with `readThreads`. */
export const SUBSCRIPTIONS_READ_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      anyOf: [
        {
          type: 'object',
          properties: { rid: str, readThreads },
          required: ['rid'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { roomId: str, readThreads },
          required: ['roomId'],
          additionalProperties: false,
        },
      ],
    },
    coerce: true,
    form: 'legacy',
  },
};

/** users.info's branches: one lookup key each, with `includeUserRooms` and `fields`. */
function usersInfo(keys: readonly string[]): Schema {
  return {
    anyOf: keys.map((key) => ({
      type: 'object',
      properties: { [key]: str, includeUserRooms: str, fields: { type: 'string', nullable: true } },
      required: [key],
      additionalProperties: false,
    })),
  };
}

/** users.info: by `userId`, `username` or `importId`; 8.4 adds `email`, 8.5 `freeSwitchExtension`. */
export const USERS_INFO_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: usersInfo(['userId', 'username', 'importId']), coerce: true, form: 'legacy' },
  '8.5': {
    schema: usersInfo(['userId', 'username', 'importId', 'email', 'freeSwitchExtension']),
    coerce: true,
    form: 'legacy',
  },
};

/** users.list: no validator until 8.4's, which names `fields`, `query`, `count`, `offset`, `sort`, `email`. */
export const USERS_LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.5': {
    schema: {
      type: 'object',
      properties: {
        fields: str,
        query: str,
        count: num,
        offset: num,
        sort: str,
        email: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** settings.public: paging, `sort`, `_id` (a comma list) and the deprecated `query`; nothing else. */
/** `GET /api/docs/json` (7.10's rest-typings `isOpenAPIJSONEndpoint`): `withUndocumented` alone. */
export const DOCS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7.10': {
    schema: {
      type: 'object',
      properties: { withUndocumented: { type: 'boolean', nullable: true } },
      required: [],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

export const SETTINGS_PUBLIC_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: { count: num, offset: num, sort: str, _id: str, query: str },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** chat.getMessage: `msgId`, not empty, alone. */
export const GET_MESSAGE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: { msgId: { type: 'string', minLength: 1 } },
      required: ['msgId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

const UPDATE_PLAIN: Schema = {
  type: 'object',
  properties: {
    roomId: str,
    msgId: str,
    text: str,
    previewUrls: { type: 'array', items: str, nullable: true },
    customFields: { type: 'object', nullable: true },
  },
  required: ['roomId', 'msgId', 'text'],
  additionalProperties: false,
};

/** chat.update: `roomId`, `msgId`, `text`; 8.x adds an encrypted form (`content`) as a oneOf. */
export const UPDATE_MESSAGE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: UPDATE_PLAIN, coerce: true, form: 'legacy' },
  '8.5': {
    schema: {
      oneOf: [
        UPDATE_PLAIN,
        {
          type: 'object',
          properties: {
            roomId: str,
            msgId: str,
            content: { type: 'object' },
            e2eMentions: { type: 'object', nullable: true },
          },
          required: ['roomId', 'msgId', 'content'],
          additionalProperties: false,
        },
      ],
    },
    coerce: true,
    form: 'legacy',
  },
};

const DELETE_FIELDS = { msgId: str, roomId: str, asUser: { type: 'boolean', nullable: true } };

/** chat.delete: `msgId` and `roomId`, `asUser`; 8.x also takes a `fileId` alone. */
export const DELETE_MESSAGE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: DELETE_FIELDS,
      required: ['msgId', 'roomId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
  '8.5': {
    schema: {
      type: 'object',
      properties: { ...DELETE_FIELDS, fileId: str },
      anyOf: [{ required: ['msgId', 'roomId'] }, { required: ['fileId'] }],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/**
 * Every validator of every era of every route the table declares, compiled (in the background,
 * before the first request needs one); how many. The table registers its operations when it
 * loads; the fast path loads it first.
 */
export function warmValidators(): number {
  const validators = new Set<Validator>();
  for (const op of registeredOperations())
    for (const validator of Object.values(op.validator ?? {})) if (validator) validators.add(validator);
  for (const validator of validators) compile(validator);
  return validators.size;
}
