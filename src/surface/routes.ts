import { ApiError } from '../errors';
import type { ResetOptions, ServerControl, SessionOptions, WorldControl } from '../control';
import type {
  Changes,
  Fault,
  FaultInput,
  Integration,
  JournalEntry,
  PactDocument,
  RateLimitConfig,
  RequestFilter,
  Room,
  ServerSettings,
  Stub,
  StubInput,
  UnmatchedRoute,
  User,
  WebhookDelivery,
  World,
} from '../types';
import { redactSecrets } from '../journal/journal';
import { lazy } from '../lazy';
import { WORLD_KINDS } from '../store/inspect-world';
import type { WorldKind } from '../store/inspect-world';
import type { Store } from '../store/store';
import { DeliveriesPending } from '../webhooks/deliveries';
import type * as OpenApiModule from './openapi';
import {
  readClockChange,
  readInspectQuery,
  readObject,
  readPactOptions,
  readProviderStateChange,
  readRequestFilter,
  readWaitMs,
  readSessionOptions,
} from './params';

/**
 * The control API (`/__admin`), declared once: each route's method and path, what it does to a
 * world (or the server) through {@link WorldControl} / {@link ServerControl}, and, beside it, how a
 * remote client calls it (the Jest helpers). The Express router (src/admin/router.ts) and the
 * remote client (src/jest/remote.ts) are derived from these two tables; neither lists a route.
 *
 * Layer: world. Plain values in and out; nothing of HTTP frameworks.
 */

/** A control request as the router hands it over: query, body and path parameters. */
interface ControlInput {
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly params: Record<string, string>;
}

/** What a control route acts on. */
interface ControlTarget {
  readonly world: WorldControl;
  readonly server: ServerControl;
  /** the server's base URL as the client reached it (session URLs) */
  readonly baseUrl: string;
  /** the session the request is under (`/s/<id>/__admin/…`), if any */
  readonly session?: string | undefined;
  /** the world's store as it is now: the inspector's routes read pages of it from its indexes */
  readonly store: Store;
}

type ControlMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One control route. */
export interface ControlRoute {
  readonly method: ControlMethod;
  /** the path under `/__admin`, with `:name` parameters */
  readonly path: string;
  /** the status of a success (default 200) */
  readonly status?: number;
  /** only at the root, not under `/s/<id>` (sessions, shutdown) */
  readonly rootOnly?: boolean;
  /** the query parameters it reads (its OpenAPI document lists them; any other is refused) */
  readonly query?: readonly ControlQuery[];
  /** its JSON body: needed (default for POST and PUT), optional, or none (default otherwise) */
  readonly body?: 'required' | 'optional' | 'none';
  /** the statuses it answers besides its success and the control API's own refusals */
  readonly refusals?: readonly RouteRefusal[];
  /** a client may send it again after a broken connection (default: every method but POST) */
  readonly idempotent?: boolean;
  /** the answer's body (JSON); throws an ApiError or a ScenarioError to refuse */
  serve(target: ControlTarget, input: ControlInput, source: string): unknown;
  /** runs once the answer is sent (shutdown) */
  after?(target: ControlTarget): void;
}

/** A query parameter of a control route. */
export interface ControlQuery {
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
  /** the values it takes, if a few */
  readonly values?: readonly string[];
  /** the form of its value, if not any string */
  readonly pattern?: string;
}

/** A status a route may answer besides its success (and why). */
export interface RouteRefusal {
  readonly status: number;
  readonly why: string;
}

/** The journal filter's query (requests, count, last, and the pact of what was called). */
const FILTER_QUERY: readonly ControlQuery[] = [
  { name: 'path', description: 'only requests to this path (exact, or a glob with *, as in faults)' },
  { name: 'method', description: 'only requests with this method (GET, POST, …; DDP for realtime frames)' },
  {
    name: 'status',
    description: 'only requests answered with this status; 0 for those that got no answer',
    pattern: '^(\\d{3}|0)$',
  },
  {
    name: 'modelled',
    description: 'only requests to routes the fake models (true) or not (false)',
    values: ['true', 'false'],
  },
];

const OK = { status: 'ok' } as const;

/** An inspector page's query: where it starts and how many rows. */
const PAGE_QUERY: readonly ControlQuery[] = [
  { name: 'offset', pattern: '^\\d{1,9}$', description: 'the rows to skip (default 0)' },
  { name: 'count', pattern: '^\\d{1,3}$', description: 'the most rows, 1 to 500 (default 50)' },
];

