/**
 * One request must never stop the server: regular expressions run in linear time (RE2), globs are
 * matched without backtracking, and the work a query may ask for is bounded (MongoDB's limits,
 * tighter where the fake scans every room per condition). Past a bound: the real 400 envelope.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

import { globMatches } from '../src/glob';
import { QUERY_LIMITS } from '../src/store/query';
import { MAX_REGEX_LENGTH } from '../src/store/regex';
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

const LIST = '/api/v1/channels.list';

function get(
  base: string,
  path: string,
  headers: Record<string, string> = AS.admin,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // the path goes as it is (a URL string would be re-escaped, tripling every quote)
    const { hostname, port } = new URL(base);
    const req = httpRequest({ hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** JSON in the query string with only what must be escaped escaped, so wide documents fit in 16 KB. */
const param = (value: unknown): string => JSON.stringify(value).replace(/[%#&+ ]/g, encodeURIComponent);
const q = (query: unknown): string => `${LIST}?query=${param(query)}`;
const s = (sort: unknown): string => `${LIST}?sort=${param(sort)}`;

function invalid(kind: 'query' | 'sort', raw: string): object {
  return {
    success: false,
    error: `Invalid ${kind} parameter provided: "${raw}" [error-invalid-${kind}]`,
    errorType: `error-invalid-${kind}`,
    details: { helperMethod: 'parseJsonQuery' },
  };
}

/** An $or nested `depth` levels deep around one condition. */
function nested(depth: number): unknown {
  let query: unknown = { name: 'random' };
  for (let i = 0; i < depth; i += 1) query = { $or: [query] };
  return query;
}

describe('hostile queries', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = createFakeServer({ scenario: { ...WORLD, generate: { channels: 2000 } } });
    await fake.start();
  });
  afterAll(() => fake.stop());

  it('the worst regex, the widest sort and the deepest query run while other clients keep being answered', async () => {
    const catastrophic = { ts: { $regex: '^(([\\d:.TZ-]+)+)+!$' } };
    const wide = Object.fromEntries(Array.from({ length: QUERY_LIMITS.sortKeys }, (_, i) => [`k${i}`, 1]));
    const worst = [
      get(fake.url, q(catastrophic)),
      get(fake.url, q({ name: { $regex: '(a|aa)*$' } })),
      get(fake.url, s(wide)),
      get(fake.url, q(nested(QUERY_LIMITS.depth))),
    ];
    const others = Array.from({ length: 20 }, () => get(fake.url, '/api/info', {}));
    for (const other of await Promise.all(others)) expect(other.status).toBe(200);
    const [regex, alternation, sort, deep] = await Promise.all(worst);
    expect(regex).toMatchObject({ status: 200 });
    expect(JSON.parse(regex?.body ?? '{}')).toMatchObject({ channels: [], total: 0, success: true });
    expect(alternation?.status).toBe(200);
    expect(sort?.status).toBe(200);
    expect(deep?.status).toBe(200);
    expect(JSON.parse(deep?.body ?? '{}')).toMatchObject({ total: 1 });
  });

  it.each([
    ['a lookahead (RE2 has none)', { name: { $regex: '(?=r)random' } }],
    ['a backreference', { name: { $regex: '(a)\\1' } }],
    [`a pattern longer than ${MAX_REGEX_LENGTH}`, { name: { $regex: 'a'.repeat(MAX_REGEX_LENGTH + 1) } }],
    [`$or nested ${QUERY_LIMITS.depth + 1} deep`, nested(QUERY_LIMITS.depth + 1)],
    ['$or nested 1,300 deep', nested(1300)],
    [
      `an $or of ${QUERY_LIMITS.terms / 2 + 1} one-field branches (${QUERY_LIMITS.terms + 2} terms)`,
      { $or: Array.from({ length: QUERY_LIMITS.terms / 2 + 1 }, (_, i) => ({ name: `c${i}` })) },
    ],
    [
      `an $and of ${QUERY_LIMITS.terms + 1} empty clauses`,
      { $and: Array.from({ length: QUERY_LIMITS.terms + 1 }, () => ({})) },
    ],
    ['an $and of 3,000 empty clauses', { $and: Array.from({ length: 3000 }, () => ({})) }],
    ['an 800-branch $or', { $or: Array.from({ length: 800 }, (_, i) => ({ name: `c${i}` })) }],
  ])('%s is 400 error-invalid-query, and the server goes on', async (_name, query) => {
    const before = fake.state();
    const res = await get(fake.url, q(query));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(invalid('query', JSON.stringify(query)));
    expect(fake.state()).toEqual(before);
    expect((await get(fake.url, '/api/info', {})).status).toBe(200);
  });

  it(`an $or of ${QUERY_LIMITS.terms / 2} one-field branches (${QUERY_LIMITS.terms} terms) is answered`, async () => {
    const query = {
      $or: Array.from({ length: QUERY_LIMITS.terms / 2 }, (_, i) => ({ name: i === 0 ? 'random' : `c${i}` })),
    };
    const res = await get(fake.url, q(query));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ total: 1 });
  });

  it(`a sort on ${QUERY_LIMITS.sortKeys + 1} or 1,000 keys is 400 error-invalid-sort`, async () => {
    for (const n of [QUERY_LIMITS.sortKeys + 1, 1000]) {
      const sort = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));
      const res = await get(fake.url, s(sort));
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(invalid('sort', JSON.stringify(sort)));
    }
  });

  it('a regex with $options i, m and s runs under RE2 as MongoDB reads them', async () => {
    const res = await get(fake.url, q({ name: { $regex: '^RANDOM$', $options: 'im' } }));
    expect(JSON.parse(res.body)).toMatchObject({ total: 1, channels: [{ name: 'random' }] });
  });
});

