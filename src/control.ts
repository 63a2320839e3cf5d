import type { ScenarioInput } from './scenario/schema';
import type {
  Changes,
  ClockControl,
  Fault,
  FaultInput,
  Integration,
  JournalEntry,
  RequestExchange,
  PactDocument,
  PactOptions,
  ProfileId,
  ProviderStateChange,
  RateLimitConfig,
  RequestFilter,
  Room,
  ServerSettings,
  SessionInfo,
  Stub,
  StubInput,
  UnmatchedRoute,
  User,
  WebhookDelivery,
  World,
  WorldEvent,
} from './types';

/**
 * The control interfaces: what the control API (src/admin) and the programmatic API (src/server.ts,
 * src/handle.ts) do to a world and to a server, implemented by `FakeWorld` and `FakeServer`.
 * Layer: world. Imports base types and the scenario's input type.
 */

/**
 * What the control API does to one world (the root, or a session), declared once. `FakeWorld`
 * implements it; `FakeServer` and `FakeSession` (src/handle.ts) implement it by delegation; the
 * `/__admin` routes and the Jest helpers are its HTTP faces, declared beside each other in
 * src/surface/routes.ts. A member's one signature is here.
 */
/** How a reset goes (`reset(options)`, `POST /__admin/reset?keepLogins=true`). */
export interface ResetOptions {
  /**
   * keep the login tokens issued since the baseline whose user the baseline has too (a user made
   * since is gone, and so are its tokens), and the realtime sockets logged in with them: they stay
   * open, logged in, and follow the new state (default false: every token issued since is void
   * and every realtime socket is closed with 1012)
   */
  keepLogins?: boolean;
}

