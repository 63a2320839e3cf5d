import { STATUS_CODES } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

import { ApiError, toEnvelope } from '../errors';
import { byEra } from '../eras';
import type { ErrorCode } from '../errors';
import { whenAnswered } from '../journal/answered';
import type { ExchangeDetail } from '../journal/journal';
import type { Caller, Operation, OperationContext, Params, Reply } from '../operations/operation';
import type { Fault } from '../types';
import { journalFacts } from '../proxy/passthrough';
import type { PassThrough } from '../proxy/passthrough';
import type { StubAnswer } from '../stubs/stubs';
import type { FakeWorld } from '../world';
import { cachedAnswer, keepAnswer } from './cache';
import { toApiError } from './respond';
import { JSON_TYPE, sendJsonText } from './send';
import { rawBodyOf } from './raw-body';
import { decide } from './rules';
import type { Outcome, Route } from './rules';
import { baseUrlOf, queryOf } from './target';

/**
 * The one request pipeline of the chat API (`/api/…` of a world): journal, the world's rule list's
 * decision (src/http/rules.ts: a fault, a stub, the operation, the pass-through, the 404 or 405),
 * authentication, rate limit, the body's parse error, the cached answer, the operation's parameters
 * and run, rendering, headers. The Express app and the fast path are only adapters: each frames a
 * {@link ChatRequest} from HTTP, with the route it resolved, and hands it here with the response.
 *
 * Layer: http. Knows Node's ServerResponse, not Express.
 */

/** A chat API request, as either adapter reads it off the wire. */
export interface ChatRequest {
  readonly method: string;
  /** the path inside the world (without `/s/<id>`), not decoded */
  readonly path: string;
  /** the query string without `?` */
  readonly rawQuery: string;
  /** the query string parsed as Node's `querystring` does (a repeated key is an array) */
  readonly query: Params;
  /** the parsed body, or undefined (none, or it failed to parse) */
  readonly body: unknown;
  /** why the body failed to parse, if it did: thrown where the operation's body rule says */
  readonly bodyError?: ApiError;
  readonly authToken?: string;
  readonly userId?: string;
  /** the client's address (the rate limiter's key) */
  readonly remoteAddress: string;
  /** the server's base URL as the client reached it */
  readonly baseUrl: string;
  /** `X-Real-IP`, else the connection's address (Rocket.Chat's `getRequestIP`) */
  readonly clientAddress: string;
  /** the request's headers, names in lower case (a stub's match and templates) */
  readonly headers: IncomingHttpHeaders;
  /** the body's bytes as they came, when they were read (the pass-through forwards them) */
  readonly rawBody?: Buffer | undefined;
  /** the operation table's route, resolved once where the request came in (src/http/rules.ts) */
  readonly route: Route;
}

/** `Cache-Control: no-store` and `Pragma: no-cache` on every answer: from 7.0 (the Restivus eras sent none). */
const NO_STORE_ERA = { '0.49': false, '7': true };
/** Rocket.Chat's REST rate limiter: from 5.x (the 0.49 era had none). */
const RATE_LIMITER_ERA = { '0.49': false, '5': true };

/** What one answer is, before it is written: status, its own headers (if any), the body as data and as text. */
interface Answer {
  status: number;
  headers: Record<string, string> | undefined;
  /** the body as data; with `enveloped`, the body sent is this plus `"success": true` */
  data: unknown;
  /** in place of `data`: makes the body when it is read (the operation's reply's `later`) */
  later?: () => object;
  /** the text's size in bytes, when it is known without counting (see {@link sendJsonText}) */
  size?: number;
  enveloped: boolean;
  text: string;
  /** a binary body (a stub's `base64Body`, a passed-through file), sent in place of `text` */
  bytes?: Buffer;
  /** a stub's answer: its own Content-Type, and none of the era's headers */
  stub?: { type: string };
}

const DEFAULT_FAULT_ERRORS: Record<number, ErrorCode> = {
  401: 'not-logged-in',
  403: 'error-unauthorized',
  404: 'not-found',
  413: 'payload-too-large',
  429: 'too-many-requests',
  500: 'internal',
};

