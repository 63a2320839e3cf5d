import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { matches, sortBy } from '../store/query';
import { BUILT_IN_COMMANDS } from '../store/startup';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import { success } from './operation';
import type { Params } from './operation';
import { LIST_QUERY_ERRORS, readJsonQuery, readPagination } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** `commands.*`: added in 0.60 (profile 5 on); 0.49: 404. */
export const COMMANDS_EXIST: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;

/** No validator until 8.9's typed query (paging, `sort`, `query`, `fields`; nothing else). */
const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.9': {
    schema: {
      type: 'object',
      properties: { offset: num, count: num, sort: str, query: str, fields: str },
      additionalProperties: false,
    },
    coerce: true,
    form: 'query',
  },
};

/** The JSON `query` read (5.x, 6.x; 7.0 on only with an unsafe flag, so not). */
const READS_QUERY: EraTable<boolean> = { '0.49': true, '7': false };
/**
 * What `count` says: the page's length (5.x, 8.9), or every command's number (6.x to 8.5, the
 * real route's slip; 6.x UNVERIFIED); 8.9 adds `appsLoaded` (the fake's apps engine is always up).
 */
const ANSWER: EraTable<'page' | 'total' | 'apps'> = { '0.49': 'page', '6': 'total', '8.9': 'apps' };

/** Every command as `commands.list` shows it: the built-in ones, then the world's own. */
export function commandDocs(store: Store): JsonObject[] {
  const builtIn = BUILT_IN_COMMANDS.map((c) => ({
    command: c.command,
    ...(c.params === undefined ? {} : { params: c.params }),
    description: c.description,
    ...(c.permission === undefined
      ? {}
      : { permission: typeof c.permission === 'string' ? c.permission : [...c.permission] }),
    clientOnly: false,
    providesPreview: false,
  }));
  const own = store.slashCommands().map((c) => ({
    command: c.command,
    params: c.params,
    description: c.description,
    clientOnly: false,
    providesPreview: false,
  }));
  return [...builtIn, ...own] as JsonObject[];
}

/**
 * `GET /api/v1/commands.list`: one page of the slash commands, the built-in ones (in the order
 * they register: `sort` by `name`, their default, leaves it so) then the scenario's `commands`.
 */
export default route(GROUPS.commands, {
  name: 'commands.list',
  method: 'GET',
  errors: [...LIST_QUERY_ERRORS],
  response: answer({
    commands: {
      type: 'array',
      items: {
        type: 'object',
        required: ['command', 'clientOnly'],
        properties: { command: str, description: str, params: str, clientOnly: { type: 'boolean' } },
      },
    },
    appsLoaded: { type: 'boolean' },
    offset: { type: 'integer', minimum: 0 },
    count: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
  }),
  validator: VALIDATOR,
  openApi: { servedIn: COMMANDS_EXIST },
  read: ({ profile, input }) => {
    const params = validated(profile, VALIDATOR, input.query);
    const { offset, count } = readPagination(params);
    const given: Params = {};
    if (params.sort !== undefined) given.sort = params.sort;
    if (params.query !== undefined && byEra(profile, READS_QUERY)) given.query = params.query;
    const { sort, query } = readJsonQuery(given);
    return { offset, count, sort, query, form: byEra(profile, ANSWER) };
  },
  run: ({ store }, { offset, count, sort, query, form }) => {
    const all = commandDocs(store).filter((c) => query === undefined || matches(c, query));
    const ordered = sort ? sortBy(all, sort) : all;
    const page = ordered.slice(offset, count > 0 ? offset + count : undefined);
    if (form === 'apps')
      return success({ commands: page, appsLoaded: true, offset, count: page.length, total: all.length });
    return success({
      commands: page,
      offset,
      count: form === 'total' ? all.length : page.length,
      total: all.length,
    });
  },
});
