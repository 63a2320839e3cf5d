/**
 * A server's life as a test suite drives it: start and stop in any order or overlap, a stop that
 * cannot write its contract, waits still pending when the world ends, and options a JavaScript
 * caller got the type of wrong. Each leaves nothing listening and nothing keeping the process alive.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { VerifyError, resolveScenario, verify } from '../src/index';
import { useSession } from '../src/runners/session';
import { createFakeServer } from '../src/server';
import type { FakeServerOptions } from '../src/server';

/** Whether anything answers at a URL (a refused connection: no). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/__admin/health`);
    return true;
  } catch {
    return false;
  }
}

describe('start and stop', () => {
  it('refuses a second start() while the first is still on its way, and stops the one it started', async () => {
    const fake = createFakeServer();
    const [first, second] = await Promise.allSettled([fake.start(), fake.start()]);
    expect(first.status).toBe('fulfilled');
    expect(second).toEqual({
      status: 'rejected',
      reason: new Error('[rocketchat-fake] start(): the server is already started'),
    });
    const url = (first as PromiseFulfilledResult<string>).value;
    expect(await answers(url)).toBe(true);
    await fake.stop();
    expect(await answers(url)).toBe(false);
  });

  it('a stop() while start() is on its way stops the server once it listens', async () => {
    const fake = createFakeServer();
    const starting = fake.start();
    await fake.stop();
    const url = await starting;
    expect(await answers(url)).toBe(false);
    // and it may start again
    const again = await fake.start();
    expect(await answers(again)).toBe(true);
    await fake.stop();
  });

  it('stops even when its contract cannot be written, and says why once stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-pact-'));
    const pactDir = join(dir, 'pacts');
    const fake = createFakeServer({ pact: { dir: pactDir, consumer: 'bot' } });
    const url = await fake.start();
    await fetch(`${url}/api/info`);
    // the directory made at start is replaced by a file before the stop writes into it
    rmSync(pactDir, { recursive: true });
    writeFileSync(pactDir, 'not a directory');
    await expect(fake.stop()).rejects.toThrow(
      /^\[rocketchat-fake\] stop\(\): the server stopped, but its contract could not be written: /,
    );
    expect(await answers(url)).toBe(false);
    await expect(fake.stop()).resolves.toBeUndefined();
    rmSync(dir, { recursive: true });
  });

  it('a waitForRequest still pending rejects when the server stops or the session ends', async () => {
    const fake = createFakeServer();
    await fake.start();
    const session = fake.session();
    const onSession = session.waitForRequest({ path: '/never' }, { timeoutMs: 600_000 });
    await session.close();
    await expect(onSession).rejects.toThrow(
      '[rocketchat-fake] waitForRequest: the server stopped or the session ended before a request matching {"path":"/never"}',
    );
    const onRoot = fake.waitForRequest({ path: '/never' }, { timeoutMs: 600_000 });
    await fake.stop();
    await expect(onRoot).rejects.toThrow('the server stopped or the session ended');
  });

  it('drain() takes milliseconds', async () => {
    const fake = createFakeServer();
    const url = await fake.start();
    await expect(fake.drain(-1)).rejects.toThrow(
      '[rocketchat-fake] drain(): graceMs is milliseconds (0 or more), not -1',
    );
    await expect(fake.drain('x' as never)).rejects.toThrow('drain(): graceMs is milliseconds');
    expect(await answers(url)).toBe(true);
    await fake.drain(0);
    expect(await answers(url)).toBe(false);
  });
});

describe('stop() and connections no request is answered on', () => {
  /** A raw connection to the server that has sent `bytes` (maybe nothing) and then stays quiet. */
  async function quiet(url: string, bytes: string): Promise<{ socket: Socket; closed: Promise<void> }> {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    // the server ends it (a reset, for half a request): that is what is tested
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    if (bytes !== '') socket.write(bytes);
    // nothing is read back (a WebSocket peer that never answers the close frame)
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return { socket, closed };
  }

  it.each([
    ['a connection that sent nothing (a preconnect)', ''],
    ['half a request head', 'GET /api/info HTTP/1.1\r\nHost: x\r\n'],
  ])('ends %s at once', async (_what, bytes) => {
    const fake = createFakeServer();
    const url = await fake.start();
    const { closed } = await quiet(url, bytes);
    await fake.stop();
    await closed;
    expect(await answers(url)).toBe(false);
  });

  it('ends a WebSocket that does not answer its close frame', async () => {
    const fake = createFakeServer();
    const url = await fake.start();
    const upgrade = [
      'GET /websocket HTTP/1.1',
      'Host: x',
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n');
    const { socket, closed } = await quiet(url, upgrade);
    socket.resume();
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    await fake.stop();
    // what the server sent (its close frame) is read now: the end behind it arrives
    socket.resume();
    await closed;
  });
});

