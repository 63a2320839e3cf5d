/**
 * Per-file sessions on one shared fake, for any test runner: `useSession(hooks, options)` takes the
 * runner's own hooks (`before`, `afterEach`, `after`: Jest's beforeAll/afterEach/afterAll, Vitest's,
 * node:test's before/afterEach/after, mocha's) and registers a session's life on them. The shared
 * server's URL comes from `ROCKETCHAT_FAKE_URL` (the Jest and Vitest global setups set it) or
 * `ROCKETCHAT_URL` (what `rocketchat-fake -c "<command>"` gives the command it runs).
 */
import type { SessionOptions } from '../control';
import { REMOTE, REMOTE_SERVER, ROUTES, routePath } from '../surface/routes';
import type { RemoteWorld } from '../surface/routes';
import { controlDelete } from '../jest/control-client';
import { remoteFace } from '../jest/remote';
import { TOKEN_ENV, URL_ENV } from '../jest/shared';

/** Where a shared server's URL may come from, in order. */
const URL_SOURCES = [URL_ENV, 'ROCKETCHAT_URL'];

/**
 * A test file's session on the shared server: its URL and id, and the world's control members
 * (reset, load, state, changes, addUser, addChannel, addIntegration, requests, countRequests,
 * clearRequests, fault, faults, clearFaults, setRateLimit, getRateLimit, stub, stubs, pact …), each
 * with `FakeServer`'s signature, returning a promise.
 */
export type TestSession = RemoteWorld & {
  /** the session's base URL; give it to the client under test (available from `before` on) */
  readonly url: string;
  readonly id: string;
};

/** What `useSession` takes: the session's world, and how its per-test reset goes. */
export type UseSessionOptions = Omit<SessionOptions, 'id'> & {
  /**
   * the reset after each test keeps the login tokens issued since whose user the baseline has too,
   * and the realtime sockets logged in with them: a bot connected in `before` for the whole file
   * stays logged in (default false: each reset voids them and closes every realtime socket)
   */
  keepLogins?: boolean;
};

/** A runner's hooks: each takes an async function. */
export interface RunnerHooks {
  /** once before the file's tests (Jest/Vitest `beforeAll`, node:test and mocha `before`) */
  before: (fn: () => Promise<void>) => unknown;
  /** after each test */
  afterEach: (fn: () => Promise<void>) => unknown;
  /** once after the file's tests (Jest/Vitest `afterAll`, node:test and mocha `after`) */
  after: (fn: () => Promise<void>) => unknown;
}

function serverUrl(): string {
  for (const name of URL_SOURCES) {
    const url = process.env[name];
    if (!url) continue;
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new Error(`[rocketchat-fake] ${name} is not an http(s) URL: ${JSON.stringify(url)}`);
    return url;
  }
  throw new Error(
    `[rocketchat-fake] no shared server: ${URL_ENV} (or ROCKETCHAT_URL) is not set. Start one with the runner's global setup (rocketchat-fake/jest/global-setup, rocketchat-fake/vitest/global-setup) or run the tests under \`rocketchat-fake -c "<test command>"\``,
  );
}

/**
 * Registers a session's life on the runner's hooks (create before the file's tests, reset after
 * each test, end after them) and returns the session. Options: a `scenario` document or a
 * `fixtures` file name, a `profile`; default the server's baseline; `keepLogins`, for the resets.
 */
export function useSession(hooks: RunnerHooks, options: UseSessionOptions = {}): TestSession {
  const { keepLogins, ...sessionOptions } = options;
  let created: { id: string; url: string } | undefined;
  let ended = false;
  const current = (): { id: string; url: string } => {
    if (!created)
      throw new Error(
        ended
          ? '[rocketchat-fake] the session ended with the after hook; use it inside tests or hooks'
          : '[rocketchat-fake] the session exists from the before hook on; use it inside tests or hooks',
      );
    return created;
  };
  const token = (): string | undefined => process.env[TOKEN_ENV];
  const server = remoteFace(REMOTE_SERVER, serverUrl, token);
  const world = remoteFace(REMOTE, () => current().url, token);
  hooks.before(async () => {
    created = await server.createSession(sessionOptions);
  });
  hooks.afterEach(async () => {
    if (created) await world.reset(keepLogins === true ? { keepLogins } : undefined);
  });
  hooks.after(async () => {
    if (created) {
      const path = routePath({ route: ROUTES.deleteSession, params: { id: created.id } });
      await controlDelete(`${serverUrl()}/__admin${path}`, { token: token() });
    }
    created = undefined;
    ended = true;
  });
  return Object.defineProperties(
    { ...world },
    {
      url: { get: () => current().url, enumerable: true },
      id: { get: () => current().id, enumerable: true },
    },
  ) as TestSession;
}
