import type { Limits } from '../limits';
import type { PassThroughOptions } from '../proxy/passthrough';
import type { ClockMode } from '../store/clock';
import type { ProfileId, RateLimitConfig, UnmatchedRoute } from '../types';
import type { Warnings } from './warnings';

/**
 * A world's options (src/world.ts): set when it is made, by a server for its root world and each
 * session's.
 *
 * Layer: world.
 */

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
  /** what the fake says once (a server's worlds share one; src/world/warnings.ts) */
  warnings?: Warnings;
}
