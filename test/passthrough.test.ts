/**
 * Pass-through: the routes the fake does not model (and no stub answers) go to a real server, here
 * a second fake standing in for it, as an account there; answers come back as they came, both
 * sides are journaled, and what came back can be kept as stubs that run without the server.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { CLI } from './support/build';
import { AS, WORLD } from './support/fake';

/** A body that is not text: a PNG's signature, then bytes that are not UTF-8. */
const PNG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 1, 2, 0x80, 0xc3, 0xff]);

/** The "live" server: an account for the fake, and answers for routes the fake does not model. */
const LIVE = {
  seed: 1,
  users: [{ _id: 'proxyUser00000001', username: 'proxy', password: 'proxy-pw', roles: ['user' as const] }],
  stubs: [
    {
      request: { path: '/api/v1/livechat/rooms' },
      response: {
        body: {
          rooms: [{ _id: 'livechat1', t: 'l' }],
          asked: '{{user.username}}',
          success: true,
        },
      },
    },
    {
      request: { pathPattern: '/avatar/.*' },
      response: { headers: { 'Content-Type': 'image/svg+xml' }, body: '<svg/>' },
    },
    { request: { path: '/api/v1/ping' }, response: { status: 200 } },
    // binary answers: every byte value a text decoding would mangle
    {
      request: { path: '/img/a.png' },
      response: { headers: { 'Content-Type': 'image/png' }, base64Body: PNG.toString('base64') },
    },
    { request: { path: '/api/v1/files.get' }, response: { base64Body: PNG.toString('base64') } },
    // text in another charset than UTF-8: its bytes as they are, not decoded and encoded again
    {
      request: { path: '/api/v1/export.csv' },
      response: {
        headers: { 'Content-Type': 'text/csv; charset=iso-8859-1' },
        base64Body: Buffer.from('caf\xe9', 'latin1').toString('base64'),
      },
    },
  ],
};

