import type { Socket } from 'node:net';

import { WebSocket } from 'ws';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { FakeWorld } from '../src/world';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/**
 * The realtime endpoint against hostile clients (issue 44): a frame's size and nesting, the
 * subscriptions one socket holds and the bytes waiting for its reader are bounded (src/limits.ts),
 * and nothing a socket sends, nor a failure in its handlers, reaches the process or another client.
 */

let fake: FakeServer;
const open: WebSocket[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  await fake.start(0);
});
afterEach(async () => {
  jest.restoreAllMocks();
  for (const socket of open.splice(0)) socket.terminate();
  await fake.reset();
});
afterAll(() => fake.stop());

interface Closed {
  code: number;
  reason: string;
}

const wsUrl = (server: FakeServer, path = '/websocket'): string =>
  `${server.url.replace('http', 'ws')}${path}`;

/** A raw DDP client on `server`, and how its socket closed (followed from the start). */
function ddp(server = fake): { c: Ddp; closed: Promise<Closed> } {
  const c = new Ddp(wsUrl(server));
  open.push(c.socket);
  const closed = new Promise<Closed>((resolve) =>
    c.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return { c, closed };
}

/** A client that has connected (`connected`), logged in as bob when asked. */
async function connected(server = fake, login = false): Promise<{ c: Ddp; closed: Promise<Closed> }> {
  const client = ddp(server);
  expect(await client.c.connect()).toMatchObject({ msg: 'connected' });
  if (login) expect((await client.c.call('login', { resume: AS.bob['X-Auth-Token'] })).result).toBeDefined();
  return client;
}

/** The server still serves: a new socket's connect, a REST call, and the journal. */
async function stillServes(server = fake): Promise<void> {
  const { c } = await connected(server);
  await c.close();
  const me = await fetch(`${server.url}/api/v1/me`, { headers: AS.alice });
  expect(me.status).toBe(200);
  const journal = await fetch(`${server.url}/__admin/requests`);
  expect(journal.status).toBe(200);
  expect(await journal.json()).toMatchObject({ requests: expect.any(Array) });
}

/** JSON nested `depth` deep: arrays around `inner`. */
const nested = (depth: number, inner = ''): string => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** The refusals the journal noted in place of frames. */
function refusals(server = fake): unknown[] {
  return server
    .requests({ method: 'DDP' })
    .map((entry) => entry.body)
    .filter((body) => typeof body === 'object' && body !== null && '[refused]' in body);
}

/** What the server wrote on stderr, caught (and kept off the test's output). */
/** What the server writes to stderr from now on, but the fixed clock's one warning (not these tests'). */
function stderrLines(): string[] {
  const lines: string[] = [];
  jest.spyOn(process.stderr, 'write').mockImplementation((text: string | Uint8Array) => {
    if (!String(text).includes('warning: the fake clock is fixed')) lines.push(String(text));
    return true;
  });
  return lines;
}

describe('a frame out of bounds closes its socket, never the server (ddpFrameDepth 100, ddpFrameBytes 262,144)', () => {
  it('a 20 KB frame nested 10,000 deep, before connect: 1007 "frame nested deeper than 100", never echoed; the journal still answers', async () => {
    const { c, closed } = ddp();
    await c.open();
    c.socket.send(`{"msg":"x","a":${nested(10_000)}}`);
    expect(await closed).toEqual({ code: 1007, reason: 'frame nested deeper than 100' });
    expect(c.frames).toEqual([]);
    expect(refusals()).toEqual([{ '[refused]': 'frame nested deeper than 100' }]);
    await stillServes();
  });

  it('depth is counted outside strings: a method nested 100 deep is answered, 101 deep is 1007', async () => {
    const { c, closed } = await connected(fake, true);
    // brackets and escaped quotes inside strings do not count
    const strings = `"[[[{{{\\"[[[\\\\","${'['.repeat(500)}"`;
    const frame = (depth: number, id: string): string =>
      `{"msg":"method","id":"${id}","method":"sendMessage","params":${nested(depth - 1, strings)}}`;
    c.socket.send(frame(100, 'deep100'));
    expect(await c.next((f) => f.id === 'deep100' && f.msg === 'result')).toMatchObject({
      error: { error: 400, reason: 'Match failed' },
    });
    c.socket.send(frame(101, 'deep101'));
    expect(await closed).toEqual({ code: 1007, reason: 'frame nested deeper than 100' });
    expect(c.frames.some((f) => f.id === 'deep101')).toBe(false);
    await stillServes();
  });

  it('a frame of 10,000 values is answered, one of 10,001 is 1007 "frame holds over 10000 values" before it is parsed (commas and brackets in strings do not count)', async () => {
    const { c, closed } = await connected(fake, true);
    // the frame's own values: the frame, msg, id, method, params and its one array: 6, plus the items
    const frame = (items: number, id: string): string =>
      `{"msg":"method","id":"${id}","method":"sendMessage","params":[[${Array(items).fill('"a,[{"').join(',')}]]}`;
    c.socket.send(frame(10_000 - 6, 'wide10000'));
    expect(await c.next((f) => f.id === 'wide10000' && f.msg === 'result')).toMatchObject({
      error: { error: 400, reason: 'Match failed' },
    });
    c.socket.send(frame(10_000 - 5, 'wide10001'));
    expect(await closed).toEqual({ code: 1007, reason: 'frame holds over 10000 values' });
    expect(c.frames.some((f) => f.id === 'wide10001')).toBe(false);
    expect(refusals()).toContainEqual({ '[refused]': 'frame holds over 10000 values' });
    await stillServes();
  });

  it('a frame of 262,145 bytes is 1009 "frame too large (over 262144 bytes)"; one of 262,144 is answered without its echo (offendingMessage over 65,536 characters)', async () => {
    const { c, closed } = await connected();
    const sized = (bytes: number): string => {
      const shell = '{"hello":""}';
      return `{"hello":"${'x'.repeat(bytes - shell.length)}"}`;
    };
    expect(Buffer.byteLength(sized(262_144))).toBe(262_144);
    c.socket.send(sized(262_144));
    c.send({ msg: 'ping', id: 'after' });
    await c.next((f) => f.msg === 'pong');
    expect(c.frames.slice(1)).toEqual([
      { msg: 'error', reason: 'Bad request' },
      { msg: 'pong', id: 'after' },
    ]);
    // a short one is echoed as Meteor's server echoes it
    c.send({ hello: 'x'.repeat(65_000) });
    expect(await c.next((f) => f.msg === 'error' && 'offendingMessage' in f)).toEqual({
      msg: 'error',
      reason: 'Bad request',
      offendingMessage: { hello: 'x'.repeat(65_000) },
    });
    c.socket.send(sized(262_145));
    expect(await closed).toEqual({ code: 1009, reason: 'frame too large (over 262144 bytes)' });
    expect(refusals()).toEqual([{ '[refused]': 'frame too large (over 262144 bytes)' }]);
    await stillServes();
  });

  it('a 100 MB frame is refused from its header (1009), and the server goes on', async () => {
    const { c, closed } = await connected();
    c.socket.send(Buffer.alloc(100 * 1024 * 1024, 0x20), { binary: false });
    expect(await closed).toEqual({ code: 1009, reason: 'frame too large (over 262144 bytes)' });
    await stillServes();
  });

  it('over SockJS each frame of the array is read for depth (1007, after its c frame); a message over 262,144 bytes is 1009', async () => {
    const sockjs = (): { socket: WebSocket; messages: string[]; closed: Promise<Closed> } => {
      const socket = new WebSocket(wsUrl(fake, '/sockjs/1/abc/websocket'));
      open.push(socket);
      const messages: string[] = [];
      socket.on('message', (data) => messages.push(String(data)));
      const closed = new Promise<Closed>((resolve) =>
        socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );
      return { socket, messages, closed };
    };
    const deep = sockjs();
    await new Promise((resolve) => deep.socket.once('open', resolve));
    const connect = JSON.stringify({ msg: 'connect', version: '1', support: ['1'] });
    deep.socket.send(JSON.stringify([connect, `{"msg":"ping","id":${nested(10_000)}}`]));
    expect(await deep.closed).toEqual({ code: 1007, reason: 'frame nested deeper than 100' });
    expect(deep.messages).toHaveLength(3);
    expect(deep.messages[0]).toBe('o');
    expect(JSON.parse(JSON.parse(deep.messages[1]?.slice(1) ?? '')[0] as string)).toMatchObject({
      msg: 'connected',
    });
    expect(deep.messages[2]).toBe('c[1007,"frame nested deeper than 100"]');
    // the outer array itself nested too deep: refused before it is parsed
    const outer = sockjs();
    await new Promise((resolve) => outer.socket.once('open', resolve));
    outer.socket.send(nested(10_000));
    expect(await outer.closed).toEqual({ code: 1007, reason: 'frame nested deeper than 100' });
    const large = sockjs();
    await new Promise((resolve) => large.socket.once('open', resolve));
    large.socket.send(JSON.stringify(['x'.repeat(262_144)]));
    expect(await large.closed).toEqual({ code: 1009, reason: 'frame too large (over 262144 bytes)' });
    await stillServes();
  });
});

describe('hostile frames each end at most their own socket', () => {
  /** Each frame on a fresh connected socket, with what it must bring: a frame, or the socket's close. */
  const cases: [string, string | Buffer, Frame | Closed][] = [
    [
      'a method whose params nest 10,000 deep',
      `{"msg":"method","id":"1","method":"login","params":[${nested(10_000, '{}')}]}`,
      { code: 1007, reason: 'frame nested deeper than 100' },
    ],
    [
      'a sub whose params nest 5,000 deep in objects',
      `{"msg":"sub","id":"s","name":"stream-room-messages","params":[${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]}`,
      { code: 1007, reason: 'frame nested deeper than 100' },
    ],
    [
      'a connect whose support nests 101 deep',
      `{"msg":"connect","version":"1","support":${nested(100)}}`,
      { code: 1007, reason: 'frame nested deeper than 100' },
    ],
    [
      'a method whose id is an object',
      JSON.stringify({ msg: 'method', id: { a: { b: [1] } }, method: 'login', params: [] }),
      {
        msg: 'error',
        reason: 'Malformed method invocation',
        offendingMessage: { msg: 'method', id: { a: { b: [1] } }, method: 'login', params: [] },
      },
    ],
    [
      'a ping whose id is an object nested 98 deep (echoed in the pong)',
      `{"msg":"ping","id":${nested(98, '"x"')}}`,
      { msg: 'pong', id: JSON.parse(nested(98, '"x"')) as unknown },
    ],
    [
      'a sub whose id is an array',
      JSON.stringify({ msg: 'sub', id: ['s'], name: 'stream-room-messages', params: ['GENERAL'] }),
      {
        msg: 'error',
        reason: 'Malformed subscription',
        offendingMessage: { msg: 'sub', id: ['s'], name: 'stream-room-messages', params: ['GENERAL'] },
      },
    ],
    [
      'a binary frame of bytes that are not UTF-8',
      Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x5b]),
      { msg: 'error', reason: 'Bad request' },
    ],
    [
      'a text of 50,000 unbalanced brackets inside a string',
      `{"msg":"${'['.repeat(50_000)}"}`,
      { msg: 'error', reason: 'Bad request', offendingMessage: { msg: '['.repeat(50_000) } },
    ],
  ];

  it.each(cases)('%s', async (_name, data, expected) => {
    const { c, closed } = await connected();
    const before = c.frames.length;
    c.socket.send(data);
    if ('code' in expected) expect(await closed).toEqual(expected);
    else expect(await c.next((f) => c.frames.indexOf(f) >= before)).toEqual(expected);
    await stillServes();
  });

  it('a handler that throws closes its own socket 1011, logged once; the REST post that caused it is answered', async () => {
    const lines = stderrLines();
    const { c, closed } = await connected(fake, true);
    expect(await c.sub('stream-room-messages', 'GENERAL', false)).toMatchObject({ msg: 'ready' });
    const bystander = await connected(fake, true);
    const record = FakeWorld.prototype.recordFrame;
    jest.spyOn(FakeWorld.prototype, 'recordFrame').mockImplementation(function (
      this: FakeWorld,
      ...args: Parameters<FakeWorld['recordFrame']>
    ) {
      if ((args[1] as Frame).msg === 'changed') throw new Error('the stream broke');
      return record.apply(this, args);
    });
    const posted = await fetch(`${fake.url}/api/v1/chat.postMessage`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomId: 'GENERAL', text: 'fan out' }),
    });
    expect(posted.status).toBe(200);
    expect(await closed).toEqual({ code: 1011, reason: 'internal error' });
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[rocketchat-fake\] realtime session-\d+: the stream broke; the socket is closed \(1011\)\n$/,
      ),
    ]);
    // a frame in whose handling throws: the same, on that socket alone
    jest.spyOn(FakeWorld.prototype, 'recordFrame').mockImplementation(function (
      this: FakeWorld,
      ...args: Parameters<FakeWorld['recordFrame']>
    ) {
      if ((args[1] as Frame).msg === 'ping') throw new Error('the journal broke');
      return record.apply(this, args);
    });
    const pinged = await connected();
    pinged.c.send({ msg: 'ping', id: 'p' });
    expect(await pinged.closed).toEqual({ code: 1011, reason: 'internal error' });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/the journal broke; the socket is closed \(1011\)/);
    jest.restoreAllMocks();
    bystander.c.send({ msg: 'ping', id: 'still' });
    expect(await bystander.c.next((f) => f.msg === 'pong')).toEqual({ msg: 'pong', id: 'still' });
    await stillServes();
  });
});

