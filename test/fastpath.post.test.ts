/**
 * The fast path's POST operations and health check, tested differentially: every request goes to
 * two fakes on the same world, one with the fast path (the default) and one whose every request
 * takes Express (`log: true` turns the fast path off). Status, headers, bytes, journal and state
 * must be the same after each request, for the requests the fast path answers and for those it
 * replays into Express after reading their body.
 */
import { connect } from 'node:net';

import * as app from '../src/app';
import { createApp, createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import * as table from '../src/operations/table';
import { operationNamed } from '../src/operations/table';
import { AS, WORLD, makeFake } from './support/fake';

const fast = createFakeServer({ scenario: WORLD });
const plain = createFakeServer({ scenario: WORLD, log: true });
let stderr: jest.SpyInstance;

beforeAll(async () => {
  stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await Promise.all([fast.start(), plain.start()]);
});
afterEach(async () => {
  await Promise.all([fast.reset(), plain.reset()]);
});
afterAll(async () => {
  await Promise.all([fast.stop(), plain.stop()]);
  stderr.mockRestore();
});

const HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'pragma',
  'allow',
  'etag',
  'x-powered-by',
];

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

async function send(fake: FakeServer, { method = 'POST', path, headers = {}, body }: Sent) {
  const res = await fetch(`${fake.url}${path}`, { method, headers, body });
  return {
    status: res.status,
    headers: HEADERS.map((h) => res.headers.get(h)),
    text: await res.text(),
  };
}

/** Sends to both; expects the same answer, journal and state; returns the answer. */
async function both(request: Sent) {
  const a = await send(fast, request);
  const b = await send(plain, request);
  expect(a).toEqual(b);
  // byte for byte: the journal's key order shows in GET /__admin/requests
  expect(JSON.stringify(fast.requests())).toBe(JSON.stringify(plain.requests()));
  expect(JSON.stringify(fast.state())).toBe(JSON.stringify(plain.state()));
  return a;
}

const JSON_AS = (who: keyof typeof AS, type = 'application/json') => ({ ...AS[who], 'Content-Type': type });
const RO = '/api/v1/channels.setReadOnly';
const TYPE = '/api/v1/channels.setType';
const POST = '/api/v1/chat.postMessage';
/** A post's JSON body with these bytes in the middle of its text. */
const postWith = (...middle: (string | number[])[]) =>
  Buffer.concat([
    Buffer.from('{"roomId":"GENERAL","text":"'),
    ...middle.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
    Buffer.from('"}'),
  ]);

