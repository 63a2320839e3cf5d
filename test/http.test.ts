import request from 'supertest';

import { AS, makeFake } from './support/fake';
import { NOT_LOGGED_IN, resourceNotFound } from '../src/verify/expected';
import { anonymousInfo } from './support/info';

describe('every response', () => {
  it('is JSON with no-store caching headers, success and failure alike', async () => {
    const fake = makeFake();
    for (const res of [
      await request(fake.app).get('/api/info'),
      await request(fake.app).get('/api/v1/channels.list'),
      await request(fake.app).get('/api/v1/nope'),
    ]) {
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.pragma).toBe('no-cache');
      expect(res.headers).not.toHaveProperty('x-powered-by');
      expect(res.headers).not.toHaveProperty('etag');
    }
  });

  it('GET /api/info needs no auth', async () => {
    const res = await request(makeFake().app).get('/api/info').set('Host', 'chat.example.org');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(anonymousInfo('http://chat.example.org'));
    expect(res.body).toMatchShape('info');
  });

  it('an unknown path is a JSON 404', async () => {
    const fake = makeFake();
    for (const path of ['/api/v1/channels.nope', '/', '/api/v2/channels.list', '/api/v1/Channels.list']) {
      const res = await request(fake.app).get(path).set(AS.admin);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(resourceNotFound);
    }
  });

  it("7.6 on, a wrong method on a known route is the unknown route's 404 (Hono matches both)", async () => {
    const fake = makeFake();
    const before = fake.state();
    for (const res of [
      await request(fake.app).post('/api/v1/channels.list').set(AS.admin),
      await request(fake.app).get('/api/v1/channels.setType').set(AS.admin),
      await request(fake.app).get('/api/v1/login'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers).not.toHaveProperty('allow');
      expect(res.body).toEqual(resourceNotFound);
    }
    expect(fake.state()).toEqual(before);
  });

  it('to 7.3 (Restivus), a wrong method on a known route is a 405 naming the right ones', async () => {
    const fake = makeFake({ profile: '7.0' });
    const post = await request(fake.app).post('/api/v1/channels.list').set(AS.admin);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.body).toEqual({ status: 'error', message: 'API endpoint does not exist' });
    const get = await request(fake.app).get('/api/v1/channels.setType').set(AS.admin);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});

describe('authentication', () => {
  const routes: [string, string][] = [
    ['GET', '/api/v1/channels.list'],
    ['GET', '/api/v1/channels.getIntegrations?roomName=general'],
    ['POST', '/api/v1/channels.setReadOnly'],
    ['POST', '/api/v1/channels.setType'],
    ['GET', '/api/v1/me'],
    ['POST', '/api/v1/logout'],
  ];
  const headerCases: [string, Record<string, string>][] = [
    ['no headers', {}],
    ['only the token', { 'X-Auth-Token': 'admin-token' }],
    ['only the user id', { 'X-User-Id': 'adminUserId000001' }],
    ['an unknown token', { 'X-Auth-Token': 'nope', 'X-User-Id': 'adminUserId000001' }],
    ['another user\u2019s token', { 'X-Auth-Token': 'alice-token', 'X-User-Id': 'adminUserId000001' }],
    ['an unknown user id', { 'X-Auth-Token': 'admin-token', 'X-User-Id': 'nobody' }],
  ];
  for (const [method, path] of routes) {
    it.each(headerCases)(`${method} ${path.split('?')[0]}: 401 with %s`, async (_name, headers) => {
      const fake = makeFake();
      const before = fake.state();
      const req = method === 'GET' ? request(fake.app).get(path) : request(fake.app).post(path);
      const res = await req.set(headers).send({ roomName: 'random', readOnly: true, type: 'p' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_LOGGED_IN);
      expect(fake.state()).toEqual(before);
    });
  }

  it('authenticates with a token from login', async () => {
    const fake = makeFake();
    const login = await request(fake.app).post('/api/v1/login').send({ username: 'bob', password: 'bob-pw' });
    const res = await request(fake.app)
      .get('/api/v1/channels.list')
      .set({ 'X-Auth-Token': login.body.data.authToken, 'X-User-Id': login.body.data.userId });
    expect(res.status).toBe(200);
  });
});

describe('bad bodies on authenticated routes', () => {
  it('malformed JSON is a 400 in the envelope and changes nothing', async () => {
    const fake = makeFake();
    const before = fake.state();
    const res = await request(fake.app)
      .post('/api/v1/channels.setReadOnly')
      .set(AS.admin)
      .set('Content-Type', 'application/json')
      .send('{"roomName": "random", "readOnly": tru');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errorType).toBe('error-invalid-body');
    expect(res.body.error).toMatch(/^Invalid JSON body: .* \[error-invalid-body\]$/);
    expect(fake.state()).toEqual(before);
  });

  it('a body its Content-Encoding does not decode is a 400 that says so (chat, webhooks, control API), changing nothing', async () => {
    const fake = makeFake();
    const before = fake.state();
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await request(fake.app)
        .post('/api/v1/channels.setReadOnly')
        .set(AS.admin)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"roomName": "random", "readOnly": true}');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'The body could not be decoded as its Content-Encoding says [error-bad-request]',
        errorType: 'error-bad-request',
      });
    }
    const hook = await request(fake.app)
      .post('/hooks/someId/someToken')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{"text": "hi"}');
    expect(hook.status).toBe(400);
    const control = await request(fake.app)
      .post('/__admin/integrations')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{}');
    expect(control.status).toBe(400);
    expect(control.body).toEqual({
      error: 'The body could not be decoded as its Content-Encoding says [error-bad-request]',
      problems: [],
    });
    expect(fake.state()).toEqual(before);
  });

  it('a JSON array body is a 400', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .post('/api/v1/channels.setType')
      .set(AS.admin)
      .send([{ type: 'p' }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'The request body must be a JSON object [error-invalid-body]',
      errorType: 'error-invalid-body',
    });
  });

  it('an unsupported content type is a 400', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .post('/api/v1/channels.setType')
      .set(AS.admin)
      .set('Content-Type', 'text/plain')
      .send('type=p');
    expect(res.status).toBe(400);
    expect(res.body.errorType).toBe('error-unsupported-media-type');
  });

  it('a body over the limit is a 413', async () => {
    const fake = makeFake({ bodyLimit: 1024 });
    const res = await request(fake.app)
      .post('/api/v1/channels.setType')
      .set(AS.admin)
      .send({ roomName: 'random', type: 'p', pad: 'x'.repeat(4096) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      error: 'The request body is too large [error-payload-too-large]',
      errorType: 'error-payload-too-large',
    });
  });
});
