import type { ScenarioInput } from './scenario/schema';
import type {
  Changes,
  ClockControl,
  Fault,
  FaultInput,
  Integration,
  JournalEntry,
  PactDocument,
  PactOptions,
  ProviderStateChange,
  RateLimitConfig,
  RequestFilter,
  Room,
  User,
  World,
  WorldEvent,
} from './types';
import type { FakeWorld } from './world';

/**
 * The programmatic face of one world, shared by `FakeServer` (its root world) and `FakeSession`:
 * every member here is also a control API route, and both call the same `FakeWorld` method.
 */
export abstract class WorldHandle {
  /** the world these members act on */
  protected abstract get world(): FakeWorld;

  /** Back to the baseline: data, clock, login tokens issued since, journal, faults, rate limit. */
  reset(): Promise<void> {
    return this.world.reset();
  }

  /**
   * Validates a scenario document whole, then makes it the baseline and the current state.
   * Throws ScenarioError (and changes nothing) when it has problems.
   */
  load(scenario: ScenarioInput | unknown, source = 'load()'): Promise<void> {
    return this.world.load(scenario, source);
  }

  /** A deep copy of the current state, in scenario shape. */
  state(): World {
    return this.world.state();
  }

  /** What changed since the baseline: added, changed (with field names) and removed entities. */
  changes(): Changes {
    return this.world.changes();
  }

  /** Adds a user to the current state (missing fields filled deterministically) and returns it. */
  addUser(user: unknown, source = 'addUser()'): User {
    return this.world.addUser(user, source);
  }

  /** Adds a channel to the current state (`ro: false` unless given) and returns it. */
  addChannel(channel: unknown, source = 'addChannel()'): Room {
    return this.world.addChannel(channel, source);
  }

  /** Adds an integration to the current state and returns it. */
  addIntegration(integration: unknown, source = 'addIntegration()'): Integration {
    return this.world.addIntegration(integration, source);
  }

  /** The fake clock of the current state: `now()`, `set(iso)`, `advance(ms)`. */
  get clock(): ClockControl {
    return this.world.clock;
  }

  /** The recorded chat API requests matching a filter (`path` with `*`, `method`, `status`), oldest first. */
  requests(filter?: RequestFilter): JournalEntry[] {
    return this.world.requests(filter);
  }

  /** How many recorded requests match. */
  countRequests(filter?: RequestFilter): number {
    return this.world.countRequests(filter);
  }

  /** The most recent matching request, if any. */
  lastRequest(filter?: RequestFilter): JournalEntry | undefined {
    return this.world.lastRequest(filter);
  }

  /** Forgets the recorded requests; the data is untouched. */
  clearRequests(): void {
    this.world.clearRequests();
  }

  /** Resolves with the first matching request, recorded or still to come; rejects after `timeoutMs` (2000). */
  waitForRequest(filter: RequestFilter, options?: { timeoutMs?: number }): Promise<JournalEntry> {
    return this.world.waitForRequest(filter, options);
  }

  /**
   * Injects a fault: `{path, method?, times?, status?, body?, delayMs?, drop?, partial?}` (see the
   * README). Returns it with its `id`. Throws ScenarioError for a bad one.
   */
  fault(input: FaultInput): Fault {
    return this.world.fault(input);
  }

  /** The active faults. */
  faults(): Fault[] {
    return this.world.faults();
  }

  /** Clears one fault by id, or all. */
  clearFaults(id?: string): boolean {
    return this.world.clearFaults(id);
  }

  /** Turns rate limiting on (`{limit, windowMs}`) or off (`null`) until the next reset. */
  setRateLimit(config: RateLimitConfig | null): RateLimitConfig | null {
    return this.world.setRateLimit(config);
  }

  /** The rate limit in force, or `null`. */
  getRateLimit(): RateLimitConfig | null {
    return this.world.getRateLimit();
  }

  /**
   * Listens to this world's events, as `GET /__admin/events` streams them: each journal entry
   * (`{type: "request", entry}`) and each change of state (`{type: "state", reason, clock,
   * changed}`). Returns the function that stops listening.
   */
  subscribe(listener: (event: WorldEvent) => void): () => void {
    return this.world.subscribe(listener);
  }

  /**
   * The journal as a Pact Specification v4 contract: one interaction per distinct request and
   * answer, in the order first seen, with provider states and matching rules, and no secrets (see
   * the README, "Contracts"). `provider` defaults to `rocketchat`; `filter` as for `requests()`.
   */
  pact(options: PactOptions): PactDocument {
    return this.world.pact(options);
  }

  /**
   * Pact's state-change request for a contract this fake wrote: a setup makes the state whole and
   * answers the values to inject (`userId`, `authToken`, `password`, `roomId`); a teardown resets.
   */
  providerState(change: ProviderStateChange): Promise<Record<string, unknown>> {
    return this.world.providerState(change);
  }
}
