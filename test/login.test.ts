import request from 'supertest';

import { makeFake } from './support/fake';
import { LOGIN_REFUSED } from '../src/verify/expected';

describe('POST /api/v1/login', () => {
  const ok: [string, object][] = [
    ['username + password', { username: 'alice', password: 'alice-pw' }],
    ['user as a username', { user: 'alice', password: 'alice-pw' }],
    ['user as an e-mail address', { user: 'alice@example.com', password: 'alice-pw' }],
    ['email + password', { email: 'alice@example.com', password: 'alice-pw' }],
    ['an e-mail in another case', { email: 'ALICE@example.com', password: 'alice-pw' }],
    ['user as an object with a username', { user: { username: 'alice' }, password: 'alice-pw' }],
    ['user as an object with an e-mail', { user: { email: 'alice@example.com' }, password: 'alice-pw' }],
  ];
  it.each(ok)('logs in with %s (JSON)', async (_name, body) => {
    const fake = makeFake();
    const res = await request(fake.app).post('/api/v1/login').send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('login');
    expect(res.body.data.userId).toBe('aliceUserId000001');
    expect(res.body.data.me).toMatchObject({
      _id: 'aliceUserId000001',
      username: 'alice',
      name: 'alice',
      emails: [{ address: 'alice@example.com', verified: true }],
      status: 'online',
      statusConnection: 'online',
      utcOffset: 0,
      active: true,
      roles: ['user'],
      settings: { preferences: {} },
    });
    expect(res.body.data.me.avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/avatar\/alice$/);
  });

  it('accepts a form-encoded body', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .post('/api/v1/login')
      .type('form')
      .send({ user: 'bob', password: 'bob-pw' });
    expect(res.status).toBe(200);
    expect(res.body.data.me.username).toBe('bob');
  });

  it.each([
    ['user[username]', 'user[username]=bob&password=bob-pw'],
    ['user[email]', 'user%5Bemail%5D=bob%40example.com&password=bob-pw'],
  ])('accepts the object form in a form-encoded body too (%s)', async (_name, form) => {
    const fake = makeFake();
    const res = await request(fake.app).post('/api/v1/login').type('form').send(form);
    expect(res.status).toBe(200);
    expect(res.body.data.me.username).toBe('bob');
  });

  it('0.49 (Restivus) knew no object form: the one 401 of that era, nothing changes', async () => {
    const fake = makeFake({ profile: '0.49' });
    const before = fake.state();
    const res = await request(fake.app)
      .post('/api/v1/login')
      .send({ user: { username: 'alice' }, password: 'alice-pw' });
    expect([res.status, res.body]).toEqual([401, { status: 'error', message: 'Unauthorized' }]);
    expect(fake.state()).toEqual(before);
  });

  const bad: [string, unknown][] = [
    ['a wrong password', { username: 'alice', password: 'nope' }],
    ['an unknown user', { username: 'mallory', password: 'x' }],
    ['an unknown e-mail', { user: 'nobody@example.com', password: 'x' }],
    ['an empty body', {}],
    ['no password', { username: 'alice' }],
    ['no user', { password: 'alice-pw' }],
    ['a numeric password', { username: 'alice', password: 12345 }],
    ['an object as username', { username: { $ne: null }, password: 'alice-pw' }],
    ['user as an object naming nobody', { user: { id: 'aliceUserId000001' }, password: 'alice-pw' }],
    ['user as an object with an operator', { user: { username: { $ne: null } }, password: 'alice-pw' }],
    ['user as an object with a wrong password', { user: { username: 'alice' }, password: 'nope' }],
    ['an array body', [{ username: 'alice', password: 'alice-pw' }]],
    ['an inactive user', { username: 'gone', password: 'gone-pw' }],
    ['the password in another case', { username: 'alice', password: 'ALICE-PW' }],
  ];
  it.each(bad)('answers the one 401 for %s', async (_name, body) => {
    const fake = makeFake();
    const before = fake.state();
    const res = await request(fake.app)
      .post('/api/v1/login')
      .send(body as object);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(LOGIN_REFUSED);
    expect(fake.state()).toEqual(before);
  });

  it('answers the same 401 for malformed JSON and no body at all', async () => {
    const fake = makeFake();
    const malformed = await request(fake.app)
      .post('/api/v1/login')
      .set('Content-Type', 'application/json')
      .send('{"user":');
    expect(malformed.status).toBe(401);
    expect(malformed.body).toEqual(LOGIN_REFUSED);
    const empty = await request(fake.app).post('/api/v1/login');
    expect(empty.status).toBe(401);
    expect(empty.body).toEqual(LOGIN_REFUSED);
  });

  it('issues a new random token each time; earlier tokens stay valid', async () => {
    const fake = makeFake();
    const login = () => request(fake.app).post('/api/v1/login').send({ username: 'bob', password: 'bob-pw' });
    const first = (await login()).body.data;
    const second = (await login()).body.data;
    expect(first.authToken).not.toBe(second.authToken);
    expect(first.authToken).toMatch(/^[\w-]{43}$/);
    for (const token of [first.authToken, second.authToken]) {
      const me = await request(fake.app)
        .get('/api/v1/me')
        .set({ 'X-Auth-Token': token, 'X-User-Id': first.userId });
      expect(me.status).toBe(200);
    }
  });

  it('does not move the fake clock (a login is not a change of state)', async () => {
    const fake = makeFake();
    await request(fake.app).post('/api/v1/login').send({ username: 'bob', password: 'bob-pw' }).expect(200);
    expect(fake.state().clock).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('GET /api/v1/me and POST /api/v1/logout', () => {
  it('me returns the login me object plus success', async () => {
    const fake = makeFake();
    const login = await request(fake.app)
      .post('/api/v1/login')
      .send({ username: 'admin', password: 'admin-pw' });
    const headers = { 'X-Auth-Token': login.body.data.authToken, 'X-User-Id': login.body.data.userId };
    const me = await request(fake.app).get('/api/v1/me').set(headers);
    expect(me.status).toBe(200);
    expect(me.body).toMatchShape('me');
    const { avatarUrl, ...rest } = login.body.data.me;
    expect(me.body).toEqual({ ...rest, avatarUrl: expect.stringMatching(/\/avatar\/admin$/), success: true });
    expect(avatarUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/avatar\/admin$/);
  });

  it('logout voids the token and only that token', async () => {
    const fake = makeFake();
    const login = () =>
      request(fake.app).post('/api/v1/login').send({ username: 'admin', password: 'admin-pw' });
    const a = (await login()).body.data;
    const b = (await login()).body.data;
    const headersA = { 'X-Auth-Token': a.authToken, 'X-User-Id': a.userId };
    const out = await request(fake.app).post('/api/v1/logout').set(headersA);
    // 7.4 on: the router sends only a route's `body`, and logout's plain object has none
    expect([out.status, out.headers['content-type'], out.text]).toEqual([200, 'application/json', '']);
    expect((await request(fake.app).get('/api/v1/me').set(headersA)).status).toBe(401);
    const headersB = { 'X-Auth-Token': b.authToken, 'X-User-Id': b.userId };
    expect((await request(fake.app).get('/api/v1/me').set(headersB)).status).toBe(200);
  });

  it.each([
    ['0.49', 'POST'],
    ['6', 'GET'],
    ['7.0', 'POST'],
    ['7.0', 'GET'],
  ] as const)('%s: logout by %s answers the plain object, without success', async (profile, method) => {
    const fake = makeFake({ profile });
    const { data } = (
      await request(fake.app).post('/api/v1/login').send({ username: 'admin', password: 'admin-pw' })
    ).body;
    const headers = { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId };
    const out =
      method === 'GET'
        ? await request(fake.app).get('/api/v1/logout').set(headers)
        : await request(fake.app).post('/api/v1/logout').set(headers);
    expect([out.status, out.body]).toEqual([
      200,
      { status: 'success', data: { message: "You've been logged out!" } },
    ]);
    expect((await request(fake.app).get('/api/v1/me').set(headers)).status).toBe(401);
    // Restivus' 405 names both methods
    const put = await request(fake.app).put('/api/v1/logout').set(headers);
    expect([put.status, put.headers.allow]).toEqual([405, 'POST, GET, HEAD']);
  });

  it.each(['7.10', '8.5', '8.9'] as const)(
    '%s: logout by GET as well as POST, an empty 200, the token void',
    async (profile) => {
      const fake = makeFake({ profile });
      const { data } = (
        await request(fake.app).post('/api/v1/login').send({ username: 'admin', password: 'admin-pw' })
      ).body;
      const headers = { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId };
      const out = await request(fake.app).get('/api/v1/logout').set(headers);
      expect([out.status, out.text]).toEqual([200, '']);
      expect((await request(fake.app).get('/api/v1/me').set(headers)).status).toBe(401);
      // a wrong method: Hono's router (7.6 on) has no route for it
      const put = await request(fake.app).put('/api/v1/logout').set(headers);
      expect([put.status, put.body]).toEqual([404, { success: false, error: 'Resource not found' }]);
    },
  );
});
