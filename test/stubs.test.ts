/**
 * Stubs: answers for the routes the fake does not model, from a scenario file, the control API or
 * `fake.stub()`: matched on method, path, query, headers and body, answered with a templated body,
 * bounded by `times`, ordered by `priority`, never shadowing a modelled route unless they say so,
 * per world and back to the scenario's at a reset. Templates read data and nothing else.
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import { AS, WORLD } from './support/fake';

const LIVECHAT_ROOMS = {
  id: 'livechat',
  request: { method: 'GET', path: '/api/v1/livechat/rooms' },
  response: { body: { rooms: [{ _id: 'livechat1', t: 'l' }], success: true } },
};

const withStubs: ScenarioInput = { ...WORLD, stubs: [LIVECHAT_ROOMS] };

async function call(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; type: string | null; body: unknown }> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  const type = res.headers.get('content-type');
  return { status: res.status, type, body: type?.startsWith('application/json') ? JSON.parse(text) : text };
}

describe('stubs', () => {
  let fake: FakeServer;
  beforeEach(async () => {
    fake = createFakeServer({ scenario: withStubs });
    await fake.start(0);
  });
  afterEach(() => fake.stop());

  it('a scenario’s stub answers its route; the journal tells modelled, stubbed and unknown calls apart', async () => {
    const listed = await call(fake.url, '/api/v1/channels.list?count=1', { headers: AS.alice });
    expect(listed.status).toBe(200);
    const stubbed = await call(fake.url, '/api/v1/livechat/rooms', { headers: AS.alice });
    expect(stubbed).toEqual({ status: 200, type: 'application/json', body: LIVECHAT_ROOMS.response.body });
    const unknown = await call(fake.url, '/api/v1/livechat/department', { headers: AS.alice });
    expect(unknown.status).toBe(404);
    expect(fake.requests().map((e) => [e.path, e.status, e.modelled, e.stub])).toEqual([
      ['/api/v1/channels.list', 200, true, undefined],
      ['/api/v1/livechat/rooms', 200, false, 'livechat'],
      ['/api/v1/livechat/department', 404, false, undefined],
    ]);
    // a stubbed route is matched: not among the unmatched, not in a contract
    expect(fake.unmatched().map((r) => r.path)).toEqual(['/api/v1/livechat/department']);
    expect(fake.pact({ consumer: 'client' }).interactions.map((i) => i.request.path)).toEqual([
      '/api/v1/channels.list',
    ]);
    expect(fake.stubs()).toEqual([{ ...LIVECHAT_ROOMS, priority: 5, hits: 1, remaining: null }]);
  });

  it('never shadows a modelled route unless it overrides it', async () => {
    fake.stub({
      request: { path: '/api/v1/channels.list' },
      response: { status: 500, body: { stubbed: true } },
    });
    expect((await call(fake.url, '/api/v1/channels.list', { headers: AS.alice })).status).toBe(200);
    fake.stub({
      id: 'outage',
      request: { path: '/api/v1/channels.list' },
      response: { status: 503, body: { success: false, error: 'down' } },
      override: true,
      times: 1,
    });
    const down = await call(fake.url, '/api/v1/channels.list', { headers: AS.alice });
    expect(down).toEqual({ status: 503, type: 'application/json', body: { success: false, error: 'down' } });
    // spent: gone, the model answers again
    expect((await call(fake.url, '/api/v1/channels.list', { headers: AS.alice })).status).toBe(200);
    expect(fake.stubs().map((s) => s.id)).not.toContain('outage');
    expect(fake.lastRequest({ status: 503 })).toMatchObject({ modelled: true, stub: 'outage' });
  });

  it('matches on method, path pattern, query, headers (any case) and body; priority, then the newest', async () => {
    fake.stub({
      id: 'sounds',
      request: { method: 'get', pathPattern: '/api/v1/custom-sounds\\.(list|all)' },
      response: { body: { sounds: [], success: true } },
    });
    fake.stub({
      id: 'upload-small',
      request: {
        method: 'POST',
        path: '/api/v1/rooms.upload',
        headers: { 'x-user-id': 'bobUserId00000001' },
        body: { contains: { file: { size: 1 } } },
      },
      response: { status: 200, body: { message: { msg: 'small' }, success: true } },
    });
    fake.stub({
      id: 'search',
      request: { path: '/api/v1/livechat/visitors.search', query: { query: { matches: '^#?gen' } } },
      response: { body: { rooms: [{ name: 'general' }], users: [], success: true } },
    });
    fake.stub({ id: 'low', request: { path: '/api/v1/thing' }, response: { body: 'low' }, priority: 9 });
    fake.stub({ id: 'old', request: { path: '/api/v1/thing' }, response: { body: 'old' } });
    fake.stub({ id: 'new', request: { path: '/api/v1/thing' }, response: { body: 'new' } });

    expect((await call(fake.url, '/api/v1/custom-sounds.all')).body).toMatchObject({ success: true });
    expect((await call(fake.url, '/api/v1/custom-sounds.lists')).status).toBe(404);
    expect((await call(fake.url, '/api/v1/custom-sounds.list', { method: 'POST', body: {} })).status).toBe(
      404,
    );
    const upload = { file: { size: 1, name: 'a.txt' }, msg: 'hi' };
    expect((await call(fake.url, '/api/v1/rooms.upload', { headers: AS.bob, body: upload })).status).toBe(
      200,
    );
    expect((await call(fake.url, '/api/v1/rooms.upload', { headers: AS.alice, body: upload })).status).toBe(
      404,
    );
    expect(
      (await call(fake.url, '/api/v1/rooms.upload', { headers: AS.bob, body: { file: { size: 2 } } })).status,
    ).toBe(404);
    expect((await call(fake.url, '/api/v1/livechat/visitors.search?query=%23general')).status).toBe(200);
    expect((await call(fake.url, '/api/v1/livechat/visitors.search?query=random')).status).toBe(404);
    expect(await call(fake.url, '/api/v1/thing')).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      body: 'new',
    });
    // the order they are tried in: priority, then the newest first
    expect(fake.stubs().map((s) => [s.id, s.hits])).toEqual([
      ['new', 1],
      ['old', 0],
      ['search', 1],
      ['upload-small', 1],
      ['sounds', 1],
      ['livechat', 0],
      ['low', 0],
    ]);
  });

  it('fills its templates from the request, the caller and the clock; one template alone keeps its type', async () => {
    fake.stub({
      request: { pathPattern: '/api/v1/rooms\\.roles' },
      response: {
        headers: { 'X-Echo': 'room {{request.query.rid}} by {{request.headers.X-User-Id}}' },
        body: {
          rid: '{{request.query.rid}}',
          asked: '{{request.method}} {{request.path}}',
          by: '{{user.username}}',
          count: '{{request.body.count}}',
          nested: '{{request.body.filter}}',
          missing: '{{request.query.nope}}',
          at: '{{now}}',
        },
      },
    });
    const res = await fetch(`${fake.url}/api/v1/rooms.roles?rid=GENERAL`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 3, filter: { role: 'owner' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('room GENERAL by aliceUserId000001');
    expect(await res.json()).toEqual({
      rid: 'GENERAL',
      asked: 'POST /api/v1/rooms.roles',
      by: 'alice',
      count: 3,
      nested: { role: 'owner' },
      missing: null,
      at: '2026-01-01T00:00:00.000Z',
    });
    // no caller: null
    const anonymous = await call(fake.url, '/api/v1/rooms.roles?rid=x', { body: {} });
    expect(anonymous.body).toMatchObject({ by: null, count: null });
  });

  it('answers with its own Content-Type when it gives one, on the chat API too', async () => {
    fake.stub({
      request: { path: '/api/v1/export.csv' },
      response: { headers: { 'content-type': 'text/csv', 'X-Kind': 'report' }, body: 'a,b\n1,2\n' },
    });
    const res = await fetch(`${fake.url}/api/v1/export.csv`);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('x-kind')).toBe('report');
    expect(await res.text()).toBe('a,b\n1,2\n');
  });

  it('a stub without a body answers with no Content-Type, as it says (a 204 with no body at all)', async () => {
    fake.stub({
      request: { method: 'POST', path: '/api/v1/statistics.telemetry' },
      response: { status: 204 },
    });
    fake.stub({ request: { path: '/api/v1/ping' }, response: { headers: { 'X-Pong': '1' } } });
    const telemetry = await fetch(`${fake.url}/api/v1/statistics.telemetry`, { method: 'POST' });
    expect(telemetry.status).toBe(204);
    expect(telemetry.headers.get('content-type')).toBeNull();
    expect(telemetry.headers.get('content-length')).toBeNull();
    expect(await telemetry.text()).toBe('');
    const ping = await fetch(`${fake.url}/api/v1/ping`);
    expect([ping.status, ping.headers.get('content-type'), ping.headers.get('x-pong')]).toEqual([
      200,
      null,
      '1',
    ]);
    expect(ping.headers.get('content-length')).toBe('0');
    expect(await ping.text()).toBe('');
  });

  it('answers paths outside the chat API too', async () => {
    fake.stub({
      request: { pathPattern: '/avatar/.*' },
      response: { headers: { 'Content-Type': 'image/svg+xml' }, body: '<svg/>' },
    });
    const avatar = await fetch(`${fake.url}/avatar/alice`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toBe('<svg/>');
    expect(fake.lastRequest()).toMatchObject({ path: '/avatar/alice', status: 200, modelled: false });
    expect(fake.lastRequest()?.stub).toMatch(/^stub-\d+$/);
    // as the stub says: none of the fake's own no-store headers there either
    expect(avatar.headers.get('cache-control')).toBeNull();
    expect(avatar.headers.get('pragma')).toBeNull();
  });

  it('refuses header values a head cannot carry and the framing headers; a value filled in keeps only what it can', async () => {
    const refused = (headers: Record<string, string>): unknown => {
      try {
        fake.stub({ request: { path: '/h' }, response: { headers } });
        return undefined;
      } catch (error) {
        return (error as { problems?: unknown }).problems;
      }
    };
    expect(refused({ 'X-A': 'a\nb' })).toEqual([
      {
        path: '$.response.headers["X-A"]',
        message: 'a header value: no line breaks or other control characters, Latin-1 only',
      },
    ]);
    for (const name of ['Content-Length', 'transfer-encoding', 'Connection'])
      expect(refused({ [name]: '1' })).toEqual([
        {
          path: `$.response.headers${name.includes('-') ? `["${name}"]` : `.${name}`}`,
          message:
            'the fake frames the answer itself: Content-Length, Transfer-Encoding and Connection are its own',
        },
      ]);
    expect(fake.stubs().some((s) => s.request.path === '/h')).toBe(false);
    // a line break sent in the request cannot split the answer's head
    fake.stub({
      request: { path: '/echo' },
      response: { headers: { 'X-Echo': '{{request.query.q}}' }, body: 'ok' },
    });
    const echoed = await fetch(`${fake.url}/echo?q=a%0D%0ASet-Cookie:%20x=1`);
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get('x-echo')).toBe('aSet-Cookie: x=1');
    expect(echoed.headers.get('set-cookie')).toBeNull();
  });

  it('answers a binary body (base64Body) byte for byte, octet-stream unless it names a type', async () => {
    const bytes = Buffer.from([0, 1, 2, 0x80, 0xfe, 0xff]);
    fake.stub({
      request: { path: '/file-upload/x.bin' },
      response: { base64Body: bytes.toString('base64') },
    });
    fake.stub({
      request: { path: '/api/v1/avatar.png' },
      response: { headers: { 'Content-Type': 'image/png' }, base64Body: bytes.toString('base64') },
    });
    const file = await fetch(`${fake.url}/file-upload/x.bin`);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    const png = await fetch(`${fake.url}/api/v1/avatar.png`);
    expect([png.headers.get('content-type'), png.headers.get('content-length')]).toEqual(['image/png', '6']);
    expect(Buffer.from(await png.arrayBuffer())).toEqual(bytes);
    const seq = fake.lastRequest()?.seq;
    const exchange = (await (await fetch(`${fake.url}/__admin/requests/${String(seq)}`)).json()) as {
      response: unknown;
    };
    expect(exchange.response).toBe('(6 bytes of image/png)');
  });

  it('refuses hostile or broken templates and bad stubs whole, naming where, over the control API too', async () => {
    const refused = async (stub: unknown): Promise<string> => {
      const res = await fetch(`${fake.url}/__admin/stubs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(stub),
      });
      expect(res.status).toBe(400);
      return JSON.stringify(await res.json());
    };
    const request = { path: '/api/v1/x' };
    expect(await refused({ request, response: { body: '{{constructor.constructor}}' } })).toContain(
      '\\"constructor\\" may not be read',
    );
    expect(await refused({ request, response: { body: '{{env.HOME}}' } })).toContain(
      'unknown template root \\"env\\"; use request, user or now',
    );
    expect(await refused({ request, response: { body: { a: '{{request.body.__proto__}}' } } })).toContain(
      '\\"__proto__\\" may not be read',
    );
    expect(await refused({ request, response: { body: "{{process.mainModule.require('fs')}}" } })).toContain(
      'plain names joined by dots, no expressions',
    );
    expect(await refused({ request, response: { body: '{{#each request.query}}' } })).toContain(
      'no expressions',
    );
    expect(await refused({ request, response: { headers: { 'X-A': 'hi {{request.headers}}' } } })).toContain(
      'name one header',
    );
    expect(await refused({ request, response: { body: 'oops {{request.path' } })).toContain('unclosed');
    // an interim status is no answer (the client would wait for ever)
    expect(await refused({ request, response: { status: 101 } })).toContain('$.response.status');
    // a binary body is base64, and either it or a body
    expect(await refused({ request, response: { base64Body: 'not base64!' } })).toContain(
      '$.response.base64Body',
    );
    expect(await refused({ request, response: { body: 'a', base64Body: 'AAEC' } })).toContain(
      'give body or base64Body, not both',
    );
    // each problem at the template's own path, named once, and the stub named as what was sent
    const nested = await fetch(`${fake.url}/__admin/stubs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ request, response: { body: { a: ['ok', '{{env.HOME}}'] } } }),
    });
    expect(await nested.json()).toEqual({
      error:
        '[rocketchat-fake] invalid stub POST /__admin/stubs (1 problem): $.response.body.a[1]: unknown template root "env"; use request, user or now: "{{env.HOME}}"',
      problems: [
        {
          path: '$.response.body.a[1]',
          message: 'unknown template root "env"; use request, user or now: "{{env.HOME}}"',
        },
      ],
    });
    expect(await refused({ request: { pathPattern: '(a)\\1' }, response: {} })).toContain('RE2');
    expect(await refused({ request: { path: '/x', pathPattern: 'x' }, response: {} })).toContain(
      'path or pathPattern',
    );
    expect(await refused({ request: { url: '/x' }, response: {} })).toContain('did you mean \\"path\\"');
    expect(
      await refused({ request, response: { body: JSON.parse('{"__proto__": {"x": 1}}') as unknown } }),
    ).toContain('__proto__');
    // nothing was added
    expect(fake.stubs().map((s) => s.id)).toEqual(['livechat']);
    // a scenario with a bad stub is refused whole, by path
    expect(() =>
      createFakeServer({ scenario: { ...WORLD, stubs: [{ request: { path: 'nope' }, response: {} }] } }),
    ).toThrow(/stubs\[0\]\.request\.path/);
  });

  it('are per world, listed and removed over the control API, and a reset brings back the scenario’s', async () => {
    const added = await fetch(`${fake.url}/__admin/stubs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        id: 'departments',
        request: { path: '/api/v1/livechat/department' },
        response: { body: { departments: [] } },
      }),
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ id: 'departments', priority: 5, hits: 0, remaining: null });
    const session = fake.session();
    expect((await call(session.url, '/api/v1/livechat/department')).status).toBe(404);
    expect((await call(session.url, '/api/v1/livechat/rooms')).status).toBe(200);
    expect((await call(fake.url, '/api/v1/livechat/department')).status).toBe(200);
    const listed = (await (await fetch(`${fake.url}/__admin/stubs`)).json()) as { stubs: { id: string }[] };
    expect(listed.stubs.map((s) => s.id)).toEqual(['departments', 'livechat']);
    expect(fake.state().stubs?.map((s) => s.id)).toEqual(['departments', 'livechat']);
    expect((await fetch(`${fake.url}/__admin/stubs/nope`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${fake.url}/__admin/stubs/departments`, { method: 'DELETE' })).status).toBe(200);
    fake.stub({ id: 'temp', request: { path: '/api/v1/temp' }, response: {} });
    fake.clearStubs();
    expect(fake.stubs()).toEqual([]);
    await fake.reset();
    expect(fake.stubs().map((s) => s.id)).toEqual(['livechat']);
    await session.close();
  });
});

describe('a stub’s made-up id', () => {
  it('is never one in use or named by a later stub: it would replace that stub', () => {
    const answer = { response: { body: {} } };
    const fake = createFakeServer({
      scenario: {
        ...WORLD,
        stubs: [
          { request: { path: '/api/v1/a' }, ...answer },
          { id: 'stub-1', request: { path: '/api/v1/b' }, ...answer },
        ],
      },
    });
    expect(
      fake
        .stubs()
        .map((s) => `${s.id} ${s.request.path ?? ''}`)
        .sort(),
    ).toEqual(['stub-1 /api/v1/b', 'stub-2 /api/v1/a']);
    fake.stub({ id: 'stub-4', request: { path: '/api/v1/c' }, ...answer });
    const made = fake.stub({ request: { path: '/api/v1/d' }, ...answer });
    expect(made.id).not.toBe('stub-4');
    expect(
      fake
        .stubs()
        .map((s) => s.request.path)
        .sort(),
    ).toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c', '/api/v1/d']);
  });
});
