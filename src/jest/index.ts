/**
 * Jest helpers for one fake shared by every worker (see `rocketchat-fake/jest/global-setup`):
 * `useSession()` gives the test file its own isolated session of that server.
 */
import { useSession as sessionOn } from '../runners/session';
import type { TestSession, UseSessionOptions } from '../runners/session';

declare const beforeAll: (fn: () => Promise<void>, timeout?: number) => void;
declare const afterEach: (fn: () => Promise<void>) => void;
declare const afterAll: (fn: () => Promise<void>) => void;

/** A test file's session on the shared server (see {@link TestSession}). */
export type JestSession = TestSession;

/**
 * Registers `beforeAll` (create a session), `afterEach` (reset it) and `afterAll` (end it) for
 * this test file, and returns the session. Options: a `scenario` document or a `fixtures` file
 * name next to the server's fixtures; default the server's baseline; `keepLogins: true` for
 * resets that keep a bot connected for the whole file logged in. The Jest face of the
 * runner-neutral `useSession(hooks, options)` (`rocketchat-fake/session`).
 */
export function useSession(options: UseSessionOptions = {}): JestSession {
  return sessionOn({ before: beforeAll, afterEach, after: afterAll }, options);
}