export interface WorldControl {
  /**
   * Back to the baseline: data, clock, login tokens issued since, journal, faults, rate limit.
   * `keepLogins: true` keeps the login tokens issued since whose user the baseline has too, and
   * the realtime sockets logged in with them (a bot connected for a whole test file).
   */
  reset(options?: ResetOptions): Promise<void>;
  /**
   * Validates a scenario document whole, then makes it the baseline and the current state.
   * Throws ScenarioError (and changes nothing) when it has problems.
   */
  load(scenario: ScenarioInput | unknown, source?: string): Promise<void>;
  /** A deep copy of the current state, in scenario shape. */
  state(): World;
  /** What changed since the baseline: added, changed (with field names) and removed entities. */
  changes(): Changes;
  /** Adds a user to the current state (missing fields filled deterministically) and returns it. */
  addUser(user: unknown, source?: string): User;
  /** Adds a channel to the current state (`ro: false` unless given) and returns it. */
  addChannel(channel: unknown, source?: string): Room;
  /** Adds an integration to the current state and returns it. */
  addIntegration(integration: unknown, source?: string): Integration;
  /** The fake clock of the current state: `now()`, `set(iso)`, `advance(ms)`. */
  readonly clock: ClockControl;
  /** The recorded chat API requests matching a filter (`path` with `*`, `method`, `status`), oldest first. */
  requests(filter?: RequestFilter): JournalEntry[];
  /** The journal as `GET /__admin/requests` answers it: the entries, and how many the ring let go. */
  requestsPage(filter?: RequestFilter): { requests: JournalEntry[]; total: number; dropped: number };
  /** How many recorded requests match. */
  countRequests(filter?: RequestFilter): number;
  /** The most recent matching request, if any. */
  lastRequest(filter?: RequestFilter): JournalEntry | undefined;
  /** Forgets the recorded requests (and the unmatched routes); the data is untouched. */
  clearRequests(): void;
  /**
   * The routes called that the fake does not model (`GET /__admin/unmatched`), most called first,
   * each with how often, when first and last, and the modelled route nearest to it.
   */
  unmatched(): UnmatchedRoute[];
  /**
   * What the fake warned of, once each (also one line on stderr): e.g. a fixed clock behind the
   * wall clock once a realtime client follows messages (`GET /__admin/clock`'s `warnings`).
   */
  warnings(): string[];
  /**
   * Adds a stub: an answer for a route the fake does not model (see the README). Returns it with
   * its `id`; one of the same id is replaced. Throws ScenarioError for a bad one.
   */
  stub(input: StubInput, source?: string): Stub;
  /** The stubs in force, in the order they are tried, with their hits. */
  stubs(): Stub[];
  /**
   * Stubs made of what the pass-through (`proxyUnmodelled`) answered, one per method, path and
   * query (`GET /__admin/recorded-stubs`): a scenario's `stubs` that runs without the real server.
   */
  recordedStubs(): StubInput[];
  /** Removes one stub by id, or all of them (a reset brings back the scenario's). */
  clearStubs(id?: string): boolean;
  /** Resolves with the first matching request, recorded or still to come; rejects after `timeoutMs` (2000). */
  waitForRequest(filter: RequestFilter, options?: { timeoutMs?: number }): Promise<JournalEntry>;
  /**
   * Injects a fault: `{path, method?, times?, status?, body?, delayMs?, drop?, partial?}` (see the
   * README). Returns it with its `id`. Throws ScenarioError for a bad one.
   */
  fault(input: FaultInput, source?: string): Fault;
  /** The active faults. */
  faults(): Fault[];
  /** Clears one fault by id, or all. Returns whether anything was cleared. */
  clearFaults(id?: string): boolean;
  /** Turns rate limiting on (`{limit, windowMs}`) or off (`null`) until the next reset. */
  setRateLimit(config: RateLimitConfig | null, source?: string): RateLimitConfig | null;
  /** The rate limit in force, or `null`. */
  getRateLimit(): RateLimitConfig | null;
  /**
   * Changes server settings (the login blocking's `Block_Multiple_Failed_Logins_*`, by Rocket.Chat's
   * ids) until the next reset; answers every setting in force. Throws ScenarioError for a bad one.
   */
  setSettings(settings: Partial<ServerSettings>, source?: string): ServerSettings;
  /** Every setting the fake models, with the value in force. */
  getSettings(): ServerSettings;
  /**
   * The outgoing webhooks' delivery attempts, oldest first (the last 1000): URL, payload, status,
   * outcome, the reply posted back (see {@link WebhookDelivery}).
   */
  deliveries(): WebhookDelivery[];
  /**
   * Resolves with {@link deliveries} once no attempt is in flight (retries waiting on the fake
   * clock do not count); rejects after `timeoutMs` (5000) naming those still pending.
   */
  waitForDeliveries(options?: { timeoutMs?: number }): Promise<WebhookDelivery[]>;
  /** Forgets the delivery attempts kept. */
  clearDeliveries(): void;
  /** the server version the world answers as */
  readonly profileId: ProfileId;
  /** how many requests the journal keeps (the oldest drop first) */
  readonly journalSize: number;
  /** one recorded request with its answer (secrets hidden), by sequence number */
  exchange(seq: number): RequestExchange | undefined;
  /**
   * Listens to this world's events, as `GET /__admin/events` streams them: each journal entry
   * (`{type: "request", entry}`), each change of state (`{type: "state", reason, clock,
   * changed}`), each webhook attempt (`{type: "delivery", delivery}`) and each change of the stubs
   * or faults in force (`{type: "rules", changed}`). Returns the function that stops listening.
   */
  subscribe(listener: (event: WorldEvent) => void): () => void;
  /**
   * The journal as a Pact Specification v4 contract: one interaction per distinct request and
   * answer, in the order first seen, with provider states and matching rules, and no secrets (see
   * the README, "Contracts"). `provider` defaults to `rocketchat`; `filter` as for `requests()`.
   */
  pact(options: PactOptions): PactDocument;
  /**
   * Pact's state-change request for a contract this fake wrote: a setup makes the state whole and
   * answers the values to inject (`userId`, `authToken`, `password`, `roomId`); a teardown resets.
   */
  providerState(change: ProviderStateChange): Promise<Record<string, unknown>>;
}

/** How a session is asked for: a scenario document, or the name of a file next to the fixtures. */
export interface SessionOptions {
  /** an id of your choosing (letters, digits, `-`, `_`; up to 64); default: made up */
  id?: string;
  /** the session's own scenario; default: the server's baseline */
  scenario?: ScenarioInput;
  /** a scenario file name, looked up next to the server's fixtures file */
  fixtures?: string;
  /** the server version this session answers as (over the server's and the scenario's) */
  profile?: ProfileId;
}

/** What only the root of a server does: sessions and shutdown. */
export interface ServerControl {
  createSession(options: SessionOptions, source?: string): SessionInfo;
  listSessions(): SessionInfo[];
  deleteSession(id: string): boolean;
  shutdown(): Promise<void>;
}
