import { createHash } from 'node:crypto';

import { WebSocket } from 'ws';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/** The realtime API: DDP over a WebSocket at /websocket, frame by frame, on the fake's world. */

let fake: FakeServer;
let ws: string;
const open: Ddp[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  const url = await fake.start(0);
  ws = `${url.replace('http', 'ws')}/websocket`;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await fake.reset();
});
afterAll(() => fake.stop());

/** The status a WebSocket handshake to `url` was refused with (a fault's answer). */
function refusedStatus(url: string): Promise<number> {
  const refused = new WebSocket(url);
  refused.on('error', () => undefined);
  return new Promise((resolve) =>
    refused.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    }),
  );
}

async function client(): Promise<Ddp> {
  const c = new Ddp(ws);
  open.push(c);
  const connected = await c.connect();
  expect(connected).toMatchObject({ msg: 'connected', session: expect.any(String) });
  return c;
}

describe('DDP at /websocket', () => {
  it('connects (no server_id greeting: Meteor 3 sends none), answers pings; an unknown version fails', async () => {
    const c = new Ddp(ws);
    open.push(c);
    await c.open();
    c.send({ msg: 'connect', version: '1', support: ['1'] });
    expect(await c.next((f) => f.msg === 'connected')).toEqual({
      msg: 'connected',
      session: expect.any(String),
    });
    expect(c.frames[0]?.msg).toBe('connected');
    c.send({ msg: 'ping', id: 'p1' });
    expect(await c.next((f) => f.msg === 'pong')).toEqual({ msg: 'pong', id: 'p1' });
    const old = new Ddp(ws);
    open.push(old);
    await old.open();
    old.send({ msg: 'connect', version: '0.9' });
    expect(await old.next((f) => f.msg === 'failed')).toEqual({ msg: 'failed', version: '1' });
  });

  it('malformed frames, a second connect and an unsub answer as Meteor’s server does', async () => {
    const c = new Ddp(ws);
    open.push(c);
    await c.open();
    // before connect: anything but connect must connect first (a ping too); no msg is a Bad request
    c.send({ msg: 'method', method: 'x', params: [], id: '1' });
    expect(await c.next((f) => f.msg === 'error')).toEqual({
      msg: 'error',
      reason: 'Must connect first',
      offendingMessage: { msg: 'method', method: 'x', params: [], id: '1' },
    });
    c.send({ msg: 'ping' });
    c.send({});
    c.send({ msg: 'connect', version: '1', support: ['1'] });
    await c.next((f) => f.msg === 'connected');
    expect(c.frames.slice(1, 3)).toEqual([
      { msg: 'error', reason: 'Must connect first', offendingMessage: { msg: 'ping' } },
      { msg: 'error', reason: 'Bad request', offendingMessage: {} },
    ]);
    const errors = (): Frame[] => c.frames.filter((f) => f.msg === 'error');
    const before = errors().length;
    // not JSON, or JSON but no object: discarded, a Bad request that names nothing
    c.socket.send('{not json');
    c.socket.send('[1,2]');
    // an object without a known msg: a Bad request naming it
    c.send({ hello: 1 });
    c.send({ msg: 'connect', version: '1', support: ['1'] });
    c.send({ msg: 'unsub' });
    c.send({ msg: 'unsub', id: 'never-subscribed' });
    expect(await c.next((f) => f.msg === 'nosub' && f.id === 'never-subscribed')).toEqual({
      msg: 'nosub',
      id: 'never-subscribed',
    });
    expect(c.frames.filter((f) => f.msg === 'nosub')).toEqual([
      { msg: 'nosub' },
      { msg: 'nosub', id: 'never-subscribed' },
    ]);
    // the journal holds every frame in, as it came, the malformed ones too
    const inbound = fake
      .requests({ method: 'DDP' })
      .filter((e) => (e.query as { direction: string }).direction === 'in');
    expect(inbound.map((e) => e.body)).toEqual(expect.arrayContaining(['{not json', [1, 2], { hello: 1 }]));
    expect(errors().slice(before)).toEqual([
      { msg: 'error', reason: 'Bad request' },
      { msg: 'error', reason: 'Bad request', offendingMessage: [1, 2] },
      { msg: 'error', reason: 'Bad request', offendingMessage: { hello: 1 } },
      {
        msg: 'error',
        reason: 'Already connected',
        offendingMessage: { msg: 'connect', version: '1', support: ['1'] },
      },
    ]);
  });

  it('connect negotiates as Meteor’s _handleConnect: support must hold version; failed proposes the version to use', async () => {
    const attempt = async (frame: Frame): Promise<{ frames: Frame[]; closed: boolean }> => {
      const c = new Ddp(ws);
      open.push(c);
      await c.open();
      const closed = new Promise<boolean>((resolve) => c.socket.once('close', () => resolve(true)));
      c.send(frame);
      await c.next((f) => f.msg === 'connected' || f.msg === 'failed');
      const ended = c.frames[0]?.msg === 'failed' ? await closed : false;
      return { frames: c.frames, closed: ended };
    };
    // no support list: failed with the server's first version, the socket closed
    expect(await attempt({ msg: 'connect', version: '1' })).toEqual({
      frames: [{ msg: 'failed', version: '1' }],
      closed: true,
    });
    // support that does not hold the version asked for
    expect(await attempt({ msg: 'connect', version: '1', support: ['pre2'] })).toEqual({
      frames: [{ msg: 'failed', version: '1' }],
      closed: true,
    });
    // the client prefers another version the server speaks: failed, proposing it
    expect(await attempt({ msg: 'connect', version: 'pre1', support: ['1', 'pre1'] })).toEqual({
      frames: [{ msg: 'failed', version: '1' }],
      closed: true,
    });
    expect(await attempt({ msg: 'connect', version: '2', support: ['2', 'pre2'] })).toEqual({
      frames: [{ msg: 'failed', version: 'pre2' }],
      closed: true,
    });
    expect((await attempt({ msg: 'connect', version: 'pre2', support: ['pre2', '1'] })).frames).toEqual([
      { msg: 'connected', session: expect.any(String) },
    ]);
  });

  it('a malformed method or sub is an error frame and never runs; pre1 knows no ping', async () => {
    const c = await client();
    const before = fake.changes().messages.added.length;
    const malformed = [
      { msg: 'method', method: 'login', params: [{ resume: 'alice-token' }] },
      { msg: 'method', id: 'a', method: 'login', params: { resume: 'alice-token' } },
      { msg: 'method', id: 'b', method: 'login', params: [{ resume: 'alice-token' }], randomSeed: 5 },
      { msg: 'method', id: 'c', method: 7, params: [] },
    ];
    for (const frame of malformed) c.send(frame);
    c.send({ msg: 'sub', name: 'stream-room-messages', params: ['GENERAL', false] });
    c.send({ msg: 'sub', id: 'x', name: 'stream-room-messages', params: {} });
    c.send({ msg: 'ping', id: 'done' });
    await c.next((f) => f.msg === 'pong');
    expect(c.frames.slice(1)).toEqual([
      ...malformed.map((frame) => ({
        msg: 'error',
        reason: 'Malformed method invocation',
        offendingMessage: frame,
      })),
      {
        msg: 'error',
        reason: 'Malformed subscription',
        offendingMessage: { msg: 'sub', name: 'stream-room-messages', params: ['GENERAL', false] },
      },
      {
        msg: 'error',
        reason: 'Malformed subscription',
        offendingMessage: { msg: 'sub', id: 'x', name: 'stream-room-messages', params: {} },
      },
      { msg: 'pong', id: 'done' },
    ]);
    // none ran: the socket is not logged in, nothing was stored
    expect((await c.call('getRoomIdByNameOrId', 'general')).error).toMatchObject({
      error: 'error-invalid-user',
    });
    expect(fake.changes().messages.added.length).toBe(before);
    // a sub under the id of a live one is ignored, as Meteor ignores it
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    c.send({ msg: 'sub', id: 'live', name: 'stream-room-messages', params: ['GENERAL', false] });
    c.send({ msg: 'sub', id: 'live', name: 'stream-room-messages', params: ['GENERAL', false] });
    c.send({ msg: 'ping', id: 'after' });
    await c.next((f) => f.msg === 'pong' && f.id === 'after');
    expect(c.frames.filter((f) => f.msg === 'ready')).toEqual([{ msg: 'ready', subs: ['live'] }]);
    // pre1 had no heartbeat: its ping is a Bad request
    const old = new Ddp(ws);
    open.push(old);
    await old.open();
    old.send({ msg: 'connect', version: 'pre1', support: ['pre1'] });
    await old.next((f) => f.msg === 'connected');
    old.send({ msg: 'ping', id: 'p' });
    expect(await old.next((f) => f.msg === 'error')).toEqual({
      msg: 'error',
      reason: 'Bad request',
      offendingMessage: { msg: 'ping', id: 'p' },
    });
  });

  it('login with the SHA-256 digest, and resume with a REST token; a wrong password is 403', async () => {
    const c = await client();
    const digest = createHash('sha256').update('alice-pw').digest('hex');
    const login = await c.call('login', {
      user: { username: 'alice' },
      password: { digest, algorithm: 'sha-256' },
    });
    expect(login).toEqual({
      msg: 'result',
      id: '1',
      result: {
        id: 'aliceUserId000001',
        token: expect.any(String),
        tokenExpires: { $date: expect.any(Number) },
        type: 'password',
      },
    });
    // the write fence's `updated` comes before the result
    expect(c.frames.filter((f) => f.msg === 'updated' || f.id === '1').map((f) => f.msg)).toEqual([
      'updated',
      'result',
    ]);
    const wrong = await c.call('login', { user: { username: 'alice' }, password: 'nope' });
    expect(wrong.error).toEqual({
      isClientSafe: true,
      error: 403,
      reason: 'Something went wrong. Please check your credentials.',
      message: 'Something went wrong. Please check your credentials. [403]',
      errorType: 'Meteor.Error',
    });
    const plain = await c.call('login', { user: { username: 'bob' }, password: 'bob-pw' });
    expect(plain.result).toMatchObject({ id: 'bobUserId00000001', type: 'password' });
    const other = await client();
    const resumed = await other.call('login', { resume: AS.bob['X-Auth-Token'] });
    expect(resumed.result).toMatchObject({ id: 'bobUserId00000001', token: 'bob-token', type: 'resume' });
  });

  it('an unknown method is 404 (its result before updated); a method that needs a login says so', async () => {
    const c = await client();
    const unknown = await c.call('nope');
    expect(unknown.error).toEqual({
      isClientSafe: true,
      error: 404,
      reason: "Method 'nope' not found",
      message: "Method 'nope' not found [404]",
      errorType: 'Meteor.Error',
    });
    expect(c.frames.filter((f) => f.msg === 'updated' || f.id === '1').map((f) => f.msg)).toEqual([
      'result',
      'updated',
    ]);
    expect((await c.call('getRoomIdByNameOrId', 'general')).error).toMatchObject({
      error: 'error-invalid-user',
    });
  });

  it('a message posted over REST reaches a stream-room-messages subscriber; one sent over DDP is in channels.history', async () => {
    const c = await client();
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('GENERAL');
    const ready = await c.sub('stream-room-messages', 'GENERAL', false);
    expect(ready).toMatchObject({ msg: 'ready' });
    const posted = await fetch(`${fake.url}/api/v1/chat.postMessage`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', text: 'over REST' }),
    });
    const { message } = (await posted.json()) as { message: { _id: string; ts: string } };
    const event = await c.next((f) => f.msg === 'changed');
    expect(event).toMatchObject({
      msg: 'changed',
      collection: 'stream-room-messages',
      id: 'id',
      fields: {
        eventName: 'GENERAL',
        args: [{ _id: message._id, msg: 'over REST', rid: 'GENERAL', ts: { $date: Date.parse(message.ts) } }],
      },
    });
    const sent = await c.call('sendMessage', { rid: 'GENERAL', msg: 'over DDP' });
    expect(sent.result).toMatchObject({ msg: 'over DDP', rid: 'GENERAL', u: { username: 'bob' } });
    const history = await fetch(`${fake.url}/api/v1/channels.history?roomId=GENERAL&count=1`, {
      headers: AS.alice,
    });
    expect(((await history.json()) as { messages: { msg: string }[] }).messages[0]?.msg).toBe('over DDP');
  });

  it('__my_messages__: every room the user may see, with who is in it; useCollection sends the document first', async () => {
    const c = await client();
    await c.call('login', { resume: AS.robot['X-Auth-Token'] });
    expect(await c.sub('meteor.loginServiceConfiguration')).toMatchObject({ msg: 'ready' });
    const ready = await c.sub('stream-room-messages', '__my_messages__', true);
    const added = c.frames.find((f) => f.msg === 'added');
    expect(added).toEqual({
      msg: 'added',
      collection: 'stream-room-messages',
      id: 'id',
      fields: { eventName: '__my_messages__' },
    });
    expect(c.frames.indexOf(added as Frame)).toBeLessThan(c.frames.indexOf(ready));
    await fetch(`${fake.url}/api/v1/chat.postMessage`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', text: 'for everyone' }),
    });
    const event = await c.next((f) => f.msg === 'changed');
    expect((event.fields as { args: unknown[] }).args[1]).toEqual({
      roomParticipant: false,
      roomType: 'c',
      roomName: 'general',
    });
  });

  it('loadHistory, subscriptions/get, rooms/get, readMessages; getUserRoles is gone from 8.0', async () => {
    const c = await client();
    await c.call('login', { resume: AS.alice['X-Auth-Token'] });
    await c.call('sendMessage', { rid: 'GENERAL', msg: 'one' });
    await c.call('sendMessage', { rid: 'GENERAL', msg: 'two' });
    const history = await c.call('loadHistory', 'GENERAL', null, 1, null);
    expect((history.result as { messages: { msg: string }[] }).messages.map((m) => m.msg)).toEqual(['two']);
    const subs = (await c.call('subscriptions/get')).result as { rid: string }[];
    expect(subs.map((s) => s.rid)).toEqual(['GENERAL', 'randomRoomId00001', 'privateRoomId0001']);
    const since = (await c.call('rooms/get', { $date: Date.parse('2999-01-01T00:00:00.000Z') })).result;
    expect(since).toEqual({ update: [], remove: [] });
    expect((await c.call('readMessages', 'GENERAL')).error).toBeUndefined();
    expect((await c.call('getUserRoles')).error).toMatchObject({ error: 404 });
  });

  it('8.9: the methods 8.0 removed are not found (each had a REST route to use instead)', async () => {
    const c = await client();
    await c.call('login', { resume: AS.admin['X-Auth-Token'] });
    const before = JSON.stringify(fake.state());
    for (const [method, params] of [
      ['insertOrUpdateUser', [{ name: 'New', username: 'newone', email: 'new@example.com', password: 'pw' }]],
      ['saveUserProfile', [{ realname: 'Admin' }, {}]],
      ['authorization:addUserToRole', ['bot', 'alice']],
      ['authorization:removeUserFromRole', ['bot', 'alice']],
      ['authorization:deleteRole', ['bot']],
      ['muteUserInRoom', [{ rid: 'GENERAL', username: 'bob' }]],
      ['unmuteUserInRoom', [{ rid: 'GENERAL', username: 'bob' }]],
    ] as const) {
      const answer = await c.call(method, ...params);
      expect(answer.error).toMatchObject({ error: 404, reason: `Method '${method}' not found` });
    }
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it('getUserRoles answers on 7.x; loadHistory of a room the user may not read is false', async () => {
    const seven = createFakeServer({ scenario: WORLD, profile: '7.10' });
    const url = await seven.start(0);
    const c = new Ddp(`${url.replace('http', 'ws')}/websocket`);
    await c.connect();
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    const roles = (await c.call('getUserRoles')).result as { username: string; roles: string[] }[];
    expect(roles).toContainEqual({ _id: 'adminUserId000001', roles: ['admin'], username: 'admin' });
    expect(await c.call('loadHistory', 'privateRoomId0001', null, 1, null)).toMatchObject({ result: false });
    await seven.stop();
  });

  it('stream-notify-user: rooms-changed and subscriptions-changed for the user alone; setReadOnly reaches them', async () => {
    const c = await client();
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    expect(await c.sub('stream-notify-user', 'bobUserId00000001/rooms-changed', false)).toMatchObject({
      msg: 'ready',
    });
    await c.sub('stream-notify-user', 'bobUserId00000001/subscriptions-changed', false);
    expect(await c.sub('stream-notify-user', 'aliceUserId000001/rooms-changed', false)).toMatchObject({
      msg: 'nosub',
      error: { error: 'not-allowed' },
    });
    await fetch(`${fake.url}/api/v1/channels.setReadOnly`, {
      method: 'POST',
      headers: { ...AS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', readOnly: true }),
    });
    const room = await c.next(
      (f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName.endsWith('/rooms-changed'),
    );
    expect(room.fields).toMatchObject({
      eventName: 'bobUserId00000001/rooms-changed',
      args: ['updated', { _id: 'GENERAL', ro: true, _updatedAt: { $date: expect.any(Number) } }],
    });
    const sub = await c.next(
      (f) =>
        f.msg === 'changed' &&
        (f.fields as { eventName: string }).eventName.endsWith('/subscriptions-changed'),
    );
    expect(sub.fields).toMatchObject({ args: ['updated', { rid: 'GENERAL', u: { username: 'bob' } }] });
  });

  it('sendMessage refused by the room: the result is empty, the reason arrives on <uid>/message (ephemeral)', async () => {
    await fetch(`${fake.url}/api/v1/channels.setReadOnly`, {
      method: 'POST',
      headers: { ...AS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', readOnly: true }),
    });
    // the setReadOnly's system message, and nothing after it
    const posted = (): number => fake.changes().messages.added.length;
    expect(posted()).toBe(1);
    const c = await client();
    const other = await client();
    const alice = await client();
    for (const socket of [c, other]) {
      await socket.call('login', { resume: AS.bob['X-Auth-Token'] });
      await socket.sub('stream-notify-user', 'bobUserId00000001/message', false);
    }
    await alice.call('login', { resume: AS.alice['X-Auth-Token'] });
    await alice.sub('stream-notify-user', 'aliceUserId000001/message', false);
    const notice = (d: Ddp): Promise<Frame> =>
      d.next(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName: string }).eventName === 'bobUserId00000001/message',
      );
    const onOther = notice(other);
    // a read-only room: swallowed by the method (no result, no error), the reason sent to the user
    const ro = await c.call('sendMessage', { rid: 'GENERAL', msg: 'can I speak?' });
    expect(ro).toEqual({ msg: 'result', id: ro.id });
    const frame = await notice(c);
    const now = Date.parse('2026-01-01T00:00:01.000Z');
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-notify-user',
      id: 'id',
      fields: {
        eventName: 'bobUserId00000001/message',
        args: [
          {
            groupable: false,
            u: { _id: 'rocket.cat', username: 'rocket.cat' },
            private: true,
            _id: String(now),
            rid: 'GENERAL',
            ts: { $date: now },
            _updatedAt: { $date: now },
            msg: "You can't send messages because the room is readonly.",
            md: [
              {
                type: 'PARAGRAPH',
                value: [
                  { type: 'PLAIN_TEXT', value: "You can't send messages because the room is readonly." },
                ],
              },
            ],
          },
        ],
      },
    });
    // every connection of that user gets it, no one else's
    expect((await onOther).fields).toEqual(frame.fields);
    expect(alice.frames.filter((f) => f.msg === 'changed')).toEqual([]);
    expect(posted()).toBe(1);
    // a room the user may not use: the one refusal the method passes on, without a reason
    const secret = await c.call('sendMessage', { rid: 'privateRoomId0001', msg: 'let me in' });
    expect(secret).toEqual({
      msg: 'result',
      id: secret.id,
      error: {
        isClientSafe: true,
        error: 'error-not-allowed',
        details: { method: 'sendMessage' },
        message: '[error-not-allowed]',
        errorType: 'Meteor.Error',
      },
    });
    const notAllowed = await c.next(
      (f) =>
        f.msg === 'changed' &&
        ((f.fields as { args: { msg: string }[] }).args[0]?.msg ?? '') === 'Not allowed',
    );
    // the second ephemeral of the same moment: the next millisecond, so a client keying by _id keeps both
    expect(notAllowed.fields).toMatchObject({
      args: [{ rid: 'privateRoomId0001', private: true, _id: String(now + 1), ts: { $date: now } }],
    });
    // a field the method's check does not allow: Meteor's Match failed, nothing sent to the user
    const alias = await c.call('sendMessage', { rid: 'randomRoomId00001', msg: 'hi', alias: 'Boss' });
    expect(alias).toMatchObject({
      error: { error: 400, reason: 'Match failed', message: 'Match failed [400]', errorType: 'Meteor.Error' },
    });
    expect(posted()).toBe(1);
    // a text over Message_MaxAllowedSize (5000): thrown before the room, swallowed by the method (8.x)
    const long = await c.call('sendMessage', { rid: 'randomRoomId00001', msg: 'x'.repeat(5001) });
    expect(long).toEqual({ msg: 'result', id: long.id });
    expect(posted()).toBe(1);
  });

  it('typing: stream-notify-room written by a client reaches the room’s other subscribers as sent', async () => {
    const bob = await client();
    const bobOther = await client();
    const alice = await client();
    for (const [c, who] of [
      [bob, 'bob'],
      [bobOther, 'bob'],
      [alice, 'alice'],
    ] as const) {
      await c.call('login', { resume: AS[who]['X-Auth-Token'] });
      await c.sub('stream-notify-room', 'GENERAL/user-activity', false);
    }
    const seen = alice.next((f) => f.msg === 'changed');
    const onOther = bobOther.next((f) => f.msg === 'changed');
    const typed = await bob.call('stream-notify-room', 'GENERAL/user-activity', 'bob', ['user-typing'], {});
    // the stream's method answers nothing, written or not
    expect(typed).toEqual({ msg: 'result', id: typed.id });
    const frame = {
      msg: 'changed',
      collection: 'stream-notify-room',
      id: 'id',
      fields: { eventName: 'GENERAL/user-activity', args: ['bob', ['user-typing'], {}] },
    };
    expect(await seen).toEqual(frame);
    // the same user's other connection gets it; the connection that wrote it does not
    expect(await onOther).toEqual(frame);
    // refused without a word: another user's name, an event clients may not write, 7.x's old typing
    expect(
      await bob.call('stream-notify-room', 'GENERAL/user-activity', 'alice', ['user-typing'], {}),
    ).not.toHaveProperty('error');
    await bob.call('stream-notify-room', 'GENERAL/deleteMessage', { _id: 'x' });
    await bob.call('stream-notify-room', 'GENERAL/typing', 'bob', true);
    // a last write that passes, to know the ones before it were dropped (frames keep their order)
    await bob.call('stream-notify-room', 'GENERAL/user-activity', 'bob', [], {});
    await alice.next((f) => f.msg === 'changed' && JSON.stringify(f.fields).includes('[]'));
    expect(
      alice.frames.filter((f) => f.msg === 'changed').map((f) => (f.fields as { args: unknown[] }).args),
    ).toEqual([
      ['bob', ['user-typing'], {}],
      ['bob', [], {}],
    ]);
    expect(bob.frames.filter((f) => f.msg === 'changed')).toEqual([]);
    // it is a method the fake models: not among the unmatched
    expect(fake.unmatched()).toEqual([]);
  });

  it('typing up to 6.x: either event may be written, and each reaches the other’s subscribers too', async () => {
    const session = fake.session({ profile: '6' });
    const at = `${session.url.replace('http', 'ws')}/websocket`;
    const connected = async (who: 'bob' | 'alice'): Promise<Ddp> => {
      const c = new Ddp(at);
      open.push(c);
      await c.connect();
      await c.call('login', { resume: AS[who]['X-Auth-Token'] });
      return c;
    };
    const bob = await connected('bob');
    const alice = await connected('alice');
    await alice.sub('stream-notify-room', 'GENERAL/typing', false);
    await alice.sub('stream-notify-room', 'GENERAL/user-activity', false);
    await bob.call('stream-notify-room', 'GENERAL/typing', 'bob', true);
    await alice.next(
      (f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName.endsWith('/user-activity'),
    );
    expect(alice.frames.filter((f) => f.msg === 'changed').map((f) => f.fields)).toEqual([
      { eventName: 'GENERAL/typing', args: ['bob', true] },
      { eventName: 'GENERAL/user-activity', args: ['bob', ['user-typing'], null] },
    ]);
    await session.close();
  });

  it('joinRoom joins a public channel (true, its uj message); logout ends the login of the connection', async () => {
    const c = await client();
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    const joined = await c.call('joinRoom', 'randomRoomId00001');
    expect(joined).toEqual({ msg: 'result', id: joined.id, result: true });
    expect(fake.state().channels.find((r) => r._id === 'randomRoomId00001')?.usernames).toContain('bob');
    expect(fake.changes().messages.added.map((m) => [m.t, m.u.username])).toEqual([['uj', 'bob']]);
    const out = await c.call('logout');
    expect(out).toEqual({ msg: 'result', id: out.id });
    const after = await c.call('sendMessage', { rid: 'randomRoomId00001', msg: 'still here?' });
    expect(after).toEqual({
      msg: 'result',
      id: after.id,
      error: {
        isClientSafe: true,
        error: 'error-invalid-user',
        reason: 'Invalid user',
        details: { method: 'sendMessage' },
        message: 'Invalid user [error-invalid-user]',
        errorType: 'Meteor.Error',
      },
    });
  });

  it('a message sent over DDP triggers the outgoing webhooks before its result, as one over REST does', async () => {
    fake.addIntegration({
      name: 'ddp-hook',
      channel: ['#general'],
      urls: ['https://hooks.example.com/ddp'],
      username: 'robot',
    });
    const c = await client();
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    const sent = await c.call('sendMessage', { rid: 'GENERAL', msg: 'hello hooks' });
    expect(sent.result).toMatchObject({ msg: 'hello hooks' });
    // recorded (a documentation host is never called) by the time the result arrived
    expect(fake.deliveries().map((d) => [d.integration, d.url, d.outcome])).toEqual([
      ['ddp-hook', 'https://hooks.example.com/ddp', 'skipped'],
    ]);
  });

  it('stream-notify-room: <rid>/deleteMessage when a message is deleted', async () => {
    const c = await client();
    await c.call('login', { resume: AS.alice['X-Auth-Token'] });
    expect(await c.sub('stream-notify-room', 'GENERAL/deleteMessage', false)).toMatchObject({ msg: 'ready' });
    const sent = (await c.call('sendMessage', { rid: 'GENERAL', msg: 'oops' })).result as { _id: string };
    await c.sub('stream-notify-user', 'aliceUserId000001/rooms-changed', false);
    await c.sub('stream-notify-user', 'aliceUserId000001/subscriptions-changed', false);
    const before = c.frames.length;
    await fetch(`${fake.url}/api/v1/chat.delete`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', msgId: sent._id }),
    });
    const event = await c.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-room');
    expect(event).toEqual({
      msg: 'changed',
      collection: 'stream-notify-room',
      id: 'id',
      fields: { eventName: 'GENERAL/deleteMessage', args: [{ _id: sent._id }] },
    });
    // the room changed (one message less); the subscriptions did not
    const msgs = fake.state().channels.find((r) => r._id === 'GENERAL')?.msgs;
    const room = await c.next(
      (f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName.endsWith('/rooms-changed'),
    );
    expect(room.fields).toMatchObject({ args: ['updated', { _id: 'GENERAL', msgs }] });
    // a round trip on the same socket: every frame the deletion caused has arrived before its answer
    await c.call('getRoomIdByNameOrId', 'general');
    const events = c.frames
      .slice(before)
      .filter((f) => f.msg === 'changed')
      .map((f) => (f.fields as { eventName: string }).eventName);
    expect(events.sort()).toEqual(['GENERAL/deleteMessage', 'aliceUserId000001/rooms-changed']);
  });

  it('the journal holds each frame in and out, in the order they crossed the wire; secrets hidden', async () => {
    fake.clearRequests();
    const c = await client();
    await c.call('login', { user: { username: 'bob' }, password: 'bob-pw' });
    await c.sub('stream-room-messages', 'GENERAL', false);
    await fetch(`${fake.url}/api/v1/chat.postMessage`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', text: 'journaled' }),
    });
    await c.next((f) => f.msg === 'changed');
    await c.call('sendMessage', { rid: 'GENERAL', msg: 'journaled too' });
    await fetch(`${fake.url}/api/v1/channels.history?roomId=GENERAL&count=1`, { headers: AS.alice });
    const entries = fake.requests();
    const line = (e: (typeof entries)[number]): string =>
      e.method === 'DDP'
        ? `DDP ${(e.query as { direction: string }).direction} ${String((e.body as Frame).msg ?? '')}`
        : `${e.method} ${e.path}`;
    expect(entries.map(line)).toEqual([
      'DDP in connect',
      'DDP out connected',
      'DDP in method',
      'DDP out updated',
      'DDP out result',
      'DDP in sub',
      'DDP out ready',
      // the frame left before the REST answer did
      'DDP out changed',
      'POST /api/v1/chat.postMessage',
      'DDP in method',
      'DDP out changed',
      'DDP out updated',
      'DDP out result',
      'GET /api/v1/channels.history',
    ]);
    const login = entries[2]?.body as { params: { password: unknown }[] };
    expect(login.params[0]?.password).toBe('[redacted]');
    const result = entries[4]?.body as { result: { token: string } };
    expect(result.result.token).toBe('[redacted]');
    expect(entries[4]?.user).toBe('bob');
  });

  it('a reset closes the sockets (1012): clients connect again to the world as it now is', async () => {
    const c = await client();
    const closed = new Promise<number>((resolve) => c.socket.once('close', (code) => resolve(code)));
    await fake.reset();
    expect(await closed).toBe(1012);
  });

  it('faults act on the handshake: a close code, a status, a drop; a closeCode fault leaves HTTP alone', async () => {
    fake.fault({ path: '/websocket', closeCode: 4000, times: 1 });
    // an HTTP request matching the path passes a closeCode fault by
    expect((await fetch(`${fake.url}/api/v1/me`, { headers: AS.alice })).status).toBe(200);
    const closing = new WebSocket(ws);
    expect(await new Promise<number>((resolve) => closing.once('close', (code) => resolve(code)))).toBe(4000);
    fake.fault({ path: '/websocket', status: 503, body: { error: 'down' }, times: 1 });
    expect(await refusedStatus(ws)).toBe(503);
    fake.fault({ path: '/websocket', drop: true, times: 1 });
    const dropped = new WebSocket(ws);
    expect(await new Promise<string>((resolve) => dropped.once('error', (e) => resolve(e.message)))).toMatch(
      /socket hang up|ECONNRESET/,
    );
    // the faults are spent: the next socket connects
    const c = await client();
    expect(c.frames[0]?.msg).toBe('connected');
  });

  it('an invalid closeCode is refused by name', () => {
    expect(() => fake.fault({ path: '/websocket', closeCode: 1006 })).toThrow(/closeCode/);
  });

  it('createDirectMessage, updateMessage, deleteMessage, as the SDKs call them', async () => {
    const c = await client();
    await c.call('login', { resume: AS.alice['X-Auth-Token'] });
    const direct = (await c.call('createDirectMessage', 'bob')).result as { rid: string; t: string };
    expect(direct).toMatchObject({ rid: 'aliceUserId000001bobUserId00000001', t: 'd' });
    const sent = (await c.call('sendMessage', { rid: direct.rid, msg: 'hi' })).result as { _id: string };
    expect(
      (await c.call('updateMessage', { _id: sent._id, rid: direct.rid, msg: 'hi!' })).error,
    ).toBeUndefined();
    const history = await fetch(`${fake.url}/api/v1/im.history?roomId=${direct.rid}`, { headers: AS.bob });
    expect(((await history.json()) as { messages: { msg: string }[] }).messages[0]?.msg).toBe('hi!');
    expect((await c.call('deleteMessage', { _id: sent._id })).error).toBeUndefined();
    expect((await c.call('deleteMessage', { _id: sent._id })).error).toMatchObject({
      error: 'error-action-not-allowed',
    });
  });

  it('with a rate limit set, methods past it are too-many-requests per connection and method', async () => {
    fake.setRateLimit({ limit: 2, windowMs: 60_000 });
    const c = await client();
    await c.call('login', { resume: AS.alice['X-Auth-Token'] });
    await c.call('getRoomIdByNameOrId', 'general');
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('GENERAL');
    const limited = await c.call('getRoomIdByNameOrId', 'general');
    expect(limited.error).toEqual({
      isClientSafe: true,
      error: 'too-many-requests',
      reason: 'Error, too many requests. Please slow down. You must wait 60 seconds before trying again.',
      details: { timeToReset: 60000 },
      message:
        'Error, too many requests. Please slow down. You must wait 60 seconds before trying again. [too-many-requests]',
      errorType: 'Meteor.Error',
    });
    // another connection has its own count
    const other = await client();
    expect((await other.call('login', { resume: AS.bob['X-Auth-Token'] })).error).toBeUndefined();
  });

  it('a stream of a room the user may not see is refused; an unknown stream is 404', async () => {
    const c = await client();
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    expect(await c.sub('stream-room-messages', 'privateRoomId0001', false)).toEqual({
      msg: 'nosub',
      id: expect.any(String),
      error: {
        isClientSafe: true,
        error: 'not-allowed',
        message: '[not-allowed]',
        errorType: 'Meteor.Error',
      },
    });
    expect(await c.sub('stream-nope', 'x')).toMatchObject({ msg: 'nosub', error: { error: 404 } });
  });

  it('streams the fake does not have, and stream-notify-user events it never sends, are journaled as not modelled', async () => {
    const c = await client();
    await c.call('login', { resume: AS.alice['X-Auth-Token'] });
    expect(fake.unmatched()).toEqual([]);
    expect(await c.sub('stream-livechat-room', 'x', false)).toEqual({
      msg: 'nosub',
      id: expect.any(String),
      error: {
        isClientSafe: true,
        error: 404,
        reason: "Subscription 'stream-livechat-room' not found",
        message: "Subscription 'stream-livechat-room' not found [404]",
        errorType: 'Meteor.Error',
      },
    });
    // stream-user-presence is modelled from 5.x (docs/realtime-bots.md): a sub of it is ready
    await c.sub('stream-user-presence', '', false);
    // an event of the user's own stream the fake never sends: ready, as the real server answers
    expect(await c.sub('stream-notify-user', 'aliceUserId000001/notification', false)).toEqual({
      msg: 'ready',
      subs: [expect.any(String)],
    });
    await c.sub('stream-notify-user', 'aliceUserId000001/rooms-changed', false);
    await c.sub('meteor.loginServiceConfiguration');
    const subs = fake
      .requests({ method: 'DDP' })
      .filter((e) => e.query.direction === 'in' && (e.body as Frame).msg === 'sub');
    expect(subs.map((e) => [(e.body as Frame).name, e.modelled])).toEqual([
      ['stream-livechat-room', false],
      ['stream-user-presence', true],
      ['stream-notify-user', false],
      ['stream-notify-user', true],
      ['meteor.loginServiceConfiguration', true],
    ]);
    expect(fake.unmatched().map((r) => [r.method, r.path, r.count])).toEqual([
      ['DDP', 'sub stream-livechat-room', 1],
      ['DDP', 'sub stream-notify-user */notification', 1],
    ]);
  });

  it('the Streamer’s own checks: __my_messages__ is ready before a login; an empty event name is invalid-event-name', async () => {
    const c = await client();
    expect(await c.sub('stream-room-messages', '__my_messages__', false)).toEqual({
      msg: 'ready',
      subs: [expect.any(String)],
    });
    const refused = (error: string | number, reason?: string): Frame => ({
      msg: 'nosub',
      id: expect.any(String),
      error: {
        isClientSafe: true,
        error,
        ...(reason !== undefined ? { reason } : {}),
        message: reason !== undefined ? `${reason} [${String(error)}]` : `[${String(error)}]`,
        errorType: 'Meteor.Error',
      },
    });
    expect(await c.sub('stream-room-messages', 'GENERAL', false)).toEqual(refused('not-allowed'));
    expect(await c.sub('stream-room-messages', '', false)).toEqual(refused('invalid-event-name'));
    expect(await c.sub('stream-notify-user', '', false)).toEqual(refused('invalid-event-name'));
    // no event name at all: the Streamer's TypeError, sanitised
    expect(await c.sub('stream-room-messages')).toEqual(refused(500, 'Internal server error'));
    // nothing is sent before the login; after it, the messages of the rooms the user may see
    await c.call('login', { resume: AS.bob['X-Auth-Token'] });
    await fetch(`${fake.url}/api/v1/chat.postMessage`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', text: 'after the login' }),
    });
    const event = await c.next((f) => f.msg === 'changed');
    expect(event.fields).toMatchObject({
      eventName: '__my_messages__',
      args: [{ msg: 'after the login' }, { roomParticipant: true, roomType: 'c', roomName: 'general' }],
    });
  });

  it('a session has its own /s/ID/websocket; its end closes its sockets', async () => {
    const session = fake.session({ id: 'rt' });
    const c = new Ddp(`${ws.replace('/websocket', '')}/s/rt/websocket`);
    open.push(c);
    expect((await c.connect()).msg).toBe('connected');
    await c.call('login', { resume: AS.alice['X-Auth-Token'] });
    await c.call('sendMessage', { rid: 'GENERAL', msg: 'in the session' });
    expect(session.state().messages?.some((m) => m.msg === 'in the session')).toBe(true);
    expect(fake.state().messages ?? []).toEqual([]);
    const closed = new Promise<number>((resolve) => c.socket.once('close', (code) => resolve(code)));
    await session.close();
    expect(await closed).toBe(1001);
  });

  it('keeps Meteor’s heartbeat: a quiet client is pinged, and closed when nothing comes back', async () => {
    expect(() => createFakeServer({ ddpHeartbeat: { intervalMs: -1, timeoutMs: 5 } })).toThrow(
      'ddpHeartbeat needs intervalMs and timeoutMs',
    );
    const beating = createFakeServer({ scenario: WORLD, ddpHeartbeat: { intervalMs: 50, timeoutMs: 1000 } });
    const url = (await beating.start(0)).replace('http', 'ws');
    try {
      // a client that answers: pinged, pongs, stays open
      const live = new Ddp(`${url}/websocket`);
      live.socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as Frame).msg === 'ping') live.send({ msg: 'pong' });
      });
      await live.connect();
      await live.next((f) => f.msg === 'ping');
      expect(live.frames.at(-1)).toEqual({ msg: 'ping' });
      // a client that does not: closed once the timeout passes
      const quiet = new Ddp(`${url}/websocket`);
      const closed = new Promise<number>((resolve) => quiet.socket.once('close', (code) => resolve(code)));
      await quiet.connect();
      await quiet.next((f) => f.msg === 'ping');
      expect(await closed).toBe(1000);
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      // the oldest protocol has no heartbeat; the ping is journaled like every frame
      const old = new Ddp(`${url}/websocket`);
      await old.open();
      old.send({ msg: 'connect', version: 'pre1', support: ['pre1'] });
      await old.next((f) => f.msg === 'connected');
      await live.next((f) => f.msg === 'ping' && live.frames.filter((g) => g.msg === 'ping').length >= 2);
      expect(old.frames.some((f) => f.msg === 'ping')).toBe(false);
      expect(
        beating
          .requests({ method: 'DDP' })
          .some((e) => (e.body as Frame).msg === 'ping' && e.query.direction === 'out'),
      ).toBe(true);
      await Promise.all([live.close(), old.close()]);
    } finally {
      await beating.stop();
    }
  });

  it('stop() closes every socket with a close frame', async () => {
    const other = createFakeServer({ scenario: WORLD });
    const url = await other.start(0);
    const c = new Ddp(`${url.replace('http', 'ws')}/websocket`);
    await c.connect();
    const closed = new Promise<number>((resolve) => c.socket.once('close', (code) => resolve(code)));
    await other.stop();
    expect(await closed).toBe(1001);
  });

  it('anything else asking to upgrade is a 404', async () => {
    const c = new WebSocket(`${ws.replace('/websocket', '')}/api/v1/websocket`);
    c.on('error', () => undefined);
    const status = await new Promise<number>((resolve) =>
      c.once('unexpected-response', (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      }),
    );
    expect(status).toBe(404);
  });
});

