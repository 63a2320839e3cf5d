/**
 * What a thread reply does to its room's subscriptions (the followers alerted, opened, `lr`, the
 * thread unread: `tunread`, `tunreadUser` for a mention, `tunreadGroup` for `@all`), what a read
 * (`subscriptions.read` with `readThreads`), an unfollow and a deleted reply take back, and the
 * `subscriptions-changed` frame that tells a follower.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { Message, ProfileId } from '../src/types';
import { AS, WORLD } from './support/fake';
import { openDdp } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';

const ROOT = 'msgRoot0000000001';
const ALICE = 'aliceUserId000001';
const BOB = 'bobUserId00000001';
const ADMIN = 'adminUserId000001';

function fakeAs(profile?: ProfileId, settings?: Record<string, unknown>): FakeServer {
  return createFakeServer({
    scenario: {
      ...WORLD,
      messages: [
        { _id: ROOT, rid: 'GENERAL', msg: 'a question', u: { username: 'alice' } },
        { _id: 'msgPlain000000001', rid: 'GENERAL', msg: 'plain', u: { username: 'admin' } },
        { _id: 'msgSecret00000001', rid: 'privateRoomId0001', msg: 'plan', u: { username: 'alice' } },
      ],
      ...(settings ? { settings } : {}),
    },
    ...(profile ? { profile } : {}),
  });
}

type Who = keyof typeof AS;

function post(fake: FakeServer, who: Who, path: string, body: object): request.Test {
  return request(fake.app).post(`/api/v1/${path}`).set(AS[who]).send(body);
}

async function reply(fake: FakeServer, who: Who, msg: string, extra: object = {}): Promise<Message> {
  const res = await post(fake, who, 'chat.sendMessage', {
    message: { rid: 'GENERAL', msg, tmid: ROOT, ...extra },
  });
  expect(res.status).toBe(200);
  return (res.body as { message: Message }).message;
}

async function subscriptionOf(fake: FakeServer, who: Who): Promise<Record<string, unknown>> {
  const res = await request(fake.app).get('/api/v1/subscriptions.getOne?roomId=GENERAL').set(AS[who]);
  return (res.body as { subscription: Record<string, unknown> }).subscription;
}

function messageOf(fake: FakeServer, id: string): Message | undefined {
  return (fake.state().messages ?? []).find((m) => m._id === id);
}

const THREAD_KEYS = ['lr', 'tunread', 'tunreadGroup', 'tunreadUser'];
const threadFields = (sub: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(sub).filter(([key]) => THREAD_KEYS.includes(key)));

describe('a thread reply and the subscriptions', () => {
  it("the first reply: the root's author alerted, opened, the thread unread; the room's unread untouched", async () => {
    const fake = fakeAs();
    const aliceBefore = await subscriptionOf(fake, 'alice');
    const adminBefore = await subscriptionOf(fake, 'admin');
    expect(threadFields(aliceBefore)).toEqual({});
    const sent = await reply(fake, 'bob', 'an answer');
    const alice = await subscriptionOf(fake, 'alice');
    expect(alice).toMatchObject({
      alert: true,
      open: true,
      unread: aliceBefore.unread,
      userMentions: 0,
      _updatedAt: sent.ts,
    });
    expect(threadFields(alice)).toEqual({ lr: sent.ts, tunread: [ROOT] });
    // the thread fields come last, in the order the hooks add them
    expect(Object.keys(alice).slice(-2)).toEqual(['lr', 'tunread']);
    // the replier: opened, `lr`, nothing unread
    expect(threadFields(await subscriptionOf(fake, 'bob'))).toEqual({ lr: sent.ts });
    // no follower: untouched
    expect(await subscriptionOf(fake, 'admin')).toEqual(adminBefore);
    expect(messageOf(fake, ROOT)).toMatchObject({ tcount: 1, tlm: sent.ts, replies: [ALICE, BOB] });
    // state() keeps them, and a world loaded from it has them back
    const record = fake.state().subscriptions?.find((s) => s.rid === 'GENERAL' && s.username === 'alice');
    expect(record).toMatchObject({ alert: true, lr: sent.ts, tunread: [ROOT] });
    const again = createFakeServer({ scenario: fake.state() });
    expect(threadFields(await subscriptionOf(again, 'alice'))).toEqual({ lr: sent.ts, tunread: [ROOT] });
  });

  it('a mention: tunread and tunreadUser for the one mentioned; @all: tunreadGroup for the followers', async () => {
    const fake = fakeAs();
    await reply(fake, 'bob', 'an answer');
    const mention = await reply(fake, 'alice', 'see @admin');
    expect(threadFields(await subscriptionOf(fake, 'admin'))).toEqual({
      lr: mention.ts,
      tunread: [ROOT],
      tunreadUser: [ROOT],
    });
    expect(threadFields(await subscriptionOf(fake, 'bob'))).toMatchObject({ tunread: [ROOT] });
    expect(messageOf(fake, ROOT)?.replies).toEqual([ALICE, BOB, ADMIN]);
    // alice reads her room and its threads; then @all from bob
    await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL', readThreads: true }).expect(200);
    const all = await reply(fake, 'bob', 'hey @all');
    expect(threadFields(await subscriptionOf(fake, 'alice'))).toEqual({
      lr: all.ts,
      tunread: [ROOT],
      tunreadGroup: [ROOT],
    });
  });

  it('Threads_enabled off: the reply is kept, the root and the subscriptions are not touched', async () => {
    const fake = fakeAs(undefined, { Threads_enabled: false });
    const before = await subscriptionOf(fake, 'alice');
    await reply(fake, 'bob', 'an answer');
    expect(await subscriptionOf(fake, 'alice')).toEqual(before);
    expect(messageOf(fake, ROOT)).not.toHaveProperty('tcount');
  });
});

describe('POST /api/v1/subscriptions.read with readThreads', () => {
  it('without it the alert stays while a thread is unread; with it the threads are read too', async () => {
    const fake = fakeAs();
    await reply(fake, 'bob', 'an answer');
    await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL' }).expect(200, { success: true });
    const kept = await subscriptionOf(fake, 'alice');
    expect(kept).toMatchObject({ alert: true, unread: 0, ls: fake.clock.now(), tunread: [ROOT] });
    await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL', readThreads: true }).expect(200, {
      success: true,
    });
    const read = await subscriptionOf(fake, 'alice');
    expect(read).toMatchObject({ alert: false, unread: 0 });
    expect(threadFields(read)).toEqual({ lr: expect.any(String) as unknown });
  });

  it('readThreads false reads as without it; 6.x validates it as a boolean', async () => {
    const fake = fakeAs('6');
    await reply(fake, 'bob', 'an answer');
    await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL', readThreads: false }).expect(200);
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ alert: true, tunread: [ROOT] });
    const before = JSON.stringify(fake.state());
    const bad = await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL', readThreads: 'yes' });
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        success: false,
        error:
          "must be boolean\n must have required property 'roomId'\n must match a schema in anyOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ]);
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it('5.x: check(bodyParams, {rid: String}): readThreads is an unknown key, {} a missing rid; nothing changes', async () => {
    const fake = fakeAs('5');
    const before = JSON.stringify(fake.state());
    const cases: [object, string][] = [
      [{ rid: 'GENERAL', readThreads: true }, 'Match error: Unknown key in field readThreads'],
      [{}, "Match error: Missing key 'rid'"],
      [{ rid: 5 }, 'Match error: Expected string, got number in field rid'],
      [{ roomId: 'GENERAL' }, 'Match error: Unknown key in field roomId'],
    ];
    for (const [body, error] of cases) {
      const res = await post(fake, 'alice', 'subscriptions.read', body);
      expect([res.status, res.body]).toEqual([400, { success: false, error }]);
    }
    expect(JSON.stringify(fake.state())).toBe(before);
    await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL' }).expect(200, { success: true });
  });
});

describe('a thread taken off the unread threads', () => {
  it('a reply deleted: every member that had the thread unread has it no longer', async () => {
    const fake = fakeAs();
    await reply(fake, 'bob', 'an answer');
    const second = await reply(fake, 'bob', 'see @admin');
    expect((await subscriptionOf(fake, 'admin')).tunreadUser).toEqual([ROOT]);
    await post(fake, 'bob', 'chat.delete', { roomId: 'GENERAL', msgId: second._id }).expect(200);
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ tunread: [] });
    expect(await subscriptionOf(fake, 'admin')).toMatchObject({ tunread: [], tunreadUser: [] });
    expect(messageOf(fake, ROOT)).toMatchObject({ tcount: 1 });
  });

  it('unfollowing takes the thread off the caller’s unread threads', async () => {
    const fake = fakeAs();
    await reply(fake, 'bob', 'an answer');
    await post(fake, 'alice', 'chat.unfollowMessage', { mid: ROOT }).expect(200);
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ tunread: [] });
    expect(messageOf(fake, ROOT)?.replies).toEqual([BOB]);
  });
});

describe('POST /api/v1/chat.readThread (8.8 on)', () => {
  it('reads one thread: off tunread, the alert off as it was the last unread one', async () => {
    const fake = fakeAs();
    await reply(fake, 'bob', 'an answer');
    await post(fake, 'alice', 'chat.readThread', { tmid: ROOT }).expect(200, { success: true });
    expect(await subscriptionOf(fake, 'alice')).toMatchObject({ alert: false, tunread: [] });
    // a thread not unread: nothing written
    const before = JSON.stringify(fake.state());
    await post(fake, 'alice', 'chat.readThread', { tmid: ROOT }).expect(200, { success: true });
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it('refuses: the typed body, threads off, an unknown root, a room not seen; 8.5 has no such route', async () => {
    const fake = fakeAs();
    const before = JSON.stringify(fake.state());
    const cases: [object, object][] = [
      [{}, { success: false, errorType: 'invalid-params', error: "must have required property 'tmid'" }],
      [
        { tmid: '' },
        { success: false, errorType: 'invalid-params', error: 'must NOT have fewer than 1 characters' },
      ],
      [
        { tmid: 'nope' },
        {
          success: false,
          error: 'Invalid Message [error-invalid-message]',
          errorType: 'error-invalid-message',
        },
      ],
      [
        { tmid: 'msgSecret00000001' },
        { success: false, error: 'Not Allowed [error-not-allowed]', errorType: 'error-not-allowed' },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await post(fake, 'bob', 'chat.readThread', body);
      expect([res.status, res.body]).toEqual([400, expected]);
    }
    expect(JSON.stringify(fake.state())).toBe(before);
    const off = await post(fakeAs(undefined, { Threads_enabled: false }), 'bob', 'chat.readThread', {
      tmid: ROOT,
    });
    expect([off.status, off.body]).toEqual([
      400,
      { success: false, error: 'Threads Disabled [error-not-allowed]', errorType: 'error-not-allowed' },
    ]);
    expect((await post(fakeAs('8.5'), 'bob', 'chat.readThread', { tmid: ROOT })).status).toBe(404);
  });
});

describe('the realtime frames of a reply', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  beforeEach(async () => {
    fake = fakeAs();
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function loggedIn(token: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it("the root's author hears her subscription with the thread unread on <uid>/subscriptions-changed", async () => {
    const alice = await loggedIn('alice-token');
    await alice.sub('stream-notify-user', `${ALICE}/subscriptions-changed`, false);
    const sent = await reply(fake, 'bob', 'an answer');
    const frame = await alice.next(
      (f) =>
        f.msg === 'changed' &&
        f.collection === 'stream-notify-user' &&
        JSON.stringify(f).includes('"tunread"'),
    );
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-notify-user',
      id: 'id',
      fields: {
        eventName: `${ALICE}/subscriptions-changed`,
        args: [
          'updated',
          expect.objectContaining({
            rid: 'GENERAL',
            alert: true,
            lr: { $date: Date.parse(sent.ts) },
            tunread: [ROOT],
          }) as Frame,
        ],
      },
    });
  });

  it('subscriptions.read with readThreads tells the reader its subscription without the threads', async () => {
    await reply(fake, 'bob', 'an answer');
    const alice = await loggedIn('alice-token');
    await alice.sub('stream-notify-user', `${ALICE}/subscriptions-changed`, false);
    await post(fake, 'alice', 'subscriptions.read', { rid: 'GENERAL', readThreads: true }).expect(200);
    const frame = await alice.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    const args = (frame.fields as { args: [string, Record<string, unknown>] }).args;
    expect(args[0]).toBe('updated');
    expect(args[1]).toMatchObject({ rid: 'GENERAL', alert: false, unread: 0 });
    expect(Object.keys(args[1])).not.toContain('tunread');
  });
});
