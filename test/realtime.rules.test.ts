import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';
import { verifyAgainstFreshFake } from './support/pact';

/**
 * Realtime method calls go through the world's rules as REST requests do, in REST's order: a fault
 * (`method: "DDP"`, `path` a glob of method names), a stub (`DDP` and the method's name; a modelled
 * method only with `override`), then the rate limit and the method. The `in` frame's journal entry
 * carries the exchange's detail (the inspector shows the answer), and a contract recorded from a
 * suite that changed state over DDP still verifies.
 */

let fake: FakeServer;
let url: string;
const open: Ddp[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  url = (await fake.start(0)).replace('http', 'ws');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await fake.reset();
});
afterAll(() => fake.stop());

/** A connected client, logged in as `who` when named. */
async function client(who?: keyof typeof AS, base = url): Promise<Ddp> {
  const c = new Ddp(`${base}/websocket`);
  open.push(c);
  await c.connect();
  if (who) expect((await c.call('login', { resume: AS[who]['X-Auth-Token'] })).error).toBeUndefined();
  return c;
}

/** The frames a client got for one call (its id), in the order they came. */
function framesOf(c: Ddp, id: string): Frame[] {
  return c.frames.filter(
    (f) => f.id === id || (f.msg === 'updated' && Array.isArray(f.methods) && f.methods.includes(id)),
  );
}

/** The frames of a call once both its `result` and its `updated` are in. */
async function answered(c: Ddp, call: Promise<Frame>): Promise<Frame[]> {
  const result = await call;
  const id = String(result.id);
  await c.next((f) => f.msg === 'updated' && Array.isArray(f.methods) && f.methods.includes(id));
  return framesOf(c, id);
}

/** The messages of a room, as the world holds them. */
function messagesIn(rid: string): number {
  return (fake.state().messages ?? []).filter((m) => m.rid === rid).length;
}

/** The socket's close, with its code. */
function closed(c: Ddp): Promise<number> {
  return new Promise((resolve) => {
    if (c.socket.readyState === c.socket.CLOSED) resolve(-1);
    else c.socket.once('close', (code) => resolve(code));
  });
}

const UNAVAILABLE = {
  isClientSafe: true,
  error: 503,
  reason: 'Service Unavailable',
  message: 'Service Unavailable [503]',
  errorType: 'Meteor.Error',
};

