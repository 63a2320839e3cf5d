/**
 * The pass-through and `record` against hostile targets (every one a local server): a target that
 * never answers, one that redirects credentials to another host, one whose answers are too large
 * or whose lists never end, one whose answers carry secrets; and a stop with calls in flight.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { record } from '../src/verify/record';
import { CLI } from './support/build';
import { AS, WORLD } from './support/fake';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A local server answering with `handler`, each request's body read first; `seen` keeps them all. */
async function hostile(handler: Handler): Promise<{
  url: string;
  seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
}> {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

/** A login the target accepts: the account's id and token. */
const LOGGED_IN = {
  status: 'success',
  data: { userId: 'proxyUserId000001', authToken: 'proxy-login-token' },
};

/** A call's status and JSON body, or how it failed. */
async function outcome(url: string, init: RequestInit = {}): Promise<[number, unknown] | string> {
  try {
    const res = await fetch(url, init);
    return [res.status, await res.json()];
  } catch (error) {
    return `failed: ${String((error as { cause?: unknown }).cause ?? error)}`;
  }
}

describe('the pass-through against a hostile target', () => {
  const opened: { close: () => Promise<void> }[] = [];
  const fakes: FakeServer[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.stop();
    for (const server of opened.splice(0)) await server.close();
  });
  const target = async (handler: Handler): ReturnType<typeof hostile> => {
    const server = await hostile(handler);
    opened.push(server);
    return server;
  };
  const front = async (options: Parameters<typeof createFakeServer>[0]): Promise<FakeServer> => {
    const fake = createFakeServer({ scenario: WORLD, ...options });
    fakes.push(fake);
    await fake.start(0);
    return fake;
  };

  it('timeoutMs 300: all 20 concurrent calls to a target that never answers get their 504', async () => {
    const held: ServerResponse[] = [];
    const silent = await target((_req, res) => void held.push(res));
    const fake = await front({ proxyUnmodelled: { target: silent.url, timeoutMs: 300 } });
    const calls = Array.from({ length: 20 }, (_, i) => outcome(`${fake.url}/api/v1/hostile.hang?i=${i}`));
    // garbage made and held a while as the calls wait, so full collections run as in a long suite
    // (on Node 20 a fetch whose AbortSignal.timeout was collected waits for good); gc() if exposed
    let waiting = true;
    const kept: unknown[] = [];
    const all = Promise.all(calls).finally(() => (waiting = false));
    const churn = (): void => {
      if (!waiting) return;
      (globalThis as { gc?: () => void }).gc?.();
      kept.push(Array.from({ length: 50_000 }, (_, i) => ({ i })));
      if (kept.length > 20) kept.shift();
      setImmediate(churn);
    };
    churn();
    const answers = await all;
    kept.length = 0;
    const expected = [
      504,
      { success: false, error: `The pass-through target ${silent.url} gave no answer within 300 ms` },
    ];
    expect(answers).toEqual(Array.from({ length: 20 }, () => expected));
    for (const res of held) res.destroy();
  });

  it('timeoutMs 300 covers the body too: a target that sends its head and then nothing is a 504', async () => {
    const held: ServerResponse[] = [];
    const stalled = await target((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"partial":');
      held.push(res);
    });
    const fake = await front({ proxyUnmodelled: { target: stalled.url, timeoutMs: 300 } });
    expect(await outcome(`${fake.url}/api/v1/hostile.stall`)).toEqual([
      504,
      { success: false, error: `The pass-through target ${stalled.url} gave no answer within 300 ms` },
    ]);
    for (const res of held) res.destroy();
  });

  it('the account’s login redirected (307) to another host: 502, and that host never sees the password', async () => {
    const elsewhere = await target((_req, res) => json(res, 200, LOGGED_IN));
    const redirecting = await target((req, res) => {
      if (req.url === '/api/v1/login') {
        res.writeHead(307, { Location: `${elsewhere.url}/api/v1/login` });
        res.end();
      } else json(res, 200, { reached: true, success: true });
    });
    const fake = await front({
      proxyUnmodelled: { target: redirecting.url, user: 'proxy', password: 'proxy-secret-pw' },
    });
    expect(await outcome(`${fake.url}/api/v1/hostile.read`, { headers: AS.alice })).toEqual([
      502,
      {
        success: false,
        error: `The pass-through target ${redirecting.url} redirected to ${elsewhere.url}: not followed, credentials never go to another origin`,
      },
    ]);
    expect(elsewhere.seen).toEqual([]);
    expect(JSON.stringify(fake.requests())).not.toContain('proxy-secret-pw');
  });

  it('an authenticated call redirected to another host is a 502 (no token sent there); within the target it is followed with the account', async () => {
    const elsewhere = await target((_req, res) => json(res, 200, { stolen: true }));
    const redirecting = await target((req, res) => {
      if (req.url === '/api/v1/login') json(res, 200, LOGGED_IN);
      else if (req.url === '/api/v1/hostile.away') {
        res.writeHead(302, { Location: `${elsewhere.url}/collect` });
        res.end();
      } else if (req.url === '/api/v1/hostile.moved') {
        res.writeHead(301, { Location: '/api/v1/hostile.here' });
        res.end();
      } else json(res, 200, { token: req.headers['x-auth-token'], success: true });
    });
    const fake = await front({
      proxyUnmodelled: { target: redirecting.url, user: 'proxy', password: 'proxy-secret-pw' },
    });
    expect(await outcome(`${fake.url}/api/v1/hostile.away`, { headers: AS.alice })).toEqual([
      502,
      {
        success: false,
        error: `The pass-through target ${redirecting.url} redirected to ${elsewhere.url}: not followed, credentials never go to another origin`,
      },
    ]);
    expect(elsewhere.seen).toEqual([]);
    expect(await outcome(`${fake.url}/api/v1/hostile.moved`, { headers: AS.alice })).toEqual([
      200,
      { token: 'proxy-login-token', success: true },
    ]);
  });

  it('a target that keeps answering 401 is asked once again after a fresh login, no more', async () => {
    const refusing = await target((req, res) => {
      if (req.url === '/api/v1/login') json(res, 200, LOGGED_IN);
      else json(res, 401, { status: 'error', message: 'You must be logged in to do this.' });
    });
    const fake = await front({
      proxyUnmodelled: { target: refusing.url, user: 'proxy', password: 'proxy-secret-pw' },
    });
    expect(await outcome(`${fake.url}/api/v1/hostile.read`, { headers: AS.alice })).toEqual([
      401,
      { status: 'error', message: 'You must be logged in to do this.' },
    ]);
    expect(refusing.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/login',
      'GET /api/v1/hostile.read',
      'POST /api/v1/login',
      'GET /api/v1/hostile.read',
    ]);
  });

  it('proxyAnswerBytes 1024: a longer answer is a 502, declared (Content-Length) or streamed; 1024 bytes pass', async () => {
    const big = await target((req, res) => {
      if (req.method === 'HEAD') {
        // a HEAD's Content-Length is the body it does not send: no answer over the bound
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 1_000_000 });
        res.end();
      } else if (req.url === '/api/v1/hostile.declared') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 1_000_000 });
        res.write('x'.repeat(2048)); // and never the rest: refused on its head alone
      } else if (req.url === '/hostile/streamed') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        for (let i = 0; i < 8; i += 1) res.write('y'.repeat(512));
        res.end();
      } else {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('z'.repeat(1024));
      }
    });
    const fake = await front({ limits: { proxyAnswerBytes: 1024 }, proxyUnmodelled: big.url });
    const tooLarge = [
      502,
      {
        success: false,
        error: `The pass-through target ${big.url} answered more than 1024 bytes (the limit proxyAnswerBytes)`,
      },
    ];
    expect(await outcome(`${fake.url}/api/v1/hostile.declared`)).toEqual(tooLarge);
    // off the chat API too
    expect(await outcome(`${fake.url}/hostile/streamed`)).toEqual(tooLarge);
    const head = await fetch(`${fake.url}/api/v1/hostile.declared`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const exact = await fetch(`${fake.url}/api/v1/hostile.exact`);
    expect([exact.status, (await exact.text()).length]).toEqual([200, 1024]);
    // the fake's own 502s are not recorded as stubs
    expect(fake.recordedStubs().map((s) => `${s.request.method ?? ''} ${s.request.path ?? ''}`)).toEqual([
      'HEAD /api/v1/hostile.declared',
      'GET /api/v1/hostile.exact',
    ]);
  });

  it('fake.stop() with calls in flight (one waiting on its answer, one on the account’s login) answers each 502', async () => {
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (bothArrived = resolve));
    const held: ServerResponse[] = [];
    const hanging = await target((req, res) => {
      held.push(res);
      arrived += 1;
      if (arrived === 2) bothArrived();
    });
    // one fake forwards as the caller (no account), one logs in first (the login hangs)
    const plain = await front({ proxyUnmodelled: hanging.url });
    const withAccount = await front({
      proxyUnmodelled: { target: hanging.url, user: 'proxy', password: 'proxy-secret-pw' },
    });
    const calls = [
      outcome(`${plain.url}/api/v1/hostile.hang`),
      outcome(`${withAccount.url}/api/v1/hostile.hang`, { headers: AS.alice }),
    ];
    await both;
    await Promise.all([plain.stop(), withAccount.stop()]);
    const stopped = [
      502,
      {
        success: false,
        error: `The pass-through target ${hanging.url} was not waited for: the fake stopped`,
      },
    ];
    expect(await Promise.all(calls)).toEqual([stopped, stopped]);
    for (const res of held) res.destroy();
  });

  it('drain(0) (what SIGTERM does, its grace over) answers a call in flight 502 before it closes the connection', async () => {
    let arrivedOne: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrivedOne = resolve));
    const held: ServerResponse[] = [];
    const hanging = await target((_req, res) => {
      held.push(res);
      arrivedOne();
    });
    const fake = await front({ proxyUnmodelled: hanging.url });
    const call = outcome(`${fake.url}/hostile/hang`);
    await arrived;
    await fake.drain(0);
    expect(await call).toEqual([
      502,
      {
        success: false,
        error: `The pass-through target ${hanging.url} was not waited for: the fake stopped`,
      },
    ]);
    for (const res of held) res.destroy();
  });

  it('the CLI, sent SIGTERM with a call in flight, answers it 502 and exits 0', async () => {
    let arrivedOne: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrivedOne = resolve));
    const held: ServerResponse[] = [];
    const hanging = await target((_req, res) => {
      held.push(res);
      arrivedOne();
    });
    const child = spawn(process.execPath, [CLI, '--port', '0', '--proxy-unmodelled', hanging.url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /http:\/\/[\d.]+:\d+/.exec(out);
        if (match && out.includes('\n')) resolve(match[0]);
      });
    });
    const call = outcome(`${url}/api/v1/hostile.hang`);
    await arrived;
    child.kill('SIGTERM');
    expect(await call).toEqual([
      502,
      {
        success: false,
        error: `The pass-through target ${hanging.url} was not waited for: the fake stopped`,
      },
    ]);
    expect(await exited).toBe(0);
    for (const res of held) res.destroy();
  });
});