describe('pass-through (proxyUnmodelled)', () => {
  let live: FakeServer;
  let front: FakeServer;
  beforeEach(async () => {
    live = createFakeServer({ scenario: LIVE });
    const target = await live.start(0);
    front = createFakeServer({
      scenario: WORLD,
      proxyUnmodelled: { target, user: 'proxy', password: 'proxy-pw' },
    });
    await front.start(0);
  });
  afterEach(async () => {
    await front.stop();
    await live.stop();
  });

  it('forwards what the fake does not model as the configured account; modelled routes stay home', async () => {
    const listed = await fetch(`${front.url}/api/v1/channels.list?count=1`, { headers: AS.alice });
    expect(listed.status).toBe(200);
    const passed = await fetch(`${front.url}/api/v1/livechat/rooms`, { headers: AS.alice });
    expect(passed.status).toBe(200);
    expect(passed.headers.get('content-type')).toBe('application/json');
    // the live server saw the account's login, not alice's headers
    expect(await passed.json()).toEqual({
      rooms: [{ _id: 'livechat1', t: 'l' }],
      asked: 'proxy',
      success: true,
    });
    const unknown = await fetch(`${front.url}/api/v1/livechat/department`, { headers: AS.alice });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: 'Resource not found' });
    const avatar = await fetch(`${front.url}/avatar/alice`);
    expect(await avatar.text()).toBe('<svg/>');
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');

    expect(front.requests().map((e) => [e.method, e.path, e.status, e.modelled, e.proxied])).toEqual([
      ['GET', '/api/v1/channels.list', 200, true, undefined],
      ['GET', '/api/v1/livechat/rooms', 200, false, true],
      ['GET', '/api/v1/livechat/department', 404, false, true],
      ['GET', '/avatar/alice', 200, false, true],
    ]);
    expect(live.requests().map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/v1/login',
      'GET /api/v1/livechat/rooms',
      'GET /api/v1/livechat/department',
      'GET /avatar/alice',
    ]);
    // the answers are kept with the journal, as for any request
    const seq = front.requests({ path: '/api/v1/livechat/rooms' })[0]?.seq;
    const exchange = (await (await fetch(`${front.url}/__admin/requests/${String(seq)}`)).json()) as {
      response: unknown;
    };
    expect(exchange.response).toMatchObject({ asked: 'proxy' });
    // passed through: not among the routes nothing answered
    expect(front.unmatched()).toEqual([]);
  });

  it('an answer without a Content-Type comes back without one', async () => {
    const ping = await fetch(`${front.url}/api/v1/ping`);
    expect([ping.status, ping.headers.get('content-type'), await ping.text()]).toEqual([200, null, '']);
    expect(front.lastRequest()).toMatchObject({ path: '/api/v1/ping', status: 200, proxied: true });
  });

  it('a binary answer comes back byte for byte, on the chat API and off it; the journal shows its size', async () => {
    for (const [path, type] of [
      ['/img/a.png', 'image/png'],
      ['/api/v1/files.get', 'application/octet-stream'],
    ] as const) {
      const res = await fetch(`${front.url}${path}`, { headers: AS.alice });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
      const seq = front.requests({ path })[0]?.seq;
      const exchange = (await (await fetch(`${front.url}/__admin/requests/${String(seq)}`)).json()) as {
        response: unknown;
      };
      expect(exchange.response).toBe(`(${PNG.length} bytes of ${type})`);
    }
    // recorded with its type and its bytes: replayed without the server, the same answer
    const { stubs } = (await (await fetch(`${front.url}/__admin/recorded-stubs`)).json()) as {
      stubs: unknown[];
    };
    expect(stubs).toEqual([
      {
        request: { method: 'GET', path: '/img/a.png' },
        response: {
          status: 200,
          headers: { 'Content-Type': 'image/png' },
          base64Body: PNG.toString('base64'),
        },
      },
      {
        request: { method: 'GET', path: '/api/v1/files.get' },
        response: {
          status: 200,
          headers: { 'Content-Type': 'application/octet-stream' },
          base64Body: PNG.toString('base64'),
        },
      },
    ]);
    const offline = createFakeServer({ scenario: { ...WORLD, stubs: stubs as never } });
    await offline.start(0);
    try {
      const again = await fetch(`${offline.url}/img/a.png`);
      expect(again.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await again.arrayBuffer())).toEqual(PNG);
    } finally {
      await offline.stop();
    }
  });

  it('a text answer in another charset comes back byte for byte too', async () => {
    const csv = await fetch(`${front.url}/api/v1/export.csv`, { headers: AS.alice });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=iso-8859-1');
    expect(Buffer.from(await csv.arrayBuffer())).toEqual(Buffer.from('caf\xe9', 'latin1'));
    // not UTF-8: kept and recorded as its bytes, so the recorded stub replays them
    const recorded = front.recordedStubs();
    expect(recorded).toEqual([
      {
        request: { method: 'GET', path: '/api/v1/export.csv' },
        response: {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=iso-8859-1' },
          base64Body: Buffer.from('caf\xe9', 'latin1').toString('base64'),
        },
      },
    ]);
  });

  it('an answer too long for the journal to keep passes through whole and is not recorded without its body', async () => {
    // over the journal's 256 KB for one answer: it keeps only the answer's start
    const long = 'x'.repeat(300 * 1024);
    live.stub({ request: { path: '/api/v1/export.txt' }, response: { body: long } });
    live.stub({ request: { path: '/api/v1/short.txt' }, response: { body: 'short' } });
    const res = await fetch(`${front.url}/api/v1/export.txt`, { headers: AS.alice });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(long);
    await fetch(`${front.url}/api/v1/short.txt`, { headers: AS.alice });
    // a stub of the long one would answer an empty body: only the short one is recorded
    expect(front.recordedStubs()).toEqual([
      {
        request: { method: 'GET', path: '/api/v1/short.txt' },
        response: { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'short' },
      },
    ]);
  });

  it('a JSON string answer is recorded as its JSON, so the stub replays the same bytes', async () => {
    live.stub({
      request: { path: '/api/v1/version.txt' },
      // as the target wrote it: an escape and a line end kept, not written again
      response: { headers: { 'Content-Type': 'application/json' }, body: '"7.10.\\u0030"\n' },
    });
    live.stub({
      request: { path: '/api/v1/empty.json' },
      response: { headers: { 'Content-Type': 'application/json' }, body: '""' },
    });
    expect(await (await fetch(`${front.url}/api/v1/version.txt`, { headers: AS.alice })).text()).toBe(
      '"7.10.\\u0030"\n',
    );
    expect(await (await fetch(`${front.url}/api/v1/empty.json`, { headers: AS.alice })).text()).toBe('""');
    const stubs = front.recordedStubs();
    expect(stubs.map((s) => s.response.body)).toEqual(['"7.10.\\u0030"\n', '""']);
    const offline = createFakeServer({ scenario: { ...WORLD, stubs: stubs as never } });
    await offline.start(0);
    try {
      const again = await fetch(`${offline.url}/api/v1/version.txt`);
      expect(again.headers.get('content-type')).toBe('application/json');
      expect(await again.text()).toBe('"7.10.\\u0030"\n');
      expect(await (await fetch(`${offline.url}/api/v1/empty.json`)).text()).toBe('""');
    } finally {
      await offline.stop();
    }
  });

  it('a stub of the fake answers first; a target that does not answer is a 502', async () => {
    front.stub({ request: { path: '/api/v1/livechat/rooms' }, response: { body: { mine: true } } });
    expect(await (await fetch(`${front.url}/api/v1/livechat/rooms`)).json()).toEqual({ mine: true });
    expect(live.requests()).toEqual([]);
    await live.stop();
    const down = await fetch(`${front.url}/api/v1/livechat/department`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({
      success: false,
      error: expect.stringMatching(
        /^The pass-through target http:\/\/127\.0\.0\.1:\d+ did not answer \(ECONNREFUSED\)$/,
      ),
    });
    live = createFakeServer({ scenario: LIVE });
  });

  it('keeps what came back as stubs: loaded into a fake without the server, it answers the same', async () => {
    await fetch(`${front.url}/api/v1/livechat/rooms?since=2026`, { headers: AS.alice });
    await fetch(`${front.url}/api/v1/livechat/department`);
    const res = await fetch(`${front.url}/__admin/recorded-stubs`);
    const { stubs } = (await res.json()) as { stubs: unknown[] };
    expect(stubs).toEqual([
      {
        request: { method: 'GET', path: '/api/v1/livechat/rooms', query: { since: '2026' } },
        response: {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: { rooms: [{ _id: 'livechat1', t: 'l' }], asked: 'proxy', success: true },
        },
      },
      {
        request: { method: 'GET', path: '/api/v1/livechat/department' },
        response: {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
          body: { success: false, error: 'Resource not found' },
        },
      },
    ]);
    const offline = createFakeServer({ scenario: { ...WORLD, stubs: stubs as never } });
    await offline.start(0);
    try {
      const again = await fetch(`${offline.url}/api/v1/livechat/rooms?since=2026`);
      expect(await again.json()).toMatchObject({ asked: 'proxy' });
    } finally {
      await offline.stop();
    }
  });
});