/** Whether a path's kind is one the world's tables page through. */
function isWorldKind(kind: string): kind is WorldKind {
  return (WORLD_KINDS as readonly string[]).includes(kind);
}

/** A thing an inspector route looked for is not there: 404 `control-not-found` naming it. */
function notFound(reason: string): ApiError {
  return new ApiError('control-not-found', { reason });
}

function route(
  method: ControlMethod,
  path: string,
  serve: ControlRoute['serve'],
  extra: Omit<ControlRoute, 'method' | 'path' | 'serve'> = {},
): ControlRoute {
  return { method, path, serve, ...extra };
}

/** A body the called member validates itself (it reports every problem, with `source`). */
function checkedBy<T>(body: Record<string, unknown>): T {
  return body as T;
}

const describeSession = (baseUrl: string, id: string) => ({ id, url: `${baseUrl}/s/${id}` });

/** `DELETE <kind>/:id`: removes one by id; a 404 naming it when there is none. */
function clearOne(
  path: string,
  clear: (world: WorldControl, id: string) => boolean,
  code: 'control-no-stub' | 'control-no-fault',
  what: string,
): ControlRoute {
  return route(
    'DELETE',
    path,
    ({ world }, { params }) => {
      const id = String(params.id);
      if (!clear(world, id)) throw new ApiError(code, { reason: id });
      return OK;
    },
    { refusals: [{ status: 404, why: `no ${what} with that id` }] },
  );
}

/** The control API's OpenAPI document (it reads this table: loaded when asked for). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const openApiModule = lazy(() => require('./openapi') as typeof OpenApiModule);

/** A field the inspector's routes never show the value of (as the journal's redaction reads keys). */
const SECRET_FIELD = /token|password|^resume$/i;

