import type { EraTable } from '../eras';
import type { Schema, Validator } from './validator';

/**
 * The validators of `chat.ignoreUser`, `chat.getDeletedMessages`, `chat.syncMessages` and
 * `chat.search` per release line (rest-typings' schemas; hand checks alone before 7.0, but
 * `chat.syncMessages`' from late 6.x), and what the routes share.
 *
 * Layer: operations.
 */

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;
const num = { type: 'number', nullable: true } as const;
const optionalStr = { type: 'string', nullable: true } as const;

function object(properties: Record<string, Schema>, required: readonly string[]): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** `{rid, userId, ignore}`, all three required (7.0 on), `minLength` 1 from 7.10, the typed query from 8.6. */
export const IGNORE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': {
    schema: object({ rid: str, userId: str, ignore: str }, ['rid', 'userId', 'ignore']),
    coerce: true,
    form: 'legacy',
  },
  '7.10': {
    schema: object({ rid: nonEmpty, userId: nonEmpty, ignore: nonEmpty }, ['rid', 'userId', 'ignore']),
    coerce: true,
    form: 'legacy',
  },
  '8.6': {
    schema: object({ rid: nonEmpty, userId: nonEmpty, ignore: nonEmpty }, ['rid', 'userId', 'ignore']),
    coerce: 'array',
    form: 'query',
  },
};

const deletedSchema = (roomId: Schema, since: Schema): Schema =>
  object({ roomId, since, count: num, offset: num, sort: optionalStr }, ['roomId', 'since']);
const strictSince = { type: 'string', minLength: 1, format: 'iso-date-time' } as const;

/** `{roomId, since}` (7.0 on); from 7.10 `minLength` 1 and `since` an `iso-date-time`; the typed query from 8.6. */
export const DELETED_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: deletedSchema(str, str), coerce: true, form: 'legacy' },
  '7.10': { schema: deletedSchema(nonEmpty, strictSince), coerce: true, form: 'legacy' },
  '8.6': { schema: deletedSchema(nonEmpty, strictSince), coerce: 'array', form: 'query' },
};

const cursorProps = {
  count: num,
  next: optionalStr,
  previous: optionalStr,
  type: { type: 'string', enum: ['UPDATED', 'DELETED'], nullable: true },
} as const;

/**
 * `{roomId, lastUpdate}` both required (late 6.x and 7.0); from 7.10 the cursor's `count`, `next`,
 * `previous`, `type` and `lastUpdate` optional; the typed query from 8.6, with `fromTs` from 8.8.
 */
export const SYNC_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: object({ roomId: str, lastUpdate: str }, ['roomId', 'lastUpdate']),
    coerce: true,
    form: 'legacy',
  },
  '7.10': {
    schema: object({ roomId: str, lastUpdate: optionalStr, ...cursorProps }, ['roomId']),
    coerce: true,
    form: 'legacy',
  },
  '8.6': {
    schema: object({ roomId: str, lastUpdate: optionalStr, ...cursorProps }, ['roomId']),
    coerce: 'array',
    form: 'query',
  },
  '8.8': {
    schema: object(
      {
        roomId: str,
        lastUpdate: optionalStr,
        fromTs: { type: 'string', format: 'iso-date-time' },
        ...cursorProps,
      },
      ['roomId'],
    ),
    coerce: 'array',
    form: 'query',
  },
};

const searchSchema = object({ roomId: str, searchText: str, count: num, offset: num }, [
  'roomId',
  'searchText',
]);

/** `{roomId, searchText}` with the pagination (7.0 on), the typed query from 8.6. */
export const SEARCH_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: searchSchema, coerce: true, form: 'legacy' },
  '8.6': { schema: searchSchema, coerce: 'array', form: 'query' },
};
