/* eslint-disable @typescript-eslint/no-require-imports -- deferred loads (src/lazy.ts) */
import type { WorldControl } from './control';
import type { Profile } from './profiles';
import { profileOf } from './profiles';
import type { FaultSet } from './faults/faults';
import { redactBody } from './journal/journal';
import type { ExchangeDetail, Journal } from './journal/journal';
import { frameBody, frameNote, frameRequest } from './journal/frames';
import type { FrameContext } from './journal/frames';
import { ChangeNotes, changeViews } from './journal/changes';
import { RequestLog } from './journal/request-log';
import type { RequestsPage } from './journal/request-log';
import type { PassThrough } from './proxy/passthrough';
import { passThroughOf } from './proxy/configured';
import type { StubSet, StubAnswer, StubCall } from './stubs/stubs';
import { recordedStubs } from './stubs/recorded';
import { respond } from './stubs/respond';
import type * as TableModule from './operations/table';
import type { MethodBridge } from './operations/operation';
import { lazy } from './lazy';
import { limitsOf } from './limits';
import type { Limits } from './limits';
import { RateLimiter } from './ratelimit/limiter';
import { Deliveries } from './webhooks/deliveries';
import { inScenarioShape } from './scenario/fields';
import type * as ApplyModule from './pact/apply';
import { Contract } from './pact/contract';
import type { ScenarioInput } from './scenario/schema';
import type { Baseline } from './store/baseline';
import type { ChangeEvent, StoreOptions } from './store/store';
import { Store } from './store/store';
import { storeRulesOf } from './operations/store-rules';
import { clockControl } from './world/clock';
import { WorldEvents } from './world/events';
import {
  addChannel,
  addIntegration,
  addUser,
  baselineOf,
  checkRateLimit,
  checkSettings,
} from './world/inputs';
import type { WorldOptions } from './world/options';
import { CLOCK_BEHIND_MS, Warnings, fixedClockWarning } from './world/warnings';
import type { ResetOptions } from './control';
import { Relays } from './world/relays';
import type { RoomStreamEvent, UserEvent } from './world/relays';
import { RuleSets } from './world/rule-sets';
import type {
  Changes,
  ClockControl,
  Fault,
  Integration,
  DdpFrameNote,
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
  RequestExchange,
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
 * scenario layer (validation, resolution: src/world/inputs.ts) and hands the store only checked,
 * resolved values. Imports base, store, scenario and the world's own parts (journal/, faults/,
 * ratelimit/, stubs/, pact/, webhooks/, world/).
 */

/** Provider states (src/pact/apply.ts): loaded when Pact's verifier asks for one. */
const providerStateModule = lazy(() => require('./pact/apply') as typeof ApplyModule);