/** A Rocket.Chat enough for record: a login, lists (their pages made by `page`), no rooms. */
function recordable(
  page: (field: string, offset: number) => { items: unknown[]; total: number } | 'default',
  extra: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): Handler {
  return (req, res) => {
    if (extra(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/v1/login') return json(res, 200, LOGGED_IN);
    const field = { '/api/v1/users.list': 'users', '/api/v1/channels.list': 'channels' }[url.pathname];
    if (field === undefined) return json(res, 200, { update: [], integrations: [], success: true });
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const made = page(field, offset);
    const { items, total } = made === 'default' ? { items: [], total: 0 } : made;
    return json(res, 200, { [field]: items, count: items.length, offset, total, success: true });
  };
}

describe('record against a hostile target', () => {
  const opened: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of opened.splice(0)) await server.close();
  });
  const target = async (handler: Handler): ReturnType<typeof hostile> => {
    const server = await hostile(handler);
    opened.push(server);
    return server;
  };
  const account = { user: 'recorder', password: 'recorder-secret-pw' };

  it('timeoutMs 300: a target that never answers fails the recording, naming the call', async () => {
    const held: ServerResponse[] = [];
    const silent = await target((_req, res) => void held.push(res));
    await expect(record({ target: silent.url, ...account, timeoutMs: 300 })).rejects.toThrow(
      'the login gave no answer within 300 ms',
    );
    for (const res of held) res.destroy();
  });

  it('a login redirected (307) to another host fails; that host never sees the password', async () => {
    const elsewhere = await target((_req, res) => json(res, 200, LOGGED_IN));
    const redirecting = await target((_req, res) => {
      res.writeHead(307, { Location: `${elsewhere.url}/api/v1/login` });
      res.end();
    });
    await expect(record({ target: redirecting.url, ...account })).rejects.toThrow(
      `the login redirected to ${elsewhere.url}: not followed, the account's credentials never go to another origin`,
    );
    expect(elsewhere.seen).toEqual([]);
  });

  it('a list redirected (302) to another host fails; that host never sees the X-Auth-Token', async () => {
    const elsewhere = await target(recordable(() => 'default'));
    const redirecting = await target(
      recordable(
        () => 'default',
        (req, res) => {
          if (!req.url?.startsWith('/api/v1/users.list')) return false;
          res.writeHead(302, { Location: `${elsewhere.url}${req.url}` });
          res.end();
          return true;
        },
      ),
    );
    await expect(record({ target: redirecting.url, ...account })).rejects.toThrow(
      `GET /api/v1/users.list?count=100&offset=0 redirected to ${elsewhere.url}: not followed, the account's credentials never go to another origin`,
    );
    expect(elsewhere.seen).toEqual([]);
  });

  it('recordPageBytes 4096: a larger page fails the recording, naming the bound', async () => {
    const big = await target(
      recordable((field, offset) =>
        field === 'users'
          ? { items: [{ _id: 'u1', username: 'u1', bio: 'x'.repeat(8192) }], total: 1 }
          : { items: [], total: offset },
      ),
    );
    await expect(record({ target: big.url, ...account, limits: { recordPageBytes: 4096 } })).rejects.toThrow(
      'GET /api/v1/users.list?count=100&offset=0 answered more than 4096 bytes (the limit recordPageBytes; raise it with --limit recordPageBytes=N)',
    );
  });

  it('recordPages 5: a list whose total is never reached fails after 5 pages, naming the bound', async () => {
    const endless = await target(
      recordable((field, offset) =>
        field === 'users'
          ? { items: [{ _id: `user${offset}`, username: `user${offset}` }], total: 1_000_000_000 }
          : { items: [], total: 0 },
      ),
    );
    await expect(record({ target: endless.url, ...account, limits: { recordPages: 5 } })).rejects.toThrow(
      '/api/v1/users.list was not read whole within 5 pages (the limit recordPages; raise it with --limit recordPages=N)',
    );
    expect(endless.seen.filter((r) => r.url.startsWith('/api/v1/users.list'))).toHaveLength(5);
  });

  it('recordPageBytes at the page’s own size: read; one byte under it: refused', async () => {
    const big = await target(
      recordable((field, offset) =>
        field === 'users'
          ? { items: [{ _id: 'u1', username: 'u1', bio: 'x'.repeat(8192) }], total: 1 }
          : { items: [], total: offset },
      ),
    );
    const page = await fetch(`${big.url}/api/v1/users.list?count=100&offset=0`);
    const size = (await page.arrayBuffer()).byteLength;
    const scenario = await record({ target: big.url, ...account, limits: { recordPageBytes: size } });
    expect(scenario.users).toHaveLength(1);
    await expect(
      record({ target: big.url, ...account, limits: { recordPageBytes: size - 1 } }),
    ).rejects.toThrow(`answered more than ${size - 1} bytes (the limit recordPageBytes`);
  });

  it('recordPages 5: a list of exactly 5 pages is read whole', async () => {
    const five = await target(
      recordable((field, offset) =>
        field === 'users'
          ? offset < 500 // pages of 100 asked for, one user a page: the fifth page reaches the total
            ? { items: [{ _id: `user${offset}`, username: `user${offset}` }], total: 5 }
            : { items: [], total: 5 }
          : { items: [], total: 0 },
      ),
    );
    const scenario = await record({ target: five.url, ...account, limits: { recordPages: 5 } });
    expect(scenario.users).toHaveLength(5);
  });

  it('recordPages 1000 (the default): a list that repeats its page with a total never reached ends when a page brings nothing new', async () => {
    const repeating = await target(
      recordable((field) =>
        field === 'users'
          ? { items: [{ _id: 'sameUser', username: 'same' }], total: 1_000_000_000 }
          : { items: [], total: 0 },
      ),
    );
    const scenario = await record({ target: repeating.url, ...account });
    expect(scenario.users).toEqual([{ _id: 'sameUser', username: 'same', password: 'REDACTED' }]);
    expect(repeating.seen.filter((r) => r.url.startsWith('/api/v1/users.list'))).toHaveLength(2);
  });
});

