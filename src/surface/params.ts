import { ApiError } from '../errors';
import type { PactOptions, ProviderStateChange, RequestFilter } from '../types';
import type { SessionOptions } from '../control';
import { PROFILE_IDS, isProfileId } from '../profiles';
import { ISO_TIME } from '../store/clock';
import { unknownKeyMessage } from '../suggest';

/** A session's id: what a URL path segment carries as it is. */
export const SESSION_ID = /^[\w-]{1,64}$/;

function invalid(reason: string, path: string): ApiError {
  return new ApiError('control-invalid', { reason }, [{ path, message: reason }]);
}

/** A control body: a JSON object (an absent body counts as `{}` where `optional`). */
export function readObject(body: unknown, optional = false): Record<string, unknown> {
  if (body === undefined && optional) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('control-invalid', { reason: 'The body must be a JSON object' });
  }
  return body as Record<string, unknown>;
}

/** `PUT /__admin/clock`: exactly one of `{"now": ISO}` or `{"advanceMs": integer}`. */
export function readClockChange(body: Record<string, unknown>): { now: string } | { advanceMs: number } {
  const keys = Object.keys(body);
  if (keys.length !== 1 || (keys[0] !== 'now' && keys[0] !== 'advanceMs')) {
    throw invalid('Give exactly one of "now" (an ISO 8601 time) or "advanceMs" (an integer)', '$');
  }
  if ('now' in body) {
    const now = body.now;
    if (typeof now !== 'string' || !ISO_TIME.test(now) || Number.isNaN(Date.parse(now))) {
      throw invalid('"now" must be an ISO 8601 time such as 2026-01-01T00:00:00.000Z', '$.now');
    }
    // as given: the clock checks that the date exists (a parse would roll 30 February on)
    return { now };
  }
  const advanceMs = body.advanceMs;
  if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs)) {
    throw invalid('"advanceMs" must be an integer number of milliseconds', '$.advanceMs');
  }
  return { advanceMs };
}

const FILTER_KEYS = ['path', 'method', 'status', 'modelled'];

/** `?path=&method=&status=` of the journal routes. */
export function readRequestFilter(query: Record<string, unknown>): RequestFilter {
  const filter: RequestFilter = {};
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (typeof value !== 'string') throw invalid(`"${key}" must be given once`, `$.${key}`);
    if (key === 'path') filter.path = value;
    else if (key === 'method') filter.method = value;
    else if (key === 'status') {
      // 0: a request that got no answer (a dropped connection), as the journal records it
      if (!/^(\d{3}|0)$/.test(value))
        throw invalid('"status" must be a three-digit HTTP status, or 0 (no answer)', '$.status');
      filter.status = Number(value);
    } else if (key === 'modelled') {
      if (value !== 'true' && value !== 'false')
        throw invalid('"modelled" must be true or false', '$.modelled');
      filter.modelled = value === 'true';
    } else
      throw invalid(
        `${unknownKeyMessage('filter', key, FILTER_KEYS)}; use path, method, status or modelled`,
        `$.${key}`,
      );
  }
  return filter;
}

/** The longest a wait for the journal or the webhooks may be given, in code and over HTTP. */
const MAX_WAIT_MS = 600_000;

/** A wait's `timeoutMs` query: whole milliseconds, 0 to {@link MAX_WAIT_MS}. */
export function readWaitMs(raw: unknown): number {
  const ms = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(ms <= MAX_WAIT_MS))
    throw new ApiError('control-invalid', {
      reason: `timeoutMs is whole milliseconds from 0 to ${MAX_WAIT_MS}, not ${JSON.stringify(raw)}`,
    });
  return ms;
}

/** A wait's options in code (`{timeoutMs}`, whole milliseconds 0 to 600000, as over HTTP), or a TypeError naming the call. */
export function checkWaitOptions(options: unknown, call: string): { timeoutMs?: number } | undefined {
  if (options === undefined) return undefined;
  const fail = (problem: string): TypeError => new TypeError(`[rocketchat-fake] ${call}: ${problem}`);
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw fail('the options are an object: {timeoutMs}');
  for (const [key, value] of Object.entries(options)) {
    if (key !== 'timeoutMs') throw fail(unknownKeyMessage('option', key, ['timeoutMs']));
    if (
      value !== undefined &&
      !(Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_WAIT_MS)
    )
      throw fail(
        `timeoutMs is whole milliseconds from 0 to ${MAX_WAIT_MS}, not ${typeof value === 'number' ? String(value) : JSON.stringify(value)}`,
      );
  }
  return options as { timeoutMs?: number };
}

/**
 * A journal filter given in code (`requests()`, `countRequests()`, `lastRequest()`): the keys and
 * types `?path=&method=&status=&modelled=` take over HTTP, or a TypeError naming the call.
 */
