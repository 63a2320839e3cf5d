import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import { project } from '../store/query';
import type { JsonObject, Projection } from '../store/query';
import type { ThreadPage } from '../store/thread-reads';
import type { Message } from '../types';
import type { OperationContext, Params } from './operation';
import { readListOptions } from './params';
import { MESSAGE, answer } from './responses';
import { validated } from './schemas';
import type { Schema, Validator } from './validator';

/**
 * What the thread routes share (`chat.getThreadsList`, `chat.getThreadMessages`,
 * `chat.syncThreadMessages`, `chat.syncThreadsList`): they came with threads (1.0), their
 * validators per release line, `updatedSince`, and the page of a list.
 *
 * Layer: operations.
 */

/** None is served by 0.49 (threads came in 1.0). */
export const THREADS_SERVED: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;
const num = { type: 'number' } as const;

function object(properties: Record<string, unknown>, required: readonly string[]): Schema {
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

/** 7.0 on: `type`'s two values, and `sort`, `query` and `fields`. */
const THREADS_LIST_SCHEMA = object(
  {
    rid: str,
    type: { type: 'string', enum: ['following', 'unread'] },
    text: str,
    offset: num,
    count: num,
    sort: str,
    query: str,
    fields: str,
  },
  ['rid'],
);

/** `chat.getThreadsList`: 6.x `{rid, type, text, offset, count}`; 7.0 adds `sort`, `query`, `fields` and `type`'s two values. */
export const THREADS_LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: object({ rid: str, type: str, text: str, offset: num, count: num }, ['rid']),
    coerce: true,
    form: 'legacy',
  },
  '7': { schema: THREADS_LIST_SCHEMA, coerce: true, form: 'legacy' },
  '8.6': { schema: THREADS_LIST_SCHEMA, coerce: 'array', form: 'query' },
};

const PAGE = { count: num, offset: num, sort: str, query: str, fields: str };

/** `chat.getThreadMessages`: hand checked to 6.x; `{tmid}` with the page from 7.0, `minLength` from 7.10, typed from 8.6, `aroundId` from 8.8. */
export const THREAD_MESSAGES_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: object({ tmid: str, ...PAGE }, ['tmid']), coerce: true, form: 'legacy' },
  '7.10': { schema: object({ tmid: nonEmpty, ...PAGE }, ['tmid']), coerce: true, form: 'legacy' },
  '8.6': { schema: object({ tmid: nonEmpty, ...PAGE }, ['tmid']), coerce: 'array', form: 'query' },
  '8.8': {
    schema: object({ tmid: nonEmpty, ...PAGE, aroundId: str }, ['tmid']),
    coerce: 'array',
    form: 'query',
  },
};

const SYNC_PAGE = { count: num, offset: num, sort: str };

/** A sync route's validator: `key` and `updatedSince` with the page; `key` non-empty (and the date's format) from 7.10. */
function syncValidator(key: 'tmid' | 'rid'): EraTable<Validator | undefined> {
  return {
    '0.49': undefined,
    '7': {
      schema: object({ [key]: str, updatedSince: str, ...SYNC_PAGE }, [key, 'updatedSince']),
      coerce: true,
      form: 'legacy',
    },
    '7.10': {
      schema: object({ [key]: nonEmpty, updatedSince: str, ...SYNC_PAGE }, [key, 'updatedSince']),
      coerce: true,
      form: 'legacy',
    },
    '8.6': {
      schema: object({ [key]: nonEmpty, updatedSince: str, ...SYNC_PAGE }, [key, 'updatedSince']),
      coerce: 'array',
      form: 'query',
    },
  };
}

export const SYNC_THREAD_MESSAGES_VALIDATOR = syncValidator('tmid');
export const SYNC_THREADS_LIST_VALIDATOR = syncValidator('rid');

/** From 7.10, `updatedSince` must be ajv-formats' `iso-date-time`. */
const DATE_FORMAT_CHECKED: EraTable<boolean> = { '0.49': false, '7.10': true };

/** ajv-formats' `iso-date-time`: a date, `T` or a space, a time, an optional zone; each part a real value. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[t\s](\d{2}):(\d{2}):(\d{2}|60)(?:\.\d+)?(?:z|[+-]\d{2}(?::?\d{2})?)?$/i;

function isIsoDateTime(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return month >= 1 && month <= 12 && day >= 1 && day <= (days[month - 1] ?? 0) && hour <= 23 && minute <= 59;
}

/**
 * From 7.10, `updatedSince` must be an `iso-date-time`: part of the validator (before any other
 * check), its own refusal as ajv words it.
 */
