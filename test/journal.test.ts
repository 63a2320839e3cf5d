import request from 'supertest';

import { createFakeServer } from '../src/server';
import { AS, WORLD, getAs, makeFake, postAs } from './support/fake';

describe('the request journal', () => {
  it('records each chat API request: method, path, query, body (passwords redacted), status, user, time, seq', async () => {
    const fake = makeFake();
    await request(fake.app).post('/api/v1/login').send({ username: 'bob', password: 'bob-pw' });
    await getAs(fake.app, 'alice', '/api/v1/channels.list?count=2&sort=%7B%22name%22%3A-1%7D');
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', { roomName: 'random', readOnly: true });
    await request(fake.app).get('/api/v1/me');
    await request(fake.app).get('/__admin/state');

    expect(fake.requests()).toEqual([
      {
        seq: 1,
        method: 'POST',
        path: '/api/v1/login',
        query: {},
        body: { username: 'bob', password: '[redacted]' },
        status: 200,
        user: null,
        time: '2026-01-01T00:00:00.000Z',
        modelled: true,
      },
      {
        seq: 2,
        method: 'GET',
        path: '/api/v1/channels.list',
        query: { count: '2', sort: '{"name":-1}' },
        body: null,
        status: 200,
        user: 'alice',
        time: '2026-01-01T00:00:00.000Z',
        modelled: true,
      },
      {
        seq: 3,
        method: 'POST',
        path: '/api/v1/channels.setReadOnly',
        query: {},
        body: { roomName: 'random', readOnly: true },
        status: 200,
        user: 'admin',
        time: '2026-01-01T00:00:01.000Z',
        modelled: true,
      },
      {
        seq: 4,
        method: 'GET',
        path: '/api/v1/me',
        query: {},
        body: null,
        status: 401,
        user: null,
        time: '2026-01-01T00:00:01.000Z',
        modelled: true,
      },
    ]);
  });

  it('GET /__admin/requests filters by path (with *), method and status', async () => {
    // gina without view-joined-room too: her channels.list is a 403
    const fake = makeFake({ scenario: { ...WORLD, permissions: { 'view-joined-room': [] } } });
    await getAs(fake.app, 'admin', '/api/v1/channels.list');
    await getAs(fake.app, 'gina', '/api/v1/channels.list');
    await postAs(fake.app, 'admin', '/api/v1/channels.setType', { roomName: 'random', type: 'p' });
    await request(fake.app).get('/api/info');
    const get = async (q: string) => (await request(fake.app).get(`/__admin/requests${q}`)).body;

    expect((await get('')).total).toBe(4);
    expect((await get('?path=/api/v1/channels.list')).requests.map((r: { user: string }) => r.user)).toEqual([
      'admin',
      'gina',
    ]);
    expect((await get('?path=/api/v1/channels.*')).total).toBe(3);
    expect((await get('?method=post')).requests.map((r: { path: string }) => r.path)).toEqual([
      '/api/v1/channels.setType',
    ]);
    expect((await get('?status=403')).requests.map((r: { user: string }) => r.user)).toEqual(['gina']);
    expect((await get('?path=/api/v1/channels.list&status=200')).total).toBe(1);
    expect(await get('?path=/nothing')).toEqual({ requests: [], total: 0, dropped: 0 });
    expect((await request(fake.app).get('/__admin/requests/count?path=/api/v1/channels.list')).body).toEqual({
      count: 2,
    });
    expect((await request(fake.app).get('/__admin/requests/last?path=/api/v1/channels.list')).body.user).toBe(
      'gina',
    );
    const none = await request(fake.app).get('/__admin/requests/last?method=DELETE');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      error: 'No request in the journal matches {"method":"DELETE"}',
      problems: [],
    });
  });

  it.each(['?status=ok', '?colour=red', '?path=a&path=b'])('refuses the filter %s with 400', async (q) => {
    const res = await request(makeFake().app).get(`/__admin/requests${q}`);
    expect(res.status).toBe(400);
    expect(res.body.problems).toHaveLength(1);
  });

  it('is a bounded ring: the oldest drop first, and the answer says how many', async () => {
    const fake = makeFake({ journalSize: 3 });
    for (let i = 0; i < 5; i += 1) await getAs(fake.app, 'admin', `/api/v1/channels.list?offset=${i}`);
    const res = await request(fake.app).get('/__admin/requests');
    expect(res.body.total).toBe(3);
    expect(res.body.dropped).toBe(2);
    expect(res.body.requests.map((r: { seq: number }) => r.seq)).toEqual([3, 4, 5]);
    expect(res.body.requests.map((r: { query: { offset: string } }) => r.query.offset)).toEqual([
      '2',
      '3',
      '4',
    ]);
  });

  it('DELETE /__admin/requests clears the journal and nothing else', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', { roomName: 'random', readOnly: true });
    const state = fake.state();
    expect((await request(fake.app).delete('/__admin/requests')).body).toEqual({ status: 'ok' });
    expect(fake.requests()).toEqual([]);
    expect(fake.state()).toEqual(state);
    await getAs(fake.app, 'admin', '/api/v1/channels.list');
    expect(fake.requests()[0]?.seq).toBe(1);
  });

  it('reset clears the journal too', async () => {
    const fake = makeFake();
    await getAs(fake.app, 'admin', '/api/v1/channels.list');
    await fake.reset();
    expect(fake.requests()).toEqual([]);
  });

  it('verification helpers: countRequests, lastRequest', async () => {
    const fake = makeFake();
    await getAs(fake.app, 'admin', '/api/v1/channels.list');
    await getAs(fake.app, 'bob', '/api/v1/channels.list');
    expect(fake.countRequests({ path: '/api/v1/channels.list' })).toBe(2);
    expect(fake.lastRequest({ method: 'GET' })?.user).toBe('bob');
    expect(fake.lastRequest({ method: 'POST' })).toBeUndefined();
  });

  it('never records a password, at any depth', async () => {
    const fake = makeFake();
    await request(fake.app)
      .post('/api/v1/login')
      .send({ user: 'a', password: 's3', nested: { newPassword: 'x', list: [{ password: 'y' }] } });
    expect(JSON.stringify(fake.requests())).not.toMatch(/s3|"x"|"y"/);
  });

  describe('waitForRequest', () => {
    it('resolves at once with a request already recorded', async () => {
      const fake = makeFake();
      await getAs(fake.app, 'admin', '/api/v1/channels.list');
      await expect(fake.waitForRequest({ path: '/api/v1/channels.list' })).resolves.toMatchObject({
        seq: 1,
        user: 'admin',
      });
    });

    it('resolves when a client calls later, with no sleep in the test', async () => {
      const fake = createFakeServer({ scenario: WORLD });
      await fake.start();
      const waiting = fake.waitForRequest(
        { path: '/api/v1/channels.setType', status: 200 },
        { timeoutMs: 5000 },
      );
      setImmediate(() => {
        void fetch(`${fake.url}/api/v1/channels.setType`, {
          method: 'POST',
          headers: { ...AS.admin, 'Content-Type': 'application/json' },
          body: JSON.stringify({ roomName: 'random', type: 'p' }),
        });
      });
      await expect(waiting).resolves.toMatchObject({
        method: 'POST',
        status: 200,
        body: { roomName: 'random', type: 'p' },
      });
      await fake.stop();
    });

    it('rejects after the timeout, naming what was recorded', async () => {
      const fake = makeFake();
      await getAs(fake.app, 'admin', '/api/v1/channels.list');
      await expect(fake.waitForRequest({ method: 'DELETE' }, { timeoutMs: 30 })).rejects.toThrow(
        '[rocketchat-fake] waitForRequest: no request matching {"method":"DELETE"} within 30 ms; recorded: GET /api/v1/channels.list 200',
      );
    });
  });
});