describe('subscriptions per socket (ddpSubscriptions 1,000)', () => {
  it('the 1,001st is nosub too-many-subscriptions naming 1000; an unsub frees a place; the socket keeps working', async () => {
    const { c } = await connected(fake, true);
    for (let k = 1; k <= 1000; k += 1)
      c.send({ msg: 'sub', id: `s${k}`, name: 'stream-room-messages', params: ['GENERAL', false] });
    await c.next((f) => f.msg === 'ready' && (f.subs as string[])[0] === 's1000');
    expect(c.frames.filter((f) => f.msg === 'ready')).toHaveLength(1000);
    c.send({ msg: 'sub', id: 'one-more', name: 'stream-notify-room', params: ['GENERAL/deleteMessage'] });
    expect(await c.next((f) => f.id === 'one-more')).toEqual({
      msg: 'nosub',
      id: 'one-more',
      error: {
        isClientSafe: true,
        error: 'too-many-subscriptions',
        reason: 'Too many subscriptions: one connection holds at most 1000',
        message: 'Too many subscriptions: one connection holds at most 1000 [too-many-subscriptions]',
        errorType: 'Meteor.Error',
      },
    });
    c.send({ msg: 'unsub', id: 's1' });
    await c.next((f) => f.msg === 'nosub' && f.id === 's1');
    c.send({ msg: 'sub', id: 'in-its-place', name: 'stream-notify-room', params: ['GENERAL/deleteMessage'] });
    expect(
      await c.next((f) => f.msg === 'ready' && (f.subs as string[])[0] === 'in-its-place'),
    ).toBeDefined();
    expect((await c.call('getRoomIdByNameOrId', 'general')).result).toBe('GENERAL');
  });
});