describe('fast path, differentially against the Express path', () => {
  it('answers a successful setReadOnly and setType with the same bytes, journal and state', async () => {
    const ro = await both({
      path: RO,
      headers: JSON_AS('alice'),
      body: '{"roomName":"random","readOnly":true}',
    });
    expect(ro.status).toBe(200);
    expect(JSON.parse(ro.text).channel).toMatchObject({ name: 'random', ro: true, msgs: 6 });
    const type = await both({
      path: TYPE,
      headers: JSON_AS('admin'),
      body: '{"roomId":"GENERAL","type":"p"}',
    });
    expect(type.status).toBe(200);
    expect(JSON.parse(type.text).channel).toMatchObject({ _id: 'GENERAL', t: 'p' });
    expect(fast.requests().map((r) => [r.path, r.status, r.user])).toEqual([
      [RO, 200, 'alice'],
      [TYPE, 200, 'admin'],
    ]);
  });

  const REFUSED: [string, Sent][] = [
    ['same value', { path: RO, headers: JSON_AS('alice'), body: '{"roomName":"news","readOnly":true}' }],
    ['no permission', { path: RO, headers: JSON_AS('bob'), body: '{"roomName":"random","readOnly":true}' }],
    ['archived room', { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"attic","readOnly":true}' }],
    ['unknown room', { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"nope","readOnly":true}' }],
    ['private room', { path: TYPE, headers: JSON_AS('admin'), body: '{"roomName":"secret","type":"c"}' }],
    ['bad type', { path: TYPE, headers: JSON_AS('admin'), body: '{"roomName":"random","type":"x"}' }],
    [
      'readOnly as a number no release coerces',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":2}' },
    ],
    [
      'extra key',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":true,"x":1}' },
    ],
    ['array body', { path: RO, headers: JSON_AS('admin'), body: '[1]' }],
    ['invalid JSON', { path: RO, headers: JSON_AS('admin'), body: '{"roomName":' }],
    ['scalar JSON', { path: RO, headers: JSON_AS('admin'), body: '"x"' }],
    [
      '__proto__ key',
      { path: RO, headers: JSON_AS('admin'), body: '{"__proto__":{"x":1},"roomName":"random"}' },
    ],
    [
      'bad token',
      {
        path: RO,
        headers: { ...JSON_AS('admin'), 'X-Auth-Token': 'no' },
        body: '{"roomName":"random","readOnly":true}',
      },
    ],
    [
      'no token',
      {
        path: RO,
        headers: { 'Content-Type': 'application/json' },
        body: '{"roomName":"random","readOnly":true}',
      },
    ],
    [
      'a charset other than UTF-8',
      {
        path: RO,
        headers: JSON_AS('admin', 'application/json; charset=latin1'),
        body: '{"roomName":"random","readOnly":true}',
      },
    ],
    [
      'text/plain',
      { path: RO, headers: JSON_AS('admin', 'text/plain'), body: '{"roomName":"random","readOnly":true}' },
    ],
    [
      'a session that does not exist',
      { path: `/s/nope${RO}`, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":true}' },
    ],
  ];

  it.each(REFUSED)('replays a refusal into Express unchanged: %s', async (_name, request) => {
    const before = JSON.stringify(fast.state());
    const answer = await both(request);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.text).success).toBe(false);
    expect(JSON.stringify(fast.state())).toBe(before);
  });

  const ACCEPTED: [string, Sent][] = [
    [
      'a BOM first (body-parser strips it)',
      { path: RO, headers: JSON_AS('admin'), body: '\ufeff{"roomName":"random","readOnly":true}' },
    ],
    [
      'leading whitespace',
      { path: RO, headers: JSON_AS('admin'), body: ' \n{"roomName":"random","readOnly":true}' },
    ],
    [
      'a non-ASCII name',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"r\u00e4um","readOnly":true}' },
    ],
    [
      'trailing whitespace',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":true}  ' },
    ],
    [
      '"true" as a string',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomId":"randomRoomId00001","readOnly":"true"}' },
    ],
    [
      'charset=UTF-8',
      {
        path: RO,
        headers: JSON_AS('admin', 'Application/JSON; Charset=UTF-8'),
        body: '{"roomName":"random","readOnly":true}',
      },
    ],
    [
      'a query string',
      { path: `${RO}?x=1&y=2`, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":true}' },
    ],
    [
      'a password in the body',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":true,"password":"x"}' },
    ],
    [
      'a form body',
      {
        path: RO,
        headers: JSON_AS('admin', 'application/x-www-form-urlencoded'),
        body: 'roomName=random&readOnly=true',
      },
    ],
  ];

  it.each(ACCEPTED)('gives the same answer either way: %s', async (_name, request) => {
    await both(request);
  });

  // UTF-8 bodies the fast path reads itself, and the bytes it leaves to body-parser
  const TEXT: [string, Sent, number][] = [
    [
      'an accented text',
      { path: POST, headers: JSON_AS('alice'), body: postWith('caf\u00e9 cr\u00e8me') },
      200,
    ],
    [
      'an emoji',
      { path: POST, headers: JSON_AS('alice'), body: postWith('ship it \u{1F680}\u{1F389}') },
      200,
    ],
    [
      'emoji with charset=utf-8',
      {
        path: POST,
        headers: JSON_AS('alice', 'application/json; charset=utf-8'),
        body: postWith('\u{1F600}'),
      },
      200,
    ],
    [
      'a BOM, then an accented text',
      {
        path: POST,
        headers: JSON_AS('alice'),
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), postWith('\u00fc')]),
      },
      200,
    ],
    [
      'two BOMs',
      {
        path: POST,
        headers: JSON_AS('alice'),
        body: Buffer.concat([Buffer.from('\ufeff\ufeff'), postWith('x')]),
      },
      400,
    ],
    ['a BOM and nothing else', { path: POST, headers: JSON_AS('alice'), body: Buffer.from('\ufeff') }, 400],
    [
      'an accented name that is no room',
      { path: RO, headers: JSON_AS('admin'), body: '{"roomName":"r\u00e4um","readOnly":true}' },
      400,
    ],
    [
      'invalid UTF-8 (a lone 0xff)',
      { path: POST, headers: JSON_AS('alice'), body: postWith('a', [0xff], 'b') },
      200,
    ],
    [
      'invalid UTF-8 (a cut sequence)',
      { path: POST, headers: JSON_AS('alice'), body: postWith('a', [0xe2, 0x82], 'b') },
      200,
    ],
    [
      'invalid UTF-8 (an overlong slash)',
      { path: POST, headers: JSON_AS('alice'), body: postWith([0xc0, 0xaf]) },
      200,
    ],
    [
      'invalid UTF-8 (a surrogate)',
      { path: POST, headers: JSON_AS('alice'), body: postWith([0xed, 0xa0, 0x80]) },
      200,
    ],
    [
      'charset=latin1 with a Latin-1 byte',
      {
        path: POST,
        headers: JSON_AS('alice', 'application/json; charset=latin1'),
        body: postWith('caf', [0xe9]),
      },
      400,
    ],
    [
      'charset=iso-8859-1 with UTF-8 bytes',
      {
        path: POST,
        headers: JSON_AS('alice', 'application/json; charset=iso-8859-1'),
        body: postWith('caf\u00e9'),
      },
      400,
    ],
    ['a non-ASCII scalar', { path: POST, headers: JSON_AS('alice'), body: '"caf\u00e9"' }, 400],
    ['a non-ASCII array', { path: RO, headers: JSON_AS('admin'), body: '["caf\u00e9"]' }, 400],
    [
      'a no-break space before the object',
      { path: POST, headers: JSON_AS('alice'), body: Buffer.concat([Buffer.from('\u00a0'), postWith('x')]) },
      400,
    ],
    [
      'invalid JSON with an accent',
      { path: POST, headers: JSON_AS('alice'), body: '{"roomId":"GENERAL","text":"\u00e9}' },
      400,
    ],
  ];

  it.each(TEXT)('gives the same answer either way: %s', async (_name, request, status) => {
    const answer = await both(request);
    expect(answer.status).toBe(status);
  });

  it('keeps a non-ASCII text as sent, and a bad byte as body-parser decodes it', async () => {
    await both({ path: POST, headers: JSON_AS('alice'), body: postWith('caf\u00e9 \u{1F680}') });
    await both({ path: POST, headers: JSON_AS('alice'), body: postWith('a', [0xff], 'b') });
    expect(fast.requests({ path: POST }).map((r) => (r.body as { text: string }).text)).toEqual([
      'caf\u00e9 \u{1F680}',
      'a\ufffdb',
    ]);
  });

  it('answers the same in a session, against the session\u2019s state only', async () => {
    const [s1, s2] = [fast.session({ id: 'same' }), plain.session({ id: 'same' })];
    const answer = await both({
      path: `/s/same${RO}`,
      headers: JSON_AS('alice'),
      body: '{"roomName":"random","readOnly":true}',
    });
    expect(answer.status).toBe(200);
    expect(s1.requests()).toEqual(s2.requests());
    expect(s1.state().channels.find((c) => c.name === 'random')?.ro).toBe(true);
    expect(fast.state().channels.find((c) => c.name === 'random')?.ro).toBe(false);
    await Promise.all([s1.close(), s2.close()]);
  });

  it('steps aside for faults and rate limits, after reading the body', async () => {
    for (const fake of [fast, plain]) fake.fault({ path: RO, status: 503, times: 1 });
    const faulted = await both({
      path: RO,
      headers: JSON_AS('alice'),
      body: '{"roomName":"random","readOnly":true}',
    });
    expect(faulted.status).toBe(503);
    for (const fake of [fast, plain]) fake.setRateLimit({ limit: 1, windowMs: 60_000 });
    expect(
      (await both({ path: RO, headers: JSON_AS('alice'), body: '{"roomName":"random","readOnly":true}' }))
        .status,
    ).toBe(200);
    expect(
      (await both({ path: RO, headers: JSON_AS('alice'), body: '{"roomName":"random","readOnly":false}' }))
        .status,
    ).toBe(429);
  });

  it('answers GET /__admin/health with the same bytes as Express', async () => {
    expect(await both({ method: 'GET', path: '/__admin/health' })).toMatchObject({
      status: 200,
      text: '{"status":"ok","profile":"8.9"}',
    });
  });

  it('neither journals nor applies a request whose client went away mid-body, on either path', async () => {
    const cut = async (fake: FakeServer) => {
      const { port } = new URL(fake.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // the head and part of the body are handed to the kernel before the socket goes
      await new Promise((resolve) =>
        socket.write(
          `POST ${RO} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n` +
            `X-Auth-Token: alice-token\r\nX-User-Id: aliceUserId000001\r\n\r\n{"roomName":`,
          resolve,
        ),
      );
      await new Promise((resolve) => socket.destroy().once('close', resolve));
      // the server goes on serving
      return send(fake, { method: 'GET', path: '/api/v1/channels.list?count=1', headers: { ...AS.alice } });
    };
    const viaExpress = await cut(plain);
    expect(await cut(fast)).toEqual(viaExpress);
    expect(viaExpress.status).toBe(200);
    expect(fast.requests()).toEqual(plain.requests());
    expect(fast.requests().map((r) => r.path)).toEqual(['/api/v1/channels.list']);
    expect(JSON.stringify(fast.state())).toBe(JSON.stringify(plain.state()));
  });
});