describe('globs are matched in linear time', () => {
  it.each([
    ['/api/v1/channels.*', '/api/v1/channels.list', true],
    ['/api/v1/channels.*', '/api/v1/groups.list', false],
    ['*', '', true],
    ['', '', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXbY', false],
    ['*.list', '/api/v1/channels.list', true],
    ['/api/info', '/api/info', true],
    ['/api/info', '/api/infos', false],
    ['**a', 'bba', true],
  ])('%j on %j: %s', (glob, text, expected) => {
    expect(globMatches(glob, text)).toBe(expected);
  });

  it('a journal filter *a*a*a*b after a 4,000-character path answers', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    try {
      expect((await get(fake.url, `/${'a'.repeat(4000)}`, {})).status).toBe(404);
      const res = await get(
        fake.url,
        `/__admin/requests?path=${encodeURIComponent('*a*a*a*a*a*a*a*a*b')}`,
        {},
      );
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ requests: [] });
    } finally {
      await fake.stop();
    }
  });

  it('a fault path with many stars matches a long path', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    try {
      fake.fault({ path: '/api/*a*a*a*a*a*a*a*a*b', status: 503 });
      expect((await get(fake.url, `/api/${'a'.repeat(4000)}`, {})).status).toBe(404);
      expect((await get(fake.url, `/api/${'a'.repeat(4000)}b`, {})).status).toBe(503);
    } finally {
      await fake.stop();
    }
  });
});