describe('record’s bounds', () => {
  it('--limit takes recordPageBytes=N or recordPages=N within their ranges; --timeout-ms 1 to 600000', () => {
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [CLI, 'record', '--target', 'http://127.0.0.1:9', '--user', 'u', '--password', 'p', ...args],
        {
          encoding: 'utf8',
        },
      );
    for (const [args, said] of [
      [
        ['--limit', 'recordPages=0'],
        '[rocketchat-fake] record: --limit takes recordPageBytes=N or recordPages=N (recordPages is a whole number from 1 to 1000000, not 0), not "recordPages=0".\n',
      ],
      [
        ['--limit', 'proxyAnswerBytes=5'],
        '[rocketchat-fake] record: --limit takes recordPageBytes=N or recordPages=N, not "proxyAnswerBytes=5".\n',
      ],
      [
        ['--timeout-ms', '0'],
        '[rocketchat-fake] record: --timeout-ms is whole milliseconds from 1 to 600000, not "0".\n',
      ],
    ] as const) {
      const refused = run(...args);
      expect([refused.status, refused.stderr]).toEqual([2, said]);
    }
  });

  it('refuses a limit it does not take, or one out of its range, in code', async () => {
    const options = { target: 'http://127.0.0.1:9', user: 'u', password: 'p' };
    await expect(record({ ...options, limits: { recordPages: 0 } })).rejects.toThrow(
      'record: recordPages is a whole number from 1 to 1000000, not 0',
    );
    await expect(record({ ...options, timeoutMs: 0 })).rejects.toThrow(
      'record: timeoutMs is whole milliseconds from 1 to 600000, not 0',
    );
  });
});

