/**
 * Who hears a message's change on `stream-notify-user`, as the real server's notifications say:
 * - a post tells every member `rooms-changed` and `subscriptions-changed` (`notifyUsersOnMessage`);
 * - a reply kept in its thread tells every member `rooms-changed`, but `subscriptions-changed` only
 *   to the users the thread's hooks changed (`updateThreadUsersSubscriptions`, `reply`: the
 *   replier, the thread's followers, the users mentioned), each once;
 * - a message changed (a reaction, an edit) reaches the room's own stream only
 *   (`notifyOnMessageChange`), and the members' `rooms-changed` when it is the room's last message.
 * A message's frames reach a socket in the order it subscribed (here: its subscriptions, its rooms,
 * the room's messages). Each step ends with a method call on the same socket, whose answer comes after every frame the
 * REST call sent (they are written before its answer): the frames counted are all there are.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Ddp, Frame } from './support/ddp';

const ROOT = 'msgRoot0000000001';
const ADMIN = 'adminUserId000001';
const ALICE = 'aliceUserId000001';
const BOB = 'bobUserId00000001';

type Who = keyof typeof AS;

describe("a message's changes on the members' notify streams", () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () =>
      (fake = createFakeServer({
        scenario: {
          ...WORLD,
          messages: [{ _id: ROOT, rid: 'GENERAL', msg: 'a question', u: { username: 'alice' } }],
        },
      })),
    () => fake,
  );

  /** A socket of `who` following its own rooms and subscriptions, and the room's messages. */
  async function listening(who: Who, uid: string): Promise<Ddp> {
    const socket = await loggedIn(`${who}-token`);
    await socket.sub('stream-notify-user', `${uid}/subscriptions-changed`, false);
    await socket.sub('stream-notify-user', `${uid}/rooms-changed`, false);
    await socket.sub('stream-room-messages', 'GENERAL', false);
    return socket;
  }

  /** The frames the socket heard while `step` ran, as `<event>:<op>` (a room message: `message:<_id>`). */
  async function heard(socket: Ddp, step: () => PromiseLike<unknown>): Promise<string[]> {
    const from = socket.frames.length;
    await step();
    await socket.call('getServerInfo');
    return socket.frames
      .slice(from)
      .filter((f: Frame) => f.msg === 'changed')
      .map((f: Frame) => {
        const { eventName, args } = f.fields as { eventName: string; args: [unknown, ...unknown[]] };
        if (f.collection === 'stream-room-messages')
          return `message:${String((args[0] as { _id: string })._id)}`;
        return `${eventName.split('/')[1] ?? eventName}:${String(args[0])}`;
      });
  }

  function send(who: Who, message: Record<string, unknown>): request.Test {
    return request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS[who])
      .send({ message: { rid: 'GENERAL', ...message } })
      .expect(200);
  }

  it('a reply kept in its thread: every member hears the room, only the follower and the replier their subscription', async () => {
    const admin = await listening('admin', ADMIN);
    const alice = await listening('alice', ALICE);
    const bob = await listening('bob', BOB);
    let id = '';
    const step = async (): Promise<void> => {
      const res = await send('bob', { _id: 'replyMessage00001', msg: 'an answer', tmid: ROOT });
      id = (res.body as { message: { _id: string } }).message._id;
    };
    const adminHeard = await heard(admin, step);
    // admin neither follows the thread nor is mentioned: the room only (its msgs), no subscription
    expect(adminHeard).toEqual(['rooms-changed:updated', `message:${id}`, `message:${ROOT}`]);
    await alice.call('getServerInfo');
    await bob.call('getServerInfo');
    const told = (socket: Ddp): Frame[] =>
      socket.frames.filter(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName: string }).eventName.endsWith('/subscriptions-changed'),
      );
    // alice wrote the root (a follower): once, with the thread unread and her subscription alerted
    expect(told(alice)).toHaveLength(1);
    expect((told(alice)[0]?.fields as { args: unknown[] }).args).toEqual([
      'updated',
      expect.objectContaining({ rid: 'GENERAL', alert: true, tunread: [ROOT] }),
    ]);
    // bob replied: once, his own subscription opened, the thread not unread for him
    expect(told(bob)).toHaveLength(1);
    const bobs = (told(bob)[0]?.fields as { args: [string, Record<string, unknown>] }).args[1];
    expect(bobs).toMatchObject({ rid: 'GENERAL', open: true });
    expect(bobs).not.toHaveProperty('tunread');
  });

  it('a reply mentioning a member who does not follow tells that member; one shown in the room tells everyone', async () => {
    const admin = await listening('admin', ADMIN);
    const mentioned = await heard(admin, () => send('bob', { msg: 'what do you think @admin?', tmid: ROOT }));
    expect(mentioned.filter((e) => e.startsWith('subscriptions-changed'))).toEqual([
      'subscriptions-changed:updated',
    ]);
    const shown = await heard(admin, () => send('alice', { msg: 'also here', tmid: ROOT, tshow: true }));
    expect(shown.filter((e) => !e.startsWith('message:'))).toEqual([
      'subscriptions-changed:updated',
      'rooms-changed:updated',
    ]);
  });

  it('a thread reply deleted: every member hears the room; the thread no longer unread is told to no one', async () => {
    await send('bob', { _id: 'replyMessage00001', msg: 'an answer', tmid: ROOT });
    // alice, the root's author, has the thread unread
    const before = await request(fake.app).get('/api/v1/subscriptions.getOne?roomId=GENERAL').set(AS.alice);
    expect((before.body as { subscription: { tunread?: string[] } }).subscription.tunread).toEqual([ROOT]);
    const alice = await listening('alice', ALICE);
    const frames = await heard(alice, () =>
      request(fake.app)
        .post('/api/v1/chat.delete')
        .set(AS.bob)
        .send({ roomId: 'GENERAL', msgId: 'replyMessage00001' })
        .expect(200),
    );
    expect(frames.filter((e) => !e.startsWith('message:'))).toEqual(['rooms-changed:updated']);
    const after = await request(fake.app).get('/api/v1/subscriptions.getOne?roomId=GENERAL').set(AS.alice);
    expect((after.body as { subscription: { tunread?: string[] } }).subscription.tunread).toEqual([]);
  });

  it('a post tells every member its room and subscription, once each', async () => {
    const admin = await listening('admin', ADMIN);
    let id = '';
    const frames = await heard(admin, async () => {
      id = ((await send('bob', { msg: 'hello' })).body as { message: { _id: string } }).message._id;
    });
    expect(frames).toEqual(['subscriptions-changed:updated', 'rooms-changed:updated', `message:${id}`]);
  });

  it('a reaction or an edit: the room stream only; on the last message, the members’ rooms-changed too', async () => {
    const admin = await listening('admin', ADMIN);
    const last = ((await send('bob', { msg: 'the newest' })).body as { message: { _id: string } }).message
      ._id;
    const react = (messageId: string) => (): request.Test =>
      request(fake.app)
        .post('/api/v1/chat.react')
        .set(AS.bob)
        .send({ messageId, emoji: ':smile:' })
        .expect(200);
    expect(await heard(admin, react(ROOT))).toEqual([`message:${ROOT}`]);
    expect(await heard(admin, react(last))).toEqual([`message:${last}`, 'rooms-changed:updated']);
    const edit = (msgId: string, who: Who) => (): request.Test =>
      request(fake.app)
        .post('/api/v1/chat.update')
        .set(AS[who])
        .send({ roomId: 'GENERAL', msgId, text: 'edited' })
        .expect(200);
    expect(await heard(admin, edit(ROOT, 'alice'))).toEqual([`message:${ROOT}`]);
    expect(await heard(admin, edit(last, 'bob'))).toEqual([`message:${last}`, 'rooms-changed:updated']);
  });
});
