import type { EraTable } from '../eras';
import type { Schema, Validator } from './validator';

/**
 * What the `integrations.*` routes share: rest-typings' validators per release line (run by ajv as
 * the server ran them: a local `new Ajv()` without coercion for the 5.x–7.x `validateParams`, the
 * shared coercing instance for 7.x's list and history queries), and the answers' schemas.
 *
 * Layer: operations.
 */

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const num = { type: 'number' } as const;

/** `isIntegrationsCreateProps` (6.13.1 = 7.x = 8.x, 8.6's `skipTranspile` aside): `type` an unanchored pattern. */
function createSchema(skipTranspile: boolean): Schema {
  const extra = skipTranspile ? { skipTranspile: bool } : {};
  return {
    oneOf: [
      {
        type: 'object',
        properties: {
          type: { type: 'string', pattern: 'webhook-incoming' },
          username: str,
          channel: str,
          overrideDestinationChannelEnabled: bool,
          scriptEnabled: bool,
          script: str,
          name: str,
          enabled: bool,
          alias: str,
          avatar: str,
          emoji: str,
          scriptEngine: str,
          ...extra,
        },
        required: ['type', 'username', 'channel', 'scriptEnabled', 'name', 'enabled'],
        additionalProperties: false,
      },
      {
        type: 'object',
        properties: {
          type: { type: 'string', pattern: 'webhook-outgoing' },
          username: str,
          channel: str,
          event: str,
          targetRoom: str,
          urls: { type: 'array', items: { type: 'string', minLength: 1 } },
          triggerWords: { type: 'array', items: { type: 'string', minLength: 1 } },
          triggerWordAnywhere: bool,
          token: str,
          scriptEnabled: bool,
          script: str,
          runOnEdits: bool,
          retryFailedCalls: bool,
          retryCount: num,
          retryDelay: str,
          impersonateUser: bool,
          name: str,
          enabled: bool,
          alias: str,
          avatar: str,
          emoji: str,
          scriptEngine: str,
          ...extra,
        },
        required: ['type', 'username', 'channel', 'event', 'scriptEnabled', 'name', 'enabled'],
        additionalProperties: false,
      },
    ],
  };
}

/** `integrations.create`: 0.49 `check()`s (no validator); `validateParams` from 5.x; 8.6's schema adds `skipTranspile`. */
export const CREATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: createSchema(false), coerce: false, form: 'legacy' },
  '8.6': { schema: createSchema(true), coerce: false, form: 'legacy' },
};

/** `isIntegrationsRemoveProps`: incoming by id, outgoing by `target_url` or by id (oneOf, no additionalProperties rule). */
const REMOVE: Schema = {
  oneOf: [
    {
      type: 'object',
      properties: { type: { type: 'string', pattern: 'webhook-incoming' }, integrationId: str },
      required: ['type', 'integrationId'],
    },
    {
      type: 'object',
      properties: { type: { type: 'string', pattern: 'webhook-outgoing' }, target_url: str },
      required: ['type', 'target_url'],
    },
    {
      type: 'object',
      properties: { type: { type: 'string', pattern: 'webhook-outgoing' }, integrationId: str },
      required: ['type', 'integrationId'],
    },
  ],
};

export const REMOVE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: REMOVE, coerce: false, form: 'legacy' },
};

/** `isIntegrationsGetProps`: `integrationId` required, `createdBy` optional. */
export const GET_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': {
    schema: {
      type: 'object',
      properties: { integrationId: str, createdBy: str },
      required: ['integrationId'],
    },
    coerce: false,
    form: 'legacy',
  },
};

/** `isIntegrationsListProps` (7.0 on; 6.x had none): paging, `sort`, `name`, `type`, `query`, nothing else. */
export const LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': {
    schema: {
      type: 'object',
      properties: {
        // `number | string` in rest-typings: a query string's value is always a string
        count: str,
        offset: str,
        sort: str,
        name: str,
        type: str,
        query: str,
      },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** `isIntegrationsHistoryProps`: `id` (at least one character), paging, `sort`, `query`. */
export const HISTORY_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': {
    schema: {
      type: 'object',
      properties: { id: { type: 'string', minLength: 1 }, offset: num, count: num, sort: str, query: str },
      required: ['id'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** An integration as the API stores it: only the keys its creator sent and the server added. */
export const API_INTEGRATION = {
  type: 'object',
  required: ['_id', 'type', 'name', 'enabled', 'username', 'channel', 'userId', '_createdAt', '_createdBy'],
  properties: {
    _id: str,
    type: { enum: ['webhook-incoming', 'webhook-outgoing'] },
    name: str,
    enabled: bool,
    username: str,
    channel: { type: 'array', items: str },
    userId: str,
    _createdAt: str,
    _createdBy: { type: 'object' },
  },
} as const;

/** The four permissions that may manage integrations (5.x on; 0.49's one is `manage-integrations`). */
export const MANAGE_ANY = [
  'manage-outgoing-integrations',
  'manage-own-outgoing-integrations',
  'manage-incoming-integrations',
  'manage-own-incoming-integrations',
] as const;

/** The release lines that serve a route 0.49 did not have (`get`, `update`, `history`). */
export const SINCE_5: EraTable<boolean> = { '0.49': false, '5': true };

/** Where the permission check falls: after the validator to 7.x, before it from 8.x (the typed router). */
export const PERMISSION_FIRST: EraTable<boolean> = { '0.49': true, '5': false, '8': true };