describe('where the fast path is', () => {
  it('only in front of a started server: fake.app and createApp() are the Express app itself', () => {
    const app = makeFake().app as unknown as Record<string, unknown>;
    expect(typeof app.use).toBe('function');
    expect(typeof app.listen).toBe('function');
    expect(typeof (createApp({ scenario: WORLD }) as unknown as Record<string, unknown>).use).toBe(
      'function',
    );
  });
});

describe('bodiless control calls on the fast path, differentially against Express', () => {
  it('reset, reads and their refusals: the same bytes, the same state after', async () => {
    // a change first, so that the reset has something to undo
    await both({ path: RO, headers: JSON_AS('admin'), body: '{"roomName":"random","readOnly":true}' });
    for (const [method, path] of [
      ['GET', '/__admin/faults'],
      ['GET', '/__admin/requests/count?status=200'],
      ['GET', '/__admin/state?diff=baseline'],
      ['POST', '/__admin/reset'],
      ['GET', '/__admin/state?diff=baseline'],
      ['DELETE', '/__admin/requests'],
      ['GET', '/__admin/state?diff=nope'],
      ['GET', '/__admin/requests/count?status=abc'],
      ['PUT', '/__admin/reset'],
    ] as const) {
      const a = await send(fast, { method, path });
      const b = await send(plain, { method, path });
      expect({ method, path, ...a }).toEqual({ method, path, ...b });
      expect(JSON.stringify(fast.state())).toBe(JSON.stringify(plain.state()));
    }
    expect((await send(fast, { method: 'GET', path: '/__admin/state?diff=nope' })).status).toBe(400);
  });

  it('leaves what its guard refuses to Express: a foreign Origin, a page’s content type, a missing token', async () => {
    const tokenFast = createFakeServer({ scenario: WORLD, adminToken: 'sesame' });
    const tokenPlain = createFakeServer({ scenario: WORLD, adminToken: 'sesame', log: true });
    await Promise.all([tokenFast.start(), tokenPlain.start()]);
    try {
      const cases: Sent[] = [
        { path: '/__admin/reset', headers: { Origin: 'http://evil.example' } },
        { path: '/__admin/reset', headers: { 'Content-Type': 'text/plain' } },
        { path: '/__admin/reset' },
        { path: '/__admin/reset', headers: { Authorization: 'Bearer wrong' } },
        { path: '/__admin/reset', headers: { Authorization: 'Bearer sesame' } },
        { method: 'GET', path: '/__admin/health' },
      ];
      const statuses: number[] = [];
      for (const sent of cases) {
        const a = await send(tokenFast, sent);
        expect(a).toEqual(await send(tokenPlain, sent));
        statuses.push(a.status);
      }
      expect(statuses).toEqual([403, 415, 401, 401, 200, 200]);
    } finally {
      await Promise.all([tokenFast.stop(), tokenPlain.stop()]);
    }
  });
});

