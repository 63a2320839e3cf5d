import type { EraTable } from '../eras';
import type { ErrorCode } from '../errors';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { User } from '../types';
import type { Schema, Validator } from './validator';

/**
 * What one chat operation is, declared once in its own module (src/operations/<name>.ts, with
 * `route` of src/operations/route-groups.ts), found by the generated index (routes.generated.ts)
 * and put in order by the table (src/operations/table.ts). Everything else (the request pipeline, the
 * Express and fast-path adapters, the journal, contracts, the inspector) reads these declarations.
 *
 * Layer: operations. Knows the store and the error table, nothing of HTTP.
 */

/** A request's parameters as the client sent them: the query string and the body, parsed. */
export type Params = Record<string, unknown>;

/** The request as an operation sees it: what the client sent, nothing of how. */
export interface OperationInput {
  /** the request's method (a route that answers two, `also`, tells them apart here) */
  readonly method: string;
  /** the query string, parsed (a repeated key is an array) */
  readonly query: Params;
  /** the parsed body (JSON or form), or undefined when there was none */
  readonly body: unknown;
  /** the query string as sent, without `?` (a cache key) */
  readonly rawQuery: string;
  /** the path inside the world, not decoded (a route with parameters in its path reads them here) */
  readonly path: string;
  /** the server's base URL as the client reached it (`avatarUrl`) */
  readonly baseUrl: string;
  /**
   * the client's address as Rocket.Chat reads it: the `X-Real-IP` header, else the connection's
   * (the login blocking's key)
   */
  readonly clientAddress: string;
}

/** The methods a route is declared with (`integrations.update` is the one PUT route, `push.token` the one DELETE). */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who made an authenticated request. */
export interface Caller {
  readonly user: User;
  readonly authToken: string;
}

/** What an operation runs against: the world's store and era, and the caller (when it needs one). */
export interface OperationContext {
  readonly store: Store;
  readonly profile: Profile;
  /** set for every operation with `auth: true`; undefined otherwise */
  readonly caller: Caller | undefined;
  readonly input: OperationInput;
  /** the realtime API's methods as a route runs them (`method.call`), when the world's server gave them */
  readonly methods?: MethodBridge | undefined;
  /**
   * sends an event to one user's realtime connections (`stream-notify-user` `<uid>/<event>`), as a
   * realtime method's `notifyUser` does: a slash command's ephemeral notices (`commands.run`)
   */
  readonly notifyUser?: ((event: UserNotice) => void) | undefined;
}

/** An event for one user's realtime connections (`stream-notify-user` `<uid>/<event>`). */
export interface UserNotice {
  readonly uid: string;
  readonly event: string;
  readonly args: readonly unknown[];
}

/**
 * The realtime API's own method dispatch, lent to a REST route (`method.call`, `method.callAnon`:
 * the DDP-over-REST bridge): a server gives each world its bridge (src/realtime/bridge.ts), so the
 * route runs every method through the same rows as a socket's call, with no copy of them here.
 */
export interface MethodBridge {
  /**
   * A method frame's text, read as a socket reads a frame: its nesting and number of values
   * bounded before it is parsed, then JSON. `refused`: the parser's words, or the bound's.
   */
  readFrame(text: string): { readonly frame: unknown } | { readonly refused: string };
  /** Runs one method as `caller` (none: no user), as a socket's call runs it: its result or its Meteor error. */
  call(call: BridgedCall): BridgedAnswer;
}

/** One method call a route hands the realtime API. */
export interface BridgedCall {
  /** the frame's method name */
  readonly name: string;
  readonly params: readonly unknown[];
  /** the REST caller the method runs as; undefined: no user (`method.callAnon`) */
  readonly caller: Caller | undefined;
  /** the client's address (the login blocking's key; the connection's, without a token) */
  readonly clientAddress: string;
}

/** A method's outcome: its result (EJSON already), or its error as Meteor serialises it. */
export type BridgedAnswer = { readonly result: unknown } | { readonly error: unknown };

/**
 * An operation's answer: a 200 whose body gets `success: true`, or a body sent as it is. The body
 * is given as data, or, with its JSON written, made later by `later` when someone reads it (the
 * journal's inspector and contracts): a body built only from values the store never changes in
 * place (a post's stored message) need not be built for every request, nor kept as a copy.
 */
