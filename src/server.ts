import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { STATUS_CODES, createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { basename, dirname, join } from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports -- deferred loads (src/lazy.ts) */
import type * as AppModule from './app';
import type * as RealtimeModule from './realtime/hub';
import type * as BridgeModule from './realtime/bridge';
import type { RealtimeHub } from './realtime/hub';
import type { AppHost } from './app';
import { baselineFor } from './baselines';
import type { ServerControl, SessionOptions } from './control';
import { withFastPath } from './fastpath';
import { answerOver, watchAnswer } from './journal/answered';
import { ApiError } from './errors';
import { WorldHandle } from './handle';
import { lazy } from './lazy';
import { limitProblem } from './limits';
import { OPTION_LIMITS } from './options';
import type { FakeOptions } from './options';
import { meteorId } from './scenario/ids';
import { PROFILE_IDS, isProfileId } from './profiles';
import { unknownKeyMessage } from './suggest';
import { DEFAULT_FIXTURES, checkGenerated, loadScenarioFile } from './scenario/load';
import { ScenarioError } from './scenario/problems';
import { SESSION_ID } from './surface/params';
import type * as PactModule from './pact/build';
import type * as ResolveModule from './scenario/resolve';
import { buildBaseline } from './store/baseline';
import type { PactFileOptions, PactInteraction, SessionInfo } from './types';
import { FakeWorld } from './world';
import { Warnings } from './world/warnings';
import type { WorldOptions } from './world';

/** The most entities a session's scenario may generate unless `sessionWorldLimit` says otherwise. */
export const DEFAULT_SESSION_WORLD_LIMIT = 20_000;

/** How long an idle keep-alive connection stays open (Node's default is 5 s). */
export const KEEP_ALIVE_MS = 65_000;

/** How long a WebSocket has to answer stop()'s close frame before its connection is ended. */
const WEBSOCKET_CLOSE_GRACE_MS = 1000;

/**
 * What Node's HTTP parser refuses (a request line and headers over 16 KB, bytes that are not HTTP)
 * never reaches a route: it is answered here in the envelope, from the error table, and the
 * connection closed. A connection already answering, or gone, is only closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || error.code === 'ECONNRESET' || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const code =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers-too-large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request-timeout'
        : 'malformed-request';
  const apiError = new ApiError(code);
  const body = JSON.stringify(apiError.toBody());
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? ''}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** Express and the routes: built on the first request the fast path does not answer. */
const appModule = lazy(() => require('./app') as typeof AppModule);
/** The realtime API (ws), loaded when a server starts listening. */
const realtimeModule = lazy(() => require('./realtime/hub') as typeof RealtimeModule);
/** The realtime methods as REST's `method.call` runs them: loaded with the first such call. */
const bridgeModule = lazy(() => require('./realtime/bridge') as typeof BridgeModule);

/** A world with its bridge to the realtime methods (`method.call`), which loads them when first called. */
function withMethods(world: FakeWorld): FakeWorld {
  world.bridgeMethods({
    readFrame: (text) => bridgeModule().readFrame(world, text),
    call: (call) => bridgeModule().callMethod(world, call),
  });
  return world;
}

/** Contracts, for the `pact` option. */
const pactModule = lazy(() => require('./pact/build') as typeof PactModule);
/** Scenario validation and resolution (zod, faker), for a session with its own scenario. */
const resolveModule = lazy(() => require('./scenario/resolve') as typeof ResolveModule);

/**
 * The fake's request handler, the Express app, typed as Node's `RequestListener` so consumers need
 * no Express types. Give it to `supertest`, `http.createServer`, or mount it in your own app.
 */
export type FakeApp = RequestListener;

/** Options of {@link createFakeServer}: the world, the rules, and where to listen. */
export interface FakeServerOptions extends FakeOptions {
  /** default 0: a free port */
  port?: number;
  /** default `127.0.0.1` */
  host?: string;
  /**
   * the most entities a session's scenario may generate (default 20,000, under half a second to generate): a larger one is refused
   * before anything is generated
   */
  sessionWorldLimit?: number;
  /**
   * write the contract of every world (root and sessions, across resets) to
   * `<dir>/<consumer>-<provider>.json`: when a session ends, and when the server stops
   */
  pact?: PactFileOptions;
}

/**
 * An isolated copy of the server's baseline, served under `/s/<id>/`: its own state, tokens,
 * clock and journal. Create one with `fake.session()` or `POST /__admin/sessions`.
 */
export class FakeSession extends WorldHandle {
  readonly id: string;
  /** the path prefix of the session's routes: `/s/<id>` */
  readonly path: string;
  readonly #world: FakeWorld;
  readonly #server: FakeServer;

  constructor(id: string, world: FakeWorld, server: FakeServer) {
    super();
    this.id = id;
    this.path = `/s/${id}`;
    this.#world = world;
    this.#server = server;
  }

  protected get world(): FakeWorld {
    // an ended session's world is served no more: acting on it would pass silently, wrongly
    if (!this.#server.serves(this.id, this.#world))
      throw new Error(
        `[rocketchat-fake] session "${this.id}" has ended (close() or DELETE /__admin/sessions)`,
      );
    return this.#world;
  }

  /** The session's base URL, `<server url>/s/<id>`; give it to the client under test. */
  get url(): string {
    return `${this.#server.url}${this.path}`;
  }

  /** Ends the session: its URLs answer 404 from now on. */
  async close(): Promise<void> {
    this.#server.deleteSession(this.id);
  }
}

/**
 * A fake Rocket.Chat with its lifecycle (`start`, `url`, `reset`, `load`, `state`, `stop`), the
 * control API's operations on its root world, and sessions. Create it with {@link createFakeServer}.
 */
export class FakeServer extends WorldHandle implements ServerControl {
  readonly #options: FakeServerOptions;
  readonly #host: AppHost;
  #express: FakeApp | undefined;
  readonly #root: FakeWorld;
  readonly #sessions = new Map<string, FakeWorld>();
  /** when each session was created (wall clock), for the inspector */
  readonly #sessionCreated = new Map<string, string>();
  /** with the `pact` option: the interactions written so far, distinct */
  readonly #contract = new Map<string, PactInteraction>();
  #sessionCount = 0;
  #server: Server | undefined;
  /** while start() is on its way to listening: a second start() is refused, a stop() waits for it */
  #starting: Promise<unknown> | undefined;
  /** the realtime API's connections, while listening */
  #realtime: RealtimeHub | undefined;
  #url: string | undefined;
  #stopped: Promise<void> = Promise.resolve();
  #markStopped: () => void = () => undefined;
  readonly #inFlight = new Set<ServerResponse>();
  /** every open connection, and those upgraded to a WebSocket (stop() ends the rest at once) */
  readonly #sockets = new Set<Duplex>();
  readonly #upgraded = new WeakSet<Duplex>();
  /** what the fake says once (its root world and sessions share it) */
  readonly #warnings = new Warnings();

  constructor(options: FakeServerOptions = {}) {
    super();
    checkOptions(options);
    this.#options = options;
    this.#root = withMethods(new FakeWorld(baselineFor(options), this.#worldOptions()));
    this.#host = {
      root: this.#root,
      session: (id) => this.#sessions.get(id),
      control: this,
      loopbackOnly: isLoopback(options.host ?? '127.0.0.1'),
    };
  }

  /**
   * The Express app (chat API and `/__admin`), not listening: for supertest or
   * `http.createServer`. Built on first use (Express is not loaded before); a started server puts the fast path
   * (src/fastpath) in front of it.
   */
  get app(): FakeApp {
    return (this.#express ??= appModule().buildApp(this.#host, this.#options));
  }

  /** What a started server answers with: the fast path, then the app (only the app with `log`). */
  #listener(): RequestListener {
    if (this.#options.log) return (req, res) => this.app(req, res);
    const { admin, bodyLimit, adminToken, allowedHosts } = this.#options;
    const guard = { loopbackOnly: this.#host.loopbackOnly, allowedHosts: allowedHosts ?? [] };
    const control = admin === false ? undefined : { guard, adminToken };
    return withFastPath(this.#host, { control, bodyLimit }, () => this.app);
  }

  protected get world(): FakeWorld {
    return this.#root;
  }

  /** Listens (on `port`, default the options' port, else a free one) and resolves with the base URL. */
  start(port = this.#options.port ?? 0): Promise<string> {
    if (this.#server || this.#starting)
      return Promise.reject(new Error('[rocketchat-fake] start(): the server is already started'));
    const starting = this.#listen(port);
    const settled = starting.then(
      () => undefined,
      () => undefined,
    );
    this.#starting = settled;
    void settled.then(() => {
      if (this.#starting === settled) this.#starting = undefined;
    });
    return starting;
  }

  async #listen(port: number): Promise<string> {
    if (!(Number.isInteger(port) && port >= 0 && port <= 65535))
      throw new TypeError(
        `[rocketchat-fake] start(): the port is a number from 0 to 65535, not ${JSON.stringify(port)}`,
      );
    // the contract's directory is made now: one that cannot be is said at start, not at stop
    const pactDir = this.#options.pact?.dir;
    if (pactDir !== undefined) {
      try {
        mkdirSync(pactDir, { recursive: true });
      } catch (error) {
        throw new Error(
          `[rocketchat-fake] the pact option's dir ${JSON.stringify(pactDir)} cannot be made: ${(error as Error).message}`,
        );
      }
    }
    const host = this.#options.host ?? '127.0.0.1';
    // in-flight responses are tracked in the one request listener (a second one costs every request)
    const listener = this.#listener();
    const inFlight = this.#inFlight;
    // one function for every response: 'close' calls it with the response as `this`
    const settled = function (this: ServerResponse): void {
      inFlight.delete(this);
      answerOver(this);
    };
    const server = createServer((req, res) => {
      inFlight.add(res);
      // the journal's callback rides on this one listener (src/journal/answered.ts)
      watchAnswer(res);
      res.on('close', settled);
      listener(req, res);
    });
    // Idle keep-alive connections stay open far longer than Node's 5 s default, so a client whose
    // process was busy for a few seconds (a test worker) does not reuse a pooled socket the server
    // is closing at that moment ("other side closed"). stop() still closes idle connections at once.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // the realtime API (DDP over WebSocket at /websocket), loaded at the first upgrade: a server no
    // client opens a socket to starts without it (and its WebSocket library), about 15 ms sooner
    const sockets = this.#sockets;
    server.on('connection', (socket: Duplex) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.#upgraded.add(socket);
      if (this.#server !== server) {
        socket.destroy(); // stopping: no new realtime connection
        return;
      }
      this.#realtime ??= new (realtimeModule().RealtimeHub)(this.#host, this.#options.ddpHeartbeat);
      this.#realtime.upgrade(req, socket, head);
    });
    server.on('clientError', answerClientError);
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.#server = server;
    this.#stopped = new Promise((resolve) => (this.#markStopped = resolve));
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.#url = `http://${shownHost}:${address.port}`;
    return this.#url;
  }

  /** The base URL, e.g. `http://127.0.0.1:40123`. Throws before {@link start}. */
  get url(): string {
    if (!this.#url)
      throw new Error('[rocketchat-fake] url: the server is not started; await fake.start() first');
    return this.#url;
  }

  /** A new isolated session (see {@link FakeSession}); from the baseline unless a scenario is given. */
  session(options: SessionOptions = {}): FakeSession {
    // a mistyped option would otherwise make a session of the baseline, silently
    const unknown = Object.keys(options).filter((key) => !SESSION_OPTIONS.includes(key));
    if (unknown.length > 0)
      throw new TypeError(
        `[rocketchat-fake] session(): ${unknown.map((key) => unknownKeyMessage('option', key, SESSION_OPTIONS)).join('; ')}`,
      );
    const { id } = this.createSession(options);
    const world = this.#sessions.get(id) as FakeWorld;
    return new FakeSession(id, world, this);
  }

  /** What `POST /__admin/sessions` does. Throws ScenarioError for a bad scenario, nothing created. */
  createSession(options: SessionOptions, source = 'session()'): SessionInfo {
    const id = options.id ?? this.#nextSessionId();
    // the id is a path segment of the session's URLs: "a/b" or ".." would name another place
    if (typeof id !== 'string' || !SESSION_ID.test(id))
      throw new ScenarioError(
        source,
        [
          {
            path: '$.id',
            message: `"id" must be 1 to 64 letters, digits, "-" or "_", not ${JSON.stringify(id)}`,
          },
        ],
        'session',
      );
    if (this.#sessions.has(id))
      throw new ScenarioError(source, [{ path: '$.id', message: `session "${id}" exists` }], 'session');
    if (options.profile !== undefined && !isProfileId(options.profile))
      throw new ScenarioError(
        source,
        [{ path: '$.profile', message: `"profile" is one of ${PROFILE_IDS.join(', ')}` }],
        'session',
      );
    const baseline = this.#sessionBaseline(options, source);
    const profile = options.profile ?? this.#options.profile;
    const maxGenerated = this.#sessionWorldLimit;
    this.#sessions.set(
      id,
      withMethods(
        new FakeWorld(baseline, { ...this.#worldOptions(), ...(profile ? { profile } : {}), maxGenerated }),
      ),
    );
    this.#sessionCreated.set(id, new Date().toISOString());
    return { id, path: `/s/${id}` };
  }

  /** The most entities a session's scenario may generate. */
  get #sessionWorldLimit(): number {
    return this.#options.sessionWorldLimit ?? DEFAULT_SESSION_WORLD_LIMIT;
  }

  #worldOptions(): WorldOptions {
    return { ...this.#options, keepContract: this.#options.pact !== undefined, warnings: this.#warnings };
  }

  /**
   * With the `pact` option: adds a world's interactions to the server's contract and writes the
   * file whole (a temporary file renamed over it, so a reader never sees half of one).
   */
  #writeContract(worlds: FakeWorld[]): void {
    const file = this.#options.pact;
    if (!file) return;
    for (const world of worlds) {
      for (const interaction of world.contractInteractions())
        this.#contract.set(pactModule().interactionKey(interaction), interaction);
    }
    const options = {
      consumer: file.consumer,
      ...(file.provider !== undefined ? { provider: file.provider } : {}),
    };
    const document = pactModule().pactOf(options, [...this.#contract.values()]);
    mkdirSync(file.dir, { recursive: true });
    const target = join(file.dir, `${file.consumer}-${file.provider ?? 'rocketchat'}.json`);
    // a new file of a random name (never an existing one: a planted link is not followed), then
    // renamed over the contract, which replaces a link at that name rather than writing through it
    const partial = join(file.dir, `.${basename(target)}.${randomBytes(8).toString('hex')}.tmp`);
    writeFileSync(partial, `${JSON.stringify(document, null, 2)}\n`, { flag: 'wx', mode: 0o644 });
    renameSync(partial, target);
  }

  #nextSessionId(): string {
    let id: string;
    do {
      this.#sessionCount += 1;
      id = meteorId(this.#root.baseline.world.seed, 'session', this.#sessionCount);
    } while (this.#sessions.has(id));
    return id;
  }

  #sessionBaseline(options: SessionOptions, source: string): FakeWorld['baseline'] {
    const seed = this.#options.seed;
    const limit = this.#sessionWorldLimit;
    if (options.scenario !== undefined) {
      try {
        checkGenerated(options.scenario, limit, source);
        return buildBaseline(resolveModule().resolveScenario(options.scenario, { source, seed }));
      } catch (error) {
        if (!(error instanceof ScenarioError)) throw error;
        // the scenario is the session's `scenario`: its problems are at their place in what was sent
        const problems = error.problems.map((p) => ({ ...p, path: p.path.replace(/^\$/, '$.scenario') }));
        throw new ScenarioError(source, problems, 'session');
      }
    }
    if (options.fixtures !== undefined) {
      const file = join(dirname(this.#options.fixtures ?? DEFAULT_FIXTURES), options.fixtures);
      // where it was looked for, said without the server's own install path (never shown to a client)
      if (!existsSync(file))
        throw new ScenarioError(options.fixtures, [
          {
            path: '$',
            message: `${
              this.#options.fixtures === undefined
                ? "no such file in the package's fixtures/, where a server started without a fixtures file looks (e.g. examples/minimal.json)"
                : "no such file next to the server's fixtures file"
            }; or send the scenario itself as "scenario"`,
          },
        ]);
      // named as it was asked for: the server's own install path never reaches a client
      return buildBaseline(
        loadScenarioFile(file, {
          seed,
          worldCache: this.#options.worldCache,
          label: options.fixtures,
          maxGenerated: limit,
        }),
      );
    }
    return this.#root.baseline;
  }

  /** The live sessions. */
  listSessions(): SessionInfo[] {
    return [...this.#sessions.entries()].map(([id, world]) => ({
      id,
      path: `/s/${id}`,
      requests: world.countRequests(),
      createdAt: this.#sessionCreated.get(id) ?? '',
    }));
  }

  /** Whether the session `id` is live and is `world` (a handle's check that its session has not ended). */
  serves(id: string, world: FakeWorld): boolean {
    return this.#sessions.get(id) === world;
  }

  /** Ends a session; false if there was none. */
  deleteSession(id: string): boolean {
    const world = this.#sessions.get(id);
    if (world) {
      this.#writeContract([world]);
      world.close();
      // its realtime sockets end with it
      this.#realtime?.closeWorld(world);
    }
    this.#sessionCreated.delete(id);
    return this.#sessions.delete(id);
  }

  /** Resolves when the server has stopped (after {@link stop} or `POST /__admin/shutdown`). */
  whenStopped(): Promise<void> {
    return this.#stopped;
  }

  /**
   * Stops listening and closes every connection, idle keep-alive ones included; requests a delay
   * fault holds lose their connection at once.
   */
  async stop(): Promise<void> {
    // a start() still on its way (a beforeAll that timed out) is let finish, then stopped
    if (this.#starting) await this.#starting;
    await this.#close(true);
  }

  /**
   * stop()'s end of the connections no request is being answered on: one that sent nothing yet (a
   * browser's preconnect), or half a request's head, ends at once; a WebSocket, sent its close
   * frame, has a second to answer it before its connection ends.
   */
  #endQuietConnections(): void {
    const busy = new Set<unknown>([...this.#inFlight].map((res) => res.socket));
    for (const socket of this.#sockets) {
      if (busy.has(socket)) continue;
      if (this.#upgraded.has(socket)) setTimeout(() => socket.destroy(), WEBSOCKET_CLOSE_GRACE_MS).unref();
      else socket.destroy();
    }
  }

  /**
   * Resolves once the pass-through calls the worlds' close ended have their 502 written: their
   * answers are made on the promise turns after the calls settle, all done by the next macrotask.
   */
  async #passThroughAnswered(): Promise<void> {
    await Promise.all([this.#root, ...this.#sessions.values()].map((world) => world.passThroughSettled()));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * drain()'s end once its grace is over: every connection but a WebSocket's (closed by its own
   * close frame) and those whose answer is written and ends them (`Connection: close`) is cut.
   */
  #endUnfinished(): void {
    const ending = new Set<unknown>(
      [...this.#inFlight].filter((res) => res.writableEnded).map((res) => res.socket),
    );
    for (const socket of this.#sockets)
      if (!this.#upgraded.has(socket) && !ending.has(socket)) socket.destroy();
  }

  /** Ends what every world holds open (requests held by delay faults). */
  #closeWorlds(): void {
    for (const world of [this.#root, ...this.#sessions.values()]) world.close();
  }

  async #close(endHeld: boolean): Promise<void> {
    const server = this.#server;
    if (!server) return;
    // a contract that cannot be written is said once the server has stopped: it stops all the same
    let unwritten: Error | undefined;
    try {
      this.#writeContract([this.#root, ...this.#sessions.values()]);
    } catch (error) {
      unwritten = new Error(
        `[rocketchat-fake] stop(): the server stopped, but its contract could not be written: ${(error as Error).message}`,
      );
    }
    this.#server = undefined;
    this.#url = undefined;
    // realtime sockets never finish by themselves: they close now, with a close frame
    this.#realtime?.close();
    this.#realtime = undefined;
    if (endHeld) this.#closeWorlds();
    // responses still being produced close their connection when done, so close() can finish;
    // event streams (GET /__admin/events) never finish by themselves: they end now
    for (const res of this.#inFlight) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
      else if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) res.end();
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      if (endHeld) this.#endQuietConnections();
    });
    // a waitForRequest still waiting is told no request will come (a drain keeps the rest)
    for (const world of [this.#root, ...this.#sessions.values()]) world.endWaits();
    this.#markStopped();
    if (unwritten) throw unwritten;
  }

  /**
   * Stops accepting, lets in-flight requests (a delayed one included) finish for up to `graceMs`,
   * then closes the rest.
   */
  async drain(graceMs = 1500): Promise<void> {
    if (!(Number.isFinite(graceMs) && graceMs >= 0))
      throw new TypeError(
        `[rocketchat-fake] drain(): graceMs is milliseconds (0 or more), not ${JSON.stringify(graceMs)}`,
      );
    if (this.#starting) await this.#starting;
    const server = this.#server;
    if (!server) return;
    const timer = setTimeout(() => {
      // pass-through calls still in flight are ended and answered their 502 before the rest is cut
      this.#closeWorlds();
      void this.#passThroughAnswered().then(() => this.#endUnfinished());
    }, graceMs);
    try {
      await this.#close(false);
    } finally {
      clearTimeout(timer);
    }
  }

  /** What `POST /__admin/shutdown` does: drain and stop. */
  async shutdown(): Promise<void> {
    await this.drain();
  }
}

/** Whether a listening address is loopback only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Every option of {@link FakeServerOptions}: the compiler keeps this list whole. */
const OPTION_NAMES: Record<keyof FakeServerOptions, true> = {
  fixtures: true,
  scenario: true,
  firstBoot: true,
  seed: true,
  worldCache: true,
  lenient: true,
  clock: true,
  bodyLimit: true,
  log: true,
  adminToken: true,
  rateLimit: true,
  onUnmodelled: true,
  ddpHeartbeat: true,
  proxyUnmodelled: true,
  admin: true,
  allowedHosts: true,
  journalSize: true,
  profile: true,
  port: true,
  host: true,
  sessionWorldLimit: true,
  pact: true,
  limits: true,
};

/** What `session()` takes (`POST /__admin/sessions` the same). */
const SESSION_OPTIONS = ['id', 'scenario', 'fixtures', 'profile'];

/** The function whose options are being checked, as an option's refusal names it. */
let optionsEntry = 'createFakeServer()';

/** Makes a server for another entry point, whose name its option errors then carry. */
function madeBy<T>(entry: string, make: () => T): T {
  const before = optionsEntry;
  optionsEntry = entry;
  try {
    return make();
  } finally {
    optionsEntry = before;
  }
}

/** What each option of a plain type is, as its refusal says it (the compiler's types, for JavaScript callers). */
const OPTION_TYPES: Readonly<Record<string, [test: (value: unknown) => boolean, what: string]>> = {
  port: [
    (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 65535,
    'a port number from 0 to 65535',
  ],
  host: [(v) => typeof v === 'string' && v.trim() !== '', 'a host name or address'],
  lenient: [(v) => typeof v === 'boolean', 'true or false'],
  log: [(v) => typeof v === 'boolean', 'true or false'],
  admin: [(v) => typeof v === 'boolean', 'true or false'],
  firstBoot: [(v) => typeof v === 'boolean', 'true or false'],
  bodyLimit: [
    (v) =>
      (Number.isSafeInteger(v) && (v as number) > 0) ||
      (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*(b|kb|mb|gb)?\s*$/i.test(v)),
    'a size in bytes (a whole number, or a string such as "2mb")',
  ],
  allowedHosts: [
    (v) => Array.isArray(v) && v.every((h) => typeof h === 'string' && h !== ''),
    'an array of host names',
  ],
  worldCache: [(v) => v === false || (typeof v === 'string' && v !== ''), 'a directory, or false'],
  fixtures: [(v) => typeof v === 'string' && v !== '', 'a scenario file’s path'],
  onUnmodelled: [(v) => typeof v === 'function', 'a function'],
  clock: [(v) => v === 'fixed' || v === 'running' || v === 'now', '"fixed", "running" or "now"'],
  pact: [
    (v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      const { dir, consumer, provider, ...rest } = v as Record<string, unknown>;
      // the names make the file's name: no "/" to write elsewhere (the CLI's --consumer rule)
      const name = (x: unknown): boolean => typeof x === 'string' && /^[\w.-]+$/.test(x);
      return (
        typeof dir === 'string' &&
        dir.trim() !== '' &&
        name(consumer) &&
        (provider === undefined || name(provider)) &&
        Object.keys(rest).length === 0
      );
    },
    '{dir, consumer, provider?}: a directory, and your client’s and the provider’s names (letters, digits, ".", "_", "-")',
  ],
};

/** Refuses an option of the wrong type, naming what it takes. */
function checkOptionTypes(options: Record<string, unknown>): void {
  for (const [name, [test, what]] of Object.entries(OPTION_TYPES)) {
    const value = options[name];
    if (value !== undefined && !test(value))
      throw new TypeError(
        `[rocketchat-fake] ${optionsEntry}: ${name} is ${what}, not ${typeof value === 'function' ? 'a function' : JSON.stringify(value)}`,
      );
  }
}

/** Refuses an option the fake does not know (a typo would otherwise be ignored), suggesting the nearest; and a bad heartbeat. */
function checkOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(
      `[rocketchat-fake] ${optionsEntry}: the options are an object, not ${JSON.stringify(options)}`,
    );
  checkOptionTypes(options as Record<string, unknown>);
  const { profile } = options as FakeServerOptions;
  if (profile !== undefined && !isProfileId(profile))
    throw new TypeError(
      `[rocketchat-fake] ${optionsEntry}: profile is one of ${PROFILE_IDS.join(', ')}, not ${JSON.stringify(profile)}`,
    );
  const { seed } = options as FakeServerOptions;
  if (seed !== undefined && !(Number.isSafeInteger(seed) && seed >= 0 && seed <= 2 ** 32 - 1))
    throw new TypeError(
      `[rocketchat-fake] ${optionsEntry}: seed is a whole number from 0 to ${2 ** 32 - 1}, not ${JSON.stringify(seed)}`,
    );
  // the CLI's rules for the same flags: a value out of them misbehaves later (a token that is no
  // string fails at the first control call)
  const { adminToken, journalSize, sessionWorldLimit } = options as FakeServerOptions;
  if (adminToken !== undefined && (typeof adminToken !== 'string' || adminToken.trim() === ''))
    throw new TypeError(`[rocketchat-fake] ${optionsEntry}: adminToken is a non-empty string`);
  for (const [name, value] of [
    ['journalSize', journalSize],
    ['sessionWorldLimit', sessionWorldLimit],
  ] as const) {
    const [min, max] = OPTION_LIMITS[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= min && value <= max))
      throw new TypeError(
        `[rocketchat-fake] ${optionsEntry}: ${name} is a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`,
      );
  }
  const { limits } = options as FakeServerOptions;
  if (limits !== undefined) {
    if (typeof limits !== 'object' || limits === null || Array.isArray(limits))
      throw new TypeError(
        `[rocketchat-fake] ${optionsEntry}: limits is an object of bounds by name, not ${JSON.stringify(limits)}`,
      );
    for (const [name, value] of Object.entries(limits)) {
      const problem = limitProblem(name, value);
      if (problem !== undefined) throw new TypeError(`[rocketchat-fake] ${optionsEntry}: limits: ${problem}`);
    }
  }
  const heartbeat = (options as FakeServerOptions).ddpHeartbeat;
  if (heartbeat !== undefined) {
    // a timer's longest wait (2³¹−1 ms): a longer one fires at once (every socket would be dropped)
    const ms = (value: unknown): boolean =>
      Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2 ** 31 - 1;
    const given = heartbeat as Partial<Record<'intervalMs' | 'timeoutMs', unknown>> | null;
    const off = given !== null && typeof given === 'object' && given.intervalMs === 0;
    if (
      given === null ||
      typeof given !== 'object' ||
      !ms(given.intervalMs) ||
      // `intervalMs: 0` turns the heartbeat off: no timeout to give then
      (!(off && given.timeoutMs === undefined) && !ms(given.timeoutMs))
    )
      throw new TypeError(
        `[rocketchat-fake] ${optionsEntry}: ddpHeartbeat needs intervalMs and timeoutMs, whole milliseconds from 0 to ${2 ** 31 - 1} (intervalMs 0 turns it off), not ${JSON.stringify(heartbeat)}`,
      );
  }
  const unknown = Object.keys(options).filter((key) => !Object.hasOwn(OPTION_NAMES, key));
  if (unknown.length === 0) return;
  const known = Object.keys(OPTION_NAMES);
  const lines = unknown.map((key) =>
    unknownKeyMessage('option', key, known, { scenarioFile: 'fixtures', file: 'fixtures' }),
  );
  throw new TypeError(`[rocketchat-fake] ${optionsEntry}: ${lines.join('; ')}`);
}

/** Creates a fake Rocket.Chat; validates the scenario now (throws ScenarioError), listens on start(). */
export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  return new FakeServer(options);
}

/**
 * The request handler of a fake Rocket.Chat (chat API and `/__admin`) for supertest:
 * `request(createApp()).get('/api/info')`. It does not listen. Throws ScenarioError when the
 * scenario is invalid.
 */
export function createApp(options: FakeOptions = {}): FakeApp {
  return madeBy('createApp()', () => new FakeServer(options)).app;
}
