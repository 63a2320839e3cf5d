import type { ResetOptions, WorldControl } from './control';
import { checkRequestFilter, checkWaitOptions } from './surface/params';
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
  ServerSettings,
  WebhookDelivery,
  RequestFilter,
  Room,
  Stub,
  StubInput,
  UnmatchedRoute,
  User,
  World,
  WorldEvent,
} from './types';
import type { FakeWorld } from './world';

/**
 * The programmatic face of one world, shared by `FakeServer` (its root world) and `FakeSession`:
 * {@link WorldControl}, each member handed to the same `FakeWorld` method the control API calls.
 * The signatures and their documentation are WorldControl's (src/control.ts), declared once.
 */
export abstract class WorldHandle implements WorldControl {
  /** the world these members act on */
  protected abstract get world(): FakeWorld;

  async reset(options?: ResetOptions): Promise<void> {
    return this.world.reset(options);
  }
  async load(scenario: ScenarioInput | unknown, source = 'load()'): Promise<void> {
    return this.world.load(scenario, source);
  }
  state(): World {
    return this.world.state();
  }
  changes(): Changes {
    return this.world.changes();
  }
  addUser(user: unknown, source = 'addUser()'): User {
    return this.world.addUser(user, source);
  }
  addChannel(channel: unknown, source = 'addChannel()'): Room {
    return this.world.addChannel(channel, source);
  }
  addIntegration(integration: unknown, source = 'addIntegration()'): Integration {
    return this.world.addIntegration(integration, source);
  }
  get clock(): ClockControl {
    return this.world.clock;
  }
  requests(filter?: RequestFilter): JournalEntry[] {
    return this.world.requests(checkRequestFilter(filter, 'requests()'));
  }
  requestsPage(filter?: RequestFilter): { requests: JournalEntry[]; total: number; dropped: number } {
    return this.world.requestsPage(checkRequestFilter(filter, 'requestsPage()'));
  }
  countRequests(filter?: RequestFilter): number {
    return this.world.countRequests(checkRequestFilter(filter, 'countRequests()'));
  }
  lastRequest(filter?: RequestFilter): JournalEntry | undefined {
    return this.world.lastRequest(checkRequestFilter(filter, 'lastRequest()'));
  }
  clearRequests(): void {
    this.world.clearRequests();
  }
  unmatched(): UnmatchedRoute[] {
    return this.world.unmatched();
  }
  warnings(): string[] {
    return this.world.warnings();
  }
  stub(input: StubInput, source = 'stub()'): Stub {
    return this.world.stub(input, source);
  }
  stubs(): Stub[] {
    return this.world.stubs();
  }
  recordedStubs(): StubInput[] {
    return this.world.recordedStubs();
  }
  clearStubs(id?: string): boolean {
    return this.world.clearStubs(id);
  }
  waitForRequest(filter: RequestFilter, options?: { timeoutMs?: number }): Promise<JournalEntry> {
    return this.world.waitForRequest(
      checkRequestFilter(filter, 'waitForRequest()') ?? {},
      checkWaitOptions(options, 'waitForRequest()'),
    );
  }
  deliveries(): WebhookDelivery[] {
    return this.world.deliveries();
  }
  waitForDeliveries(options?: { timeoutMs?: number }): Promise<WebhookDelivery[]> {
    return this.world.waitForDeliveries(checkWaitOptions(options, 'waitForDeliveries()'));
  }
  clearDeliveries(): void {
    this.world.clearDeliveries();
  }
  fault(input: FaultInput, source = 'fault()'): Fault {
    return this.world.fault(input, source);
  }
  faults(): Fault[] {
    return this.world.faults();
  }
  clearFaults(id?: string): boolean {
    return this.world.clearFaults(id);
  }
  setRateLimit(config: RateLimitConfig | null, source = 'setRateLimit()'): RateLimitConfig | null {
    return this.world.setRateLimit(config, source);
  }
  setSettings(settings: Partial<ServerSettings>, source = 'setSettings()'): ServerSettings {
    return this.world.setSettings(settings, source);
  }
  getSettings(): ServerSettings {
    return this.world.getSettings();
  }
  getRateLimit(): RateLimitConfig | null {
    return this.world.getRateLimit();
  }
  get profileId(): ProfileId {
    return this.world.profileId;
  }
  get journalSize(): number {
    return this.world.journalSize;
  }
  exchange(seq: number): RequestExchange | undefined {
    return this.world.exchange(seq);
  }
  subscribe(listener: (event: WorldEvent) => void): () => void {
    // checked now: a listener that is no function would fail on every event after
    if (typeof listener !== 'function')
      throw new TypeError('[rocketchat-fake] subscribe(): the listener is a function of one event');
    return this.world.subscribe(listener);
  }
  pact(options: PactOptions): PactDocument {
    checkRequestFilter(options?.filter, 'pact()');
    return this.world.pact(options);
  }
  async providerState(change: ProviderStateChange): Promise<Record<string, unknown>> {
    return this.world.providerState(change);
  }
}
