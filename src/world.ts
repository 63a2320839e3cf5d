/* eslint-disable @typescript-eslint/no-require-imports -- deferred loads (src/lazy.ts) */
import type { WorldControl } from './control';
import { ApiError } from './errors';
import type { Profile } from './profiles';
import { profileOf } from './profiles';
import { FaultSet } from './faults/faults';
import { Journal, answerOf, hasAnswer, redactBody, redactSecrets } from './journal/journal';
import type { ExchangeDetail } from './journal/journal';
import { UnmatchedRoutes } from './journal/unmatched';
import type { PassThrough, PassThroughOptions } from './proxy/passthrough';
import type * as PassThroughModule from './proxy/passthrough';
import { StubSet, stubAnswer, stubRefusal } from './stubs/stubs';
import type { StubAnswer, StubCall } from './stubs/stubs';
import type * as TableModule from './operations/table';
import { lazy } from './lazy';
import { nestedDeeperThan } from './journal/json-depth';
import { limitsOf } from './limits';
import type { Limits } from './limits';
import { RateLimiter } from './ratelimit/limiter';
import { Deliveries, DeliveriesPending } from './webhooks/deliveries';
import { parseOrThrow } from './scenario/checks';
import { inScenarioShape } from './scenario/fields';
import { checkGenerated } from './scenario/load';
import type * as EntityModule from './scenario/entity';
import type * as ApplyModule from './pact/apply';
import type * as PactModule from './pact/build';
import type { AddedEntity, ContractRecorder } from './pact/build';
import type * as RateLimitSchemaModule from './scenario/ratelimit';
import type * as SettingsSchemaModule from './scenario/settings';
import type * as ResolveModule from './scenario/resolve';
import type { ScenarioInput } from './scenario/schema';
import type { Baseline } from './store/baseline';
import { buildBaseline } from './store/baseline';
import type { ChangeEvent, EntityLookup, StoreOptions } from './store/store';
import type { ClockMode } from './store/clock';
import { Store } from './store/store';
import { storeRulesOf } from './operations/store-rules';
import type {
  Changes,
  ClockControl,
  Fault,
  Integration,
  JournalEntry,
  Stub,
  StubInput,
  UnmatchedRoute,
  PactDocument,
  PactInteraction,
  PactOptions,
  ProviderStateChange,
  ProfileId,
  RateLimitConfig,
  RequestFilter,
  Room,
  ServerSettings,
  User,
  WebhookDelivery,
  World,
  WorldEvent,
} from './types';

/** The operation table, loaded with the first request it answers (not at start). */
const tableModule = lazy(() => require('./operations/table') as typeof TableModule);

/*
 * Layer: world. One world = store + journal + faults + rate limiter. It reads input through the
 * scenario layer (validation, resolution) and hands the store only checked, resolved values.
 * Imports base, store, scenario and the world's own parts (journal/, faults/, ratelimit/).
 */

/** Scenario validation and resolution (zod; faker when a scenario generates entities). */
const resolveModule = lazy(() => require('./scenario/resolve') as typeof ResolveModule);
/** Entities added to a running world, validated and resolved like a scenario's (zod). */
const entityModule = lazy(() => require('./scenario/entity') as typeof EntityModule);
/** Contracts (src/pact): loaded when one is asked for. */
const pactModule = lazy(() => require('./pact/build') as typeof PactModule);
const providerStateModule = lazy(() => require('./pact/apply') as typeof ApplyModule);
/** The pass-through to a real server (and the login it makes there): loaded when one is configured. */
const passThroughModule = lazy(() => require('./proxy/passthrough') as typeof PassThroughModule);
/** The rate-limit schema (zod). */
const rateLimitSchema = lazy(
  () => (require('./scenario/ratelimit') as typeof RateLimitSchemaModule).rateLimitSchema,
);

/** The settings schema (zod). */
const settingsSchema = lazy(
  () => (require('./scenario/settings') as typeof SettingsSchemaModule).settingsSchema,
);

/** The largest realtime frame the journal keeps whole (as a request body). */
const MAX_FRAME_CHARS = 64 * 1024;

/**
 * The deepest realtime frame the journal keeps as data: the journal's copies, the inspector and
 * `GET /__admin/requests` serialise what it keeps, which must never run out of stack (a deeper
 * frame than the world lets in never gets here; this holds whatever the bound is raised to).
 */
