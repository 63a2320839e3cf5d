import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { DdpFrameNote, JournalEntry } from '../src/types';
import { AS, WORLD } from './support/fake';
import { openDdp } from './support/ddp';
import type { Ddp } from './support/ddp';

/**
 * The journal's note of each realtime frame (`ddp`): a bot's session (connect, login, sub to a
 * room's messages, sendMessage) read back from `GET /__admin/requests` as rows a person reads:
 * the socket, the direction, the frame's type, method or stream and event, a summary with no
 * secret in it, and each answer pointing at the frame it answers.
 */

let fake: FakeServer;
let url: string;
const sockets: Ddp[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  url = await fake.start(0);
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  await fake.reset();
});
afterAll(() => fake.stop());

/** The realtime rows of the journal as the control API answers them: seq and note. */
async function rows(): Promise<{ seq: number; ddp: DdpFrameNote | undefined }[]> {
  const res = await request(url).get('/__admin/requests?method=DDP').expect(200);
  return (res.body as { requests: JournalEntry[] }).requests.map((e) => ({ seq: e.seq, ddp: e.ddp }));
}

test("a bot's session reads as rows: connect, login, sub, sendMessage and the stream's changed", async () => {
  const ddp = await openDdp(url, sockets, AS.alice['X-Auth-Token']);
  await ddp.sub('stream-room-messages', 'GENERAL', false);
  await ddp.call('sendMessage', { _id: 'ddpMessage0000001', rid: 'GENERAL', msg: 'hi' });
  await ddp.next((f) => f.msg === 'changed');
  const all = await rows();
  const seqOf = (match: (n: DdpFrameNote) => boolean): number =>
    all.find((r) => r.ddp !== undefined && match(r.ddp))?.seq ?? -1;
  const login = seqOf((n) => n.method === 'login' && n.direction === 'in');
  const sub = seqOf((n) => n.msg === 'sub');
  const send = seqOf((n) => n.method === 'sendMessage' && n.direction === 'in');
  // the socket's session id, as its `connected` frame gave it
  const connection = String((await ddp.next((f) => f.msg === 'connected')).session);
  expect(all.map((r) => r.ddp)).toEqual([
    { connection, direction: 'in', msg: 'connect', summary: 'connect, version "1"' },
    { connection, direction: 'out', msg: 'connected', summary: `connected, session "${connection}"` },
    {
      connection,
      direction: 'in',
      msg: 'method',
      id: '1',
      method: 'login',
      summary: 'login {resume: [redacted]}',
    },
    { connection, direction: 'out', msg: 'updated', summary: 'updated 1' },
    {
      connection,
      direction: 'out',
      msg: 'result',
      id: '1',
      method: 'login',
      summary:
        'login → {id: "aliceUserId000001", token: [redacted], tokenExpires: [redacted], type: "resume"}',
      answers: login,
    },
    {
      connection,
      direction: 'in',
      msg: 'sub',
      id: 's2',
      name: 'stream-room-messages',
      summary: 'stream-room-messages "GENERAL", false',
    },
    {
      connection,
      direction: 'out',
      msg: 'ready',
      id: 's2',
      name: 'stream-room-messages',
      summary: 'ready stream-room-messages',
      answers: sub,
    },
    {
      connection,
      direction: 'in',
      msg: 'method',
      id: '3',
      method: 'sendMessage',
      summary: 'sendMessage {_id: "ddpMessage0000001", rid: "GENERAL", msg: "hi"}',
    },
    {
      connection,
      direction: 'out',
      msg: 'changed',
      id: 'id',
      name: 'stream-room-messages',
      collection: 'stream-room-messages',
      event: 'GENERAL',
      summary:
        'changed stream-room-messages GENERAL: {_id: "ddpMessage0000001", msg: "hi", ts: 2026-01-01T00:00:01.000Z, u: {_id: "ali…',
    },
    { connection, direction: 'out', msg: 'updated', summary: 'updated 3' },
    {
      connection,
      direction: 'out',
      msg: 'result',
      id: '3',
      method: 'sendMessage',
      summary:
        'sendMessage → {_id: "ddpMessage0000001", msg: "hi", ts: 2026-01-01T00:00:01.000Z, u: {_id: "aliceUserId000001", usernam…',
      answers: send,
    },
  ]);
  // every summary is one short line
  for (const row of all) expect((row.ddp as DdpFrameNote).summary.length).toBeLessThanOrEqual(120);
  expect(JSON.stringify(all)).not.toContain(AS.alice['X-Auth-Token']);
});

