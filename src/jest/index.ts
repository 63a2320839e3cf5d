/**
 * Jest helpers for one fake shared by every worker (see `rocketchat-fake/jest/global-setup`):
 * `useSession()` gives the test file its own isolated session of that server.
 */
import type { SessionOptions } from '../control';
import type { Changes, JournalEntry, RequestFilter, World } from '../types';
import { controlCall, controlDelete } from './control-client';
import { TOKEN_ENV, URL_ENV } from './shared';

declare const beforeAll: (fn: () => Promise<void>, timeout?: number) => void;
declare const afterEach: (fn: () => Promise<void>) => void;
declare const afterAll: (fn: () => Promise<void>) => void;

/** A test file's session on the shared server, driven over the control API. */
export interface JestSession {
  /** the session's base URL; give it to the client under test (available from `beforeAll` on) */
  readonly url: string;
  readonly id: string;
  reset(): Promise<void>;
  state(): Promise<World>;
  changes(): Promise<Changes>;
  requests(filter?: RequestFilter): Promise<JournalEntry[]>;
}

function serverUrl(): string {
  const url = process.env[URL_ENV];
  if (!url) {
    throw new Error(
      `[rocketchat-fake] ${URL_ENV} is not set: add globalSetup 'rocketchat-fake/jest/global-setup' and globalTeardown 'rocketchat-fake/jest/global-teardown' to the Jest config`,
    );
  }
  return url;
}

/** Reads, reset and delete are safe to send again; creating a session is not. */
function control<T>(url: string, method: string, body?: unknown): Promise<T> {
  const idempotent = method !== 'POST' || url.endsWith('/__admin/reset');
  return controlCall<T>(url, method, { body, token: process.env[TOKEN_ENV], idempotent });
}

function query(filter: RequestFilter = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
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
  beforeAll(async () => {
    created = await control<{ id: string; url: string }>(`${serverUrl()}/__admin/sessions`, 'POST', options);
  });
  afterEach(async () => {
    if (created) await control(`${created.url}/__admin/reset`, 'POST');
  });
  afterAll(async () => {
    if (created)
      await controlDelete(`${serverUrl()}/__admin/sessions/${created.id}`, { token: process.env[TOKEN_ENV] });
    created = undefined;
  });
  return {
    get url() {
      return current().url;
    },
    get id() {
      return current().id;
    },
    reset: async () => void (await control(`${current().url}/__admin/reset`, 'POST')),
    state: () => control<World>(`${current().url}/__admin/state`, 'GET'),
    changes: () => control<Changes>(`${current().url}/__admin/state?diff=baseline`, 'GET'),
    requests: async (filter) =>
      (
        await control<{ requests: JournalEntry[] }>(
          `${current().url}/__admin/requests${query(filter)}`,
          'GET',
        )
      ).requests,
  };
}
