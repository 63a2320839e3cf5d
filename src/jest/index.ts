/**
 * Jest helpers for one fake shared by every worker (see `rocketchat-fake/jest/global-setup`):
 * `useSession()` gives the test file its own isolated session of that server.
 */
import type { SessionOptions } from '../control';
import { REMOTE, REMOTE_SERVER, ROUTES, routePath } from '../surface/routes';
import type { RemoteWorld } from '../surface/routes';
import { controlDelete } from './control-client';
import { remoteFace } from './remote';
import { TOKEN_ENV, URL_ENV } from './shared';

declare const beforeAll: (fn: () => Promise<void>, timeout?: number) => void;
declare const afterEach: (fn: () => Promise<void>) => void;
declare const afterAll: (fn: () => Promise<void>) => void;

/**
 * A test file's session on the shared server, driven over the control API: its URL and id, and
 * the world's control members (reset, load, state, changes, addUser, addChannel, addIntegration,
 * requests, countRequests, clearRequests, fault, faults, clearFaults, setRateLimit, getRateLimit,
 * pact), each with the signature of `FakeServer`'s, returning a promise.
 */
export type JestSession = RemoteWorld & {
  /** the session's base URL; give it to the client under test (available from `beforeAll` on) */
  readonly url: string;
  readonly id: string;
};

function serverUrl(): string {
  const url = process.env[URL_ENV];
  if (!url) {
    throw new Error(
      `[rocketchat-fake] ${URL_ENV} is not set: add globalSetup 'rocketchat-fake/jest/global-setup' and globalTeardown 'rocketchat-fake/jest/global-teardown' to the Jest config`,
    );
  }
  return url;
}

/**
 * Registers `beforeAll` (create a session), `afterEach` (reset it) and `afterAll` (end it) for
 * this test file, and returns the session. Options: a `scenario` document or a `fixtures` file
 * name next to the server's fixtures; default the server's baseline.
 */
export function useSession(options: Omit<SessionOptions, 'id'> = {}): JestSession {
  let created: { id: string; url: string } | undefined;
  const current = (): { id: string; url: string } => {
    if (!created)
      throw new Error('[rocketchat-fake] the session exists from beforeAll on; use it inside tests or hooks');
    return created;
  };
  const token = (): string | undefined => process.env[TOKEN_ENV];
  const server = remoteFace(REMOTE_SERVER, serverUrl, token);
  const world = remoteFace(REMOTE, () => current().url, token);
  beforeAll(async () => {
    created = await server.createSession(options);
  });
  afterEach(async () => {
    if (created) await world.reset();
  });
  afterAll(async () => {
    if (created) {
      const path = routePath({ route: ROUTES.deleteSession, params: { id: created.id } });
      await controlDelete(`${serverUrl()}/__admin${path}`, { token: token() });
    }
    created = undefined;
  });
  return Object.defineProperties(
    { ...world },
    {
      url: { get: () => current().url, enumerable: true },
      id: { get: () => current().id, enumerable: true },
    },
  ) as JestSession;
}