const MAX_FRAME_DEPTH = 256;

/** The rules and limits of one world. */
export interface WorldOptions {
  lenient?: boolean;
  seed?: number;
  /** how many requests the journal keeps (default 1000) */
  journalSize?: number;
  /** rate limiting, over the scenario's `rateLimit` */
  rateLimit?: RateLimitConfig;
  /**
   * keep the contract across resets and loads (`--pact-dir`, the Jest preset's `pact`): each
   * request becomes its interaction as it is journaled, kept (each distinct one once) until the
   * world ends, past the journal's ring
   */
  keepContract?: boolean;
  /** the server version to answer as (over the scenario's `profile`; default 8.9) */
  profile?: ProfileId;
  /** how the fake clock moves: `fixed` (default), `running` or `now` */
  clock?: ClockMode;
  /** the most entities a scenario loaded into this world may generate (a session's world) */
  maxGenerated?: number;
  /** told the first time this world is called on a route the fake does not model (the CLI prints it) */
  onUnmodelled?: (route: UnmatchedRoute) => void;
  /** forward unmodelled routes to a real server */
  proxyUnmodelled?: string | PassThroughOptions;
  /** the bounds over their defaults (src/limits.ts) */
  limits?: Partial<Limits>;
}

/** An event for one user's realtime connections: `<uid>/<event>` on `stream-notify-user`, with its arguments. */
export interface UserEvent {
  readonly uid: string;
  readonly event: string;
  readonly args: readonly unknown[];
}

/** A client's write to a room's stream (`stream-notify-room` `<rid>/<event>`): to its other subscribers. */
export interface RoomStreamEvent {
  readonly eventName: string;
  readonly args: readonly unknown[];
  /** the connection it came from: it does not get its own event back */
  readonly origin: object;
}

/** What `requests()` answers over HTTP: the entries plus how many the ring dropped. */
export interface RequestsPage {
  requests: JournalEntry[];
  total: number;
  dropped: number;
}

/**
 * One world: its baseline, its current state and its request journal. The root of a server is a
 * world, and so is each session; the control API and the programmatic API both call these methods.
 */
export class FakeWorld implements WorldControl {
  readonly #options: WorldOptions;
  #baseline: Baseline;
  /** the server version it answers as: the option's, else the baseline scenario's, else 7 */
  #profile: Profile;
  #store: Store;
  /** the entities the control API added since the last reset, for the contract's replay */
  #added: AddedEntity[] = [];
  readonly #journal: Journal;
  /** the routes called that the fake does not model (cleared with the journal) */
  readonly #unmatched = new UnmatchedRoutes((method, path) => tableModule().nearestRoute(method, path));
  /** answers for routes outside the model: the scenario's, and those added since */
  readonly #stubs = new StubSet(() => this.#rulesChanged('stubs'));
  /** where unmodelled routes go when no stub answers them, if anywhere */
  readonly #passThrough: PassThrough | undefined;
  readonly #faults: FaultSet;
  readonly #limiter: RateLimiter;
  /** outgoing webhooks' deliveries */
  readonly #deliveries: Deliveries;
  /** who is told of a reset or a load (the realtime API's sockets) */
  readonly #resetListeners = new Set<() => void>();
  /** who follows every change of the state (the store's change events) */
  readonly #changeListeners = new Set<(events: readonly ChangeEvent[]) => void>();
  /** who follows what clients write to rooms' streams (typing) */
  readonly #roomStreamListeners = new Set<(event: RoomStreamEvent) => void>();
  /** who follows the events sent to one user (the realtime API's `stream-notify-user`) */
  readonly #userListeners = new Set<(event: UserEvent) => void>();
  /** who listens to this world's events (`GET /__admin/events`) */
  readonly #listeners = new Set<(event: WorldEvent) => void>();
  /** the store version the last state event reported */
  #reported = -1;
  #epoch = 0;
  /** with `keepContract`: the contract's interactions, distinct, made as the requests are journaled */
  readonly #kept = new Map<string, PactInteraction>();
  /** with `keepContract`: what makes them, from the current baseline (made on first use, again after a reset) */
  #recorder: ContractRecorder | undefined;

  /** the bounds in force (src/limits.ts) */
  readonly limits: Readonly<Limits>;

