import { DEFAULT_PROFILE, PROFILES } from './profiles';
import type { PassThroughOptions } from './proxy/passthrough';
import type { WorldSource } from './scenario/load';
import type { Limits } from './limits';
import type { ProfileId, RateLimitConfig, UnmatchedRoute } from './types';

/* Layer: world. The options of a fake: where its world comes from and which rules apply. */

/** The version the default profile's `/api/info` reports (the admin's view; anyone sees `major.minor`). */
export const ROCKETCHAT_VERSION = PROFILES[DEFAULT_PROFILE].version;

/** The ranges of the numeric options (and of the CLI's flags for them), whole numbers. */
export const OPTION_LIMITS = {
  journalSize: [1, 1_000_000],
  sessionWorldLimit: [0, 10_000_000],
} as const;

/** Where the world comes from and which rules apply. */
export interface FakeOptions extends WorldSource {
  /** the lenient transitions of the API document (same values succeed, `p` rooms found) */
  lenient?: boolean;
  /** the request body limit, bytes or a string such as `"1mb"` (default) */
  bodyLimit?: number | string;
  /** one line per request on stderr: method, path, status, milliseconds */
  log?: boolean;
  /** when set, every `/__admin` route but `GET /__admin/health` needs `Authorization: Bearer <token>` */
  adminToken?: string;
  /** turns rate limiting on (overrides the scenario's `rateLimit`): `{limit, windowMs}` */
  rateLimit?: RateLimitConfig;
  /** `false` turns the control API (`/__admin`) off entirely */
  admin?: boolean;
  /**
   * Host names (without port) the control API accepts besides `localhost`, `*.localhost` and IP
   * addresses when the server listens on loopback (the default): a name /etc/hosts points at it
   */
  allowedHosts?: string[];
  /** how many requests each world's journal keeps; the oldest drop first (default 1000) */
  journalSize?: number;
  /**
   * how the fake clock moves: `fixed` (default; one second per change, byte-identical runs),
   * `running` (from the scenario's clock, with the wall clock) or `now` (from the wall clock's now:
   * for realtime clients, which drop messages older than their own clock)
   */
  clock?: 'fixed' | 'running' | 'now';
  /**
   * the Rocket.Chat release line to answer as: `0.49`, `5`, `6`, `7.0`, `7.10` (`7`), `8.5` or
   * `8.9` (`8`, the default); wins over the scenario's. Anything else is refused at creation.
   */
  profile?: ProfileId;
  /**
   * called the first time a world (the root or a session) is called on a route the fake does not
   * model, with the route and the modelled route nearest to it; the CLI prints one line for it
   */
  onUnmodelled?: (route: UnmatchedRoute) => void;
  /**
   * the realtime API's heartbeat, as Meteor keeps it (default 15,000 ms each): after `intervalMs`
   * with no frame from a client the server sends `{"msg":"ping"}`, and closes the socket when
   * nothing comes back within `timeoutMs`; `intervalMs: 0` turns it off
   */
  ddpHeartbeat?: { intervalMs: number; timeoutMs: number };
  /**
   * pass-through: forward the routes the fake does not model (and no stub answers) to a real
   * server, as an account there when `user` and `password` are given; its answers go back as they
   * came and are journaled (`"proxied": true`)
   */
  proxyUnmodelled?: string | PassThroughOptions;
  /**
   * the bounds on what one request, frame or peer may take (frame sizes, subscriptions, rendered
   * stubs, pass-through and webhook answers, fan-out): each a whole number, the rest at their
   * defaults (docs/security.md lists them)
   */
  limits?: Partial<Limits>;
}