export function checkUpdatedSinceFormat(profile: Profile, params: Params): void {
  const raw = params.updatedSince;
  if (!byEra(profile, DATE_FORMAT_CHECKED) || (typeof raw === 'string' && isIsoDateTime(raw))) return;
  const reason = 'must match format "iso-date-time"';
  const form = byEra(profile, SYNC_THREAD_MESSAGES_VALIDATOR)?.form;
  throw form === 'query'
    ? new ApiError('invalid-query', { reason })
    : new ApiError('invalid-params', { reason });
}

/** `updatedSince` by hand: with no validator, present (`missing`); then a date (`Date.parse`). */
export function readUpdatedSinceOf(params: Params, validated: boolean): string {
  const raw = params.updatedSince;
  const text = typeof raw === 'string' ? raw : '';
  if (!validated && text === '') throw new ApiError('threads-updatedsince-missing');
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new ApiError('threads-updatedsince-invalid');
  return new Date(ms).toISOString();
}

/** Which of `fields`, `query` and `sort` the release line reads (`parseJsonQuery`): 7.0 on, `fields` and `query` only with ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS. */
const JSON_PARAMS: EraTable<'all' | 'unsafe-only'> = { '0.49': 'all', '7': 'unsafe-only' };

/** A list's page: `offset`, `count` (at most 100), `sort`, and `query` and `fields` where the line reads them. */
export function readThreadPage(
  profile: Profile,
  store: Store,
  params: Params,
): ThreadPage & { fields?: Projection } {
  const rule = byEra(profile, JSON_PARAMS);
  const unsafe = rule === 'all' || store.settings().ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS;
  const { fields, query, ...rest } = params;
  const kept = { ...rest, ...(unsafe ? { fields, query } : {}) };
  const options = readListOptions(
    Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined)),
  );
  return {
    offset: options.offset,
    count: options.count,
    ...(options.sort ? { sort: options.sort } : {}),
    ...(options.query ? { query: options.query } : {}),
    ...(options.fields ? { fields: options.fields } : {}),
  };
}

/**
 * The sync routes' query (`chat.syncThreadMessages`'s `tmid`, `chat.syncThreadsList`'s `rid`), in
 * their shared order: the line's validator, 7.10's date format, `Threads Disabled`, the key by
 * hand where no validator checked it (`missing`), `updatedSince` by hand, then the page.
 */
export function readSyncQuery(
  { input, profile, store }: Pick<OperationContext, 'input' | 'profile' | 'store'>,
  validator: EraTable<Validator | undefined>,
  key: 'tmid' | 'rid',
  missing: ErrorCode,
): { id: string; since: string; page: ThreadPage } {
  const params = validated(profile, validator, input.query);
  checkUpdatedSinceFormat(profile, params);
  const checked = byEra(profile, validator) !== undefined;
  const id = paramText(params, key);
  store.requireThreads();
  if (!checked && id === '') throw new ApiError(missing);
  const since = readUpdatedSinceOf(params, checked);
  const { fields: _fields, query: _query, ...page } = readThreadPage(profile, store, params);
  return { id, since, page };
}

/** The text of a query parameter, or empty (absent, or given twice). */
export function paramText(params: Params, name: string): string {
  const raw = params[name];
  return typeof raw === 'string' ? raw : '';
}

/** A `{update, remove}` of messages under `key` (`messages` or `threads`). */
export function syncAnswer(key: string): Schema {
  return answer({
    [key]: {
      type: 'object',
      required: ['update', 'remove'],
      properties: { update: { type: 'array', items: MESSAGE }, remove: { type: 'array' } },
    },
  });
}

/** `check(value, String)` of 5.x: a missing or repeated parameter is Meteor's Match error. */
export function checkString(value: unknown, code: ErrorCode = 'match-error'): void {
  if (typeof value === 'string') return;
  const got = value === undefined ? 'undefined' : Array.isArray(value) ? 'object' : typeof value;
  throw new ApiError(code, { reason: `Expected string, got ${got}` });
}

/** Messages as an answer shows them: the page's `fields` applied (none: as they are). */
export function shown(messages: readonly Message[], fields: Projection | undefined): unknown[] {
  return fields ? messages.map((m) => project(m as JsonObject, fields)) : [...messages];
}
