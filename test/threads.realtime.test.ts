/**
 * The thread methods over the realtime API: `getThreadMessages({tmid, limit, skip})` (the root and
 * its replies newest first, the thread read for the caller) and `readThreads(tmid)`, their
 * refusals, and the `subscriptions-changed` frame of the read.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { Message, ProfileId } from '../src/types';
import { AS, WORLD } from './support/fake';
import { openDdp } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';

const ROOT = 'msgRoot0000000001';
const LONE = 'msgLone0000000001';
const SECRET = 'msgSecret00000001';
const ALICE = 'aliceUserId000001';
const at = (s: number): string => new Date(Date.UTC(2025, 11, 31, 0, 0, s)).toISOString();

function fakeAs(profile?: ProfileId, settings?: Record<string, unknown>): FakeServer {
  return createFakeServer({
    scenario: {
      ...WORLD,
      messages: [
        { _id: ROOT, rid: 'GENERAL', msg: 'a question', u: { username: 'alice' }, ts: at(1) },
        { _id: LONE, rid: 'GENERAL', msg: 'no replies', u: { username: 'alice' }, ts: at(2) },
        { _id: SECRET, rid: 'privateRoomId0001', msg: 'plan', u: { username: 'alice' }, ts: at(3) },
      ],
      ...(settings ? { settings } : {}),
    },
    ...(profile ? { profile } : {}),
  });
}

/** A member's subscription to GENERAL as `subscriptions.getOne` answers it. */
async function subscriptionOf(fake: FakeServer, who: keyof typeof AS): Promise<Record<string, unknown>> {
  const res = await request(fake.app).get('/api/v1/subscriptions.getOne?roomId=GENERAL').set(AS[who]);
  return (res.body as { subscription: Record<string, unknown> }).subscription;
}

describe('getThreadMessages and readThreads over the realtime API', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  async function start(profile?: ProfileId, settings?: Record<string, unknown>): Promise<void> {
    fake = fakeAs(profile, settings);
    await fake.start();
  }
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function loggedIn(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  async function replies(n: number): Promise<Message[]> {
    const out: Message[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await request(fake.app)
        .post('/api/v1/chat.sendMessage')
        .set(AS.bob)
        .send({ message: { rid: 'GENERAL', msg: `reply ${i}`, tmid: ROOT } });
      out.push((res.body as { message: Message }).message);
    }
    return out;
  }

  it('answers the root then its replies newest first (skip, limit), and reads the thread for the caller', async () => {
    await start();
    const sent = await replies(3);
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ tunread: [ROOT], alert: true });
    const alice = await loggedIn('alice-token');
    await alice.sub('stream-notify-user', `${ALICE}/subscriptions-changed`, false);
    const answer = await alice.call('getThreadMessages', { tmid: ROOT, limit: 1, skip: 1 });
    const result = answer.result as { _id: string; ts: unknown }[];
    expect(result.map((m) => m._id)).toEqual([ROOT, sent[1]?._id]);
    // EJSON dates
    expect(result[0]?.ts).toEqual({ $date: Date.parse(at(1)) });
    // the thread read: off tunread, the alert off (it was the last unread thread)
    const sub = await subscriptionOf(fake, 'alice');
    expect(sub).toMatchObject({ tunread: [], alert: false });
    const frame = await alice.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-notify-user',
      id: 'id',
      fields: {
        eventName: `${ALICE}/subscriptions-changed`,
        args: ['updated', expect.objectContaining({ rid: 'GENERAL', alert: false, tunread: [] }) as Frame],
      },
    });
    const all = await alice.call('getThreadMessages', { tmid: ROOT });
    expect((all.result as { _id: string }[]).map((m) => m._id)).toEqual([
      ROOT,
      ...sent.map((m) => m._id).reverse(),
    ]);
  });

  it('an unknown root, or (6.x on) one without replies, answers []; 5.x answers the root alone', async () => {
    await start();
    const bob = await loggedIn('bob-token');
    expect((await bob.call('getThreadMessages', { tmid: 'nope' })).result).toEqual([]);
    expect((await bob.call('getThreadMessages', { tmid: LONE })).result).toEqual([]);
    await fake.stop();
    await start('5');
    const five = await loggedIn('bob-token');
    const lone = await five.call('getThreadMessages', { tmid: LONE });
    expect((lone.result as { _id: string }[]).map((m) => m._id)).toEqual([LONE]);
  });

  it('refusals: over 100, threads off, a room not seen; readThreads: Match failed, the same errors', async () => {
    await start();
    const bob = await loggedIn('bob-token');
    const before = JSON.stringify(fake.state());
    expect((await bob.call('getThreadMessages', { tmid: ROOT, limit: 101 })).error).toEqual({
      isClientSafe: true,
      error: 'error-not-allowed',
      reason: 'max limit: 100',
      details: { method: 'getThreadMessages' },
      message: 'max limit: 100 [error-not-allowed]',
      errorType: 'Meteor.Error',
    });
    expect((await bob.call('getThreadMessages', { tmid: SECRET })).error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'getThreadMessages' },
    });
    expect((await bob.call('readThreads', SECRET)).error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'getThreadMessages' },
    });
    expect((await bob.call('readThreads', 5)).error).toMatchObject({ error: 400, reason: 'Match failed' });
    expect((await bob.call('readThreads', 'nope')).result).toBeUndefined();
    expect(JSON.stringify(fake.state())).toBe(before);
    const anonymous = await loggedIn();
    expect((await anonymous.call('readThreads', ROOT)).error).toMatchObject({ error: 'error-invalid-user' });
    await fake.stop();
    await start(undefined, { Threads_enabled: false });
    const off = await loggedIn('bob-token');
    for (const [method, arg] of [
      ['getThreadMessages', { tmid: ROOT }],
      ['readThreads', ROOT],
    ] as const)
      expect((await off.call(method, arg)).error).toMatchObject({
        error: 'error-not-allowed',
        reason: 'Threads Disabled',
        details: { method: 'getThreadMessages' },
      });
  });

  it('readThreads: the thread off the caller’s unread threads, the alert kept while another is unread', async () => {
    await start();
    await replies(1);
    // a second thread unread for alice
    await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.bob)
      .send({ message: { rid: 'GENERAL', msg: 'on the lone one', tmid: LONE } })
      .expect(200);
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ tunread: [ROOT, LONE], alert: true });
    const alice = await loggedIn('alice-token');
    const read = await alice.call('readThreads', ROOT);
    expect(read).toEqual({ msg: 'result', id: read.id });
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ tunread: [LONE], alert: true });
    await alice.call('readThreads', LONE);
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ tunread: [], alert: false });
  });

  it('0.49 serves neither method: Method not found', async () => {
    await start('0.49');
    const alice = await loggedIn('alice-token');
    for (const method of ['getThreadMessages', 'readThreads']) {
      const answer = await alice.call(method, { tmid: ROOT });
      expect(answer.error).toMatchObject({ error: 404, reason: `Method '${method}' not found` });
    }
  });
});