describe('pass-through to a target of its own (bodies, silence, templates)', () => {
  let upstream: Server;
  let target = '';
  /** requests the target got and never answered */
  const held: ServerResponse[] = [];
  let heldOne: () => void = () => undefined;
  beforeAll(async () => {
    upstream = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/api/v1/hang') {
          held.push(res);
          heldOne();
          return;
        }
        if (req.url === '/api/v1/template') {
          res.setHeader('Content-Type', 'application/json');
          res.end('{"msg":"Hello {{user.username}}","other":"{{foo}}"}');
          return;
        }
        // an echo: what arrived, byte for byte
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify({
            type: req.headers['content-type'] ?? null,
            body: Buffer.concat(chunks).toString('base64'),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = upstream.address() as { port: number };
    target = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  async function echoed(front: FakeServer, type: string, body: Buffer | string): Promise<unknown> {
    const res = await fetch(`${front.url}/api/v1/echo`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body,
    });
    const answer = (await res.json()) as { type: string; body: string };
    return { type: answer.type, body: Buffer.from(answer.body, 'base64').toString('latin1') };
  }

  it('forwards a body as it came: a multipart upload, a text, a form with a repeated key, JSON', async () => {
    const front = createFakeServer({ scenario: WORLD, proxyUnmodelled: target });
    await front.start(0);
    try {
      const form = new FormData();
      form.append('file', new Blob([PNG]), 'a.png');
      // an upload route the fake does not model (its own rooms.upload reads the form itself)
      const upload = new Request(`${front.url}/api/v1/users.setAvatar`, { method: 'POST', body: form });
      const sent = Buffer.from(await upload.clone().arrayBuffer());
      const res = await fetch(upload);
      const answer = (await res.json()) as { type: string; body: string };
      expect(answer.type).toBe(upload.headers.get('content-type'));
      expect(Buffer.from(answer.body, 'base64').equals(sent)).toBe(true);
      expect(sent.length).toBeGreaterThan(PNG.length);
      expect(await echoed(front, 'text/plain', 'hello text')).toEqual({
        type: 'text/plain',
        body: 'hello text',
      });
      expect(await echoed(front, 'application/x-www-form-urlencoded', 'a=1&a=2&b=x')).toEqual({
        type: 'application/x-www-form-urlencoded',
        body: 'a=1&a=2&b=x',
      });
      expect(await echoed(front, 'application/json', '{"b":2,  "a":1}')).toEqual({
        type: 'application/json',
        body: '{"b":2,  "a":1}',
      });
    } finally {
      await front.stop();
    }
  });

  it('a target that does not answer is a 504 after timeoutMs, and stop() ends a call in flight at once', async () => {
    const front = createFakeServer({ scenario: WORLD, proxyUnmodelled: { target, timeoutMs: 50 } });
    await front.start(0);
    const late = await fetch(`${front.url}/api/v1/hang`);
    expect(late.status).toBe(504);
    expect(await late.json()).toEqual({
      success: false,
      error: `The pass-through target ${target} gave no answer within 50 ms`,
    });
    // the fake's own answer is no answer of the target's: not a stub to replay
    expect(front.recordedStubs()).toEqual([]);
    const patient = createFakeServer({ scenario: WORLD, proxyUnmodelled: target });
    await patient.start(0);
    const arrived = new Promise<void>((resolve) => (heldOne = resolve));
    const inFlight = fetch(`${patient.url}/api/v1/hang`).then(
      async (res) => [res.status, await res.json()] as const,
      () => 'closed',
    );
    await arrived;
    await patient.stop();
    expect(await inFlight).toEqual([
      502,
      { success: false, error: `The pass-through target ${target} was not waited for: the fake stopped` },
    ]);
    await front.stop();
  });

  it('an answer with {{ in it is recorded to replay as it came, not as a template', async () => {
    const front = createFakeServer({ scenario: WORLD, proxyUnmodelled: target });
    await front.start(0);
    try {
      const live = await (await fetch(`${front.url}/api/v1/template`, { headers: AS.bob })).text();
      const stubs = front.recordedStubs();
      expect(stubs).toEqual([
        {
          request: { method: 'GET', path: '/api/v1/template' },
          response: {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
            base64Body: Buffer.from(live).toString('base64'),
          },
        },
      ]);
      const offline = createFakeServer({ scenario: { ...WORLD, stubs } });
      await offline.start(0);
      try {
        expect(await (await fetch(`${offline.url}/api/v1/template`, { headers: AS.bob })).text()).toBe(live);
      } finally {
        await offline.stop();
      }
    } finally {
      await front.stop();
    }
  });
});

describe('the proxyUnmodelled option', () => {
  it.each<[unknown, string]>([
    ['not a url', 'target is the real server\'s URL (http://… or https://…), not "not a url"'],
    [{ target: 'ftp://example.com' }, "target is the real server's URL"],
    [
      { target: 'http://127.0.0.1:9', bogus: 1 },
      'unknown option "bogus"; it takes target, user, password and timeoutMs',
    ],
    [{ target: 'http://127.0.0.1:9', user: 'bot' }, 'user and password go together'],
    [
      { target: 'http://127.0.0.1:9', user: 'bot', password: '' },
      "password is the account's password, not empty",
    ],
    [null, "the real server's URL, or {target, user, password}, not null"],
    [
      { target: 'http://127.0.0.1:9', timeoutMs: 0 },
      'timeoutMs is whole milliseconds from 1 to 600000, not 0',
    ],
  ])('%j is refused at creation, naming the option', (proxyUnmodelled, problem) => {
    expect(() => createFakeServer({ proxyUnmodelled: proxyUnmodelled as never })).toThrow(
      `[rocketchat-fake] proxyUnmodelled: ${problem}`,
    );
  });
});

describe('the CLI’s --proxy-unmodelled', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, PORT: '0' } });
  it('refuses a target that is not a URL, and an account without its password', () => {
    const bad = run('--proxy-unmodelled', 'chat.example.com');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(
      '--proxy-unmodelled takes a URL (http://… or https://…), not "chat.example.com"',
    );
    const noPassword = spawnSync(
      process.execPath,
      [CLI, '--proxy-unmodelled', 'http://127.0.0.1:1', '--proxy-user', 'bot'],
      {
        encoding: 'utf8',
        env: { ...process.env, ROCKETCHAT_FAKE_PROXY_PASSWORD: '' },
      },
    );
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr).toContain('--proxy-user needs its password');
  });
});
