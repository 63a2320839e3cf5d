/**
 * A delay fault holds a request on a timer. No timer may outlive the request's reason to exist:
 * a client that gives up, a reset and a stop each end it, so a test runner exits at once.
 */
import { createHook } from 'node:async_hooks';
import { request as httpRequest } from 'node:http';
import type { ClientRequest } from 'node:http';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

/** The timers the fake's code set that are still pending (cleared or fired ones are gone). */
const pending = new Set<number>();
createHook({
  init(id, type) {
    if (type !== 'Timeout') return;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 30;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    if (/at setTimeout [^\n]*\n[^\n]*faults\.ts/.test(stack)) pending.add(id);
  },
  destroy(id) {
    pending.delete(id);
  },
}).enable();
/** The count once async_hooks has reported what was destroyed (its destroy queue runs on a later turn). */
async function timers(): Promise<number> {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return pending.size;
}

/** Resolves when `check` holds, looking again after each turn of the event loop (no fixed wait). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** A GET whose outcome is reported, never thrown: the status, or the socket error's code. */
function get(
  url: string,
  headers: Record<string, string> = {},
): { req: ClientRequest; outcome: Promise<string> } {
  let req!: ClientRequest;
  const outcome = new Promise<string>((resolve) => {
    req = httpRequest(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
      res.on('aborted', () => resolve('aborted'));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
  return { req, outcome };
}

const hits = (fake: FakeServer): number => fake.faults()[0]?.hits ?? 0;

describe('delay faults leave no timer behind', () => {
  let fake: FakeServer;
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('a client that gives up releases its timer at once', async () => {
    fake.fault({ path: '/api/info', delayMs: 60_000 });
    const { req, outcome } = get(`${fake.url}/api/info`);
    await until(() => hits(fake) === 1);
    expect(await timers()).toBe(1);
    req.destroy();
    expect(await outcome).toBe('ECONNRESET');
    expect(await timers()).toBe(0);
  });

  it('stop() ends a held request (its connection closes) and resolves with no timer left', async () => {
    fake.fault({ path: '/api/info', delayMs: 60_000 });
    const { outcome } = get(`${fake.url}/api/info`);
    await until(() => hits(fake) === 1);
    await fake.stop();
    expect(await outcome).toBe('ECONNRESET');
    expect(await timers()).toBe(0);
  });

  it('reset() ends a held request and leaves no timer; the world answers the next request at once', async () => {
    fake.fault({ path: '/api/info', delayMs: 60_000 });
    const { outcome } = get(`${fake.url}/api/info`);
    await until(() => hits(fake) === 1);
    await fake.reset();
    expect(await outcome).toBe('ECONNRESET');
    expect(await timers()).toBe(0);
    expect(fake.faults()).toEqual([]);
    expect(await get(`${fake.url}/api/info`).outcome).toBe('200');
    // the held request was the last test's: the new journal has only the request made since
    expect(fake.requests().map((e) => [e.seq, e.path, e.status])).toEqual([[1, '/api/info', 200]]);
  });

  it("a session's held request ends with the session", async () => {
    const session = fake.session();
    session.fault({ path: '/api/info', delayMs: 60_000 });
    const { outcome } = get(`${session.url}/api/info`);
    await until(() => (session.faults()[0]?.hits ?? 0) === 1);
    await session.close();
    expect(await outcome).toBe('ECONNRESET');
    expect(await timers()).toBe(0);
  });

  it('after a drop, a partial answer and a rate limit, stop() leaves no timer either', async () => {
    fake.fault({ path: '/api/v1/me', drop: true, times: 1 });
    fake.fault({ path: '/api/info', partial: true, times: 1 });
    expect(await get(`${fake.url}/api/v1/me`).outcome).toBe('ECONNRESET');
    expect(await get(`${fake.url}/api/info`).outcome).toBe('aborted');
    fake.setRateLimit({ limit: 1, windowMs: 60_000 });
    expect(await get(`${fake.url}/api/v1/me`, AS.alice).outcome).toBe('200');
    expect(await get(`${fake.url}/api/v1/me`, AS.alice).outcome).toBe('429');
    await fake.stop();
    expect(await timers()).toBe(0);
  });
});