/** The routes, by name (the remote calls below refer to them). */
export const ROUTES = {
  health: route('GET', '/health', ({ world }) => ({ status: 'ok', profile: world.profileId })),
  openApi: route('GET', '/openapi.json', ({ baseUrl, session }): unknown =>
    openApiModule().controlOpenApi(ROUTES, baseUrl, session),
  ),
  reset: route(
    'POST',
    '/reset',
    async ({ world }, { query }) => {
      const { keepLogins, ...rest } = query;
      if (
        Object.keys(rest).length > 0 ||
        (keepLogins !== undefined && keepLogins !== 'true' && keepLogins !== 'false')
      )
        throw new ApiError('control-invalid', { reason: 'The only query is keepLogins=true or false' });
      await world.reset({ keepLogins: keepLogins === 'true' });
      return OK;
    },
    {
      idempotent: true,
      body: 'none',
      query: [
        {
          name: 'keepLogins',
          values: ['true', 'false'],
          description:
            'keep the login tokens issued since whose user the baseline has too, and the realtime sockets logged in with them',
        },
      ],
    },
  ),
  state: route(
    'GET',
    '/state',
    ({ world }, { query }) => {
      const { diff, ...rest } = query;
      if (Object.keys(rest).length > 0 || (diff !== undefined && diff !== 'baseline'))
        throw new ApiError('control-invalid', { reason: 'The only query is diff=baseline' });
      return diff === 'baseline' ? world.changes() : world.state();
    },
    {
      query: [
        {
          name: 'diff',
          values: ['baseline'],
          description: 'what changed since the scenario was loaded, instead of the whole state',
        },
      ],
    },
  ),
  load: route('PUT', '/scenario', async ({ world }, { body }, source) => {
    await world.load(readObject(body), source);
    const { users, channels, integrations } = world.state();
    return { ...OK, users: users.length, channels: channels.length, integrations: integrations.length };
  }),
  addUser: route('POST', '/users', ({ world }, { body }, source) => world.addUser(readObject(body), source), {
    status: 201,
  }),
  addChannel: route(
    'POST',
    '/channels',
    ({ world }, { body }, source) => world.addChannel(readObject(body), source),
    { status: 201 },
  ),
  addIntegration: route(
    'POST',
    '/integrations',
    ({ world }, { body }, source) => world.addIntegration(readObject(body), source),
    { status: 201 },
  ),
  clock: route('GET', '/clock', ({ world }) => ({ now: world.clock.now(), warnings: world.warnings() })),
  setClock: route('PUT', '/clock', ({ world }, { body }) => {
    const change = readClockChange(readObject(body));
    if ('now' in change) world.clock.set(change.now);
    else world.clock.advance(change.advanceMs);
    return { now: world.clock.now() };
  }),
  requests: route(
    'GET',
    '/requests',
    ({ world }, { query }) => world.requestsPage(readRequestFilter(query)),
    {
      query: FILTER_QUERY,
    },
  ),
  countRequests: route(
    'GET',
    '/requests/count',
    ({ world }, { query }) => ({ count: world.countRequests(readRequestFilter(query)) }),
    { query: FILTER_QUERY },
  ),
  lastRequest: route(
    'GET',
    '/requests/last',
    ({ world }, { query }) => {
      const filter = readRequestFilter(query);
      const last = world.lastRequest(filter);
      if (!last) throw new ApiError('control-no-match', { reason: JSON.stringify(filter) });
      return last;
    },
    { query: FILTER_QUERY, refusals: [{ status: 404, why: 'no request matches' }] },
  ),
  exchange: route(
    'GET',
    '/requests/:seq',
    ({ world }, { params }) => {
      const seq = Number(params.seq);
      const found = Number.isInteger(seq) ? world.exchange(seq) : undefined;
      if (!found) throw new ApiError('control-no-match', { reason: `seq ${String(params.seq)}` });
      return found;
    },
    { refusals: [{ status: 404, why: 'no request with that sequence number in the journal' }] },
  ),
  unmatched: route('GET', '/unmatched', ({ world }) => ({ unmatched: world.unmatched() })),
  addStub: route(
    'POST',
    '/stubs',
    ({ world }, { body }, source) => world.stub(checkedBy<StubInput>(readObject(body)), source),
    { status: 201 },
  ),
  stubs: route('GET', '/stubs', ({ world }) => ({ stubs: world.stubs() })),
  recordedStubs: route('GET', '/recorded-stubs', ({ world }) => ({ stubs: world.recordedStubs() })),
  clearStubs: route('DELETE', '/stubs', ({ world }) => ({ ...OK, cleared: world.clearStubs() })),
  clearStub: clearOne('/stubs/:id', (world, id) => world.clearStubs(id), 'control-no-stub', 'stub'),
  clearRequests: route('DELETE', '/requests', ({ world }) => {
    world.clearRequests();
    return OK;
  }),
  fault: route(
    'POST',
    '/faults',
    ({ world }, { body }, source) => world.fault(checkedBy<FaultInput>(readObject(body)), source),
    { status: 201 },
  ),
  faults: route('GET', '/faults', ({ world }) => ({ faults: world.faults() })),
  clearFaults: route('DELETE', '/faults', ({ world }) => ({ ...OK, cleared: world.clearFaults() })),
  clearFault: clearOne('/faults/:id', (world, id) => world.clearFaults(id), 'control-no-fault', 'fault'),
  getRateLimit: route('GET', '/rate-limit', ({ world }) => ({ rateLimit: world.getRateLimit() })),
  setRateLimit: route('PUT', '/rate-limit', ({ world }, { body }, source) => ({
    rateLimit: world.setRateLimit(checkedBy<RateLimitConfig>(readObject(body)), source),
  })),
  clearRateLimit: route('DELETE', '/rate-limit', ({ world }) => ({ rateLimit: world.setRateLimit(null) })),
  getSettings: route('GET', '/settings', ({ world }) => ({ settings: world.getSettings() })),
  setSettings: route('PUT', '/settings', ({ world }, { body }, source) => ({
    settings: world.setSettings(checkedBy<Partial<ServerSettings>>(readObject(body)), source),
  })),
  deliveries: route(
    'GET',
    '/deliveries',
    async ({ world }, { query }) => {
      const { wait, timeoutMs, ...rest } = query;
      if (Object.keys(rest).length > 0 || (wait !== undefined && wait !== 'true'))
        throw new ApiError('control-invalid', { reason: 'The queries are wait=true and timeoutMs' });
      if (wait !== 'true') {
        if (timeoutMs !== undefined)
          throw new ApiError('control-invalid', { reason: 'timeoutMs goes with wait=true' });
        return { deliveries: world.deliveries() };
      }
      const ms = timeoutMs === undefined ? undefined : readWaitMs(timeoutMs);
      const deliveries = await world.waitForDeliveries(ms === undefined ? {} : { timeoutMs: ms }).catch(
        // still pending when the wait ends: a 504 naming them, not a 500
        (error: unknown) => {
          if (!(error instanceof DeliveriesPending)) throw error;
          throw new ApiError('control-deliveries-pending', {
            reason: DeliveriesPending.summary(error.timeoutMs, error.pending),
          });
        },
      );
      return { deliveries };
    },
    {
      query: [
        {
          name: 'wait',
          values: ['true'],
          description: 'answer once no delivery is pending (retries included)',
        },
        {
          name: 'timeoutMs',
          pattern: '^\\d{1,6}$',
          description: 'with wait=true: the longest wait, 0 to 600000 ms (default 5000)',
        },
      ],
      refusals: [{ status: 504, why: 'deliveries still pending when the wait ended (named in the error)' }],
    },
  ),
  clearDeliveries: route('DELETE', '/deliveries', ({ world }) => {
    world.clearDeliveries();
    return OK;
  }),
  pact: route('GET', '/pact', ({ world }, { query }) => world.pact(readPactOptions(query)), {
    query: [
      { name: 'consumer', required: true, description: 'your client’s name, the contract’s consumer' },
      { name: 'provider', description: 'the provider’s name (default rocketchat)' },
      ...FILTER_QUERY,
    ],
  }),
  providerState: route('POST', '/pact/provider-states', ({ world }, { body }) =>
    world.providerState(readProviderStateChange(readObject(body))),
  ),
  createSession: route(
    'POST',
    '/sessions',
    ({ server, baseUrl }, { body }, source) =>
      describeSession(baseUrl, server.createSession(readSessionOptions(readObject(body, true)), source).id),
    { status: 201, rootOnly: true, body: 'optional' },
  ),
  listSessions: route(
    'GET',
    '/sessions',
    ({ server, baseUrl }) => ({
      sessions: server
        .listSessions()
        .map((s) => ({ ...describeSession(baseUrl, s.id), requests: s.requests, createdAt: s.createdAt })),
    }),
    { rootOnly: true },
  ),
  deleteSession: route(
    'DELETE',
    '/sessions/:id',
    ({ server }, { params }) => {
      const id = String(params.id);
      if (!server.deleteSession(id)) throw new ApiError('control-no-session', { reason: id });
      return OK;
    },
    { rootOnly: true, refusals: [{ status: 404, why: 'no session with that id' }] },
  ),
  inspectRooms: route(
    'GET',
    '/inspect/rooms',
    ({ store }, { query }) => {
      const { offset, count, values } = readInspectQuery(query, ['user', 'q', 'offset', 'count']);
      const { user: username, q } = values;
      const user = username === undefined ? undefined : store.userNamed(username);
      if (username !== undefined && user === undefined) throw notFound(`No user "${username}"`);
      return store.inspectRooms({
        offset,
        count,
        ...(user === undefined ? {} : { user }),
        ...(q === undefined ? {} : { q }),
      });
    },
    {
      query: [
        {
          name: 'user',
          description: "only this user's rooms (a username), each with the user's unread counts",
        },
        { name: 'q', description: 'only rooms whose name holds this (any case)' },
        ...PAGE_QUERY,
      ],
      refusals: [{ status: 404, why: 'no user of that username' }],
    },
  ),
  inspectMessages: route(
    'GET',
    '/inspect/rooms/:rid/messages',
    ({ store }, { query, params }) => {
      const { count, values } = readInspectQuery(query, ['before', 'count']);
      const rid = String(params.rid);
      const found = store.inspectMessages(
        rid,
        values.before === undefined ? { count } : { count, before: values.before },
      );
      if (found === 'no-room') throw notFound(`No room "${rid}"`);
      if (found === 'before-unknown')
        throw new ApiError('control-invalid', {
          reason: `No message "${String(values.before)}" in the room`,
        });
      return found;
    },
    {
      query: [
        { name: 'before', description: 'only messages older than this one (its _id): the page before it' },
        { name: 'count', pattern: '^\\d{1,3}$', description: 'the most messages, 1 to 500 (default 50)' },
      ],
      refusals: [{ status: 404, why: 'no room of that _id' }],
    },
  ),
  inspectUsers: route(
    'GET',
    '/inspect/users',
    ({ store }, { query }) => {
      const { offset, count, values } = readInspectQuery(query, ['q', 'offset', 'count']);
      return store.inspectUsers(values.q === undefined ? { offset, count } : { offset, count, q: values.q });
    },
    {
      query: [
        { name: 'q', description: 'only users whose username or name holds this (any case)' },
        ...PAGE_QUERY,
      ],
    },
  ),
  inspectChanges: route(
    'GET',
    '/inspect/changes',
    ({ store }, { query }) => {
      const { offset, count } = readInspectQuery(query, ['offset', 'count']);
      const page = store.inspectChanges({ offset, count });
      // a password or a token changed is said to have changed, never shown
      return {
        ...page,
        changes: page.changes.map((row) => ({
          ...row,
          fields: row.fields.map((f) =>
            SECRET_FIELD.test(f.field)
              ? {
                  field: f.field,
                  ...('before' in f ? { before: '[redacted]' } : {}),
                  ...('after' in f ? { after: '[redacted]' } : {}),
                }
              : (redactSecrets(f) as typeof f),
          ),
        })),
      };
    },
    { query: PAGE_QUERY },
  ),
  inspectWorld: route(
    'GET',
    '/inspect/world/:kind',
    ({ store }, { query, params }) => {
      const kind = String(params.kind);
      if (!isWorldKind(kind))
        throw new ApiError('control-invalid', {
          reason: `The kind is one of ${WORLD_KINDS.join(', ')}, not "${kind}"`,
        });
      const { offset, count, values } = readInspectQuery(query, ['q', 'offset', 'count']);
      const page = store.inspectWorld(
        kind,
        values.q === undefined ? { offset, count } : { offset, count, q: values.q },
      );
      // the inspector never holds a password or a token (a user's, a webhook's)
      return { ...page, rows: redactSecrets(page.rows) as unknown[] };
    },
    {
      query: [
        {
          name: 'q',
          description: 'only entities whose name (a user: username or name) holds this (any case)',
        },
        ...PAGE_QUERY,
      ],
      refusals: [{ status: 400, why: 'a kind other than users, channels or integrations' }],
    },
  ),
  shutdown: route('POST', '/shutdown', () => ({ status: 'stopping' }), {
    rootOnly: true,
    body: 'none',
    after: ({ server }) => void server.shutdown(),
  }),
} satisfies Record<string, ControlRoute>;