describe('a reader that does not keep up (ddpBufferedBytes 65,536)', () => {
  let small: FakeServer;
  beforeAll(async () => {
    small = createFakeServer({ scenario: WORLD, limits: { ddpBufferedBytes: 65_536 } });
    await small.start(0);
  });
  afterAll(() => small.stop());

  it('a socket that stops reading is cut once over 65536 bytes wait for it, logged once; others are served', async () => {
    const { c, closed } = await connected(small, true);
    // a hundred subs of the room: each post sends the socket a hundred frames
    for (let k = 1; k <= 100; k += 1)
      c.send({ msg: 'sub', id: `s${k}`, name: 'stream-room-messages', params: ['GENERAL', false] });
    await c.next((f) => f.msg === 'ready' && (f.subs as string[])[0] === 's100');
    const lines = stderrLines();
    const wire = (c.socket as unknown as { _socket: Socket })._socket;
    wire.pause();
    const cut = (): boolean => lines.some((line) => line.includes('reader too slow'));
    let posts = 0;
    // the kernel's buffers fill first (a few MB on loopback); each post then adds ~400 KB waiting
    while (!cut() && posts < 200) {
      posts += 1;
      const posted = await fetch(`${small.url}/api/v1/chat.postMessage`, {
        method: 'POST',
        headers: { ...AS.alice, 'Content-Type': 'application/json' },
        body: JSON.stringify({ roomId: 'GENERAL', text: 'x'.repeat(4000) }),
      });
      expect(posted.status).toBe(200);
    }
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[rocketchat-fake\] realtime session-\d+: reader too slow: over 65536 bytes waiting; the socket is cut\n$/,
      ),
    ]);
    wire.resume();
    // cut, not closed: no close frame could reach a reader that does not read
    expect((await closed).code).toBe(1006);
    const changed = c.frames.filter((f) => f.msg === 'changed').length;
    expect(changed).toBeLessThan(posts * 100);
    await stillServes(small);
  });
});
