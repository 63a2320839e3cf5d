import { get as httpGet } from 'node:http';

import request from 'supertest';

import { FaultSet } from '../src/faults/faults';
import { createFakeServer } from '../src/server';
import { AS, WORLD, getAs, makeFake, postAs } from './support/fake';
import { FORBIDDEN, NOT_LOGGED_IN, resourceNotFound } from '../src/verify/expected';
import { anonymousInfo } from './support/info';

describe('fault injection', () => {
  it('a status fault answers with the Rocket.Chat envelope for that status, for N requests, then stops', async () => {
    const fake = makeFake();
    const added = await request(fake.app)
      .post('/__admin/faults')
      .send({ path: '/api/v1/channels.list', status: 500, times: 1 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      path: '/api/v1/channels.list',
      status: 500,
      times: 1,
      id: 'fault-1',
      hits: 0,
      remaining: 1,
    });

    const first = await getAs(fake.app, 'admin', '/api/v1/channels.list');
    expect(first.status).toBe(500);
    expect(first.body).toEqual({
      success: false,
      error: 'Internal server error [error-internal]',
      errorType: 'error-internal',
    });
    const second = await getAs(fake.app, 'admin', '/api/v1/channels.list');
    expect(second.status).toBe(200);
    expect((await request(fake.app).get('/__admin/faults')).body).toEqual({ faults: [] });
    expect(fake.requests().map((r) => r.status)).toEqual([500, 200]);
  });

  it.each([
    [401, NOT_LOGGED_IN],
    [403, FORBIDDEN],
    [404, resourceNotFound],
    [
      429,
      {
        success: false,
        error:
          'Error, too many requests. Please slow down. You must wait 60 seconds before trying this endpoint again. [error-too-many-requests]',
      },
    ],
    [503, { success: false, error: 'Service Unavailable' }],
  ])('status %i has a default body', async (status, body) => {
    const fake = makeFake();
    fake.fault({ path: '/api/v1/me', status });
    const res = await getAs(fake.app, 'admin', '/api/v1/me');
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it('a status fault with a body, a method, and a * path; until cleared', async () => {
    const fake = makeFake();
    fake.fault({
      path: '/api/v1/channels.*',
      method: 'post',
      status: 400,
      body: { success: false, error: 'custom' },
    });
    const before = fake.state();
    for (let i = 0; i < 3; i += 1) {
      const res = await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
        roomName: 'random',
        readOnly: true,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'custom' });
    }
    expect(fake.state()).toEqual(before);
    expect((await getAs(fake.app, 'admin', '/api/v1/channels.list')).status).toBe(200);
    expect(fake.faults()[0]?.hits).toBe(3);
    await request(fake.app).delete('/__admin/faults').expect(200);
    expect(
      (
        await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
          roomName: 'random',
          readOnly: true,
        })
      ).status,
    ).toBe(200);
  });

  it('DELETE /__admin/faults/ID clears one fault', async () => {
    const fake = makeFake();
    const a = fake.fault({ path: '/api/v1/me', status: 500 });
    fake.fault({ path: '/api/v1/channels.list', status: 500 });
    expect((await request(fake.app).delete(`/__admin/faults/${a.id}`)).body).toEqual({ status: 'ok' });
    expect(fake.faults().map((f) => f.path)).toEqual(['/api/v1/channels.list']);
    const missing = await request(fake.app).delete('/__admin/faults/fault-99');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'No fault "fault-99"', problems: [] });
  });

  describe('on a real socket', () => {
    const fake = createFakeServer({ scenario: WORLD });
    beforeAll(() => fake.start());
    afterEach(() => fake.reset());
    afterAll(() => fake.stop());

    it('a delay holds the answer, then the real handler answers', async () => {
      fake.fault({ path: '/api/info', delayMs: 150, times: 1 });
      // a lower bound only: a delay can never answer sooner, however loaded the machine
      const sent = performance.now();
      const body = await (await fetch(`${fake.url}/api/info`)).json();
      expect(performance.now() - sent).toBeGreaterThanOrEqual(149);
      expect(body).toEqual(anonymousInfo(fake.url));
    });

    it('a dropped connection sends nothing; the journal records status 0', async () => {
      fake.fault({ path: '/api/v1/me', drop: true, times: 1 });
      await expect(fetch(`${fake.url}/api/v1/me`, { headers: AS.admin })).rejects.toThrow();
      await fake.waitForRequest({ path: '/api/v1/me' });
      expect(fake.lastRequest({ path: '/api/v1/me' })?.status).toBe(0);
      // found by that status over HTTP too
      const noAnswer = (await (await fetch(`${fake.url}/__admin/requests?status=0`)).json()) as {
        requests: { path: string; status: number }[];
      };
      expect(noAnswer.requests.map((e) => [e.path, e.status])).toEqual([['/api/v1/me', 0]]);
      expect((await fetch(`${fake.url}/api/v1/me`, { headers: AS.admin })).status).toBe(200);
    });

    /** A raw GET that reports the status, the declared length and the bytes that arrived. */
    function rawGet(
      path: string,
    ): Promise<{ status: number; declared: number; received: number; cut: boolean }> {
      return new Promise((resolve, reject) => {
        const url = new URL(`${fake.url}${path}`);
        const req = httpGet(
          { host: url.hostname, port: url.port, path: url.pathname, headers: AS.admin },
          (res) => {
            let received = 0;
            res.on('data', (chunk: Buffer) => (received += chunk.length));
            const done = (cut: boolean) =>
              resolve({
                status: res.statusCode ?? 0,
                declared: Number(res.headers['content-length']),
                received,
                cut,
              });
            res.on('end', () => done(false));
            res.on('error', () => done(true));
            res.on('aborted', () => done(true));
          },
        );
        req.on('error', reject);
      });
    }

    it('a partial response sends the head and half the body, then cuts the connection', async () => {
      fake.fault({ path: '/api/v1/channels.list', partial: true, times: 1 });
      const res = await rawGet('/api/v1/channels.list');
      expect(res).toMatchObject({ status: 200, cut: true });
      expect(res.received).toBe(Math.floor(res.declared / 2));
    });

    it('a partial fault with a status truncates that body', async () => {
      fake.fault({ path: '/api/v1/channels.list', partial: true, status: 503, times: 1 });
      const res = await rawGet('/api/v1/channels.list');
      expect(res).toMatchObject({ status: 503, cut: true });
      expect(res.received).toBe(Math.floor(res.declared / 2));
    });
  });

  it('ranged delays are drawn from the seed, the fault and the hit: the same on every run', () => {
    const draw = (seed: number): number[] => {
      const set = new FaultSet(seed);
      set.add({ path: '/api/*', delayMs: { min: 10, max: 5000 } });
      return Array.from({ length: 20 }, () => set.take('GET', '/api/info')?.delayMs ?? -1);
    };
    const a = draw(1);
    expect(draw(1)).toEqual(a);
    expect(draw(2)).not.toEqual(a);
    expect(a.every((d) => d >= 10 && d <= 5000)).toBe(true);
    expect(new Set(a).size).toBeGreaterThan(10);
  });

  it.each([
    [{}, '$.path'],
    [{ path: 'api/v1/me', status: 500 }, '$.path'],
    [{ path: '/api/v1/me' }, '$'],
    [{ path: '/api/v1/me', status: 99 }, '$.status'],
    // an interim status is no answer: the client would wait for the real one for ever
    [{ path: '/api/v1/me', status: 100 }, '$.status'],
    [{ path: '/api/v1/me', status: 199 }, '$.status'],
    [{ path: '/api/v1/me', status: 500, times: 0 }, '$.times'],
    [{ path: '/api/v1/me', drop: true, status: 500 }, '$'],
    [{ path: '/api/v1/me', body: {} }, '$.body'],
    [{ path: '/api/v1/me', delayMs: { min: 5, max: 1 } }, '$.delayMs'],
    [{ path: '/api/v1/me', delayMs: 120000 }, '$.delayMs'],
    [{ path: '/api/v1/me', method: 'FETCH', status: 500 }, '$.method'],
    // paths the pipeline never asks the faults about
    [{ path: '/__admin/health', status: 500 }, '$.path'],
    [{ path: '/__admin/*', status: 500 }, '$.path'],
    [{ path: '/avatar/alice', status: 500 }, '$.path'],
    [{ path: '/sockjs/info', status: 503 }, '$.path'],
    [{ path: '/apix', status: 500 }, '$.path'],
    [{ path: '/websocket/x', status: 500 }, '$.path'],
    [{ path: '/api/v1/me', status: 500, colour: 'red' }, '$.colour'],
  ])('refuses %j with 400 naming %s, adding nothing', async (body, path) => {
    const fake = makeFake();
    const res = await request(fake.app).post('/__admin/faults').send(body);
    expect(res.status).toBe(400);
    expect(res.body.problems.map((p: { path: string }) => p.path)).toContain(path);
    expect(fake.faults()).toEqual([]);
  });

  it.each([
    ['100', 'whole milliseconds from 0 to 60000, or {"min": ms, "max": ms}'],
    [1.5, 'whole milliseconds from 0 to 60000, or {"min": ms, "max": ms}'],
    [{ min: 1 }, 'whole milliseconds from 0 to 60000, or {"min": ms, "max": ms}'],
    [{ min: 5, max: 1 }, 'min must be <= max'],
  ])('a delayMs of %j is refused saying what it takes', async (delayMs, message) => {
    const fake = makeFake();
    const res = await request(fake.app).post('/__admin/faults').send({ path: '/api/info', delayMs });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([{ path: '$.delayMs', message }]);
  });

  it.each(['/api', '/hooks/x/y/z', '/*', '/api*', '/s*', '/sockjs/*', '/sockjs/1/a/websocket', '/*/v1/me'])(
    'a fault on %s, which can reach a path faults act on, is taken',
    async (path) => {
      const fake = makeFake();
      expect((await request(fake.app).post('/__admin/faults').send({ path, status: 503 })).status).toBe(201);
    },
  );

  it('a fault on a path faults never act on is refused by what they act on', async () => {
    const fake = makeFake();
    const res = await request(fake.app).post('/__admin/faults').send({ path: '/foo', status: 500 });
    expect(res.body.problems).toEqual([
      {
        path: '$.path',
        message:
          'faults act on /api/…, /hooks/…, /websocket and /sockjs/<server>/<session>/websocket only (a stub answers other paths)',
      },
    ]);
  });

  it('faults in a session apply to that session alone; reset clears them', async () => {
    const fake = makeFake();
    const { id } = (await request(fake.app).post('/__admin/sessions')).body;
    await request(fake.app)
      .post(`/s/${id}/__admin/faults`)
      .send({ path: '/api/v1/channels.list', status: 503 })
      .expect(201);
    expect((await getAs(fake.app, 'admin', `/s/${id}/api/v1/channels.list`)).status).toBe(503);
    expect((await getAs(fake.app, 'admin', '/api/v1/channels.list')).status).toBe(200);
    await request(fake.app).post(`/s/${id}/__admin/reset`);
    expect((await getAs(fake.app, 'admin', `/s/${id}/api/v1/channels.list`)).status).toBe(200);
  });
});