describe('every refusal of the HTTP layer is a 4xx in the envelope, never a 500', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start();
  });
  afterAll(() => fake.stop());

  /** Sends raw bytes and resolves with the whole answer. */
  function raw(bytes: string): Promise<string> {
    const { hostname, port } = new URL(fake.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(bytes));
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  const form = (fields: number): string => Array.from({ length: fields }, (_, i) => `f${i}=${i}`).join('&');

  async function postForm(path: string, fields: number, headers: Record<string, string> = {}) {
    const res = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: form(fields),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  const TOO_MANY = {
    success: false,
    error: 'The form body has more than 1000 fields [error-payload-too-large]',
    errorType: 'error-payload-too-large',
  };

  it('a form body of 1,001 fields: 413 on a route behind login, on login itself and on the control API', async () => {
    const before = fake.state();
    expect(await postForm('/api/v1/channels.setReadOnly', 1001, AS.admin)).toEqual({
      status: 413,
      body: TOO_MANY,
    });
    expect(await postForm('/api/v1/login', 1001)).toEqual({ status: 413, body: TOO_MANY });
    // the control API takes JSON only: a form is refused for what it is before its size matters
    expect(await postForm('/__admin/users', 1001)).toEqual({
      status: 415,
      body: {
        error: 'The control API takes JSON bodies only, not "application/x-www-form-urlencoded"',
        problems: [],
      },
    });
    expect(fake.state()).toEqual(before);
    // 1,000 fields are read (and refused for what they say, not for their number)
    expect((await postForm('/api/v1/channels.setReadOnly', 1000, AS.admin)).status).toBe(400);
  });

  it('a request line and headers over 16 KB: 431 in the envelope', async () => {
    const answer = await raw(`GET /api/info?x=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer).toContain('Content-Type: application/json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      error: 'The request line and headers are over 16 KB [error-headers-too-large]',
      errorType: 'error-headers-too-large',
    });
  });

  it('bad bytes on a connection whose answer is under way close it, never splice a 400 into the answer', async () => {
    const { hostname, port } = new URL(fake.url);
    const text = await new Promise<string>((resolve) => {
      let got = '';
      const socket = connect(Number(port), hostname, () =>
        socket.write('GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
      );
      socket.on('data', (d: Buffer) => {
        const first = got === '';
        got += d.toString('utf8');
        if (first) socket.write('NOT HTTP AT ALL\r\n\r\n');
      });
      socket.on('close', () => resolve(got));
      socket.on('error', () => undefined);
    });
    expect(text.startsWith('HTTP/1.1 200 OK')).toBe(true);
    expect(text).toContain('event: hello');
    expect(text).not.toContain('HTTP/1.1 400');
  });

  it('bytes that are not HTTP: 400 in the envelope, and the server goes on', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      error: 'The request is not valid HTTP [error-bad-request]',
      errorType: 'error-bad-request',
    });
    expect((await fetch(`${fake.url}/api/info`)).status).toBe(200);
  });
});

describe("the control API is not a web page's to drive", () => {
  let fake: FakeServer;
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD, allowedHosts: ['chat.test'] });
    await fake.start();
  });
  afterEach(() => fake.stop());

  /** A request with the headers a browser page (or a rebinding one) would send. */
  async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
    const { hostname, port } = new URL(fake.url);
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = httpRequest({ hostname, port, path, method, headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('a text/plain POST /__admin/shutdown from another page is refused, and the server keeps running', async () => {
    const page = { Origin: 'https://evil.example', 'Content-Type': 'text/plain' };
    expect(await send('POST', '/__admin/shutdown', page, '{}')).toEqual({
      status: 403,
      body: {
        error: 'The control API refuses changes from another origin ("https://evil.example")',
        problems: [],
      },
    });
    // without an Origin (a page cannot leave it out), a CORS-simple body is still refused
    expect(await send('POST', '/__admin/shutdown', { 'Content-Type': 'text/plain' }, '{}')).toEqual({
      status: 415,
      body: { error: 'The control API takes JSON bodies only, not "text/plain"', problems: [] },
    });
    expect((await send('POST', '/__admin/reset', { Origin: 'null' })).status).toBe(403);
    expect((await fetch(`${fake.url}/api/info`)).status).toBe(200);
  });

  it('a foreign Host (DNS rebinding) cannot read the state; local names, IPs and allowedHosts can', async () => {
    const { port } = new URL(fake.url);
    expect(await send('GET', '/__admin/state', { Host: `attacker.example:${port}` })).toEqual({
      status: 403,
      body: {
        error: `The control API answers only local host names on a server bound to loopback, not "attacker.example:${port}"; add it with --allowed-host (allowedHosts)`,
        problems: [],
      },
    });
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      `chat.test:${port}`,
    ])
      expect((await send('GET', '/__admin/state', { Host: host })).status).toBe(200);
    // health says nothing but ok: always answered
    expect((await send('GET', '/__admin/health', { Host: 'attacker.example' })).status).toBe(200);
  });

  it('the same origin and JSON bodies are accepted, as the inspector and the helpers send them', async () => {
    const origin = fake.url;
    expect((await send('POST', '/__admin/reset', { Origin: origin })).status).toBe(200);
    const added = await send(
      'POST',
      '/__admin/faults',
      { Origin: origin, 'Content-Type': 'application/json; charset=utf-8' },
      JSON.stringify({ path: '/api/info', status: 503 }),
    );
    expect(added.status).toBe(201);
  });

  it('bound to all interfaces, Host names are not checked (the admin token is the guard there)', async () => {
    const open = createFakeServer({ scenario: WORLD, host: '0.0.0.0', adminToken: 't' });
    await open.start();
    try {
      const { port } = new URL(open.url);
      const res = await fetch(`http://127.0.0.1:${port}/__admin/state`, {
        headers: { Host: 'chat.internal', Authorization: 'Bearer t' },
      });
      expect(res.status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});