export function checkRequestFilter(filter: unknown, call: string): RequestFilter | undefined {
  if (filter === undefined) return undefined;
  const fail = (problem: string): TypeError => new TypeError(`[rocketchat-fake] ${call}: ${problem}`);
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw fail('the filter is an object of path, method, status or modelled');
  const given = filter as Record<string, unknown>;
  for (const [key, value] of Object.entries(given)) {
    if (!FILTER_KEYS.includes(key))
      throw fail(`${unknownKeyMessage('filter', key, FILTER_KEYS)}; use path, method, status or modelled`);
    if (value === undefined) continue;
    const ok =
      key === 'status'
        ? typeof value === 'number' &&
          Number.isInteger(value) &&
          (value === 0 || (value >= 100 && value <= 999))
        : key === 'modelled'
          ? typeof value === 'boolean'
          : typeof value === 'string';
    if (!ok)
      throw fail(
        `filter "${key}" is ${key === 'status' ? 'a three-digit status, or 0 (no answer)' : key === 'modelled' ? 'true or false' : 'a string'}, not ${JSON.stringify(value)}`,
      );
  }
  return given as RequestFilter;
}

/** `GET /__admin/pact?consumer=&provider=` plus the journal's `path`, `method`, `status`. */
export function readPactOptions(query: Record<string, unknown>): PactOptions {
  const { consumer, provider, ...rest } = query;
  if (typeof consumer !== 'string' || consumer.trim() === '')
    throw invalid('"consumer" is required: the name of your client', '$.consumer');
  if (provider !== undefined && (typeof provider !== 'string' || provider.trim() === ''))
    throw invalid('"provider" must be a name', '$.provider');
  const filter = readRequestFilter(rest);
  return {
    consumer,
    ...(provider !== undefined ? { provider } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}

/** Pact's state-change request: `{state, params?, action?}`. */
export function readProviderStateChange(body: Record<string, unknown>): ProviderStateChange {
  const { state, params, action } = body;
  if (typeof state !== 'string') throw invalid('"state" is required: the provider state\'s name', '$.state');
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))
    throw invalid('"params" must be an object', '$.params');
  if (action !== undefined && action !== 'setup' && action !== 'teardown')
    throw invalid('"action" is "setup" or "teardown"', '$.action');
  return {
    state,
    ...(params !== undefined ? { params: params as Record<string, unknown> } : {}),
    ...(action !== undefined ? { action } : {}),
  };
}

/** `POST /__admin/sessions`: `{}` or any of `id`, `scenario` (a document), `fixtures` (a file name), `profile`. */
export function readSessionOptions(body: Record<string, unknown>): SessionOptions {
  const options: SessionOptions = {};
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (key === 'id') {
      if (typeof value !== 'string' || !SESSION_ID.test(value)) {
        throw invalid('"id" must be 1 to 64 letters, digits, "-" or "_"', '$.id');
      }
      options.id = value;
    } else if (key === 'scenario') {
      options.scenario = readObject(value);
    } else if (key === 'fixtures') {
      if (
        typeof value !== 'string' ||
        !/^[\w.-]+(\/[\w.-]+)*\.json$/.test(value) ||
        value.split('/').includes('..')
      ) {
        throw invalid('"fixtures" must be a .json file name next to the server\'s fixtures', '$.fixtures');
      }
      options.fixtures = value;
    } else if (key === 'profile') {
      if (!isProfileId(value)) throw invalid(`"profile" is one of ${PROFILE_IDS.join(', ')}`, '$.profile');
      options.profile = value;
    } else throw invalid(`unknown field "${key}"; use id, scenario, fixtures or profile`, `$.${key}`);
  }
  if (options.scenario && options.fixtures) throw invalid('Give "scenario" or "fixtures", not both', '$');
  return options;
}

/** The most rows an inspector page holds, and how many it holds unless `count` says. */
export const INSPECT_PAGE = { max: 500, default: 50 } as const;

/**
 * An inspector route's query (`GET /__admin/inspect/…`): only the `names` given, each once;
 * `offset` (0 up) and `count` (1 to 500, default 50) read as whole numbers. The other names' values
 * come back as strings.
 */
export function readInspectQuery(
  query: Record<string, unknown>,
  names: readonly string[],
): { offset: number; count: number; values: Record<string, string> } {
  const values: Record<string, string> = {};
  let offset = 0;
  let count: number = INSPECT_PAGE.default;
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (!names.includes(key))
      throw invalid(`${unknownKeyMessage('query', key, names)}; use ${names.join(', ')}`, `$.${key}`);
    if (typeof value !== 'string') throw invalid(`"${key}" must be given once`, `$.${key}`);
    if (key === 'offset') {
      if (!/^\d{1,9}$/.test(value)) throw invalid('"offset" must be a whole number, 0 or more', '$.offset');
      offset = Number(value);
    } else if (key === 'count') {
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > INSPECT_PAGE.max)
        throw invalid(`"count" must be a whole number from 1 to ${INSPECT_PAGE.max}`, '$.count');
      count = Number(value);
    } else values[key] = value;
  }
  return { offset, count, values };
}