/** The body a status fault sends when it names none: the Rocket.Chat envelope for that status. */
function defaultFaultBody(status: number): object {
  if (status < 400) return { success: true };
  const code = DEFAULT_FAULT_ERRORS[status];
  if (code) return toEnvelope(code, { reason: '60' });
  return { success: false, error: STATUS_CODES[status] ?? `HTTP ${status}` };
}

/** The first header value, as a string. */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Frames a request for the pipeline, the same for both adapters: the path inside the world and the
 * query string as session routing found them (src/http/target.ts), the route the adapter resolved,
 * the body as it read it (and its bytes, when the adapter read them itself).
 */
export function chatRequestOf(
  req: IncomingMessage,
  target: { path: string; query: string },
  route: Route,
  body: unknown,
  bodyError?: ApiError,
  raw?: Buffer,
): ChatRequest {
  return new FramedRequest(req, target, route, body, bodyError, raw);
}

/** A framed request: one shape for every request; the base URL is made only when asked for. */
class FramedRequest implements ChatRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly query: Params;
  readonly authToken: string | undefined;
  readonly userId: string | undefined;
  readonly remoteAddress: string;
  readonly #req: IncomingMessage;
  readonly #raw: Buffer | undefined;

  constructor(
    req: IncomingMessage,
    target: { path: string; query: string },
    readonly route: Route,
    readonly body: unknown,
    readonly bodyError: ApiError | undefined,
    raw: Buffer | undefined,
  ) {
    this.#req = req;
    this.#raw = raw;
    this.method = req.method ?? 'GET';
    this.path = target.path;
    this.rawQuery = target.query;
    this.query = queryOf(target.query);
    this.authToken = headerValue(req.headers['x-auth-token']);
    this.userId = headerValue(req.headers['x-user-id']);
    this.remoteAddress = req.socket.remoteAddress ?? '';
  }

  get baseUrl(): string {
    return baseUrlOf(this.#req);
  }

  get rawBody(): Buffer | undefined {
    return this.#raw ?? rawBodyOf(this.#req);
  }

  get headers(): IncomingHttpHeaders {
    return this.#req.headers;
  }

  get clientAddress(): string {
    return headerValue(this.#req.headers['x-real-ip']) ?? this.remoteAddress;
  }
}

function plainAnswer(status: number, data: unknown, headers?: Record<string, string>): Answer {
  return { status, headers, data, enveloped: false, text: JSON.stringify(data) };
}

/** An error as the world's era writes it, with the headers gathered so far (rate limit, Allow). */
function errorAnswer(error: unknown, world: FakeWorld, headers: Record<string, string> | undefined): Answer {
  const apiError = toApiError(error);
  if (apiError.code === 'internal') console.error('[rocketchat-fake] internal error:', error);
  const allow = apiError.params.allow;
  return plainAnswer(
    apiError.status,
    apiError.toBody(world.profile),
    allow ? { ...headers, Allow: allow } : headers,
  );
}

/** The caller the auth headers name, if they name one (a route open to all that answers callers more). */
function callerIf(world: FakeWorld, request: ChatRequest): Caller | undefined {
  const { authToken, userId } = request;
  const user = authToken && userId ? world.store.authenticate(userId, authToken) : undefined;
  return user && authToken ? { user, authToken } : undefined;
}

/** `X-Auth-Token` + `X-User-Id` must name a live token of that user, else 401. */
function authenticate(world: FakeWorld, request: ChatRequest): Caller {
  const caller = callerIf(world, request);
  if (!caller) throw new ApiError('not-logged-in');
  return caller;
}

/**
 * Rocket.Chat's rate limit on one route, after authentication and before the parameters: per
 * client address and route, admins and bots exempt. Returns the headers every limited-route answer
 * carries (undefined when the route is not limited); throws the 429 once the limit is spent, with
 * those headers on it.
 */
function rateLimitHeaders(
  world: FakeWorld,
  op: Operation,
  request: ChatRequest,
  caller: Caller | undefined,
): Record<string, string> | undefined {
  // off unless configured (most worlds): nothing to key or time; the 0.49 era had no REST rate limiter
  if (!op.rateLimited || !world.limiter.enabled) return undefined;
  const roles = caller?.user.roles ?? [];
  if (!byEra(world.profile, RATE_LIMITER_ERA) || roles.includes('admin') || roles.includes('bot'))
    return undefined;
  const hit = world.limiter.hit(`${request.remoteAddress}|${op.path}`, world.store.clock.nowMs());
  if (!hit) return undefined;
  const headers = {
    'X-RateLimit-Limit': String(hit.limit),
    'X-RateLimit-Remaining': String(hit.remaining),
    'X-RateLimit-Reset': String(hit.reset),
  };
  if (hit.limited) throw new LimitedError(headers, String(hit.waitSeconds));
  return headers;
}

/**
 * The headers a deprecated route's answers carry (`apiDeprecationLogger.endpoint`, called by
 * `parseDeprecation` after the login and before the rate limit): its type, its message (with the
 * alternatives, as `parseDeprecation` words them) and the version that removes it; none where the
 * release line does not deprecate it (or does not serve the route).
 */
function deprecationHeaders(world: FakeWorld, op: Operation): Record<string, string> | undefined {
  const table = op.openApi?.deprecated;
  // a line that does not serve the route answers its 404 without them
  const served = op.openApi?.servedIn;
  if (served !== undefined && !byEra(world.profile, served)) return undefined;
  const notice = table === undefined ? undefined : byEra(world.profile, table);
  if (notice === undefined) return undefined;
  const alternatives = notice.alternatives ?? [];
  const info = alternatives.length > 0 ? ` Please use the alternative(s): ${alternatives.join(',')}` : '';
  return {
    'x-deprecation-type': 'endpoint-deprecation',
    'x-deprecation-message': `The endpoint "${notice.endpoint}" is deprecated and will be removed on version ${notice.version}${info ? ` (${info})` : ''}`,
    'x-deprecation-version': notice.version,
  };
}

/** The 429 of a spent rate limit, with the headers its answer carries. */
class LimitedError extends ApiError {
  constructor(
    readonly headers: Record<string, string>,
    wait: string,
  ) {
    super('too-many-requests', { reason: wait });
  }
}

/** Runs the request through the operation it reaches; every refusal becomes the era's error body. */
function answer(world: FakeWorld, op: Operation, request: ChatRequest, detail: ExchangeDetail): Answer {
  // the answer's own headers, once there are any (the rate limit's)
  let headers: Record<string, string> | undefined;
  // a deprecated route's headers, on its refusals too (the 429's as well)
  let deprecation: Record<string, string> | undefined;
  try {
    const caller =
      op.auth === true
        ? authenticate(world, request)
        : op.auth === 'optional'
          ? callerIf(world, request)
          : undefined;
    if (caller) detail.caller = caller.user.username;
    deprecation = deprecationHeaders(world, op);
    headers = deprecation;
    const limit = rateLimitHeaders(world, op, request, caller);
    if (limit) headers = { ...headers, ...limit };
    const failure = request.bodyError;
    if (failure && (op.bodyRule === 'strict' || (op.bodyRule === 'size-only' && failure.status === 413)))
      throw failure;
    // a route the release line does not have yet (or any more): its 404, before the route reads
    // anything (the declaration's `servedIn`, which the OpenAPI document follows too)
    const served = op.openApi?.servedIn;
    if (served !== undefined && !byEra(world.profile, served)) throw new ApiError('not-found');
    // the request is the operation's input as it is (query, body, raw query, base URL)
    const context: OperationContext = {
      store: world.store,
      profile: world.profile,
      caller,
      input: request,
      methods: world.methods,
      notifyUser: (event) => world.notifyUser(event),
    };
    const key = cacheKeyOf(op, context);
    const cached = key === undefined ? undefined : cachedAnswer(world.store, key);
    if (cached) return { status: 200, headers, ...cached };
    // the change events it commits (a read may change the reader's subscription) are noted in its
    // detail: the journal, the inspector and the contract read them
    const reply = world.noting(detail, () => op.run(context, op.read(context)));
    // the outgoing webhooks the change triggered, sent before the answer (a test's next step sees them)
    if (op.changesState) world.deliverWebhooks(() => request.baseUrl);
    if (reply.empty) return { status: 200, headers, data: undefined, enveloped: false, text: '' };
    const enveloped = reply.envelope !== false;
    // a body made when it is read (`later`) is not made here: the journal keeps the maker
    const { body: data, later } = reply;
    const { text, size } = replyText(reply, enveloped);
    if (key !== undefined) keepAnswer(world.store, key, { data: data ?? later?.(), enveloped, text });
    return { status: reply.status ?? 200, headers, data, later, enveloped, text, size };
  } catch (error) {
    return errorAnswer(
      error,
      world,
      error instanceof LimitedError ? { ...deprecation, ...error.headers } : headers,
    );
  }
}

/** The answer of what the rule list decided: a stub, the operation, the real server, its 404 or 405. */
function answerOf(
  world: FakeWorld,
  request: ChatRequest,
  detail: ExchangeDetail,
  outcome: Outcome,
): Answer | Promise<Answer> {
  switch (outcome.kind) {
    case 'stub':
      return stubbedAnswer(outcome.answer, detail);
    case 'operation':
      return answer(world, outcome.op, request, detail);
    case 'proxy':
      return passedThrough(outcome.proxy, request, detail);
    case 'not-found':
      return errorAnswer(
        new ApiError('not-found', { method: request.method, reason: request.path }),
        world,
        undefined,
      );
    case 'method-not-allowed':
      return errorAnswer(
        new ApiError('method-not-allowed', { method: request.method, allow: outcome.allow }),
        world,
        undefined,
      );
  }
}

/** A stub's answer, as it says: its own Content-Type, and none of the era's headers. */
function stubbedAnswer(stubbed: StubAnswer, detail: ExchangeDetail): Answer {
  detail.stub = stubbed.stub.id;
  return {
    status: stubbed.status,
    headers: Object.keys(stubbed.headers).length > 0 ? stubbed.headers : undefined,
    data: stubbed.data,
    enveloped: false,
    text: stubbed.text,
    ...(stubbed.bytes !== undefined ? { bytes: stubbed.bytes } : {}),
    // a stub without a body or a Content-Type of its own is answered without one
    stub: { type: stubbed.contentType },
  };
}

/** The real server's answer to a route the fake does not model, as it came (and journaled so). */
async function passedThrough(
  proxy: PassThrough,
  request: ChatRequest,
  detail: ExchangeDetail,
): Promise<Answer> {
  const forwarded = await proxy.forward({
    method: request.method,
    path: request.path,
    rawQuery: request.rawQuery,
    headers: request.headers,
    body: request.body,
    raw: request.rawBody,
  });
  Object.assign(detail, journalFacts(forwarded));
  return {
    status: forwarded.status,
    headers: undefined,
    data: forwarded.data,
    enveloped: false,
    text: forwarded.text,
    // the bytes as they came, in whatever charset (the text is for the journal)
    bytes: forwarded.bytes,
    stub: { type: forwarded.contentType },
  };
}

/** A reply's JSON as sent and, when it is known without counting, its size in bytes. */
function replyText(reply: Reply, enveloped: boolean): { text: string; size: number | undefined } {
  if (reply.later !== undefined) return givenText(reply.text, reply.ascii);
  if (reply.text !== undefined) return givenText(reply.text, reply.ascii);
  return enveloped ? envelopedText(reply.body) : { text: JSON.stringify(reply.body), size: undefined };
}

/** An operation's own JSON: an ASCII one's size is its length. */
function givenText(text: string, ascii: boolean | undefined): { text: string; size: number | undefined } {
  return { text, size: ascii === true ? text.length : undefined };
}

/**
 * `{...body, success: true}` as text, serialised from the body itself, with no copy of it made:
 * measurably faster under load (the setReadOnly throughput row of the benchmark); and its size in
 * bytes, counted on the JSON as `JSON.stringify` made it (one piece), before the ending is added.
 */
function envelopedText(body: object): { text: string; size: number } {
  const json = JSON.stringify(body);
  const text = json === '{}' ? '{"success":true}' : `${json.slice(0, -1)},"success":true}`;
  // the ending is ASCII: one byte a character
  return { text, size: Buffer.byteLength(json) + text.length - json.length };
}

/** The operation's cache key for this request, namespaced by the operation; none when it cannot say. */
function cacheKeyOf(op: Operation, context: OperationContext): string | undefined {
  if (!op.cacheKey) return undefined;
  try {
    const key = op.cacheKey(context);
    return key === undefined ? undefined : `${op.name}|${key}`;
  } catch {
    return undefined; // a refusal: the operation itself says which, in its order
  }
}

/** Sends a fault's answer, cuts or drops the connection, or runs the request on through the rule list (`next`). */
function act(
  world: FakeWorld,
  fault: Fault,
  next: () => Outcome,
  request: ChatRequest,
  res: ServerResponse,
  detail: ExchangeDetail,
): void {
  // the journal marks the answer as a fault's: no contract is made of it (src/pact)
  if (fault.drop || fault.partial || fault.status !== undefined) detail.fault = true;
  if (fault.drop) {
    res.socket?.destroy();
    return;
  }
  const result =
    fault.status !== undefined
      ? plainAnswer(fault.status, fault.body === undefined ? defaultFaultBody(fault.status) : fault.body)
      : answerOf(world, request, detail, next());
  if (result instanceof Promise)
    void result
      .then((a) => send(res, world, a, detail, fault.partial === true))
      .catch((error: unknown) => failed(res, error));
  else send(res, world, result, detail, fault.partial === true);
}

/** Notes the answer in the journal's detail, then writes it: the era's no-store headers (7.x on), then its own. */
function send(
  res: ServerResponse,
  world: FakeWorld,
  result: Answer,
  detail: ExchangeDetail,
  partial = false,
): void {
  detail.answer = result.data;
  detail.later = result.later;
  detail.enveloped = result.enveloped;
  detail.chars = result.text.length;
  detail.text = result.text;
  if (result.stub) {
    const body = result.bytes ?? result.text;
    sendJsonText(res, result.status, false, result.headers, body, partial, result.stub.type);
    return;
  }
  sendJsonText(
    res,
    result.status,
    byEra(world.profile, NO_STORE_ERA),
    result.headers,
    result.text,
    partial,
    JSON_TYPE,
    result.size,
  );
}

/**
 * Answers one chat API request of a world on `res`, and journals it once the answer is over (with
 * status 0 when the connection closed first).
 */
export function serveChat(world: FakeWorld, request: ChatRequest, res: ServerResponse): void {
  try {
    serve(world, request, res);
  } catch (error) {
    failed(res, error);
  }
}

/**
 * The last resort: an error outside the operations' own handling (a defect of the fake) answers
 * 500 in the default envelope, or ends a half-written answer; it never ends the process.
 */
function failed(res: ServerResponse, error: unknown): void {
  console.error('[rocketchat-fake] internal error:', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJsonText(res, 500, false, undefined, JSON.stringify(toEnvelope('internal')));
}

function serve(world: FakeWorld, request: ChatRequest, res: ServerResponse): void {
  // whether an operation answers it: resolved once where the request came in
  const { route } = request;
  const modelled = route.modelled;
  // every member from the start: one object shape per request
  const detail: ExchangeDetail = {
    operation: route.op,
    caller: undefined,
    answer: undefined,
    later: undefined,
    json: undefined,
    enveloped: false,
    chars: 0,
    text: undefined,
    authHeaders: request.authToken !== undefined || request.userId !== undefined,
    host: request.headers.host,
    fault: false,
  };
  const epoch = world.epoch;
  whenAnswered(res, (status) => {
    // a request of before a reset (held by a delay fault, say) is not the new journal's
    if (world.epoch !== epoch) return;
    if (status === 0) detail.fault = true;
    world.recordRequest(
      {
        method: request.method,
        path: request.path,
        query: request.query,
        body: request.body,
        status,
        user: detail.caller ?? null,
        modelled,
        stub: detail.stub,
        proxied: detail.proxied === true ? true : undefined,
      },
      detail,
    );
  });
  const decision = decide(world, request, route);
  if (decision.kind !== 'fault') {
    const result = answerOf(world, request, detail, decision);
    if (result instanceof Promise)
      void result.then((a) => send(res, world, a, detail)).catch((error: unknown) => failed(res, error));
    else send(res, world, result, detail);
    return;
  }
  const { action, next } = decision;
  const fire = (): void => {
    try {
      act(world, action.fault, next, request, res, detail);
    } catch (error) {
      failed(res, error);
    }
  };
  if (action.delayMs <= 0) {
    fire();
    return;
  }
  // a client that gives up releases the hold; a reset or a stop ends it with the connection
  const release = world.faultSet.hold(
    action.delayMs,
    () => {
      res.off('close', release);
      fire();
    },
    () => res.socket?.destroy(),
  );
  res.once('close', release);
}
