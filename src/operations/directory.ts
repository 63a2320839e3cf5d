import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readJsonQuery, readPagination } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** Added in 1.0 (profile 5 on); 0.49: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const SCHEMA = {
  type: 'object',
  properties: { text: str, type: str, workspace: str, count: num, offset: num, sort: str, query: str },
  additionalProperties: false,
} as const;

/** `isDirectoryProps` (late 5.x on, validateParams); 8.9's typed query, refused by the router. */
export const DIRECTORY_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: SCHEMA, coerce: true, form: 'legacy' },
  '8.9': { schema: SCHEMA, coerce: true, form: 'query' },
};

/**
 * Where `text`, `type` and `workspace` are read: 5.x only inside the JSON `query`; 6.x the
 * top-level ones over `query`'s; 7.0 on the top-level ones only (`query` needs an unsafe flag).
 */
const SEARCH_FROM: EraTable<'query' | 'both' | 'top'> = { '0.49': 'query', '6': 'both', '7': 'top' };

function jsonQuery(params: Params): Params {
  const raw = params.query;
  if (raw === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(String(raw));
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    throw new ApiError('error-invalid-query', { raw: String(raw) });
  }
}

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/**
 * `GET /api/v1/directory`: one page of the channels (default), users or teams the caller may
 * browse whose name matches `text` (src/store/startup.ts), as `{result, count, offset, total}`.
 * `sort` takes one key; without one the names come in descending order (the real route's
 * `sortDirection`, `asc` only for a sort of 1).
 */
export default route(GROUPS.misc, {
  name: 'directory',
  method: 'GET',
  errors: ['error-invalid-query', 'error-invalid-sort', 'directory-one-sort', 'directory-invalid'],
  response: answer({
    result: { type: 'array', items: { type: 'object', required: ['_id'], properties: { _id: str } } },
    count: { type: 'integer', minimum: 0 },
    offset: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
  }),
  reads: ['user', 'room', 'subscription'],
  validator: DIRECTORY_VALIDATOR,
  openApi: { servedIn: EXISTS },
  read: ({ profile, input }) => {
    const params = validated(profile, DIRECTORY_VALIDATOR, input.query);
    const { offset, count } = readPagination(params);
    const { sort } = readJsonQuery({ ...(params.sort === undefined ? {} : { sort: params.sort }) });
    if (sort && sort.length > 1) throw new ApiError('directory-one-sort');
    const from = byEra(profile, SEARCH_FROM);
    const inQuery = from === 'top' ? {} : jsonQuery(params);
    const top: Params = from === 'query' ? {} : params;
    const pickOf = (key: string): unknown => top[key] ?? inQuery[key];
    const first = sort?.[0];
    return {
      type: text(pickOf('type'), 'channels'),
      text: text(pickOf('text'), ''),
      workspace: text(pickOf('workspace'), 'local'),
      sortBy: first ? first[0].join('.') : 'name',
      ascending: first?.[1] === 1,
      offset,
      count,
    };
  },
  run: (context, query) => {
    const page = context.store.directory(callerOf(context), query);
    if (!page) throw new ApiError('directory-invalid');
    return success({
      result: page.result,
      count: page.result.length,
      offset: query.offset,
      total: page.total,
    });
  },
});
