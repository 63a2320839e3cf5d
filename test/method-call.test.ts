/**
 * `POST /api/v1/method.call/:method` and `method.callAnon/:method`, the DDP-over-REST bridge: the
 * body's `message` is a DDP method frame as text, run through the realtime API's own methods as
 * the caller (callAnon: no user); the answer's `message` is the `result` frame as text. A method's
 * error is a 200 `success: true` to 8.7, a 400 `success: false` from 8.8; 0.49 has no such route.
 */
import request from 'supertest';

import { METHODS } from '../src/realtime/methods';
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { Ddp, openDdp } from './support/ddp';
import type { Frame } from './support/ddp';

const CALL = '/api/v1/method.call';
const ANON = '/api/v1/method.callAnon';

/** A method frame as the web client writes it in `message`. */
function frame(method: string, params: unknown[], id = '7'): string {
  return JSON.stringify({ msg: 'method', id, method, params });
}

function call(fake: FakeServer, who: keyof typeof AS, method: string, params: unknown[], path = method) {
  return request(fake.app)
    .post(`${CALL}/${path}`)
    .set(AS[who])
    .send({ message: frame(method, params) });
}

function anon(fake: FakeServer, method: string, params: unknown[]) {
  return request(fake.app)
    .post(`${ANON}/${method}`)
    .send({ message: frame(method, params) });
}

/** The `result` frame an answer carries. */
function inner(body: { message: string }): Frame {
  return JSON.parse(body.message) as Frame;
}

/** What a refusal must leave as it was. */
function snapshot(fake: FakeServer): string {
  return JSON.stringify({ state: fake.state(), changes: fake.changes() });
}

const INVALID_USER = {
  isClientSafe: true,
  error: 'error-invalid-user',
  reason: 'Invalid user',
  details: { method: 'createChannel' },
  message: 'Invalid user [error-invalid-user]',
  errorType: 'Meteor.Error',
};

const notFound = (name: string): object => ({
  isClientSafe: true,
  error: 404,
  reason: `Method '${name}' not found`,
  message: `Method '${name}' not found [404]`,
  errorType: 'Meteor.Error',
});

describe('a write method through the bridge is the DDP call', () => {
  let live: FakeServer;
  const sockets: Ddp[] = [];

  beforeEach(async () => {
    live = createFakeServer({ scenario: WORLD });
    await live.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await live.stop();
  });

  async function loggedIn(token: string): Promise<Ddp> {
    return openDdp(live.url, sockets, token);
  }

  it('createChannel: the same result and the same rooms and subscriptions as over a socket', async () => {
    const ddp = await loggedIn('alice-token');
    const overSocket = await ddp.call('createChannel', 'bridged', ['bob']);
    const rest = makeFake();
    const res = await call(rest, 'alice', 'createChannel', ['bridged', ['bob']]);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['message', 'success']);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(JSON.stringify({ msg: 'result', id: '7', result: overSocket.result }));
    const rooms = (fake: FakeServer) => fake.state().channels.find((c) => c.name === 'bridged');
    expect(rooms(rest)).toEqual(rooms(live));
    expect(rest.changes().channels).toEqual(live.changes().channels);
  });

  it('sendMessage: the message stored as the socket stores it, heard on the room stream by a follower', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const res = await request(live.url)
      .post(`${CALL}/sendMessage`)
      .set(AS.alice)
      .send({
        message: frame('sendMessage', [{ _id: 'bridgedMessage01', rid: 'GENERAL', msg: 'over REST' }]),
      });
    expect(res.status).toBe(200);
    const result = inner(res.body);
    expect(result).toMatchObject({
      msg: 'result',
      id: '7',
      result: { _id: 'bridgedMessage01', rid: 'GENERAL', msg: 'over REST', u: { username: 'alice' } },
    });
    const heard = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
    expect((heard.fields as { eventName: string; args: { _id: string }[] }).eventName).toBe('GENERAL');
    expect((heard.fields as { args: { _id: string }[] }).args[0]?._id).toBe('bridgedMessage01');
    // the same message a socket's call would have stored (a moment later on the fake clock)
    const ddp = await loggedIn('alice-token');
    const again = await ddp.call('sendMessage', {
      _id: 'bridgedMessage02',
      rid: 'GENERAL',
      msg: 'over REST',
    });
    const stored = (id: string): object => {
      const message = (live.state().messages ?? []).find((m) => m._id === id);
      if (!message) throw new Error(`no message ${id}`);
      const { _id, ts, _updatedAt, ...rest } = message;
      return { ...rest, kept: [_id, ts, _updatedAt].map((v) => typeof v) };
    };
    expect(stored('bridgedMessage01')).toEqual(stored('bridgedMessage02'));
    expect(Object.keys(result.result as object)).toEqual(Object.keys(again.result as object));
  });

  it("a room stream's write (typing) reaches the room's followers: the REST call has no socket to leave out", async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-notify-room', 'GENERAL/user-activity', false);
    const res = await request(live.url)
      .post(`${CALL}/stream-notify-room`)
      .set(AS.alice)
      .send({
        message: frame('stream-notify-room', ['GENERAL/user-activity', 'alice', ['user-typing'], {}]),
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '{"msg":"result","id":"7"}', success: true });
    const heard = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-room');
    expect(heard.fields).toEqual({
      eventName: 'GENERAL/user-activity',
      args: ['alice', ['user-typing'], {}],
    });
  });
});

