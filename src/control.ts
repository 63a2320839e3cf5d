import type { ScenarioInput } from './scenario/schema';
import type {
  Changes,
  ClockControl,
  Fault,
  Integration,
  JournalEntry,
  PactDocument,
  PactOptions,
  ProfileId,
  ProviderStateChange,
  RateLimitConfig,
  RequestFilter,
  Room,
  SessionInfo,
  User,
  World,
  WorldEvent,
} from './types';

/**
 * The control interfaces: what the control API (src/admin) and the programmatic API (src/server.ts,
 * src/handle.ts) do to a world and to a server, implemented by `FakeWorld` and `FakeServer`.
 * Layer: world. Imports base types and the scenario's input type.
 */

/**
 * What the control API does to one world (the root, or a session), as methods. `FakeWorld`
 * implements it; the `/__admin` routes only translate HTTP to these calls, so the programmatic API
 * and the control API are one implementation.
 */
export interface WorldControl {
  reset(): Promise<void>;
  load(scenario: ScenarioInput | unknown, source?: string): Promise<void>;
  state(): World;
  changes(): Changes;
  addUser(user: unknown, source?: string): User;
  addChannel(channel: unknown, source?: string): Room;
  addIntegration(integration: unknown, source?: string): Integration;
  readonly clock: ClockControl;
  requests(filter?: RequestFilter): JournalEntry[];
  requestsPage(filter?: RequestFilter): { requests: JournalEntry[]; total: number; dropped: number };
  clearRequests(): void;
  fault(input: unknown, source?: string): Fault;
  faults(): Fault[];
  clearFaults(id?: string): boolean;
  setRateLimit(
    config: RateLimitConfig | null | Record<string, unknown>,
    source?: string,
  ): RateLimitConfig | null;
  getRateLimit(): RateLimitConfig | null;
  /** the server version the world answers as */
  readonly profileId: ProfileId;
  /** one recorded request with its answer (secrets hidden), by sequence number */
  exchange(seq: number): { entry: JournalEntry; response: unknown } | undefined;
  /** listens to the world's events; returns the function that stops listening */
  subscribe(listener: (event: WorldEvent) => void): () => void;
  pact(options: PactOptions): PactDocument;
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