/** A control request a remote client sends: the route, and what fills it. */
export interface RemoteRequest {
  readonly route: ControlRoute;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  readonly params?: Record<string, string>;
}

/** How a remote client calls one member: the request its arguments make, the result of the answer. */
export interface RemoteCall<A extends unknown[], R> {
  request(...args: A): RemoteRequest;
  result(body: unknown): R;
  /** the result when the id the request names is not there (a 404), where the member returns one */
  missing?(): R;
}

/** The members of WorldControl that are methods. */
type WorldMethod = {
  [K in keyof WorldControl]: WorldControl[K] extends (...args: never[]) => unknown ? K : never;
}[keyof WorldControl];

function call<A extends unknown[], R>(
  request: (...args: A) => RemoteRequest,
  result: (body: unknown) => R,
  missing?: () => R,
): RemoteCall<A, R> {
  return missing ? { request, result, missing } : { request, result };
}

function filterQuery(filter: RequestFilter = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query[key] = String(value);
  return query;
}

const nothing = (): void => undefined;
const as =
  <T>() =>
  (body: unknown): T =>
    body as T;
const field =
  <T>(name: string) =>
  (body: unknown): T =>
    (body as Record<string, unknown>)[name] as T;

/**
 * The members of {@link WorldControl} a remote client (the Jest helpers) calls over the control API,
 * each through its route above. Their signatures are WorldControl's, made asynchronous.
 */
