import request from 'supertest';

import { AS, WORLD, getAs, makeFake } from './support/fake';

const TOO_MANY = (seconds: number) => ({
  success: false,
  error: `Error, too many requests. Please slow down. You must wait ${seconds} seconds before trying this endpoint again. [error-too-many-requests]`,
});

describe('rate limiting', () => {
  it('is off by default: no headers, no 429', async () => {
    const fake = makeFake();
    for (let i = 0; i < 15; i += 1) {
      const res = await getAs(fake.app, 'alice', '/api/v1/channels.list');
      expect(res.status).toBe(200);
      expect(res.headers).not.toHaveProperty('x-ratelimit-limit');
    }
    expect((await request(fake.app).get('/__admin/rate-limit')).body).toEqual({ rateLimit: null });
  });

  it('N calls per window per route, with the headers; then 429 until the fake clock moves on', async () => {
    const fake = makeFake({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const reset = String(Date.parse('2026-01-01T00:00:00.000Z') + 60_000);
    for (let i = 1; i <= 3; i += 1) {
      const res = await getAs(fake.app, 'alice', '/api/v1/channels.list');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(3 - i));
      expect(res.headers['x-ratelimit-reset']).toBe(reset);
    }
    const limited = await getAs(fake.app, 'alice', '/api/v1/channels.list');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(TOO_MANY(60));
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');

    expect((await getAs(fake.app, 'alice', '/api/v1/me')).status).toBe(200);

    fake.clock.advance(45_000);
    expect((await getAs(fake.app, 'bob', '/api/v1/channels.list')).body).toEqual(TOO_MANY(15));
    fake.clock.advance(15_000);
    const again = await getAs(fake.app, 'alice', '/api/v1/channels.list');
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('admins and bots are exempt', async () => {
    const fake = makeFake({ rateLimit: { limit: 1, windowMs: 60_000 } });
    for (const who of ['admin', 'robot'] as const) {
      for (let i = 0; i < 5; i += 1) {
        const res = await getAs(fake.app, who, '/api/v1/channels.list');
        expect(res.status).toBe(200);
        expect(res.headers).not.toHaveProperty('x-ratelimit-limit');
      }
    }
  });

  it('comes after authentication and before parameter validation', async () => {
    const fake = makeFake({ rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await request(fake.app).get('/api/v1/channels.list')).status).toBe(401);
    expect((await request(fake.app).get('/api/v1/channels.list')).status).toBe(401);
    expect((await getAs(fake.app, 'alice', '/api/v1/channels.list?count=abc')).status).toBe(400);
    const limited = await getAs(fake.app, 'alice', '/api/v1/channels.list?count=abc');
    expect(limited.status).toBe(429);
  });

  it('limits login too (no user, so no exemption) and leaves the state unchanged', async () => {
    const fake = makeFake({ rateLimit: { limit: 2, windowMs: 1000 } });
    const login = () =>
      request(fake.app).post('/api/v1/login').send({ username: 'admin', password: 'admin-pw' });
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    const before = fake.state();
    const third = await login();
    expect(third.status).toBe(429);
    expect(third.body).toEqual(TOO_MANY(1));
    expect(fake.state()).toEqual(before);
  });

  it('is turned on and off by the control API, and back to the scenario by reset', async () => {
    const fake = makeFake({ scenario: { ...WORLD, rateLimit: { limit: 5, windowMs: 1000 } } });
    expect((await request(fake.app).get('/__admin/rate-limit')).body).toEqual({
      rateLimit: { limit: 5, windowMs: 1000 },
    });
    expect(fake.state().rateLimit).toEqual({ limit: 5, windowMs: 1000 });
    const put = await request(fake.app).put('/__admin/rate-limit').send({ limit: 1, windowMs: 60_000 });
    expect(put.body).toEqual({ rateLimit: { limit: 1, windowMs: 60_000 } });
    await getAs(fake.app, 'alice', '/api/v1/channels.list');
    expect((await getAs(fake.app, 'alice', '/api/v1/channels.list')).status).toBe(429);
    expect((await request(fake.app).delete('/__admin/rate-limit')).body).toEqual({ rateLimit: null });
    expect((await getAs(fake.app, 'alice', '/api/v1/channels.list')).status).toBe(200);
    await request(fake.app).post('/__admin/reset');
    expect(fake.getRateLimit()).toEqual({ limit: 5, windowMs: 1000 });
  });

  it.each([
    [{ limit: 0, windowMs: 1 }],
    [{ limit: 1 }],
    [{ limit: 1, windowMs: 1, burst: 2 }],
    [{ limit: '10', windowMs: 1 }],
  ])('refuses %j with 400', async (body) => {
    const fake = makeFake();
    const res = await request(fake.app).put('/__admin/rate-limit').send(body);
    expect(res.status).toBe(400);
    expect(res.body.problems.length).toBeGreaterThan(0);
    expect(fake.getRateLimit()).toBeNull();
  });

  it('each session counts on its own', async () => {
    const fake = makeFake({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const { id } = (await request(fake.app).post('/__admin/sessions')).body;
    expect((await getAs(fake.app, 'alice', '/api/v1/channels.list')).status).toBe(200);
    expect((await getAs(fake.app, 'alice', `/s/${id}/api/v1/channels.list`)).status).toBe(200);
    expect((await request(fake.app).get(`/s/${id}/api/v1/channels.list`).set(AS.alice)).status).toBe(429);
  });
});