describe('POST method.call / method.callAnon (8.9)', () => {
  it('a read method answers what the socket answers (subscriptions/get), as the caller', async () => {
    const fake = makeFake();
    // the web client writes a method's slashes as colons in the path (one segment)
    const res = await call(fake, 'alice', 'subscriptions/get', [], 'subscriptions:get');
    expect(res.status).toBe(200);
    const result = inner(res.body).result as { rid: string; u: { username: string } }[];
    expect(result.map((s) => s.u.username)).toEqual(result.map(() => 'alice'));
    expect(result.map((s) => s.rid)).toContain('GENERAL');
  });

  it("runs the frame's method, whatever the path names", async () => {
    const fake = makeFake();
    const res = await call(fake, 'alice', 'createChannel', ['renamed-path'], 'somethingElse');
    expect(res.status).toBe(200);
    expect(inner(res.body).result).toMatchObject({ name: 'renamed-path' });
    expect(fake.state().channels.some((c) => c.name === 'renamed-path')).toBe(true);
  });

  it("an unknown method: Meteor's 404 in the frame, a 400 with success false", async () => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await call(fake, 'alice', 'noSuchMethod', []);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: JSON.stringify({ msg: 'result', id: '7', error: notFound('noSuchMethod') }),
      success: false,
    });
    expect(Object.keys(res.body)).toEqual(['message', 'success']);
    expect(snapshot(fake)).toBe(before);
  });

  it('a method a release line lacks is unknown there (getUserRoles, gone in 8.0)', async () => {
    const res = await call(makeFake(), 'alice', 'getUserRoles', []);
    expect(inner(res.body).error).toEqual(notFound('getUserRoles'));
  });

  it('a message that is no JSON: the parser’s words, before any method runs', async () => {
    const fake = makeFake();
    let words = '';
    try {
      JSON.parse('not json');
    } catch (error) {
      words = (error as Error).message;
    }
    const res = await request(fake.app).post(`${CALL}/x`).set(AS.alice).send({ message: 'not json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: words });
  });

  it('a message nested past the realtime frames’ bound is refused as a socket refuses the frame', async () => {
    const fake = makeFake({ limits: { ddpFrameDepth: 5 } });
    const deep = JSON.stringify({ msg: 'method', id: '1', method: 'x', params: [[[[[[1]]]]]] });
    const res = await request(fake.app).post(`${CALL}/x`).set(AS.alice).send({ message: deep });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'frame nested deeper than 5' });
  });

  it.each([
    ['no message', {}, "must have required property 'message'"],
    ['another key', { message: frame('x', []), other: 1 }, 'must NOT have additional properties'],
  ])('the typed body: %s', async (_what, body, error) => {
    const res = await request(makeFake().app).post(`${CALL}/x`).set(AS.alice).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, errorType: 'invalid-params', error });
  });

  it('a frame without id or msg still runs (the typed route checks no shape); the answer has no id', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .post(`${CALL}/createChannel`)
      .set(AS.alice)
      .send({ message: JSON.stringify({ method: 'createChannel', params: ['no-id'] }) });
    expect(res.status).toBe(200);
    expect(Object.keys(inner(res.body))).toEqual(['msg', 'result']);
  });

  it('method.call needs a login (401), nothing run', async () => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await request(fake.app)
      .post(`${CALL}/createChannel`)
      .send({ message: frame('createChannel', ['x']) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      error: 'You must be logged in to do this.',
      status: 'error',
      message: 'You must be logged in to do this.',
    });
    expect(snapshot(fake)).toBe(before);
  });

  it('method.callAnon runs with no user: a method that needs one refuses in the frame, nothing made', async () => {
    const fake = makeFake();
    const before = snapshot(fake);
    // headers naming a user do not make one the caller
    const res = await request(fake.app)
      .post(`${ANON}/createChannel`)
      .set(AS.alice)
      .send({ message: frame('createChannel', ['anonymous']) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: JSON.stringify({ msg: 'result', id: '7', error: INVALID_USER }),
      success: false,
    });
    expect(snapshot(fake)).toBe(before);
  });

  it('login through callAnon answers a token that then authenticates REST', async () => {
    const fake = makeFake();
    const res = await anon(fake, 'login', [{ user: { username: 'bob' }, password: 'bob-pw' }]);
    expect(res.status).toBe(200);
    const result = inner(res.body).result as {
      id: string;
      token: string;
      tokenExpires: unknown;
      type: string;
    };
    expect(Object.keys(result)).toEqual(['id', 'token', 'tokenExpires', 'type']);
    expect(result).toMatchObject({
      id: 'bobUserId00000001',
      type: 'password',
      tokenExpires: { $date: expect.any(Number) },
    });
    const me = await request(fake.app)
      .get('/api/v1/me')
      .set({ 'X-Auth-Token': result.token, 'X-User-Id': result.id });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('bob');
    const wrong = await anon(fake, 'login', [{ user: { username: 'bob' }, password: 'nope' }]);
    expect(wrong.status).toBe(400);
    expect(inner(wrong.body).error).toMatchObject({ error: 403 });
  });

  it('a plain Error a method throws has no member to serialise: `{}`', async () => {
    const res = await call(makeFake(), 'alice', 'sendMessage', [{ rid: 'GENERAL', msg: 'x', t: 'uj' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('{"msg":"result","id":"7","error":{}}');
  });

  it('with a rate limit set, the DDP rate limiter counts per caller and method; the REST one does not', async () => {
    const fake = makeFake({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const get = () => call(fake, 'alice', 'getRoomIdByNameOrId', ['general']);
    expect(inner((await get()).body).result).toBe('GENERAL');
    const second = await get();
    expect(second.headers['x-ratelimit-limit']).toBeUndefined();
    expect(inner(second.body).result).toBe('GENERAL');
    const limited = await get();
    expect(limited.status).toBe(400);
    expect(inner(limited.body).error).toEqual({
      isClientSafe: true,
      error: 'too-many-requests',
      reason: 'Error, too many requests. Please slow down. You must wait 60 seconds before trying again.',
      details: { timeToReset: 60000 },
      message:
        'Error, too many requests. Please slow down. You must wait 60 seconds before trying again. [too-many-requests]',
      errorType: 'Meteor.Error',
    });
    // another caller has its own count
    expect(inner((await call(fake, 'bob', 'getRoomIdByNameOrId', ['general'])).body).result).toBe('GENERAL');
  });

  it('a path without one :method segment is no route', async () => {
    const res = await request(makeFake().app)
      .post(`${CALL}/`)
      .set(AS.alice)
      .send({ message: frame('x', []) });
    expect(res.status).toBe(404);
  });
});

describe('by release line', () => {
  const on = (profile: ProfileId): FakeServer => makeFake({ profile });

  it.each(['5', '7.10', '8.9'] as ProfileId[])(
    '%s: every method a socket serves is bridged, answering as a socket answers (a plain error aside), and no other',
    async (profile) => {
      const fake = createFakeServer({ scenario: WORLD, profile });
      await fake.start();
      const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
      try {
        await ddp.connect();
        for (const name of [...Object.keys(METHODS), 'noSuchMethod']) {
          const overSocket = await ddp.call(name);
          const res = await request(fake.url)
            .post(`${ANON}/x`)
            .send({ message: frame(name, [], String(overSocket.id)) });
          const { error } = overSocket;
          // Meteor sanitises an error that is no Meteor.Error to a 500; the REST route serialises it: `{}`
          const expected =
            error !== undefined && (error as { error?: unknown }).error === 500
              ? { ...overSocket, error: {} }
              : overSocket;
          expect([name, inner(res.body)]).toEqual([name, expected]);
        }
      } finally {
        await ddp.close();
        await fake.stop();
      }
    },
  );

  it.each(['5', '6', '7.0', '7.10', '8.5'] as ProfileId[])(
    '%s: a method’s error is a 200 with success true, the error inside',
    async (profile) => {
      const res = await call(on(profile), 'alice', 'noSuchMethod', []);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: JSON.stringify({ msg: 'result', id: '7', error: notFound('noSuchMethod') }),
        success: true,
      });
    },
  );

  it.each(['5', '6', '7.0', '7.10', '8.5'] as ProfileId[])(
    '%s: a frame of another shape is `Invalid method call`; the body is validated with the suffix',
    async (profile) => {
      const fake = on(profile);
      const before = snapshot(fake);
      const noId = await request(fake.app)
        .post(`${CALL}/createChannel`)
        .set(AS.alice)
        .send({ message: JSON.stringify({ method: 'createChannel', params: ['x'] }) });
      expect(noId.status).toBe(400);
      expect(noId.body).toEqual({ success: false, error: 'Invalid method call' });
      const seeded = await request(fake.app)
        .post(`${CALL}/createChannel`)
        .set(AS.alice)
        .send({
          message: JSON.stringify({
            msg: 'method',
            id: '1',
            method: 'createChannel',
            params: ['x'],
            randomSeed: 'r',
          }),
        });
      expect(seeded.body).toEqual({ success: false, error: 'Invalid method call' });
      const missing = await request(fake.app).post(`${CALL}/x`).set(AS.alice).send({});
      expect(missing.body).toEqual({
        success: false,
        error: "must have required property 'message' [invalid-params]",
        errorType: 'invalid-params',
      });
      expect(snapshot(fake)).toBe(before);
    },
  );

  it('7.10: the anonymous refusal is inside a 200', async () => {
    const res = await anon(on('7.10'), 'createChannel', ['x']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: JSON.stringify({ msg: 'result', id: '7', error: INVALID_USER }),
      success: true,
    });
  });

  it('6: a write runs as the caller', async () => {
    const fake = on('6');
    const res = await call(fake, 'alice', 'createChannel', ['sixer']);
    expect(res.status).toBe(200);
    expect(inner(res.body).result).toMatchObject({ name: 'sixer', u: { username: 'alice' } });
  });

  it('0.49 has neither route', async () => {
    const fake = on('0.49');
    expect((await call(fake, 'alice', 'createChannel', ['x'])).status).toBe(404);
    expect((await anon(fake, 'login', [])).status).toBe(404);
  });
});