export const REMOTE = {
  reset: call(
    (options?: ResetOptions) =>
      options?.keepLogins === true
        ? { route: ROUTES.reset, query: { keepLogins: 'true' } }
        : { route: ROUTES.reset },
    nothing,
  ),
  load: call((scenario: unknown) => ({ route: ROUTES.load, body: scenario }), nothing),
  state: call(() => ({ route: ROUTES.state }), as<World>()),
  changes: call(() => ({ route: ROUTES.state, query: { diff: 'baseline' } }), as<Changes>()),
  addUser: call((user: unknown) => ({ route: ROUTES.addUser, body: user }), as<User>()),
  addChannel: call((channel: unknown) => ({ route: ROUTES.addChannel, body: channel }), as<Room>()),
  addIntegration: call(
    (integration: unknown) => ({ route: ROUTES.addIntegration, body: integration }),
    as<Integration>(),
  ),
  requests: call(
    (filter?: RequestFilter) => ({ route: ROUTES.requests, query: filterQuery(filter) }),
    field<JournalEntry[]>('requests'),
  ),
  countRequests: call(
    (filter?: RequestFilter) => ({ route: ROUTES.countRequests, query: filterQuery(filter) }),
    field<number>('count'),
  ),
  clearRequests: call(() => ({ route: ROUTES.clearRequests }), nothing),
  unmatched: call(() => ({ route: ROUTES.unmatched }), field<UnmatchedRoute[]>('unmatched')),
  warnings: call(() => ({ route: ROUTES.clock }), field<string[]>('warnings')),
  stub: call((input: StubInput) => ({ route: ROUTES.addStub, body: input }), as<Stub>()),
  stubs: call(() => ({ route: ROUTES.stubs }), field<Stub[]>('stubs')),
  clearStubs: call(
    (id?: string) =>
      id === undefined ? { route: ROUTES.clearStubs } : { route: ROUTES.clearStub, params: { id } },
    (body) => (body as { cleared?: boolean }).cleared ?? true,
    () => false,
  ),
  fault: call((input: FaultInput) => ({ route: ROUTES.fault, body: input }), as<Fault>()),
  faults: call(() => ({ route: ROUTES.faults }), field<Fault[]>('faults')),
  clearFaults: call(
    (id?: string) =>
      id === undefined ? { route: ROUTES.clearFaults } : { route: ROUTES.clearFault, params: { id } },
    (body) => (body as { cleared?: boolean }).cleared ?? true,
    () => false,
  ),
  setRateLimit: call(
    (config: RateLimitConfig | null) =>
      config === null ? { route: ROUTES.clearRateLimit } : { route: ROUTES.setRateLimit, body: config },
    field<RateLimitConfig | null>('rateLimit'),
  ),
  getRateLimit: call(() => ({ route: ROUTES.getRateLimit }), field<RateLimitConfig | null>('rateLimit')),
  setSettings: call(
    (settings: Partial<ServerSettings>) => ({ route: ROUTES.setSettings, body: settings }),
    field<ServerSettings>('settings'),
  ),
  getSettings: call(() => ({ route: ROUTES.getSettings }), field<ServerSettings>('settings')),
  deliveries: call(() => ({ route: ROUTES.deliveries }), field<WebhookDelivery[]>('deliveries')),
  waitForDeliveries: call(
    (options: { timeoutMs?: number } = {}) => ({
      route: ROUTES.deliveries,
      query: {
        wait: 'true',
        ...(options.timeoutMs !== undefined ? { timeoutMs: String(options.timeoutMs) } : {}),
      },
    }),
    field<WebhookDelivery[]>('deliveries'),
  ),
  clearDeliveries: call(() => ({ route: ROUTES.clearDeliveries }), nothing),
  pact: call(
    // what is not given is not sent (the server names a missing consumer, as the member does)
    (options: { consumer: string; provider?: string }) => ({
      route: ROUTES.pact,
      query: {
        ...(options?.consumer !== undefined ? { consumer: String(options.consumer) } : {}),
        ...(options?.provider !== undefined ? { provider: String(options.provider) } : {}),
      },
    }),
    as<PactDocument>(),
  ),
} satisfies {
  [K in WorldMethod]?: RemoteCall<Parameters<WorldControl[K]>, Awaited<ReturnType<WorldControl[K]>>>;
};

/** What a remote client calls at the root of a server (a session is created there). */
export const REMOTE_SERVER = {
  createSession: call(
    (options: Omit<SessionOptions, 'id'>) => ({ route: ROUTES.createSession, body: options }),
    as<{ id: string; url: string }>(),
  ),
};

/** The remote face of a table of calls: each member a promise of its result. */
export type RemoteFace<T extends Record<string, RemoteCall<never[], unknown>>> = {
  [K in keyof T]: (...args: Parameters<T[K]['request']>) => Promise<ReturnType<T[K]['result']>>;
};

/** The remote face of a world: the members of {@link REMOTE}, each a promise of WorldControl's result. */
export type RemoteWorld = RemoteFace<typeof REMOTE>;

/** A route's path with its parameters filled in. */
export function routePath(request: RemoteRequest): string {
  return request.route.path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(request.params?.[name] ?? ''),
  );
}
