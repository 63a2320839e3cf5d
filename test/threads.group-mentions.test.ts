/**
 * `@all` / `@here` in a thread reply and the room's subscriptions, on every release line: the
 * thread's followers (not the replier, not a follower mentioned by name) have the thread unread
 * with `tunreadGroup`; a member of the room who does not follow the thread is not touched (no
 * released `reply()` marks every member: that is only in open community pull requests, see
 * docs/routes-messages.md, "Threads"). Over REST `subscriptions.getOne` and the
 * `subscriptions-changed` frame.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { Message, ProfileId } from '../src/types';
import { AS, WORLD } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Frame } from './support/ddp';

const ROOT = 'msgRoot0000000001';
const ALICE = 'aliceUserId000001';
const BOB = 'bobUserId00000001';
const ADMIN = 'adminUserId000001';

function fakeAs(profile?: ProfileId): FakeServer {
  return createFakeServer({
    scenario: {
      ...WORLD,
      messages: [{ _id: ROOT, rid: 'GENERAL', msg: 'a question', u: { username: 'alice' } }],
    },
    ...(profile ? { profile } : {}),
  });
}

type Who = keyof typeof AS;

async function reply(fake: FakeServer, who: Who, msg: string): Promise<Message> {
  const res = await request(fake.app)
    .post('/api/v1/chat.sendMessage')
    .set(AS[who])
    .send({ message: { rid: 'GENERAL', msg, tmid: ROOT } });
  expect(res.status).toBe(200);
  return (res.body as { message: Message }).message;
}

async function subscriptionOf(fake: FakeServer, who: Who): Promise<Record<string, unknown>> {
  const res = await request(fake.app).get('/api/v1/subscriptions.getOne?roomId=GENERAL').set(AS[who]);
  expect(res.status).toBe(200);
  return (res.body as { subscription: Record<string, unknown> }).subscription;
}

const THREAD_KEYS = ['lr', 'tunread', 'tunreadGroup', 'tunreadUser'];
const threadFields = (sub: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(sub).filter(([key]) => THREAD_KEYS.includes(key)));

describe('@all / @here in a thread reply', () => {
  it.each(['6', '7.10', '8.5', '8.9'] as ProfileId[])(
    '%s: the followers have the thread unread as a group mention; a member not following is untouched',
    async (profile) => {
      const fake = fakeAs(profile);
      const adminBefore = await subscriptionOf(fake, 'admin');
      const aliceBefore = await subscriptionOf(fake, 'alice');
      expect(threadFields(aliceBefore)).toEqual({});
      // the first reply: the root's author and the replier follow the thread
      const all = await reply(fake, 'bob', 'hey @all');
      expect(threadFields(await subscriptionOf(fake, 'alice'))).toEqual({
        lr: all.ts,
        tunread: [ROOT],
        tunreadGroup: [ROOT],
      });
      expect(await subscriptionOf(fake, 'alice')).toMatchObject({
        alert: true,
        unread: aliceBefore.unread,
        groupMentions: aliceBefore.groupMentions,
      });
      expect(threadFields(await subscriptionOf(fake, 'bob'))).toEqual({ lr: all.ts });
      // admin, a member of GENERAL who does not follow the thread: nothing
      expect(await subscriptionOf(fake, 'admin')).toEqual(adminBefore);
      expect(fake.state().messages?.find((m) => m._id === ROOT)?.replies).toEqual([ALICE, BOB]);
    },
  );

  it('@here alike; a follower also named gets tunreadUser, not tunreadGroup', async () => {
    const fake = fakeAs('8.9');
    await reply(fake, 'bob', 'first');
    // admin follows by replying
    await reply(fake, 'admin', 'me too');
    for (const who of ['alice', 'bob', 'admin'] as Who[])
      await request(fake.app)
        .post('/api/v1/subscriptions.read')
        .set(AS[who])
        .send({ rid: 'GENERAL', readThreads: true })
        .expect(200);
    const here = await reply(fake, 'bob', '@here and @alice');
    expect(threadFields(await subscriptionOf(fake, 'admin'))).toEqual({
      lr: here.ts,
      tunread: [ROOT],
      tunreadGroup: [ROOT],
    });
    expect(threadFields(await subscriptionOf(fake, 'alice'))).toEqual({
      lr: here.ts,
      tunread: [ROOT],
      tunreadUser: [ROOT],
    });
    expect(threadFields(await subscriptionOf(fake, 'bob'))).toEqual({ lr: here.ts });
  });
});

describe('@all in a thread reply: the subscriptions-changed frames', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  const changed = (f: Frame): boolean => f.msg === 'changed' && f.collection === 'stream-notify-user';
  const argsOf = (f: Frame): [string, Record<string, unknown>] =>
    (f.fields as { args: [string, Record<string, unknown>] }).args;

  it('a follower hears tunreadGroup; a member not following is told no thread unread', async () => {
    const alice = await loggedIn('alice-token');
    const admin = await loggedIn('admin-token');
    await alice.sub('stream-notify-user', `${ALICE}/subscriptions-changed`, false);
    await admin.sub('stream-notify-user', `${ADMIN}/subscriptions-changed`, false);
    const all = await reply(fake, 'bob', 'hey @all');
    const [event, subscription] = argsOf(await alice.next(changed));
    expect(event).toBe('updated');
    expect(subscription).toMatchObject({
      rid: 'GENERAL',
      alert: true,
      lr: { $date: Date.parse(all.ts) },
      tunread: [ROOT],
      tunreadGroup: [ROOT],
    });
    // admin: every frame up to the one of its own read (after the reply) tells no thread unread
    await request(fake.app)
      .post('/api/v1/subscriptions.read')
      .set(AS.admin)
      .send({ rid: 'GENERAL' })
      .expect(200);
    const readAt = Date.parse(String((await subscriptionOf(fake, 'admin')).ls));
    await admin.next(
      (f) => changed(f) && (argsOf(f)[1].ls as { $date?: number } | undefined)?.$date === readAt,
    );
    const told = admin.frames.filter(changed).map((f) => argsOf(f)[1]);
    expect(told.length).toBeGreaterThan(0);
    for (const subscription of told) {
      expect(subscription).toMatchObject({ rid: 'GENERAL', alert: false });
      expect(subscription).not.toHaveProperty('tunread');
      expect(subscription).not.toHaveProperty('tunreadGroup');
    }
  });
});