describe('DDP over SockJS (/sockjs/<server>/<session>/websocket)', () => {
  /** A raw socket's messages as they came, and a wait for the next one matching. */
  function sockjs(path = '/sockjs/123/abcdefgh/websocket'): {
    socket: WebSocket;
    messages: string[];
    next: (match: (m: string) => boolean) => Promise<string>;
    closed: Promise<number>;
  } {
    const socket = new WebSocket(`${fake.url.replace('http', 'ws')}${path}`);
    const messages: string[] = [];
    let waiters: { match: (m: string) => boolean; resolve: (m: string) => void }[] = [];
    socket.on('message', (data) => {
      const text = String(data);
      messages.push(text);
      waiters = waiters.filter((w) => {
        if (!w.match(text)) return true;
        w.resolve(text);
        return false;
      });
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const next = (match: (m: string) => boolean): Promise<string> => {
      const found = messages.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    };
    return { socket, messages, next, closed };
  }

  it('frames DDP as SockJS does: o, then a[...] out, ["..."] in; the info route answers as Meteor’s', async () => {
    const info = await fetch(`${fake.url}/sockjs/info`, { headers: { Origin: 'http://app.example' } });
    expect(info.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    // SockJS's CORS headers: a page of another origin may ask, with its preflight
    expect(info.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(info.headers.get('access-control-allow-credentials')).toBe('true');
    expect(info.headers.get('cache-control')).toBe(
      'no-store, no-cache, no-transform, must-revalidate, max-age=0',
    );
    const preflight = await fetch(`${fake.url}/sockjs/info`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.example', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('OPTIONS, GET');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(await info.json()).toEqual({
      websocket: true,
      origins: ['*:*'],
      cookie_needed: false,
      entropy: 2026,
    });
    const c = sockjs();
    expect(await c.next(() => true)).toBe('o');
    c.socket.send(JSON.stringify([JSON.stringify({ msg: 'connect', version: '1', support: ['1'] })]));
    const connected = await c.next((m) => m.startsWith('a'));
    const frames = JSON.parse(connected.slice(1)) as string[];
    expect(frames.map((f) => JSON.parse(f) as unknown)).toEqual([
      { msg: 'connected', session: expect.any(String) },
    ]);
    // one frame as a bare JSON string is taken too
    c.socket.send(JSON.stringify(JSON.stringify({ msg: 'ping', id: 'p1' })));
    expect(await c.next((m) => m.includes('pong'))).toBe(
      `a${JSON.stringify([JSON.stringify({ msg: 'pong', id: 'p1' })])}`,
    );
    // a plain DDP frame is broken framing here: the session ends, saying so
    c.socket.send(JSON.stringify({ msg: 'ping' }));
    expect(await c.next((m) => m.startsWith('c'))).toBe('c[3000,"Broken framing."]');
    expect(await c.closed).toBe(3000);
    // a version the server does not speak: failed, then SockJS's own close
    const old = sockjs();
    await old.next((m) => m === 'o');
    old.socket.send(JSON.stringify([JSON.stringify({ msg: 'connect', version: '9' })]));
    expect(await old.next((m) => m.startsWith('a'))).toBe(
      `a${JSON.stringify([JSON.stringify({ msg: 'failed', version: '1' })])}`,
    );
    expect(await old.next((m) => m.startsWith('c'))).toBe('c[3000,"Go away!"]');
  });

  it('a reset closes it with a SockJS close frame first', async () => {
    const c = sockjs();
    await c.next((m) => m === 'o');
    c.socket.send(JSON.stringify([JSON.stringify({ msg: 'connect', version: '1', support: ['1'] })]));
    await c.next((m) => m.startsWith('a'));
    await fake.reset();
    expect(await c.next((m) => m.startsWith('c'))).toBe('c[1012,"world reset"]');
    expect(await c.closed).toBe(1012);
  });

  it('a fault on /websocket acts on the SockJS handshake too; a closeCode opens, then closes with its c frame', async () => {
    fake.fault({ path: '/websocket', closeCode: 4000, times: 1 });
    const c = sockjs();
    expect(await c.closed).toBe(4000);
    expect(c.messages).toEqual(['o', 'c[4000,"fault"]']);
    // a status fault on /websocket refuses a SockJS handshake too
    fake.fault({ path: '/websocket', status: 503, times: 1 });
    expect(await refusedStatus(`${fake.url.replace('http', 'ws')}/sockjs/1/x/websocket`)).toBe(503);
    // both spent: the next SockJS socket opens and stays
    const next = sockjs();
    expect(await next.next((m) => m === 'o')).toBe('o');
    next.socket.close();
    await next.closed;
  });

  it('a fault naming the SockJS path acts on it and not on /websocket', async () => {
    fake.fault({ path: '/sockjs/*', closeCode: 4001, times: 1 });
    // the raw socket is not the fault's: it connects and is answered (a closeCode fault opens, then closes)
    const raw = new WebSocket(`${fake.url.replace('http', 'ws')}/websocket`);
    await new Promise((resolve) => raw.once('open', resolve));
    const connected = new Promise<string>((resolve) => raw.once('message', (data) => resolve(String(data))));
    raw.send(JSON.stringify({ msg: 'connect', version: '1', support: ['1'] }));
    expect(JSON.parse(await connected)).toMatchObject({ msg: 'connected' });
    raw.close();
    const c = sockjs();
    expect(await c.closed).toBe(4001);
    expect(c.messages).toEqual(['o', 'c[4001,"fault"]']);
  });
});