describe('what the fast path spares', () => {
  it('looks a request\u2019s route up once, on either path, replayed or not', async () => {
    const lookups = jest.spyOn(table, 'operationAt');
    try {
      const requests: Sent[] = [
        { method: 'GET', path: '/api/v1/channels.list?count=1', headers: AS.alice },
        { path: RO, headers: JSON_AS('alice'), body: '{"roomName":"random","readOnly":true}' },
        { path: POST, headers: JSON_AS('alice'), body: postWith('caf\u00e9 \u{1F680}') },
        { path: RO, headers: JSON_AS('alice'), body: '{"roomName":' },
        { path: RO, headers: JSON_AS('alice', 'application/x-www-form-urlencoded'), body: 'roomName=random' },
        { method: 'GET', path: RO, headers: AS.alice },
      ];
      for (const fake of [fast, plain])
        for (const request of requests) {
          lookups.mockClear();
          await send(fake, request);
          expect({ ...request, lookups: lookups.mock.calls.length }).toEqual({ ...request, lookups: 1 });
        }
      // a path outside the chat API has no operation to look up
      lookups.mockClear();
      await send(fast, { method: 'GET', path: '/avatar/alice' });
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });

  it('runs a refused request once, on either path', async () => {
    const op = operationNamed('channels.setReadOnly');
    if (!op) throw new Error('no channels.setReadOnly operation');
    const read = jest.spyOn(op, 'read');
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    try {
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        read.mockClear();
        const body =
          type === 'application/json'
            ? '{"roomName":"random","readOnly":false}'
            : 'roomName=random&readOnly=false';
        const res = await send(fake, { path: RO, headers: JSON_AS('bob', type), body });
        expect(res.status).toBe(400);
        expect(read).toHaveBeenCalledTimes(1);
      }
      expect(fake.requests({ path: RO })).toHaveLength(2);
    } finally {
      read.mockRestore();
      await fake.stop();
    }
  });

  it('resets a world over HTTP without building Express', async () => {
    const spy = jest.spyOn(app, 'buildApp');
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    try {
      await send(fake, {
        path: RO,
        headers: JSON_AS('alice'),
        body: '{"roomName":"random","readOnly":true}',
      });
      expect(fake.state()).not.toEqual(createFakeServer({ scenario: WORLD }).state());
      const res = await send(fake, { path: '/__admin/reset' });
      expect(res).toMatchObject({ status: 200, text: '{"status":"ok"}' });
      expect(fake.state()).toEqual(createFakeServer({ scenario: WORLD }).state());
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      await fake.stop();
    }
  });

  it('answers a successful POST without building Express at all', async () => {
    const spy = jest.spyOn(app, 'buildApp');
    // 8.9: its validator coerces the form body's "false" (7.x's refuses the string)
    const fake = createFakeServer({ scenario: WORLD, profile: '8.9' });
    await fake.start();
    try {
      const res = await send(fake, {
        path: RO,
        headers: JSON_AS('alice'),
        body: '{"roomName":"random","readOnly":true}',
      });
      expect(res.status).toBe(200);
      expect(spy).not.toHaveBeenCalled();
      // a refusal comes from the same pipeline, run once: Express is still not needed
      expect(
        (
          await send(fake, {
            path: RO,
            headers: JSON_AS('bob'),
            body: '{"roomName":"random","readOnly":false}',
          })
        ).status,
      ).toBe(400);
      expect(spy).not.toHaveBeenCalled();
      // a UTF-8 body with accents and emoji is read by the fast path too
      expect(
        (
          await send(fake, {
            path: POST,
            headers: JSON_AS('alice'),
            body: postWith('gr\u00fc\u00dfe \u{1F44B}'),
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await send(fake, {
            path: POST,
            headers: JSON_AS('alice'),
            body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), postWith('\u00e9')]),
          })
        ).status,
      ).toBe(200);
      expect(spy).not.toHaveBeenCalled();
      // a form body is body-parser's to read: Express is built then
      expect(
        (
          await send(fake, {
            path: RO,
            headers: JSON_AS('alice', 'application/x-www-form-urlencoded'),
            body: 'roomName=random&readOnly=false',
          })
        ).status,
      ).toBe(200);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      await fake.stop();
    }
  });
});