describe('faults with method DDP', () => {
  it('status answers the call’s error (a Meteor error of the status), result then updated; times: 1, then the method runs', async () => {
    const c = await client('alice');
    const fault = fake.fault({ method: 'ddp', path: 'sendMessage', status: 503, times: 1 });
    expect(fault).toMatchObject({ method: 'DDP', path: 'sendMessage', hits: 0, remaining: 1 });
    const before = messagesIn('GENERAL');
    const frames = await answered(c, c.call('sendMessage', { rid: 'GENERAL', msg: 'faulted' }));
    const id = String(frames[0]?.id);
    expect(frames).toEqual([
      { msg: 'result', id, error: UNAVAILABLE },
      { msg: 'updated', methods: [id] },
    ]);
    expect(messagesIn('GENERAL')).toBe(before);
    // spent: the next call is the method's
    expect(fake.faults()).toEqual([]);
    const sent = await c.call('sendMessage', { rid: 'GENERAL', msg: 'sent' });
    expect(sent.error).toBeUndefined();
    expect((sent.result as { msg: string }).msg).toBe('sent');
    expect(messagesIn('GENERAL')).toBe(before + 1);
  });

  it('status with a body answers the body as the error; a glob names methods; HTTP routes and other methods pass it by', async () => {
    const c = await client('alice');
    const body = { error: 'maintenance', reason: 'down for a minute' };
    fake.fault({ method: 'DDP', path: 'create*', status: 500, body });
    const created = await c.call('createChannel', 'faulted-room');
    expect(created).toEqual({ msg: 'result', id: created.id, error: body });
    expect(fake.state().channels.some((r) => r.name === 'faulted-room')).toBe(false);
    const dm = await c.call('createDirectMessage', 'bob');
    expect(dm.error).toEqual(body);
    // another method, the REST route of the same action and the handshake are not the fault's
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('GENERAL');
    const rest = await request(fake.url)
      .post('/api/v1/channels.create')
      .set(AS.alice)
      .send({ name: 'rest-room' });
    expect(rest.status).toBe(200);
    await client('alice');
    expect(fake.faults()[0]?.hits).toBe(2);
  });

  it('a fault on * takes every method call, a modelled one or not, and no HTTP request', async () => {
    const c = await client();
    fake.fault({ method: 'DDP', path: '*', status: 429 });
    const unknown = await c.call('noSuchMethod');
    expect(unknown.error).toEqual({
      isClientSafe: true,
      error: 429,
      reason: 'Too Many Requests',
      message: 'Too Many Requests [429]',
      errorType: 'Meteor.Error',
    });
    expect((await c.call('login', { resume: 'alice-token' })).error).toMatchObject({ error: 429 });
    expect((await request(fake.url).get('/api/info')).status).toBe(200);
  });

  it('drop closes the socket with no result; the method never runs', async () => {
    const c = await client('alice');
    fake.fault({ method: 'DDP', path: 'sendMessage', drop: true });
    const before = messagesIn('GENERAL');
    const end = closed(c);
    c.send({ msg: 'method', method: 'sendMessage', params: [{ rid: 'GENERAL', msg: 'dropped' }], id: 'd1' });
    expect(await end).toBe(1006);
    expect(framesOf(c, 'd1')).toEqual([]);
    expect(messagesIn('GENERAL')).toBe(before);
  });

  it('delayMs holds the call’s updated and result, then the method answers', async () => {
    const c = await client('alice');
    fake.fault({ method: 'DDP', path: 'getRoomIdByNameOrId', delayMs: 300, times: 1 });
    const started = Date.now();
    const frames = await answered(c, c.call('getRoomIdByNameOrId', 'general'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    const id = String(frames[1]?.id);
    expect(frames).toEqual([
      { msg: 'updated', methods: [id] },
      { msg: 'result', id, result: 'GENERAL' },
    ]);
    // a ping in the meantime is answered at once: the socket is not held, the call is
    fake.fault({ method: 'DDP', path: 'getRoomIdByNameOrId', delayMs: 300, times: 1 });
    const slow = c.call('getRoomIdByNameOrId', 'general');
    c.send({ msg: 'ping', id: 'p' });
    await c.next((f) => f.msg === 'pong');
    expect(c.frames.filter((f) => f.msg === 'result')).toHaveLength(2);
    await slow;
  });

  it('a held call is let go on reset (the socket closes 1012) and when its socket closes', async () => {
    const c = await client('alice');
    fake.fault({ method: 'DDP', path: 'sendMessage', delayMs: 60_000 });
    const before = messagesIn('GENERAL');
    c.send({ msg: 'method', method: 'sendMessage', params: [{ rid: 'GENERAL', msg: 'held' }], id: 'h1' });
    await fake.waitForRequest({ method: 'DDP' });
    const end = closed(c);
    await fake.reset();
    expect(await end).toBe(1012);
    expect(framesOf(c, 'h1')).toEqual([]);
    expect(messagesIn('GENERAL')).toBe(before);
    // a socket that closes while held: nothing runs after it
    const d = await client('alice');
    fake.fault({ method: 'DDP', path: 'sendMessage', delayMs: 200 });
    d.send({ msg: 'method', method: 'sendMessage', params: [{ rid: 'GENERAL', msg: 'gone' }], id: 'h2' });
    await d.close();
    // a second call held as long, made after it: once it is answered, the first one's hold has
    // run out too (timers of one length fire in the order they were set), and ran nothing
    const e = await client('alice');
    const after = await answered(e, e.call('sendMessage', { rid: 'GENERAL', msg: 'after' }));
    expect(after[1]).toMatchObject({ msg: 'result', result: { msg: 'after' } });
    expect(messagesIn('GENERAL')).toBe(before + 1);
    expect((fake.state().messages ?? []).some((m) => m.msg === 'gone')).toBe(false);
  });

  it('refuses partial and closeCode with method DDP, a DDP fault on an HTTP path and an HTTP fault on a method name, by field', async () => {
    const bad = async (fault: object): Promise<unknown> => {
      const res = await request(fake.url).post('/__admin/faults').send(fault);
      expect(res.status).toBe(400);
      return res.body.problems;
    };
    expect(await bad({ method: 'DDP', path: 'sendMessage', partial: true })).toEqual([
      {
        path: '$.partial',
        message: 'partial cuts an HTTP answer in half: a realtime method call (method DDP) has none to cut',
      },
    ]);
    expect(await bad({ method: 'DDP', path: 'sendMessage', closeCode: 4000 })).toEqual([
      {
        path: '$.closeCode',
        message:
          "closeCode acts on a socket's handshake (/websocket): for a method call (method DDP) use drop",
      },
    ]);
    expect(await bad({ method: 'DDP', path: '/api/v1/me', status: 500 })).toEqual([
      {
        path: '$.path',
        message:
          'with method DDP, path is a realtime method name or a pattern of names (sendMessage, create*, *), not an HTTP path',
      },
    ]);
    expect(await bad({ path: 'sendMessage', status: 500 })).toEqual([
      {
        path: '$.path',
        message:
          'a path such as /api/v1/<route>, or a pattern with * (/api/v1/channels.*); with method DDP a realtime method name or a pattern of names (sendMessage, create*, *)',
      },
    ]);
    expect(fake.faults()).toEqual([]);
  });

  it('/websocket faults with closeCode keep acting on the handshake; a DDP fault does not', async () => {
    fake.fault({ method: 'DDP', path: '*', drop: true });
    const c = await client();
    expect(c.frames.some((f) => f.msg === 'connected')).toBe(true);
    fake.clearFaults();
    fake.fault({ path: '/websocket', closeCode: 4000, times: 1 });
    const d = new Ddp(`${url}/websocket`);
    open.push(d);
    const end = closed(d);
    await d.open();
    expect(await end).toBe(4000);
  });
});

describe('stubs with method DDP', () => {
  it('answer a method the fake does not model: the body is the result, templates read the params and the user', async () => {
    const stub = fake.stub({
      request: { method: 'DDP', path: 'getPermissions' },
      response: { body: { asked: '{{request.body.0}}', by: '{{user._id}}', method: '{{request.path}}' } },
    });
    const anonymous = await client();
    const first = await anonymous.call('getPermissions', 'since-now');
    expect(first).toEqual({
      msg: 'result',
      id: first.id,
      // no user: a template alone of nothing is null
      result: { asked: 'since-now', by: null, method: 'getPermissions' },
    });
    const c = await client('alice');
    const frames = await answered(c, c.call('getPermissions', { $date: 0 }));
    const id = String(frames[0]?.id);
    expect(frames).toEqual([
      {
        msg: 'result',
        id,
        result: { asked: { $date: 0 }, by: 'aliceUserId000001', method: 'getPermissions' },
      },
      { msg: 'updated', methods: [id] },
    ]);
    expect(fake.stubs().find((s) => s.id === stub.id)?.hits).toBe(2);
    // a stub took it: not listed as unmodelled, and the entry names the stub
    expect(fake.unmatched()).toEqual([]);
    const calls = fake
      .requests({ method: 'DDP' })
      .filter((e) => (e.body as Frame).method === 'getPermissions');
    expect(calls.map((e) => e.stub)).toEqual([stub.id, stub.id]);
    expect(calls.every((e) => !e.modelled)).toBe(true);
  });

  it('an HTTP stub never answers a method call, and a DDP stub never an HTTP request', async () => {
    fake.stub({ request: { pathPattern: '.*' }, response: { body: { any: true } } });
    fake.stub({ request: { method: 'DDP', pathPattern: '.*' }, response: { body: 'ddp' }, priority: 9 });
    const c = await client();
    expect((await c.call('getPermissions')).result).toBe('ddp');
    expect((await request(fake.url).get('/api/v1/nothing.here')).body).toEqual({ any: true });
  });

  it('without override a stub leaves a modelled method alone; with it, it shadows sendMessage and the store is unchanged', async () => {
    const c = await client('alice');
    fake.stub({ request: { method: 'DDP', path: 'sendMessage' }, response: { body: 'not me' } });
    const before = messagesIn('GENERAL');
    const real = await c.call('sendMessage', { rid: 'GENERAL', msg: 'real' });
    expect((real.result as { msg: string }).msg).toBe('real');
    expect(messagesIn('GENERAL')).toBe(before + 1);
    const changes = JSON.stringify(fake.changes());
    const stub = fake.stub({
      request: { method: 'DDP', path: 'sendMessage', body: { contains: [{ rid: 'GENERAL' }] } },
      response: { body: { _id: 'stubbed', msg: '{{request.body.0.msg}}', rid: '{{request.body.0.rid}}' } },
      override: true,
      times: 1,
    });
    const frames = await answered(c, c.call('sendMessage', { rid: 'GENERAL', msg: 'shadowed' }));
    const id = String(frames[0]?.id);
    expect(frames).toEqual([
      { msg: 'result', id, result: { _id: 'stubbed', msg: 'shadowed', rid: 'GENERAL' } },
      { msg: 'updated', methods: [id] },
    ]);
    expect(messagesIn('GENERAL')).toBe(before + 1);
    expect(JSON.stringify(fake.changes())).toBe(changes);
    expect(fake.stubs().some((s) => s.id === stub.id)).toBe(false);
    // params that the body matcher refuses, and the count spent: the method answers
    const after = await c.call('sendMessage', { rid: 'GENERAL', msg: 'again' });
    expect((after.result as { msg: string }).msg).toBe('again');
  });

  it('a status of 400 or more answers the body as the error', async () => {
    const c = await client('alice');
    const error = { isClientSafe: true, error: 'error-not-allowed', errorType: 'Meteor.Error' };
    fake.stub({
      request: { method: 'DDP', path: 'createChannel' },
      response: { status: 403, body: error },
      override: true,
    });
    const created = await c.call('createChannel', 'stubbed-room');
    expect(created).toEqual({ msg: 'result', id: created.id, error });
    expect(fake.state().channels.some((r) => r.name === 'stubbed-room')).toBe(false);
  });

  it('refuses an HTTP path, query and headers with method DDP, and a method name without it', async () => {
    const problems = async (stub: object): Promise<unknown> => {
      const res = await request(fake.url).post('/__admin/stubs').send(stub);
      expect(res.status).toBe(400);
      return (res.body.problems as { path: string }[]).map((p) => p.path);
    };
    expect(await problems({ request: { method: 'DDP', path: '/api/v1/x' }, response: {} })).toEqual([
      '$.request.path',
    ]);
    expect(
      await problems({
        request: { method: 'DDP', path: 'x', query: { a: '1' }, headers: { b: '2' } },
        response: {},
      }),
    ).toEqual(['$.request.query', '$.request.headers']);
    expect(await problems({ request: { path: 'sendMessage' }, response: {} })).toEqual(['$.request.path']);
    expect(
      await problems({ request: { method: 'DDP', path: 'x' }, response: { headers: { 'X-A': 'b' } } }),
    ).toEqual(['$.response.headers']);
  });
});

describe('the order: faults, then stubs, then the rate limit and the method', () => {
  it('a fault stands in before a stub; a stub before the rate limit; the method counts against it', async () => {
    const c = await client('alice');
    fake.setRateLimit({ limit: 1, windowMs: 60_000 });
    fake.stub({
      request: { method: 'DDP', path: 'getRoomIdByNameOrId' },
      response: { body: 'stubbed' },
      override: true,
      times: 2,
    });
    fake.fault({ method: 'DDP', path: 'getRoomIdByNameOrId', status: 503, times: 1 });
    expect((await c.call('getRoomIdByNameOrId', 'general')).error).toEqual(UNAVAILABLE);
    expect(fake.stubs()[0]?.hits).toBe(0);
    // stubs answer past the limit: they come first, and are not counted
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('stubbed');
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('stubbed');
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('GENERAL');
    expect((await c.call('getRoomIdByNameOrId', 'general')).error).toMatchObject({
      error: 'too-many-requests',
    });
  });
});

describe('the journal: a method call’s exchange as data', () => {
  it('the in frame’s entry keeps its shape, and the inspector’s exchange shows the answer', async () => {
    const c = await client('alice');
    fake.clearRequests();
    await c.call('getRoomIdByNameOrId', 'general');
    await c.call('getRoomIdByNameOrId', 'nowhere');
    fake.stub({ request: { method: 'DDP', path: 'getPermissions' }, response: { body: [1, 2] } });
    await c.call('getPermissions');
    fake.fault({ method: 'DDP', path: 'logout', status: 503 });
    await c.call('logout');
    await c.call('noSuchMethod');
    const ins = fake.requests({ method: 'DDP' }).filter((e) => (e.query as Frame).direction === 'in');
    expect(ins.map((e) => ({ ...e, time: undefined, seq: undefined }))).toEqual([
      {
        method: 'DDP',
        path: '/websocket',
        query: { direction: 'in' },
        body: { msg: 'method', method: 'getRoomIdByNameOrId', params: ['general'], id: expect.any(String) },
        status: 101,
        user: 'alice',
        modelled: true,
        time: undefined,
        seq: undefined,
        ddp: {
          connection: expect.stringMatching(/^session-\d+$/),
          direction: 'in',
          msg: 'method',
          id: expect.any(String),
          method: 'getRoomIdByNameOrId',
          summary: 'getRoomIdByNameOrId "general"',
        },
      },
      expect.objectContaining({ modelled: true, body: expect.objectContaining({ params: ['nowhere'] }) }),
      expect.objectContaining({ modelled: false, stub: 'stub-1' }),
      expect.objectContaining({ modelled: true, body: expect.objectContaining({ method: 'logout' }) }),
      expect.objectContaining({ modelled: false, body: expect.objectContaining({ method: 'noSuchMethod' }) }),
    ]);
    expect(ins[0]).not.toHaveProperty('stub');
    const shown = async (seq: number): Promise<unknown> =>
      (await request(fake.url).get(`/__admin/requests/${seq}`).expect(200)).body.response;
    expect(await shown(ins[0]?.seq ?? 0)).toBe('GENERAL');
    expect(await shown(ins[1]?.seq ?? 0)).toEqual({
      isClientSafe: true,
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'getRoomIdByNameOrId' },
      message: 'Not allowed [error-not-allowed]',
      errorType: 'Meteor.Error',
    });
    expect(await shown(ins[2]?.seq ?? 0)).toEqual([1, 2]);
    expect(await shown(ins[3]?.seq ?? 0)).toEqual(UNAVAILABLE);
    expect(await shown(ins[4]?.seq ?? 0)).toMatchObject({
      error: 404,
      reason: "Method 'noSuchMethod' not found",
    });
    // every frame is still journaled, in and out, in the order it crossed the wire
    expect(fake.requests({ method: 'DDP' }).map((e) => (e.query as Frame).direction)).toEqual([
      'in',
      'out',
      'out',
      'in',
      'out',
      'out',
      'in',
      'out',
      'out',
      'in',
      'out',
      'out',
      'in',
      'out',
      'out',
    ]);
  });

  it('a login’s answer shows its token hidden', async () => {
    const c = await client();
    await c.call('login', { resume: 'alice-token' });
    const entry = fake.requests({ method: 'DDP' }).find((e) => (e.body as Frame).method === 'login');
    expect(fake.exchange(entry?.seq ?? 0)?.response).toMatchObject({
      id: 'aliceUserId000001',
      token: '[redacted]',
      type: 'resume',
    });
  });
});

describe('contracts: a change made over DDP is the provider state of what follows', () => {
  jest.setTimeout(60_000);

  async function recorded(keepContract: boolean, stubbed: boolean): Promise<FakeServer> {
    // a world that writes its contract keeps it as the requests are answered
    const recorder = createFakeServer(
      keepContract
        ? { pact: { dir: mkdtempSync(join(tmpdir(), 'rcf-ddp-pact-')), consumer: 'ddp-bot' } }
        : {},
    );
    const base = await recorder.start(0);
    const login = await request(base).post('/api/v1/login').send({ username: 'alice', password: 'alice' });
    const { authToken, userId } = login.body.data as { authToken: string; userId: string };
    if (stubbed)
      recorder.stub({
        request: { method: 'DDP', path: 'createChannel' },
        response: { body: { rid: 'nope' } },
        override: true,
      });
    const c = await client(undefined, base.replace('http', 'ws'));
    await c.call('login', { resume: authToken });
    const made = await c.call('createChannel', 'made-over-ddp', []);
    expect(made.error).toBeUndefined();
    const info = await request(base)
      .get('/api/v1/channels.info?roomName=made-over-ddp')
      .set({ 'X-Auth-Token': authToken, 'X-User-Id': userId });
    expect(info.status).toBe(stubbed ? 400 : 200);
    await c.close();
    return recorder;
  }

  it.each([false, true])(
    'keepContract %s: the REST read after a DDP createChannel verifies against a fresh fake',
    async (keep) => {
      const recorder = await recorded(keep, false);
      const doc = recorder.pact({ consumer: 'ddp-bot' });
      await recorder.stop();
      // DDP calls are no Pact HTTP interactions
      expect(doc.interactions.some((i) => i.request.method === 'DDP')).toBe(false);
      const read = doc.interactions.find((i) => i.request.path === '/api/v1/channels.info');
      expect(read?.providerStates.map((s) => s.name)).toContain(
        'a public channel named made-over-ddp, read-only false, created by alice',
      );
      await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
    },
  );

  it('a call a stub answered makes no change: the read after it expects no room', async () => {
    const recorder = await recorded(false, true);
    const doc = recorder.pact({ consumer: 'ddp-bot' });
    await recorder.stop();
    const read = doc.interactions.find((i) => i.request.path === '/api/v1/channels.info');
    expect(read?.providerStates.map((s) => s.name)).toContain('no room named made-over-ddp');
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });
});