export type { WorldOptions } from './world/options';
export type { RoomStreamEvent, UserEvent } from './world/relays';
export type { RequestsPage } from './journal/request-log';

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
  /** the journal and the unmodelled routes called */
  readonly #log: RequestLog;
  /** the contract: the entities added for its replay; with `keepContract`, its interactions */
  readonly #contract: Contract;
  /** the stubs (answers for routes outside the model) and the injected faults */
  readonly #rules: RuleSets;
  /** where unmodelled routes go when no stub answers them, if anywhere */
  readonly #passThrough: PassThrough | undefined;
  readonly #limiter: RateLimiter;
  /** outgoing webhooks' deliveries */
  readonly #deliveries: Deliveries;
  /** what the realtime API's connections follow: resets, changes, rooms' streams, user events */
  readonly #relays = new Relays();
  /** this world's events and who listens to them (`GET /__admin/events`) */
  readonly #events: WorldEvents;
  /** the realtime methods as a REST route runs them (`method.call`), once the server gave them */
  #methods: MethodBridge | undefined;
  /** the detail of the request being run, if one is: its change events are noted there */
  #noting: ExchangeDetail | undefined;
  /** the notes of that request's change events, from its first */
  #notes: ChangeNotes | undefined;
  #epoch = 0;
  /** what the fake says once (shared with the server's other worlds) */
  readonly #warnings: Warnings;

  /** the bounds in force (src/limits.ts) */
  readonly limits: Readonly<Limits>;

  constructor(baseline: Baseline, options: WorldOptions = {}) {
    this.#options = options;
    this.#warnings = options.warnings ?? new Warnings();
    this.limits = limitsOf(options.limits);
    if (options.rateLimit) checkRateLimit(options.rateLimit, 'options.rateLimit');
    this.#baseline = baseline;
    this.#profile = profileOf(options.profile ?? baseline.world.profile);
    this.#store = new Store(baseline, this.#storeOptions());
    this.#events = new WorldEvents(this.#store.version);
    this.#contract = new Contract(
      Boolean(options.keepContract),
      () => this.#baseline.world,
      () => this.#log.journal.exchanges(),
    );
    this.#log = new RequestLog({
      size: options.journalSize,
      // contracts are made of whole answers: a world that keeps its contract keeps them whole
      budget: !options.keepContract,
      nearest: (method, path) => tableModule().nearestRoute(method, path),
      onUnmodelled: (route) => this.#options.onUnmodelled?.(route),
      journaled: options.keepContract ? (exchange) => this.#contract.record(exchange) : undefined,
    });
    // the inspector shows the rules in force at once
    this.#rules = new RuleSets(baseline.world.seed, baseline.world.stubs ?? [], (changed) =>
      this.#events.emit({ type: 'rules', changed }),
    );
    this.#passThrough = passThroughOf(options.proxyUnmodelled, this.limits.proxyAnswerBytes);
    this.#limiter = new RateLimiter(this.#baselineRateLimit());
    this.#deliveries = new Deliveries({
      limits: this.limits,
      store: () => this.#store,
      delivered: (delivery) => this.#events.emit({ type: 'delivery', delivery }),
      changed: () => this.#events.stateIfChanged(this.#store, 'webhook'),
    });
  }

  /** A store's options: the world's rules, and the change events the realtime API follows. */
  #storeOptions(): StoreOptions {
    return {
      lenient: this.#options.lenient,
      rules: storeRulesOf(this.profile),
      clock: this.#options.clock,
      onChange: (events) => {
        if (this.#noting) (this.#notes ??= new ChangeNotes()).add(events);
        this.#relays.changed(events);
      },
      bounds: {
        users: this.limits.usersPerWorld,
        integrations: this.limits.integrationsPerWorld,
        teams: this.limits.teamsPerWorld,
        rooms: this.limits.roomsPerWorld,
        members: this.limits.membersPerRoom,
        uploadBytes: this.limits.uploadBytesPerWorld,
      },
      deliveries: () => this.#deliveries.list(),
      // a read's change of the reader's subscription reaches the realtime streams as every change
      // does: through onChange and the stream table (src/realtime/streams.ts)
    };
  }

  /**
   * Is told when the world goes back to its baseline (a reset, a load), and whether the reset kept
   * logins. Returns the function that stops.
   */
  onReset(listener: (keepLogins: boolean) => void): () => void {
    return this.#relays.watchResets(listener);
  }

  /**
   * Journals one realtime (DDP) frame, in or out: `DDP /websocket`, `query.direction`, the frame
   * as the body (passwords, tokens and resume tokens hidden), status 101, the socket's user, and
   * the frame's note (`ddp`: its socket, type, names and summary; `context` says what the socket knows).
   */
  recordFrame(
    direction: 'in' | 'out',
    frame: unknown,
    text: string,
    user: string | null,
    context: FrameContext,
    modelled = true,
    unmatched?: string,
    stub?: string,
  ): JournalEntry {
    const body = frameBody(direction, frame, text, this.limits.ddpFrameDepth);
    // the note is made when the entry is first read (a socket's hot path: most entries never
    // are), or now when the inspector's event stream shows each entry as it comes
    const note = (): DdpFrameNote => frameNote(direction, frame, context);
    if (this.#events.listened)
      return this.#record(frameRequest(direction, user, modelled, note(), stub), body, undefined, unmatched);
    return this.#record(
      frameRequest(direction, user, modelled, undefined, stub),
      body,
      undefined,
      unmatched,
      note,
    );
  }

  /**
   * The detail of a realtime method call's `in` frame (`entry`, as {@link recordFrame} returned
   * it), once the call is answered: its method, caller and answer, as a REST exchange's. Nothing
   * when the journal no longer holds the entry (a reset or a clear since).
   */
  recordMethodAnswer(entry: JournalEntry, detail: ExchangeDetail): void {
    this.#log.attach(entry, detail);
  }

  /** Follows what clients write to rooms' streams. Returns the function that stops. */
  watchRoomStreams(listener: (event: RoomStreamEvent) => void): () => void {
    return this.#relays.watchRoomStreams(listener);
  }

  /** Passes a client's write to a room's stream to every connection following it. */
  emitRoomStream(event: RoomStreamEvent): void {
    this.#relays.emitRoomStream(event);
  }

  /** Follows the events sent to single users (an ephemeral message). Returns the function that stops. */
  watchUsers(listener: (event: UserEvent) => void): () => void {
    return this.#relays.watchUsers(listener);
  }

  /** Sends an event to one user's realtime connections (`stream-notify-user` `<uid>/<event>`). */
  notifyUser(event: UserEvent): void {
    this.#relays.notifyUser(event);
  }

  /**
   * Runs one request's operation (synchronously: nothing else runs meanwhile) and notes in its
   * detail the change events it committed (src/journal/changes.ts): the journal's entry then tells
   * what the request changed, the inspector shows it and the contract replays it. A refused
   * request commits nothing, and notes none.
   */
  noting<T>(detail: ExchangeDetail, run: () => T): T {
    this.#noting = detail;
    try {
      return run();
    } finally {
      this.#noting = undefined;
      if (this.#notes) detail.changes = this.#notes.taken();
      this.#notes = undefined;
    }
  }

  /** Follows every change of the state: each command's change events, in order (src/store/events.ts). Returns the function that stops. */
  watchChanges(listener: (events: readonly ChangeEvent[]) => void): () => void {
    return this.#relays.watchChanges(listener);
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
    return this.#log.journal.capacity;
  }

  /** The injected faults. */
  get faultSet(): FaultSet {
    return this.#rules.faults;
  }

  /** The rate limiter (off unless configured). */
  get limiter(): RateLimiter {
    return this.#limiter;
  }

  /**
   * Gives the world its bridge to the realtime API's methods (the server's wiring does, as it makes
   * the world: src/server.ts): the operations, below the realtime layer, reach the methods so.
   */
  bridgeMethods(bridge: MethodBridge): void {
    this.#methods = bridge;
  }

  /** The realtime methods as a REST route runs them (`method.call`), if the world has them. */
  get methods(): MethodBridge | undefined {
    return this.#methods;
  }

  /** The current state's store (the chat API acts on it). */
  get store(): Store {
    return this.#store;
  }

  /** The request journal. */
  get journal(): Journal {
    return this.#log.journal;
  }

  /** The baseline this world resets to. */
  get baseline(): Baseline {
    return this.#baseline;
  }

  /**
   * Back to the baseline: data, clock, login tokens issued since, and the journal. `keepLogins`:
   * the login tokens issued since whose user the baseline has too stay valid, and the realtime
   * sockets logged in with them stay open (a bot connected for a whole test file).
   */
  async reset(options: ResetOptions = {}): Promise<void> {
    this.#reset(options.keepLogins === true);
    this.#events.state(this.#store, 'reset');
  }

  /**
   * Ends what this world holds open: requests a delay fault holds lose their connection and
   * `waitForRequest` calls still waiting reject, so a stopped server or an ended session leaves no
   * timer behind.
   */
  close(): void {
    this.#rules.faults.cancelHeld();
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
    this.#log.journal.endWaits();
  }

  /**
   * How many resets and loads the world has had: a request answered after one that began before it
   * (held by a delay fault, or waiting on the pass-through) is left out of the new journal.
   */
  get epoch(): number {
    return this.#epoch;
  }

  #reset(keepLogins = false): void {
    this.#epoch += 1;
    const logins = keepLogins ? this.#store.loginsIssued() : [];
    // the sockets end before the state goes, unless the logins stay: they are told once the new
    // state holds them, and the sockets whose login it kept go on
    if (!keepLogins) this.#relays.reset();
    // the next request's interaction replays from the (maybe new) baseline
    this.#contract.reset();
    this.#store = new Store(this.#baseline, this.#storeOptions());
    if (keepLogins) {
      this.#store.keepLogins(logins);
      this.#relays.reset(true);
    }
    this.#log.clear();
    this.#rules.reset(this.#baseline.world.stubs ?? []);
    this.#limiter.configure(this.#baselineRateLimit());
    this.#deliveries.reset();
  }

  /**
   * Listens to this world's events: each journal entry, each change of state, each webhook
   * attempt, each change of the stubs or faults (see {@link WorldEvent}). Returns the function that stops listening.
   */
  subscribe(listener: (event: WorldEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  /** Validates a scenario whole, then makes it the baseline and the current state. */
  async load(scenario: ScenarioInput | unknown, source = 'load()'): Promise<void> {
    const { seed, maxGenerated } = this.#options;
    this.#baseline = baselineOf(scenario, { source, seed, maxGenerated });
    this.#profile = profileOf(this.#options.profile ?? this.#baseline.world.profile);
    this.#reset();
    this.#events.state(this.#store, 'load');
  }

  /** A deep copy of the current state, in scenario shape. */
  state(): World {
    const rateLimit = this.#limiter.config;
    // fields given through an entity's `extra` go back there: the state loads back as it is
    const world = inScenarioShape(this.#store.state());
    // the stubs in force, as a scenario gives them (what is left of a bounded one)
    const stubs = this.#rules.scenarioStubs();
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
    return recordedStubs(this.#log.journal.exchanges());
  }

  /** The stubs in force (the pipeline asks them only when there are some). */
  get stubSet(): StubSet {
    return this.#rules.stubs;
  }

  /** Adds a stub (a route outside the model, answered as it says); one of the same id is replaced. */
  stub(input: unknown, source = 'stub()'): Stub {
    return this.#rules.addStub(input, source);
  }

  /** The stubs in force, in the order they are tried, with their hits. */
  stubs(): Stub[] {
    return this.#rules.stubs.list();
  }

  /** Removes one stub by id, or all of them. Returns whether anything was removed. */
  clearStubs(id?: string): boolean {
    return this.#rules.clearStubs(id);
  }

  /** The answer of the stub that takes a request, its templates filled in; none when none does. */
  stubAnswer(
    call: StubCall & { authToken?: string; userId?: string },
    modelled: boolean,
  ): StubAnswer | undefined {
    const stub = this.#rules.stubs.take(call, modelled);
    if (!stub) return undefined;
    const { authToken, userId } = call;
    const user = authToken && userId ? this.#store.authenticate(userId, authToken) : undefined;
    return respond(stub, call, user, this.#store.clock.now(), this.limits, this.profile);
  }

  /** Injects a fault (see the README's fault reference) and returns it with its id. */
  fault(input: unknown, source = 'fault()'): Fault {
    return this.#rules.addFault(input, source);
  }

  /** The active faults. */
  faults(): Fault[] {
    return this.#rules.faults.list();
  }

  /** Clears one fault by id, or all of them. Returns whether anything was cleared. */
  clearFaults(id?: string): boolean {
    return this.#rules.clearFaults(id);
  }

  /** Turns rate limiting on (`{limit, windowMs}`) or off (`null`) for this world until reset. */
  setRateLimit(
    config: RateLimitConfig | null | Record<string, unknown>,
    source = 'setRateLimit()',
  ): RateLimitConfig | null {
    this.#limiter.configure(config === null ? undefined : checkRateLimit(config, source));
    this.#events.emit({ type: 'rules', changed: 'rateLimit' });
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
    const changed = this.#store.changeSettings(checkSettings(settings, source));
    this.#events.state(this.#store, 'request');
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

  /** Adds a user to the current state (missing fields filled deterministically) and returns it. */
  addUser(user: unknown, source = 'addUser()'): User {
    const added = addUser(this.#store, user, source);
    this.#contract.added({ after: this.#log.journal.lastSeq, kind: 'user', entity: added });
    this.#events.state(this.#store, 'added');
    return added;
  }

  /** Adds a channel to the current state (`ro: false` unless given) and returns it. */
  addChannel(channel: unknown, source = 'addChannel()'): Room {
    const added = addChannel(this.#store, channel, source);
    this.#contract.added({ after: this.#log.journal.lastSeq, kind: 'channel', entity: added });
    this.#events.state(this.#store, 'added');
    return added;
  }

  /** Adds an integration to the current state and returns it. */
  addIntegration(integration: unknown, source = 'addIntegration()'): Integration {
    const added = addIntegration(this.#store, integration, source);
    this.#contract.added({ after: this.#log.journal.lastSeq, kind: 'integration', entity: added });
    this.#events.state(this.#store, 'added');
    return added;
  }

  /** The fake clock of the current state: `now()`, `set(iso)`, `advance(ms)`. */
  get clock(): ClockControl {
    // each move is a state event, and sends the webhook retries it makes due
    return clockControl(
      () => this.#store,
      () => {
        this.#events.state(this.#store, 'clock');
        this.#deliveries.runDue();
      },
    );
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
    note?: () => DdpFrameNote,
  ): JournalEntry {
    const entry = this.#log.record(request, body, this.#store.clock.now(), detail, unmatched, note);
    if (!this.#events.listened) return entry;
    this.#events.emit({
      type: 'request',
      entry: structuredClone(entry),
      changes: changeViews(detail?.changes),
    });
    this.#events.stateIfChanged(this.#store, 'request');
    return entry;
  }

  /**
   * After a chat request: delivers the outgoing webhooks its messages triggered (the `Site_Url`
   * setting goes in their payload, as the real server sends it; at its default `""`, `siteUrl`, the
   * address the client reached) and the retries now due.
   */
  deliverWebhooks(siteUrl: () => string): void {
    // most changes trigger nothing: the address is read only when something is to be sent
    if (this.#store.hasTriggers() || this.#deliveries.retriesPending)
      this.#deliveries.dispatch(this.#store.settings().Site_Url || siteUrl());
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
    return this.#deliveries.waitFor(options.timeoutMs ?? 5000);
  }

  /** Forgets the attempts kept (what is in flight still completes). */
  clearDeliveries(): void {
    this.#deliveries.clear();
    this.#events.emit({ type: 'cleared', what: 'deliveries' });
  }

  /**
   * One recorded request with the answer it got and what it changed (the inspector's details): the
   * answer's JSON with tokens and passwords hidden, or its text when it is not JSON; the change
   * events it committed, each entity's kind, id and op.
   */
  exchange(seq: number): RequestExchange | undefined {
    return this.#log.exchange(seq);
  }

  /**
   * The journal (with `keepContract`, every request since the world began) as a Pact v4 contract:
   * one interaction per distinct request and answer, provider states, matching rules, no secrets.
   */
  pact(options: PactOptions): PactDocument {
    return this.#contract.pact(options);
  }

  /**
   * The interactions of the contract: with `keepContract`, every one since the world began (across
   * resets, and past what the journal's ring still holds); else the journal's.
   */
  contractInteractions(): PactInteraction[] {
    return this.#contract.interactions();
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
      profile: this.#profile,
      addUser: (user, source) => this.addUser(user, source),
      addChannel: (channel, source) => this.addChannel(channel, source),
      addIntegration: (integration, source) => this.addIntegration(integration, source),
    });
  }

  /** The recorded chat API requests matching a filter, oldest first. */
  requests(filter?: RequestFilter): JournalEntry[] {
    return this.#log.list(filter);
  }

  /** The journal as `GET /__admin/requests` answers it. */
  requestsPage(filter?: RequestFilter): RequestsPage {
    return this.#log.page(filter);
  }

  /** How many recorded requests match. */
  countRequests(filter?: RequestFilter): number {
    return this.#log.count(filter);
  }

  /** The most recent matching request, if any. */
  lastRequest(filter?: RequestFilter): JournalEntry | undefined {
    return this.#log.last(filter);
  }

  /**
   * The routes called that the fake does not model, most called first, each with the modelled
   * route nearest to it (`GET /__admin/unmatched`); cleared with the journal.
   */
  warnings(): string[] {
    return this.#warnings.list();
  }

  /**
   * A realtime client began to follow messages (`stream-room-messages`): with the fixed clock more
   * than a minute behind the wall clock, real drivers would drop every message, so the fake says
   * so, once per server (stderr, {@link warnings}, and a `warning` event for the inspector).
   */
  followingMessages(): void {
    if ((this.#options.clock ?? 'fixed') !== 'fixed') return;
    const clock = this.#store.clock;
    if (Date.now() - clock.nowMs() <= CLOCK_BEHIND_MS) return;
    const text = fixedClockWarning(clock.now());
    if (this.#warnings.once('fixed-clock', text)) this.#events.emit({ type: 'warning', text });
  }

  unmatched(): UnmatchedRoute[] {
    return this.#log.unmatched();
  }

  /** Forgets the recorded requests; the data is untouched. */
  clearRequests(): void {
    // what was added stays in the state: from now on it is there before every request
    this.#contract.journalCleared();
    this.#log.clear();
    this.#events.emit({ type: 'cleared', what: 'requests' });
  }

  /**
   * Resolves with the first matching request, already recorded or still to come; rejects after
   * `timeoutMs` (default 2000) naming the requests that were recorded instead.
   */
  waitForRequest(
    filter: RequestFilter,
    { timeoutMs = 2000 }: { timeoutMs?: number } = {},
  ): Promise<JournalEntry> {
    return this.#log.journal.waitFor(filter, timeoutMs);
  }
}