describe('the journal filters given in code', () => {
  it('are checked as the HTTP ones are: an unknown key or a wrong type is a TypeError naming the call', async () => {
    const fake = makeFake();
    await getAs(fake.app, 'alice', '/api/v1/me');
    expect(() => fake.requests({ pth: '/api/v1/me' } as never)).toThrow(
      new TypeError(
        '[rocketchat-fake] requests(): unknown filter "pth"; did you mean "path"?; use path, method, status or modelled',
      ),
    );
    expect(() => fake.countRequests({ status: '200' } as never)).toThrow(
      '[rocketchat-fake] countRequests(): filter "status" is a three-digit status, or 0 (no answer), not "200"',
    );
    expect(() => fake.requests({ status: 99 })).toThrow(
      '[rocketchat-fake] requests(): filter "status" is a three-digit status, or 0 (no answer), not 99',
    );
    expect(() => fake.lastRequest({ modelled: 'yes' } as never)).toThrow(
      'filter "modelled" is true or false',
    );
    expect(() => fake.requests('GET' as never)).toThrow('the filter is an object');
    expect(() => fake.waitForRequest({ methd: 'POST' } as never)).toThrow(
      'waitForRequest(): unknown filter "methd"',
    );
    expect(() => fake.pact({ consumer: 'bot', filter: { stauts: 200 } as never })).toThrow(
      'pact(): unknown filter "stauts"',
    );
    // over HTTP the same words, the nearest key named
    const http = await request(fake.app).get('/__admin/requests?pth=/api/v1/me');
    expect(http.status).toBe(400);
    expect(http.body.problems).toEqual([
      {
        path: '$.pth',
        message: 'unknown filter "pth"; did you mean "path"?; use path, method, status or modelled',
      },
    ]);
    // the good ones as before
    expect(fake.countRequests({ path: '/api/v1/me', status: 200, modelled: true })).toBe(1);
    expect(fake.requests()).toHaveLength(1);
  });
});

describe('GET /__admin/state?diff=baseline and changes()', () => {
  it('lists what changed since the baseline, field by field', async () => {
    const fake = makeFake();
    expect(fake.changes()).toEqual({
      users: { added: [], changed: [], removed: [] },
      channels: { added: [], changed: [], removed: [] },
      directs: { added: [], changed: [], removed: [] },
      integrations: { added: [], changed: [], removed: [] },
      messages: { added: [], changed: [], removed: [] },
      subscriptions: { added: [], changed: [], removed: [] },
      settings: { added: [], changed: [], removed: [] },
      permissions: { added: [], changed: [], removed: [] },
      roles: { added: [], changed: [], removed: [] },
    });
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', { roomName: 'random', readOnly: true });
    await request(fake.app).post('/__admin/channels').send({ name: 'launch' });
    const res = await request(fake.app).get('/__admin/state?diff=baseline');
    expect(res.status).toBe(200);
    expect(res.body.channels.changed).toEqual([
      {
        _id: 'randomRoomId00001',
        fields: ['msgs', 'ro', '_updatedAt'],
        before: expect.objectContaining({ ro: false, msgs: 5 }),
        after: expect.objectContaining({ ro: true, msgs: 6 }),
      },
    ]);
    expect(res.body.channels.added.map((c: { name: string }) => c.name)).toEqual(['launch']);
    expect(res.body.users).toEqual({ added: [], changed: [], removed: [] });
    expect(res.body).toEqual(fake.changes());
    expect((await request(fake.app).get('/__admin/state?diff=other')).status).toBe(400);
  });
});