describe('record --stubs-from', () => {
  it('writes no token of what the pass-through recorded: a personal access token, a login token, X-Auth-Token', async () => {
    const live = createFakeServer({ scenario: WORLD });
    const liveUrl = await live.start(0);
    const secrets = await hostile((req, res) => {
      if (req.url === '/api/v1/hostile.generatePersonalAccessToken')
        return json(res, 200, { token: 'pat-secret-0123456789', success: true });
      if (req.url === '/api/v1/hostile.login')
        return json(res, 200, {
          status: 'success',
          data: { userId: 'u1', authToken: 'login-secret-0123456789', me: { _id: 'u1' } },
        });
      // a method.call answer's shape (the fake models method.call itself now: an unmodelled path here)
      if (req.url === '/api/v1/hostile.methodCall')
        return json(res, 200, {
          message: JSON.stringify({
            msg: 'result',
            id: '1',
            result: { id: 'u1', token: 'resume-secret-0123456789', tokenExpires: { $date: 1 } },
          }),
          success: true,
        });
      if (req.url?.startsWith('/api/v1/hostile.template'))
        return json(res, 200, { 'X-Auth-Token': 'header-secret-0123456789', note: '{{ not a template }}' });
      return json(res, 404, { success: false });
    });
    const front = createFakeServer({ proxyUnmodelled: secrets.url });
    await front.start(0);
    const dir = mkdtempSync(join(tmpdir(), 'rcf-hostile-'));
    const out = join(dir, 'recorded.json');
    try {
      for (const path of [
        '/api/v1/hostile.generatePersonalAccessToken',
        '/api/v1/hostile.login',
        '/api/v1/hostile.methodCall',
        '/api/v1/hostile.template?rc_token=query-secret-0123456789&room=GENERAL',
      ])
        expect((await fetch(`${front.url}${path}`, { method: 'POST' })).status).toBe(200);
      const child = spawn(
        process.execPath,
        [CLI, 'record', '--target', liveUrl, '--user', 'admin', '--out', out, '--stubs-from', front.url],
        { env: { ...process.env, ROCKETCHAT_RECORD_PASSWORD: 'admin-pw' }, stdio: 'ignore' },
      );
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
      const text = readFileSync(out, 'utf8');
      const written = JSON.parse(text) as {
        stubs: { request: unknown; response: Record<string, unknown> }[];
      };
      const decoded = [
        text,
        ...written.stubs.map((s) =>
          typeof s.response.base64Body === 'string'
            ? Buffer.from(s.response.base64Body, 'base64').toString()
            : '',
        ),
      ].join('\n');
      for (const secret of ['pat-secret', 'login-secret', 'resume-secret', 'header-secret', 'query-secret'])
        expect(decoded).not.toContain(secret);
      expect(written.stubs.map((s) => s.request)).toEqual([
        { method: 'POST', path: '/api/v1/hostile.generatePersonalAccessToken' },
        { method: 'POST', path: '/api/v1/hostile.login' },
        { method: 'POST', path: '/api/v1/hostile.methodCall' },
        { method: 'POST', path: '/api/v1/hostile.template', query: { room: 'GENERAL' } },
      ]);
      expect(written.stubs[0]?.response).toEqual({
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: { token: 'REDACTED', success: true },
      });
    } finally {
      await front.stop();
      await live.stop();
      await secrets.close();
    }
  });
});