export type Reply = ReplyHead &
  (
    | { readonly body: object; readonly later?: undefined }
    | { readonly body?: undefined; readonly later: () => object; readonly text: string }
  );

interface ReplyHead {
  /** false: the body is sent without `success: true` (the older eras' login) */
  readonly envelope?: boolean;
  /** true: a 200 with no body at all (7.4's router drops a route's plain object: logout) */
  readonly empty?: boolean;
  /** a status other than 200: a route's own failure body (`API.v1.failure({...})`, with `envelope: false`) */
  readonly status?: number;
  /**
   * the body's JSON as sent (`success: true` included unless `envelope` is false), when the
   * operation writes it faster than `JSON.stringify`: byte for byte what that would write
   */
  readonly text?: string | undefined;
  /** `text` is ASCII (its length is its size in bytes) */
  readonly ascii?: boolean;
}

/**
 * What a contract (Pact) needs to know of an operation beyond its request, its answer and the change
 * events it committed (those move the contract's replayed state on by themselves, src/pact/states.ts):
 * only what the events cannot say.
 */
export interface ContractFacts {
  /** the user a login names, from its body: the provider state sets that user up */
  readonly credentials?: (body: Params) => { username?: string; email?: string } | undefined;
  /** the answer is the same on every server, word for word: no matching rules */
  readonly exact?: boolean;
  /** the answer's `version` is matched by pattern (another server has another version) */
  readonly versionPattern?: boolean;
  /** the route's path names an incoming webhook and its token (`/hooks/<_id>/<token>`) */
  readonly webhookPath?: boolean;
  /**
   * the room the request names by a parameter of its own (`channels.create`'s `name`): its
   * provider state says whether it exists, as for `roomName`
   */
  readonly roomNamed?: (body: Params) => string | undefined;
}

/**
 * One chat operation. `P` is what `read` makes of the request: the parameters, checked in the real
 * server's order (a check that needs the store, e.g. a permission before a parameter, is made
 * here too), or the ApiError of the first that fails.
 */
// `read`, `run` and `cacheKey` are methods so that the table can hold operations of any `P`
export interface Operation<P = unknown> {
  /** the route's name as Rocket.Chat calls it, e.g. `channels.setReadOnly` */
  readonly name: string;
  readonly method: RouteMethod;
  /** a second method the router registers for the same route (logout: GET as well as POST) */
  readonly also?: RouteMethod;
  /** the path inside a world, e.g. `/api/v1/channels.setReadOnly` (with `prefix`, where its paths start) */
  readonly path: string;
  /** the operation answers every path that starts with `path` (its parameters are in the path) */
  readonly prefix?: boolean;
  /**
   * `X-Auth-Token` and `X-User-Id` must name a live login, else 401 before anything else; with
   * `optional`, a caller they name is known to the operation and bad ones count as no caller
   */
  readonly auth: boolean | 'optional';
  /** Rocket.Chat's REST rate limiter counts this route (after authentication) */
  readonly rateLimited: boolean;
  /**
   * a body that failed to parse is refused after authentication and the rate limit (`strict`),
   * only when it was too large (`size-only`: login answers every other bad body with its own 401),
   * or never (`ignored`)
   */
  readonly bodyRule: 'strict' | 'size-only' | 'ignored';
  /** a successful answer changes the world's state */
  readonly changesState: boolean;
  /** reads and checks the parameters; throws the first refusal */
  read(context: OperationContext): P;
  /** the operation itself, on checked parameters; throws the first refusal, before any change */
  run(context: OperationContext, params: P): Reply;
  /**
   * the key of a finished answer that stays the same until the state changes (a list page): the
   * pipeline sends it again without reading or running. Undefined: not cacheable now.
   */
  cacheKey?(context: OperationContext): string | undefined;
  readonly contract?: ContractFacts;
  /**
   * the release's own parameter validator (src/operations/schemas.ts), when the route has one: its
   * JSON schema is also the route's parameters in the OpenAPI document (`GET /api/docs/json`), and
   * `warmValidators` compiles every era's of every route
   */
  readonly validator?: EraTable<Validator | undefined>;
  /** what the OpenAPI document says of the route beyond the facts above */
  readonly openApi?: OpenApiFacts;
}

