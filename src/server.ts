import { createServer } from 'node:http';
import type { RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ClockControl, Control } from './admin/control';
import { buildApp, buildWorld } from './app';
import type { FakeOptions } from './options';
import { resolveScenario } from './scenario/resolve';
import type { ScenarioInput } from './scenario/schema';
import { Store } from './store/store';
import type { Integration, Room, User, World } from './store/types';

/**
 * The fake's request handler: the Express app, typed as Node's `RequestListener` so consumers need
 * no Express types. Give it to `supertest`, `http.createServer`, or mount it in your own app.
 */
export type FakeApp = RequestListener;

/** Options of {@link createFakeServer}: the world, the rules, and where to listen. */
export interface FakeServerOptions extends FakeOptions {
  /** default 0: a free port */
  port?: number;
  /** default `127.0.0.1` */
  host?: string;
}

/**
 * A fake Rocket.Chat with its lifecycle (`start`, `url`, `reset`, `load`, `state`, `stop`) and the
 * control API's operations. Create it with {@link createFakeServer}.
 */
export class FakeServer implements Control {
  /** The Express app (chat API and `/__admin`), for supertest or for mounting elsewhere. */
  readonly app: FakeApp;
  readonly #options: FakeServerOptions;
  #baseline: World;
  #store: Store;
  #server: Server | undefined;
  readonly #inFlight = new Set<ServerResponse>();
  #url: string | undefined;
  #stopped: Promise<void> = Promise.resolve();
  #markStopped: () => void = () => undefined;

  constructor(options: FakeServerOptions = {}) {
    this.#options = options;
    this.#baseline = buildWorld(options);
    this.#store = this.#newStore();
    this.app = buildApp(() => this.#store, options, this);
  }

  #newStore(): Store {
    return new Store(this.#baseline, { lenient: this.#options.lenient });
  }

  /** Listens (on `port`, default the options' port, else a free one) and resolves with the base URL. */
  async start(port = this.#options.port ?? 0): Promise<string> {
    if (this.#server) throw new Error('[rocketchat-fake] start(): the server is already started');
    const host = this.#options.host ?? '127.0.0.1';
    const server = createServer(this.app);
    server.on('request', (_req, res: ServerResponse) => {
      this.#inFlight.add(res);
      res.once('close', () => this.#inFlight.delete(res));
    });
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

  /** Back to the baseline: data, clock, and login tokens issued since (scenario tokens stay). */
  async reset(): Promise<void> {
    this.#store = this.#newStore();
  }

  /**
   * Validates a scenario document whole, then makes it the baseline and the current state.
   * Throws ScenarioError (and changes nothing) when it has problems.
   */
  async load(scenario: ScenarioInput | unknown, source = 'load()'): Promise<void> {
    this.#baseline = resolveScenario(scenario, { source, seed: this.#options.seed });
    this.#store = this.#newStore();
  }

  /** A deep copy of the current state, in scenario shape. */
  state(): World {
    return this.#store.state();
  }

  /** Adds a user to the current state (missing fields filled deterministically) and returns it. */
  addUser(user: unknown, source = 'addUser()'): User {
    return this.#store.addUser(user, source);
  }

  /** Adds a channel to the current state (`ro: false` unless given) and returns it. */
  addChannel(channel: unknown, source = 'addChannel()'): Room {
    return this.#store.addChannel(channel, source);
  }

  /** Adds an integration to the current state and returns it. */
  addIntegration(integration: unknown, source = 'addIntegration()'): Integration {
    return this.#store.addIntegration(integration, source);
  }

  /** The fake clock of the current state: `now()`, `set(iso)`, `advance(ms)`. */
  get clock(): ClockControl {
    return {
      now: () => this.#store.clock.now(),
      set: (iso) => this.#store.clock.set(iso),
      advance: (ms) => this.#store.clock.advance(ms),
    };
  }

  /** Resolves when the server has stopped (after {@link stop} or `POST /__admin/shutdown`). */
  whenStopped(): Promise<void> {
    return this.#stopped;
  }

  /** Stops listening and closes every connection, idle keep-alive ones included. */
  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    this.#url = undefined;
    // responses still being produced close their connection when done, so close() can finish
    for (const res of this.#inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    this.#markStopped();
  }

  /** Stops accepting, lets in-flight requests finish for up to `graceMs`, then closes the rest. */
  async drain(graceMs = 1500): Promise<void> {
    const server = this.#server;
    if (!server) return;
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    await this.stop();
    clearTimeout(timer);
  }

  /** What `POST /__admin/shutdown` does: drain and stop. */
  async shutdown(): Promise<void> {
    await this.drain();
  }
}

/** Creates a fake Rocket.Chat; validates the scenario now (throws ScenarioError), listens on start(). */
export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  return new FakeServer(options);
}

/**
 * The Express app of a fake Rocket.Chat (chat API and `/__admin`) for supertest:
 * `request(createApp()).get('/api/info')`. It does not listen. Throws ScenarioError when the
 * scenario is invalid.
 */
export function createApp(options: FakeOptions = {}): FakeApp {
  return new FakeServer(options).app;
}