test('errors, nosubs, unsubs and frames that are no frames', async () => {
  const ddp = await openDdp(url, sockets);
  await ddp.call('login', { user: { username: 'alice' }, password: 'wrong-password' });
  await ddp.sub('stream-room-messages', 'privateRoomId0001', false);
  ddp.send({ msg: 'unsub', id: 'nothing' });
  await ddp.next((f) => f.msg === 'nosub' && f.id === 'nothing');
  ddp.socket.send('{not json');
  await ddp.next((f) => f.msg === 'error');
  const connection = String((await ddp.next((f) => f.msg === 'connected')).session);
  const all = await rows();
  const notes = all.map((r) => r.ddp).slice(2);
  expect(notes).toEqual([
    expect.objectContaining({
      msg: 'method',
      method: 'login',
      summary: 'login {user: {username: "alice"}, password: [redacted]}',
    }),
    expect.objectContaining({ msg: 'updated' }),
    expect.objectContaining({
      msg: 'result',
      method: 'login',
      answers: all[2]?.seq,
      error: 'Something went wrong. Please check your credentials. [403]',
      summary: 'login failed: Something went wrong. Please check your credentials. [403]',
    }),
    expect.objectContaining({ msg: 'sub', name: 'stream-room-messages' }),
    expect.objectContaining({
      msg: 'nosub',
      id: 's2',
      name: 'stream-room-messages',
      error: '[not-allowed]',
      summary: 'nosub stream-room-messages: [not-allowed]',
    }),
    expect.objectContaining({ msg: 'unsub', id: 'nothing', summary: 'unsub nothing' }),
    expect.objectContaining({ msg: 'nosub', id: 'nothing', summary: 'nosub nothing', answers: all[7]?.seq }),
    { connection, direction: 'in', msg: '(invalid)', summary: 'bad frame: "{not json"' },
    {
      connection,
      direction: 'out',
      msg: 'error',
      error: 'Bad request',
      summary: 'error: Bad request',
    },
  ]);
  expect(JSON.stringify(notes)).not.toContain('wrong-password');
});

test('a long frame is summarised in 120 characters', async () => {
  const ddp = await openDdp(url, sockets, AS.alice['X-Auth-Token']);
  await ddp.call('sendMessage', { rid: 'GENERAL', msg: 'x'.repeat(5000) });
  const send = (await rows()).find((r) => r.ddp?.method === 'sendMessage' && r.ddp.direction === 'in');
  expect(send?.ddp?.summary).toHaveLength(120);
  expect(send?.ddp?.summary).toMatch(/^sendMessage \{rid: "GENERAL", msg: "x+…$/);
});

test('a deep or wide frame is summarised in 120 characters, its secrets hidden at any depth', async () => {
  const ddp = await openDdp(url, sockets);
  // within the world's bounds (100 deep, 10,000 values)
  const deep = JSON.parse(`${'['.repeat(90)}{"password":"deep-secret"}${']'.repeat(90)}`) as unknown;
  const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
  await ddp.call('noSuchMethod', deep);
  await ddp.call('noSuchMethod', wide);
  await ddp.call('noSuchMethod', { a: { b: { authToken: 'wide-secret' } } });
  const calls = (await rows()).filter((r) => r.ddp?.method === 'noSuchMethod' && r.ddp.direction === 'in');
  expect(calls.map((r) => r.ddp?.summary)).toEqual([
    `noSuchMethod ${'['.repeat(90)}{password: [reda…`,
    `noSuchMethod {${Array.from({ length: 14 }, (_, i) => `k${i}: ${i}`).join(', ')},…`,
    'noSuchMethod {a: {b: {authToken: [redacted]}}}',
  ]);
});