describe('a session id', () => {
  it.each([['a/b'], ['..'], [''], ['x'.repeat(65)], ['a b']])(
    'is refused when it is no path segment of its own: %j',
    async (id) => {
      const fake = createFakeServer();
      await fake.start();
      try {
        expect(() => fake.session({ id })).toThrow(`"id" must be 1 to 64 letters, digits, "-" or "_"`);
        expect(fake.listSessions()).toEqual([]);
      } finally {
        await fake.stop();
      }
    },
  );
});

describe('options of the wrong type', () => {
  it.each<[FakeServerOptions | null, string]>([
    [null, 'createFakeServer(): the options are an object, not null'],
    [{ host: 5 } as never, 'createFakeServer(): host is a host name or address, not 5'],
    [{ port: 'abc' } as never, 'createFakeServer(): port is a port number from 0 to 65535, not "abc"'],
    [{ port: 70000 }, 'port is a port number from 0 to 65535, not 70000'],
    [{ onUnmodelled: 5 } as never, 'createFakeServer(): onUnmodelled is a function, not 5'],
    [{ admin: 'no' } as never, 'createFakeServer(): admin is true or false, not "no"'],
    [{ lenient: 'yes' } as never, 'lenient is true or false, not "yes"'],
    [{ log: 1 } as never, 'log is true or false, not 1'],
    [
      { bodyLimit: 'lots' },
      'bodyLimit is a size in bytes (a whole number, or a string such as "2mb"), not "lots"',
    ],
    [{ bodyLimit: -1 }, 'bodyLimit is a size in bytes'],
    [{ allowedHosts: 'a' } as never, 'allowedHosts is an array of host names, not "a"'],
    [{ worldCache: 5 } as never, 'worldCache is a directory, or false, not 5'],
    [{ clock: 'slow' } as never, 'clock is "fixed", "running" or "now", not "slow"'],
    [{ pact: { consumer: 'x' } } as never, 'pact is {dir, consumer, provider?}'],
    [{ fixtures: 3 } as never, 'fixtures is a scenario file’s path, not 3'],
  ])('%j is refused: %s', (options, message) => {
    expect(() => createFakeServer(options as FakeServerOptions)).toThrow(TypeError);
    expect(() => createFakeServer(options as FakeServerOptions)).toThrow(message);
  });

  it('the right types pass', async () => {
    const fake = createFakeServer({
      host: '127.0.0.1',
      port: 0,
      admin: true,
      lenient: false,
      log: false,
      bodyLimit: '2mb',
      allowedHosts: ['fake.test'],
      worldCache: false,
      clock: 'fixed',
      onUnmodelled: () => undefined,
    });
    expect(await fake.start()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await fake.stop();
  });
});

describe('an ended session and other entry points', () => {
  it('a session handle refuses to act once its session has ended, however it ended', async () => {
    const fake = createFakeServer();
    await fake.start();
    try {
      const closed = fake.session({ id: 'closed' });
      expect(closed.state().users.length).toBeGreaterThan(0);
      await closed.close();
      expect(() => closed.state()).toThrow('[rocketchat-fake] session "closed" has ended');
      expect(() => closed.addUser({ username: 'late' })).toThrow('session "closed" has ended');
      const deleted = fake.session({ id: 'deleted' });
      await fetch(`${fake.url}/__admin/sessions/deleted`, { method: 'DELETE' });
      await expect(deleted.reset()).rejects.toThrow('session "deleted" has ended');
      // a new session of the same id is not the old handle's
      fake.session({ id: 'deleted' });
      expect(() => deleted.requests()).toThrow('session "deleted" has ended');
      expect(fake.state().users.map((u) => u.username)).not.toContain('late');
    } finally {
      await fake.stop();
    }
  });

  it('resolveScenario checks its options as createFakeServer does', () => {
    expect(() => resolveScenario({}, { seed: -1 })).toThrow(
      '[rocketchat-fake] resolveScenario(): seed is a whole number from 0 to 4294967295, not -1',
    );
    expect(() => resolveScenario({}, { sed: 1 } as never)).toThrow(
      'resolveScenario(): unknown option "sed"; did you mean "seed"?',
    );
    expect(resolveScenario({}, { seed: 7 }).seed).toBe(7);
  });

  it('a session helper names a server URL variable that is not a URL', () => {
    const saved = process.env.ROCKETCHAT_FAKE_URL;
    process.env.ROCKETCHAT_FAKE_URL = 'localhost:3000';
    const before: (() => Promise<void>)[] = [];
    try {
      useSession({ before: (fn) => before.push(fn), afterEach: () => undefined, after: () => undefined });
      expect(before).toHaveLength(1);
      return expect(before[0]?.()).rejects.toThrow(
        '[rocketchat-fake] ROCKETCHAT_FAKE_URL is not an http(s) URL: "localhost:3000"',
      );
    } finally {
      if (saved === undefined) delete process.env.ROCKETCHAT_FAKE_URL;
      else process.env.ROCKETCHAT_FAKE_URL = saved;
    }
  });
});

describe('more options checked as the command line checks them', () => {
  it.each<[unknown, string]>([
    [{ intervalMs: 3e9, timeoutMs: 3e9 }, 'not {"intervalMs":3000000000,"timeoutMs":3000000000}'],
    [null, 'ddpHeartbeat needs intervalMs and timeoutMs'],
    [{ intervalMs: 100 }, 'ddpHeartbeat needs intervalMs and timeoutMs'],
  ])('ddpHeartbeat %j is refused', (ddpHeartbeat, message) => {
    expect(() => createFakeServer({ ddpHeartbeat: ddpHeartbeat as never })).toThrow(message);
  });

  it('ddpHeartbeat {intervalMs: 0} turns it off, as documented, with no timeout to give', async () => {
    const fake = createFakeServer({ ddpHeartbeat: { intervalMs: 0 } as never });
    await fake.start();
    await fake.stop();
  });

  it.each([['../escape'], ['x/y'], ['my bot']])(
    'a pact consumer or provider %j that is no file name is refused',
    (name) => {
      expect(() => createFakeServer({ pact: { dir: 'pacts', consumer: name } })).toThrow(
        'pact is {dir, consumer, provider?}',
      );
      expect(() => createFakeServer({ pact: { dir: 'pacts', consumer: 'bot', provider: name } })).toThrow(
        'pact is {dir, consumer, provider?}',
      );
    },
  );

  it.each<[object, string]>([
    [{ target: 'http://127.0.0.1:9', password: 'p' }, 'user is required: a non-empty string'],
    [{ target: 'http://127.0.0.1:9', user: 'u', password: 'p', profile: 'latest' }, 'profile is one of'],
    [
      { target: 'http://127.0.0.1:9', user: 'u', password: 'p', timeoutMs: -1 },
      'timeoutMs is whole milliseconds',
    ],
    [
      { target: 'http://127.0.0.1:9', user: 'u', password: 'p', chanel: 'x' },
      'unknown option "chanel"; did you mean "channel"?',
    ],
    [
      { target: 'http://127.0.0.1:9', user: 'u', password: 'p', user2: 'v' },
      'user2 and password2 go together',
    ],
  ])('verify(%j) is refused before it runs: %s', async (options, message) => {
    await expect(verify(options as never)).rejects.toThrow(message);
    await expect(verify(options as never)).rejects.toBeInstanceOf(VerifyError);
  });
});