/** What a route reads or changes. `token`: a login token, or the login blocking's counts. */
export type Entity =
  | 'room'
  | 'message'
  | 'subscription'
  | 'user'
  | 'integration'
  | 'setting'
  | 'permission'
  | 'role'
  | 'token'
  /** an uploaded file (`rooms.upload`, `rooms.media`) */
  | 'file';

/**
 * What the documents (`GET /api/docs/json`, the reference's route table) and the tests say of an
 * operation that its other facts do not; `route` (src/operations/route-groups.ts) fills them.
 */
export interface OpenApiFacts {
  /** the route's group (src/operations/route-groups.ts) */
  readonly group?: string;
  /** the route's place in the table (src/operations/table.ts, `inTableOrder`), when it declares one */
  readonly order?: number;
  /** the route this one is another name of (`aliasOf`): it comes right after it in the table */
  readonly aliasOf?: string;
  /** what the README's summary of the routes says of the route, after its name */
  readonly note?: string;
  /** the permissions the route checks (documentation: the store enforces them) */
  readonly permissions?: readonly string[];
  /** the refusals of its own it can answer (besides its validator's, 401 and 429) */
  readonly errors?: readonly ErrorCode[];
  /** its 200 body on the newest release line, as a JSON Schema */
  readonly response?: Schema;
  /** the entities it reads */
  readonly reads?: readonly Entity[];
  /** the entities a successful answer changes */
  readonly changes?: readonly Entity[];
  /** the release lines that serve the route (default: every one); another leaves it out */
  readonly servedIn?: EraTable<boolean>;
  /**
   * the release lines that declare the route deprecated (the API's `deprecation` option): every
   * answer past the login carries the `x-deprecation-*` headers it writes (src/http/chat.ts)
   */
  readonly deprecated?: EraTable<Deprecation | undefined>;
  /** statuses it answers besides 200, 400, 401 (with `auth`) and 429 (rate limited), each with why */
  readonly refusals?: Readonly<Record<string, string>>;
  /** the release lines whose 200 has no body at all */
  readonly emptyIn?: EraTable<boolean>;
  /** the body may be a form (`payload=<JSON>`, Slack's) as well as JSON, and may be absent */
  readonly formBody?: boolean;
  /**
   * the body is `multipart/form-data` (a file upload): read by the upload reader (src/http/uploads.ts),
   * never by the fast path or the body parser; the operation gets it as an `UploadBody`
   */
  readonly multipart?: boolean;
  /** the names of the parameters in a prefix route's path, in order (default: a webhook's `integrationId`, `token`) */
  readonly pathParameters?: readonly string[];
  /** the query parameters of a route without a validator, each with what it is (all optional) */
  readonly query?: Readonly<Record<string, string>>;
}

/** A route's `deprecation` option: the path it is registered at, the version that removes it, what to use instead. */
export interface Deprecation {
  /** the route as the router names it (`/api/v1/rooms.upload/:rid`) */
  readonly endpoint: string;
  readonly version: string;
  readonly alternatives?: readonly string[];
}

/**
 * Declares an operation (types its `read` and `run` together). Every operation gets the same
 * members in the same order, so the pipeline's reads of them stay monomorphic.
 */
export function operation<P>(spec: Operation<P>): Operation<P> {
  return {
    name: spec.name,
    method: spec.method,
    also: spec.also,
    path: spec.path,
    prefix: spec.prefix,
    auth: spec.auth,
    rateLimited: spec.rateLimited,
    bodyRule: spec.bodyRule,
    changesState: spec.changesState,
    read: spec.read,
    run: spec.run,
    cacheKey: spec.cacheKey,
    contract: spec.contract,
    validator: spec.validator,
    openApi: spec.openApi,
  };
}

/** A 200 answer: the body plus `success: true`. */
export function success(body: object): Reply {
  return { body };
}

/**
 * The same operation under a second name (the real server registers `dm.*` as aliases of `im.*`):
 * its own row in the table, its own path, the one implementation.
 */
export function aliasOf<P>(op: Operation<P>, name: string): Operation<P> {
  // its place is right after the route it names again (src/operations/table.ts), not the route's own
  const { order: _order, note: _note, ...facts } = op.openApi ?? {};
  return operation({
    ...op,
    name,
    // the path where the operation's group puts its routes, with the other name
    path: `${op.path.slice(0, -op.name.length)}${name}`,
    openApi: { ...facts, aliasOf: op.name },
  });
}