  constructor(baseline: Baseline, options: WorldOptions = {}) {
    this.#options = options;
    this.limits = limitsOf(options.limits);
    if (options.rateLimit)
      parseOrThrow(rateLimitSchema(), options.rateLimit, 'options.rateLimit', 'rate limit');
    this.#baseline = baseline;
    this.#profile = profileOf(options.profile ?? baseline.world.profile);
    this.#store = new Store(baseline, this.#storeOptions());
    this.#reported = this.#store.version;
    // contracts are made of whole answers: a world that keeps its contract keeps them whole
    this.#journal = new Journal(options.journalSize, { budget: !options.keepContract });
    this.#faults = new FaultSet(baseline.world.seed, () => this.#rulesChanged('faults'));
    this.#stubs.addChecked(baseline.world.stubs ?? []);
    const proxy = options.proxyUnmodelled;
    this.#passThrough =
      proxy === undefined
        ? undefined
        : new (passThroughModule().PassThrough)(typeof proxy === 'string' ? { target: proxy } : proxy, {
            answerBytes: this.limits.proxyAnswerBytes,
          });
    this.#limiter = new RateLimiter(this.#baselineRateLimit());
    this.#deliveries = new Deliveries({
      limits: this.limits,
      store: () => this.#store,
      delivered: (delivery) => this.#emit({ type: 'delivery', delivery }),
      changed: () => {
        if (this.#store.version !== this.#reported) this.#emitState('webhook');
      },
    });
  }

  /** A store's options: the world's rules, and the change events the realtime API follows. */
  #storeOptions(): StoreOptions {
    return {
      lenient: this.#options.lenient,
      rules: storeRulesOf(this.profile),
      clock: this.#options.clock,
      onChange: (events) => {
        for (const listener of this.#changeListeners) listener(events);
      },
      // a read's change of the reader's subscription reaches the realtime streams as every change
      // does: through onChange and the stream table (src/realtime/streams.ts)
    };
  }

  /** Is told when the world goes back to its baseline (a reset, a load). Returns the function that stops. */
  onReset(listener: () => void): () => void {
    this.#resetListeners.add(listener);
    return () => this.#resetListeners.delete(listener);
  }

  /**
   * Journals one realtime (DDP) frame, in or out: `DDP /websocket`, `query.direction`, the frame
   * as the body (passwords, tokens and resume tokens hidden), status 101, the socket's user.
   */
  recordFrame(
    direction: 'in' | 'out',
    frame: unknown,
    text: string,
    user: string | null,
    modelled = true,
    unmatched?: string,
  ): void {
    // the frame's JSON text is at hand: its size and whether it holds a secret are read there,
    // not from a walk of the frame (a socket's hot path)
    const body =
      text.length > MAX_FRAME_CHARS
        ? { '[truncated]': `${text.length} characters` }
        : // a frame in was read for depth before it was parsed, against a bound no deeper than this
          !(direction === 'in' && this.limits.ddpFrameDepth <= MAX_FRAME_DEPTH) &&
            nestedDeeperThan(text, MAX_FRAME_DEPTH)
          ? { '[unreadable]': `nested deeper than ${MAX_FRAME_DEPTH}` }
          : /password|token|resume/i.test(text)
            ? redactSecrets(redactBody(frame))
            : frame;
    this.#record(
      { method: 'DDP', path: '/websocket', query: { direction }, status: 101, user, modelled },
      body,
      undefined,
      unmatched,
    );
  }

  /** Follows what clients write to rooms' streams. Returns the function that stops. */
  watchRoomStreams(listener: (event: RoomStreamEvent) => void): () => void {
    this.#roomStreamListeners.add(listener);
    return () => this.#roomStreamListeners.delete(listener);
  }

  /** Passes a client's write to a room's stream to every connection following it. */
  emitRoomStream(event: RoomStreamEvent): void {
    for (const listener of this.#roomStreamListeners) listener(event);
  }

  /** Follows the events sent to single users (an ephemeral message). Returns the function that stops. */
  watchUsers(listener: (event: UserEvent) => void): () => void {
    this.#userListeners.add(listener);
    return () => this.#userListeners.delete(listener);
  }

  /** Sends an event to one user's realtime connections (`stream-notify-user` `<uid>/<event>`). */
  notifyUser(event: UserEvent): void {
    for (const listener of this.#userListeners) listener(event);
  }

  /** Follows every change of the state: each command's change events, in order (src/store/events.ts). Returns the function that stops. */
  watchChanges(listener: (events: readonly ChangeEvent[]) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  #baselineRateLimit(): RateLimitConfig | undefined {
    return this.#options.rateLimit ?? this.#baseline.world.rateLimit;
  }

  /** The server version this world answers as: the option's, else the scenario's, else the default profile (read on every request). */
  get profile(): Profile {
    return this.#profile;
  }

  /** The id of {@link profile}. */
  get profileId(): ProfileId {
    return this.profile.id;
  }

  /** How many requests the journal keeps. */
  get journalSize(): number {
    return this.#journal.capacity;
  }

  /** The injected faults. */
  get faultSet(): FaultSet {
    return this.#faults;
  }

  /** The rate limiter (off unless configured). */
  get limiter(): RateLimiter {
    return this.#limiter;
  }

  /** The current state's store (the chat API acts on it). */
  get store(): Store {
    return this.#store;
  }

  /** The request journal. */
  get journal(): Journal {
    return this.#journal;
  }

  /** The baseline this world resets to. */
  get baseline(): Baseline {
    return this.#baseline;
  }

  /** Back to the baseline: data, clock, login tokens issued since, and the journal. */
  async reset(): Promise<void> {
    this.#reset();
    this.#emitState('reset');
  }

  /**
   * Ends what this world holds open: requests a delay fault holds lose their connection and
   * `waitForRequest` calls still waiting reject, so a stopped server or an ended session leaves no
   * timer behind.
   */
  close(): void {
    this.#faults.cancelHeld();
    this.#deliveries.close();
    this.#passThrough?.close();
    this.endWaits();
  }

  /**
   * Resolves once the pass-through's calls in flight have their answers (after {@link close}, the
   * 502 each is ended with): a stop answers them before it closes their connections.
   */
  async passThroughSettled(): Promise<void> {
    await this.#passThrough?.settled();
  }

  /** Rejects every `waitForRequest` still waiting: no request will reach this world any more. */
  endWaits(): void {
    this.#journal.endWaits();
  }

  /**
   * How many resets and loads the world has had: a request answered after one that began before it
   * (held by a delay fault, or waiting on the pass-through) is left out of the new journal.
   */
  get epoch(): number {
    return this.#epoch;
  }

  #reset(): void {
    this.#epoch += 1;
    for (const listener of [...this.#resetListeners]) listener();
    // the next request's interaction replays from the (maybe new) baseline
    this.#recorder = undefined;
    this.#store = new Store(this.#baseline, this.#storeOptions());
    this.#added = [];
    this.#journal.clear();
    this.#unmatched.clear();
    this.#stubs.clear();
    this.#stubs.addChecked(this.#baseline.world.stubs ?? []);
    this.#faults.clear();
    this.#faults.cancelHeld();
    this.#limiter.configure(this.#baselineRateLimit());
    this.#deliveries.reset();
  }

  /**
   * Listens to this world's events: each journal entry, each change of state, each webhook
   * attempt, each change of the stubs or faults (see {@link WorldEvent}). Returns the function that stops listening.
   */
  subscribe(listener: (event: WorldEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: WorldEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** A state event, when someone listens (counting the changes costs a walk of the changed entities). */
  #emitState(reason: 'request' | 'reset' | 'load' | 'added' | 'clock' | 'webhook'): void {
    this.#reported = this.#store.version;
    if (this.#listeners.size === 0) return;
    const changes = this.#store.changes();
    const count = (kind: { added: unknown[]; changed: unknown[]; removed: unknown[] }): number =>
      kind.added.length + kind.changed.length + kind.removed.length;
    this.#emit({
      type: 'state',
      reason,
      clock: this.#store.clock.now(),
      changed: {
        users: count(changes.users),
        channels: count(changes.channels),
        directs: count(changes.directs),
        integrations: count(changes.integrations),
        messages: count(changes.messages),
        subscriptions: count(changes.subscriptions),
      },
    });
  }

  /** Validates a scenario whole, then makes it the baseline and the current state. */
  async load(scenario: ScenarioInput | unknown, source = 'load()'): Promise<void> {
    checkGenerated(scenario, this.#options.maxGenerated, source);
    this.#baseline = buildBaseline(
      resolveModule().resolveScenario(scenario, { source, seed: this.#options.seed }),
    );
    this.#profile = profileOf(this.#options.profile ?? this.#baseline.world.profile);
    this.#reset();
    this.#emitState('load');
  }

  /** A deep copy of the current state, in scenario shape. */
  state(): World {
    const rateLimit = this.#limiter.config;
    // fields given through an entity's `extra` go back there: the state loads back as it is
    const world = inScenarioShape(this.#store.state());
    // the stubs in force, as a scenario gives them (what is left of a bounded one)
    const stubs = this.#stubs.list().map(({ hits: _hits, remaining, times: _times, ...stub }) => ({
      ...stub,
      ...(remaining !== null ? { times: remaining } : {}),
    }));
    return {
      ...world,
      ...(rateLimit ? { rateLimit } : {}),
      ...(stubs.length > 0 ? { stubs } : {}),
      profile: this.profile.id,
    };
  }

  /** The real server unmodelled routes are passed through to, if any. */
  get passThrough(): PassThrough | undefined {
    return this.#passThrough;
  }

  /**
   * Stubs made of what the pass-through answered (`GET /__admin/recorded-stubs`): one per method,
   * path and query, the latest answer; load them as a scenario's `stubs` to run without the server.
   */
  recordedStubs(): StubInput[] {
    const stubs = new Map<string, StubInput>();
    for (const { entry, detail } of this.#journal.exchanges()) {
      // no answer of the target's (the fake's own 502 or 504): nothing to replay
      if (entry.proxied !== true || entry.status === 0 || detail.unanswered === true) continue;
      const query = Object.fromEntries(
        Object.entries(entry.query).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
      );
      const request = {
        method: entry.method,
        path: entry.path,
        ...(Object.keys(query).length > 0 ? { query } : {}),
      };
      // an answer the journal no longer holds whole cannot be replayed: a binary one too large to
      // keep its bytes, a text one over the journal's size for one answer, or one let go of to
      // stay within its total (a stub without its body would answer an empty one)
      if (
        detail.binary === true ? detail.base64 === undefined : (detail.chars ?? 0) > 0 && !hasAnswer(detail)
      )
        continue;
      const answer = answerOf(detail);
      // the target's Content-Type, so the stub answers as it did; a binary body by its bytes
      const type = detail.contentType ? { headers: { 'Content-Type': detail.contentType } } : {};
      // a text with `{{` would be read as a stub template: replayed as its bytes, as sent
      const sent =
        detail.json ??
        (typeof answer === 'string' ? answer : answer === undefined ? '' : JSON.stringify(answer));
      const body =
        detail.base64 !== undefined
          ? { base64Body: detail.base64 }
          : sent.includes('{{')
            ? { base64Body: Buffer.from(sent).toString('base64') }
            : answer !== undefined && (answer !== '' || detail.jsonString === true)
              ? // a stub's string body is sent as it is: a JSON string answer is kept as its JSON
                { body: detail.jsonString === true ? (detail.json ?? JSON.stringify(answer)) : answer }
              : {};
      stubs.set(JSON.stringify(request), {
        request,
        response: { status: entry.status, ...type, ...body },
      });
    }
    return [...stubs.values()];
  }

  /** The stubs in force (the pipeline asks them only when there are some). */
  get stubSet(): StubSet {
    return this.#stubs;
  }

  /** Adds a stub (a route outside the model, answered as it says); one of the same id is replaced. */
  stub(input: unknown, source = 'stub()'): Stub {
    const stub = this.#stubs.add(input, source);
    this.#rulesChanged('stubs');
    return stub;
  }

  /** The stubs in force, in the order they are tried, with their hits. */
  stubs(): Stub[] {
    return this.#stubs.list();
  }

  /** Removes one stub by id, or all of them. Returns whether anything was removed. */
  clearStubs(id?: string): boolean {
    return this.#cleared(this.#stubs, 'stubs', id);
  }

  /** The answer of the stub that takes a request, its templates filled in; none when none does. */
  stubAnswer(
    call: StubCall & { authToken?: string; userId?: string },
    modelled: boolean,
  ): StubAnswer | undefined {
    const stub = this.#stubs.take(call, modelled);
    if (!stub) return undefined;
    const { authToken, userId } = call;
    const user = authToken && userId ? this.#store.authenticate(userId, authToken) : undefined;
    const data = {
      request: {
        method: call.method,
        path: call.path,
        query: call.query,
        headers: call.headers,
        body: call.body,
      },
      user: user
        ? { _id: user._id, username: user.username, ...(user.name !== undefined ? { name: user.name } : {}) }
        : null,
      now: this.#store.clock.now(),
    };
    const { stubBodyBytes, stubHeaderBytes } = this.limits;
    try {
      return stubAnswer(stub, data, { bodyBytes: stubBodyBytes, headerBytes: stubHeaderBytes });
    } catch (error) {
      // an answer over its bound is the stub's answer still: the refusal, journaled as the stub's
      if (!(error instanceof ApiError)) throw error;
      return stubRefusal(stub, error.toBody(this.profile), error.status);
    }
  }

  /** Injects a fault (see the README's fault reference) and returns it with its id. */
  fault(input: unknown, source = 'fault()'): Fault {
    const fault = this.#faults.add(input, source);
    this.#rulesChanged('faults');
    return fault;
  }

  /** The active faults. */
  faults(): Fault[] {
    return this.#faults.list();
  }

  /** Clears one fault by id, or all of them. Returns whether anything was cleared. */
  clearFaults(id?: string): boolean {
    return this.#cleared(this.#faults, 'faults', id);
  }

  /** Says that the stubs, the faults or the rate limit in force changed (the inspector shows them at once). */
  #rulesChanged(changed: 'stubs' | 'faults' | 'rateLimit'): void {
    this.#emit({ type: 'rules', changed });
  }

  /**
   * Removes one rule of a set by id (false when there was none), or all of them (true); a rules
   * event only when something went.
   */
  #cleared(
    set: { readonly size: number; remove(id: string): boolean; clear(): void },
    changed: 'stubs' | 'faults',
    id: string | undefined,
  ): boolean {
    const before = set.size;
    if (id === undefined) set.clear();
    else set.remove(id);
    if (set.size === before) return false;
    this.#rulesChanged(changed);
    return true;
  }

  /** Turns rate limiting on (`{limit, windowMs}`) or off (`null`) for this world until reset. */
  setRateLimit(
    config: RateLimitConfig | null | Record<string, unknown>,
    source = 'setRateLimit()',
  ): RateLimitConfig | null {
    this.#limiter.configure(
      config === null ? undefined : parseOrThrow(rateLimitSchema(), config, source, 'rate limit'),
    );
    this.#rulesChanged('rateLimit');
    return this.#limiter.config ?? null;
  }

  /** The rate limit in force, or `null`. */
  getRateLimit(): RateLimitConfig | null {
    return this.#limiter.config ?? null;
  }

  /** Changes server settings until the next reset; answers every setting in force. */
  setSettings(
    settings: Partial<ServerSettings> | Record<string, unknown>,
    source = 'setSettings()',
  ): ServerSettings {
    const changed = this.#store.changeSettings(parseOrThrow(settingsSchema(), settings, source, 'settings'));
    this.#emitState('request');
    return changed;
  }

  /** Every setting the fake models, with the value in force. */
  getSettings(): ServerSettings {
    return this.#store.settings();
  }

  /** What changed since the baseline: added, changed (with field names) and removed entities. */
  changes(): Changes {
    return this.#store.changes();
  }

  /**
   * Checks and resolves an entity to add against the current state, stamped with the change's
   * clock (throws ScenarioError, and nothing changes), then the store adds it.
   */
  #resolve<T>(resolve: (lookup: EntityLookup, stamp: { seed: number; clock: string }) => T): T {
    const lookup = this.#store.lookup();
    return resolve(lookup, { seed: lookup.seed, clock: this.#store.clock.next() });
  }

  /** Adds a user to the current state (missing fields filled deterministically) and returns it. */
  addUser(user: unknown, source = 'addUser()'): User {
    const resolved = this.#resolve((lookup, ctx) => entityModule().resolveUser(user, lookup, ctx, source));
    const added = this.#store.addUser(resolved);
    this.#noteAdded({ after: this.#journal.lastSeq, kind: 'user', entity: added });
    this.#emitState('added');
    return added;
  }

  /** Adds a channel to the current state (`ro: false` unless given) and returns it. */
  addChannel(channel: unknown, source = 'addChannel()'): Room {
    const resolved = this.#resolve((lookup, ctx) =>
      entityModule().resolveChannel(channel, lookup, ctx, source),
    );
    const added = this.#store.addChannel(resolved);
    this.#noteAdded({ after: this.#journal.lastSeq, kind: 'channel', entity: added });
    this.#emitState('added');
    return added;
  }

  /** Adds an integration to the current state and returns it. */
  addIntegration(integration: unknown, source = 'addIntegration()'): Integration {
    const resolved = this.#resolve((lookup, ctx) =>
      entityModule().resolveIntegration(integration, lookup, ctx, source),
    );
    const added = this.#store.addIntegration(resolved);
    this.#noteAdded({ after: this.#journal.lastSeq, kind: 'integration', entity: added });
    this.#emitState('added');
    return added;
  }

  /** The fake clock of the current state: `now()`, `set(iso)`, `advance(ms)`. */
  get clock(): ClockControl {
    return {
      now: () => this.#store.clock.now(),
      set: (iso) => {
        this.#store.clock.set(iso);
        this.#emitState('clock');
        this.#deliveries.runDue();
      },
      advance: (ms) => {
        this.#store.clock.advance(ms);
        this.#emitState('clock');
        this.#deliveries.runDue();
      },
    };
  }

  /** Journals one answered request, stamped with this world's fake clock, its body redacted. */
  recordRequest(request: Omit<JournalEntry, 'seq' | 'time'>, detail?: ExchangeDetail): void {
    this.#record(request, redactBody(request.body), detail);
  }

  /** Journals an entry with its body as the journal keeps it (redacted by the caller). */
  #record(
    request: Omit<JournalEntry, 'seq' | 'time' | 'body'>,
    body: unknown,
    detail?: ExchangeDetail,
    unmatched?: string,
  ): void {
    const { method, path, modelled } = request;
    const time = this.#store.clock.now();
    // the request's own fields are the entry's: no copy of them is made on the way
    const entry = this.#journal.record(request, body, time, detail);
    if (this.#options.keepContract && detail) this.#contractRecorder().record({ entry, detail });
    if (!modelled && request.stub === undefined && request.proxied !== true) {
      // a realtime frame is listed as what the connection names (`DDP <method>`, `DDP sub <name>`)
      const route = method === 'DDP' ? (unmatched ?? String((body as { method?: unknown }).method)) : path;
      const first = this.#unmatched.note(method, route, time, detail?.operation);
      if (first) this.#options.onUnmodelled?.(first);
    }
    if (this.#listeners.size === 0) return;
    this.#emit({ type: 'request', entry: structuredClone(entry) });
    if (this.#store.version !== this.#reported) this.#emitState('request');
  }

  /**
   * After a chat request: delivers the outgoing webhooks its messages triggered (`siteUrl`, the
   * address the client reached, goes in their payload) and the retries now due.
   */
  deliverWebhooks(siteUrl: () => string): void {
    // most changes trigger nothing: the address is read only when something is to be sent
    if (this.#store.hasTriggers() || this.#deliveries.retriesPending) this.#deliveries.dispatch(siteUrl());
  }

  /** The outgoing webhooks' attempts kept (the last 1000), oldest first. */
  deliveries(): WebhookDelivery[] {
    return this.#deliveries.list();
  }

  /**
   * Resolves with every attempt kept once none is in flight (retries that wait on the fake clock
   * do not count); rejects after `timeoutMs` (default 5000) with what is still pending.
   */
  async waitForDeliveries(options: { timeoutMs?: number } = {}): Promise<WebhookDelivery[]> {
    const timeoutMs = options.timeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const pending = this.#deliveries.list().filter((d) => d.outcome === 'pending');
        reject(new DeliveriesPending(timeoutMs, pending));
      }, timeoutMs);
    });
    try {
      await Promise.race([this.#deliveries.settled(), timeout]);
    } finally {
      clearTimeout(timer);
    }
    return this.#deliveries.list();
  }

  /** Forgets the attempts kept (what is in flight still completes). */
  clearDeliveries(): void {
    this.#deliveries.clear();
    this.#emit({ type: 'cleared', what: 'deliveries' });
  }

  /**
   * One recorded request with the answer it got (the inspector's details): the answer's JSON with
   * tokens and passwords hidden, or its text when it is not JSON.
   */
  exchange(seq: number): { entry: JournalEntry; response: unknown } | undefined {
    const found = this.#journal.exchange(seq);
    if (!found) return undefined;
    const { chars, excerpt, dropped } = found.detail;
    const answer = answerOf(found.detail);
    const response: unknown = dropped
      ? { '[dropped]': `${chars ?? 0} characters, let go to keep the journal within its budget` }
      : excerpt !== undefined
        ? { '[truncated]': `${chars ?? 0} characters; the first ${excerpt.length} follow`, text: excerpt }
        : redactSecrets(answer ?? null);
    return { entry: found.entry, response };
  }

  /** An entity the control API added, for the contract's replay. */
  #noteAdded(item: AddedEntity): void {
    if (this.#options.keepContract) this.#contractRecorder().added(item);
    else this.#added.push(item);
  }

  /** With `keepContract`, the contract's recorder for the current baseline. */
  #contractRecorder(): ContractRecorder {
    this.#recorder ??= new (pactModule().ContractRecorder)(this.#baseline.world, this.#kept);
    return this.#recorder;
  }

  #interactions(): PactInteraction[] {
    return pactModule().toInteractions(this.#journal.exchanges(), this.#baseline.world, this.#added);
  }

  /**
   * The journal (with `keepContract`, every request since the world began) as a Pact v4 contract:
   * one interaction per distinct request and answer, provider states, matching rules, no secrets.
   */
  pact(options: PactOptions): PactDocument {
    if (typeof options?.consumer !== 'string' || options.consumer.trim() === '') {
      throw new ApiError('control-invalid', { reason: 'pact: a consumer name is required' });
    }
    return pactModule().pactOf(options, this.contractInteractions());
  }

  /**
   * The interactions of the contract: with `keepContract`, every one since the world began (across
   * resets, and past what the journal's ring still holds); else the journal's.
   */
  contractInteractions(): PactInteraction[] {
    return this.#options.keepContract ? [...this.#kept.values()] : this.#interactions();
  }

  /**
   * Sets this world up for one provider state of a contract it wrote (Pact's state change): a
   * setup answers the values to inject; a teardown resets the world to its baseline.
   */
  async providerState(change: ProviderStateChange): Promise<Record<string, unknown>> {
    if (change.action === 'teardown') {
      await this.reset();
      return {};
    }
    return providerStateModule().applyProviderState(change, {
      store: this.#store,
      addUser: (user, source) => this.addUser(user, source),
      addChannel: (channel, source) => this.addChannel(channel, source),
      addIntegration: (integration, source) => this.addIntegration(integration, source),
    });
  }

  /** The recorded chat API requests matching a filter, oldest first. */
  requests(filter?: RequestFilter): JournalEntry[] {
    return this.#journal.list(filter);
  }

  /** The journal as `GET /__admin/requests` answers it. */
  requestsPage(filter?: RequestFilter): RequestsPage {
    const requests = this.#journal.list(filter);
    return { requests, total: requests.length, dropped: this.#journal.dropped };
  }

  /** How many recorded requests match. */
  countRequests(filter?: RequestFilter): number {
    return this.#journal.list(filter).length;
  }

  /** The most recent matching request, if any. */
  lastRequest(filter?: RequestFilter): JournalEntry | undefined {
    return this.#journal.list(filter).at(-1);
  }

  /**
   * The routes called that the fake does not model, most called first, each with the modelled
   * route nearest to it (`GET /__admin/unmatched`); cleared with the journal.
   */
  unmatched(): UnmatchedRoute[] {
    return this.#unmatched.list();
  }

  /** Forgets the recorded requests; the data is untouched. */
  clearRequests(): void {
    // what was added stays in the state: from now on it is there before every request
    this.#added = this.#added.map((item) => ({ ...item, after: 0 }));
    this.#journal.clear();
    this.#unmatched.clear();
    this.#emit({ type: 'cleared', what: 'requests' });
  }

  /**
   * Resolves with the first matching request, already recorded or still to come; rejects after
   * `timeoutMs` (default 2000) naming the requests that were recorded instead.
   */
  waitForRequest(
    filter: RequestFilter,
    { timeoutMs = 2000 }: { timeoutMs?: number } = {},
  ): Promise<JournalEntry> {
    return this.#journal.waitFor(filter, timeoutMs);
  }
}
