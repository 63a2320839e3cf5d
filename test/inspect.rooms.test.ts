import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { WORLD, makeFake, postAs } from './support/fake';

/**
 * The inspector's chat view: `GET /__admin/inspect/rooms` (the rooms by last message, with a
 * user's unread counts) and `GET /__admin/inspect/rooms/:rid/messages` (a room's messages as
 * people read them: threads folded under their parent, reactions, pins, stars, system messages as
 * sentences, edits and deletions marked in place), paged.
 */

let fake: FakeServer;
beforeEach(() => {
  fake = makeFake();
});

const ALICE = { _id: 'aliceUserId000001', username: 'alice', name: 'alice' };
const BOB = { _id: 'bobUserId00000001', username: 'bob', name: 'bob' };
const ADMIN = { _id: 'adminUserId000001', username: 'admin', name: 'admin' };

/** A conversation in #general: a post with a thread reply, a reaction, a pin and a star, an edit, a deletion, a topic. */
async function converse(): Promise<{ hello: string; typo: string; gone: string; reply: string }> {
  const app = fake.app;
  const post = async (who: 'alice' | 'bob', text: string): Promise<string> =>
    String(
      (await postAs(app, who, '/api/v1/chat.postMessage', { roomId: 'GENERAL', text }).expect(200)).body
        .message._id,
    );
  const hello = await post('alice', 'hello @bob');
  const reply = String(
    (
      await postAs(app, 'bob', '/api/v1/chat.sendMessage', {
        message: { rid: 'GENERAL', msg: 'a reply', tmid: hello },
      }).expect(200)
    ).body.message._id,
  );
  await postAs(app, 'bob', '/api/v1/chat.react', { messageId: hello, emoji: 'thumbsup' }).expect(200);
  await postAs(app, 'admin', '/api/v1/chat.pinMessage', { messageId: hello }).expect(200);
  await postAs(app, 'alice', '/api/v1/chat.starMessage', { messageId: hello }).expect(200);
  const typo = await post('alice', 'tpyo');
  await postAs(app, 'alice', '/api/v1/chat.update', { roomId: 'GENERAL', msgId: typo, text: 'typo' }).expect(
    200,
  );
  const gone = await post('bob', 'oops');
  await postAs(app, 'bob', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: gone }).expect(200);
  await postAs(app, 'admin', '/api/v1/channels.setTopic', { roomId: 'GENERAL', topic: 'news' }).expect(200);
  // unread for bob: a mention after his own last post
  await post('alice', 'ping @bob');
  return { hello, typo, gone, reply };
}

describe('GET /__admin/inspect/rooms/:rid/messages', () => {
  it('reads a room as its people do', async () => {
    const { hello, typo, gone, reply } = await converse();
    const res = await request(fake.app).get('/__admin/inspect/rooms/GENERAL/messages').expect(200);
    const ids = (res.body as { messages: { _id: string }[] }).messages.map((m) => m._id);
    expect(res.body).toEqual({
      room: { _id: 'GENERAL', name: 'general', t: 'c', msgs: 6, lm: '2026-01-01T00:00:11.000Z' },
      messages: [
        {
          _id: hello,
          ts: '2026-01-01T00:00:01.000Z',
          u: ALICE,
          msg: 'hello @bob',
          text: 'hello @bob',
          system: false,
          reactions: [{ emoji: ':thumbsup:', usernames: ['bob'] }],
          pinned: true,
          starred: 1,
          mentions: ['bob'],
          replies: [
            {
              _id: reply,
              ts: '2026-01-01T00:00:02.000Z',
              u: BOB,
              msg: 'a reply',
              text: 'a reply',
              system: false,
              tmid: hello,
            },
          ],
          repliesTotal: 1,
        },
        {
          _id: ids[1],
          ts: '2026-01-01T00:00:04.000Z',
          u: ADMIN,
          msg: '',
          t: 'message_pinned',
          text: 'admin pinned a message',
          system: true,
        },
        {
          _id: typo,
          ts: '2026-01-01T00:00:06.000Z',
          u: ALICE,
          msg: 'typo',
          text: 'typo',
          system: false,
          editedAt: '2026-01-01T00:00:07.000Z',
          editedBy: 'alice',
        },
        {
          _id: gone,
          ts: '2026-01-01T00:00:08.000Z',
          u: BOB,
          msg: '',
          text: 'message deleted',
          system: false,
          deleted: { at: '2026-01-01T00:00:09.000Z', by: 'bob' },
        },
        {
          _id: ids[4],
          ts: '2026-01-01T00:00:10.000Z',
          u: ADMIN,
          msg: 'news',
          t: 'room_changed_topic',
          text: 'admin changed the topic to: news',
          system: true,
        },
        {
          _id: ids[5],
          ts: '2026-01-01T00:00:11.000Z',
          u: ALICE,
          msg: 'ping @bob',
          text: 'ping @bob',
          system: false,
          mentions: ['bob'],
        },
      ],
      total: 5,
      more: false,
    });
  });

  it('a deleted reply stays in its thread, a deleted parent is kept as deleted, a discussion is a sentence', async () => {
    const app = fake.app;
    const idOf = (res: request.Response): string => String(res.body.message._id);
    const parent = idOf(
      await postAs(app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'parent' }).expect(
        200,
      ),
    );
    const reply = (text: string): request.Test =>
      postAs(app, 'bob', '/api/v1/chat.sendMessage', {
        message: { rid: 'GENERAL', msg: text, tmid: parent },
      });
    const first = idOf(await reply('r1').expect(200));
    const second = idOf(await reply('r2').expect(200));
    await postAs(app, 'bob', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: first }).expect(200);
    await postAs(app, 'alice', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: parent }).expect(200);
    const discussion = await postAs(app, 'alice', '/api/v1/rooms.createDiscussion', {
      prid: 'GENERAL',
      t_name: 'side talk',
    }).expect(200);
    const res = await request(app).get('/__admin/inspect/rooms/GENERAL/messages').expect(200);
    expect(res.body.messages).toEqual([
      {
        _id: parent,
        ts: '2026-01-01T00:00:01.000Z',
        u: ALICE,
        msg: '',
        t: 'rm',
        text: 'message deleted',
        system: false,
        deleted: { at: '2026-01-01T00:00:05.000Z', by: 'alice' },
        replies: [
          {
            _id: first,
            ts: '2026-01-01T00:00:02.000Z',
            u: BOB,
            msg: '',
            text: 'message deleted',
            system: false,
            tmid: parent,
            deleted: { at: '2026-01-01T00:00:04.000Z', by: 'bob' },
          },
          {
            _id: second,
            ts: '2026-01-01T00:00:03.000Z',
            u: BOB,
            msg: 'r2',
            text: 'r2',
            system: false,
            tmid: parent,
          },
        ],
        repliesTotal: 2,
      },
      {
        _id: expect.any(String),
        ts: '2026-01-01T00:00:07.000Z',
        u: ALICE,
        msg: 'side talk',
        t: 'discussion-created',
        text: 'alice started a discussion: side talk',
        system: true,
        drid: discussion.body.discussion._id,
      },
    ]);
    expect([res.body.total, res.body.more]).toEqual([2, false]);
  });

  it('pages back with before: the newest count before that message, oldest first', async () => {
    const { hello, typo } = await converse();
    const last = await request(fake.app).get('/__admin/inspect/rooms/GENERAL/messages?count=2').expect(200);
    expect(last.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'admin changed the topic to: news',
      'ping @bob',
    ]);
    expect([last.body.total, last.body.more]).toEqual([5, true]);
    const topic = String(last.body.messages[0]._id);
    const page = await request(fake.app)
      .get(`/__admin/inspect/rooms/GENERAL/messages?count=2&before=${topic}`)
      .expect(200);
    // the deletion between the two pages' messages is shown in place
    expect(page.body.messages.map((m: { _id: string }) => m._id)).toEqual([
      expect.any(String),
      typo,
      expect.any(String),
    ]);
    expect(page.body.messages[2].deleted).toEqual({ at: '2026-01-01T00:00:09.000Z', by: 'bob' });
    expect([page.body.total, page.body.more]).toEqual([3, true]);
    const first = await request(fake.app)
      .get(`/__admin/inspect/rooms/GENERAL/messages?before=${String(page.body.messages[0]._id)}`)
      .expect(200);
    expect(first.body.messages.map((m: { _id: string }) => m._id)).toEqual([hello]);
    expect([first.body.total, first.body.more]).toEqual([1, false]);
  });

  it('refuses an unknown room (404) and a bad query (400)', async () => {
    const missing = await request(fake.app).get('/__admin/inspect/rooms/nowhere/messages').expect(404);
    expect(missing.body).toEqual({ error: 'No room "nowhere"', problems: [] });
    const bad = async (query: string): Promise<unknown> => {
      const res = await request(fake.app).get(`/__admin/inspect/rooms/GENERAL/messages?${query}`);
      expect(res.status).toBe(400);
      return (res.body as { error: unknown }).error;
    };
    expect(await bad('count=0')).toBe('"count" must be a whole number from 1 to 500');
    expect(await bad('count=501')).toBe('"count" must be a whole number from 1 to 500');
    // the bound itself is a page
    const most = await request(fake.app).get('/__admin/inspect/rooms/GENERAL/messages?count=500').expect(200);
    expect(Array.isArray(most.body.messages)).toBe(true);
    const rooms = await request(fake.app).get('/__admin/inspect/rooms?count=500').expect(200);
    expect(rooms.body.rooms).toHaveLength(Math.min(500, rooms.body.total as number));
    expect(await bad('before=nothing')).toBe('No message "nothing" in the room');
    expect(await bad('offset=1')).toBe('unknown query "offset"; use before, count');
  });
});

describe('GET /__admin/inspect/rooms', () => {
  it('lists every room by last message, then name; paged', async () => {
    await converse();
    await postAs(fake.app, 'bob', '/api/v1/im.create', { username: 'alice' }).expect(200);
    await postAs(fake.app, 'bob', '/api/v1/chat.postMessage', { channel: '@alice', text: 'psst' }).expect(
      200,
    );
    const all = await request(fake.app).get('/__admin/inspect/rooms').expect(200);
    expect(all.body).toEqual({
      rooms: [
        {
          _id: 'aliceUserId000001bobUserId00000001',
          name: 'alice, bob',
          t: 'd',
          msgs: 1,
          lm: '2026-01-01T00:00:13.000Z',
        },
        { _id: 'GENERAL', name: 'general', t: 'c', msgs: 6, lm: '2026-01-01T00:00:11.000Z' },
        { _id: 'archivedRoomId001', name: 'attic', t: 'c', msgs: 0 },
        { _id: 'clubRoomId0000001', name: 'club', t: 'c', msgs: 0 },
        { _id: 'newsRoomId0000001', name: 'news', t: 'c', msgs: 0 },
        { _id: 'randomRoomId00001', name: 'random', t: 'c', msgs: 5 },
        { _id: 'privateRoomId0001', name: 'secret', t: 'p', msgs: 0 },
      ],
      total: 7,
    });
    const page = await request(fake.app).get('/__admin/inspect/rooms?offset=1&count=2').expect(200);
    expect(page.body).toEqual({ rooms: all.body.rooms.slice(1, 3), total: 7 });
    const named = await request(fake.app).get('/__admin/inspect/rooms?q=NE').expect(200);
    expect(named.body.rooms.map((r: { name: string }) => r.name)).toEqual(['general', 'news']);
    expect(named.body.total).toBe(2);
  });

  it('q finds rooms by their name now: renamed, added and deleted since the baseline', async () => {
    await postAs(fake.app, 'admin', '/api/v1/channels.rename', {
      roomId: 'newsRoomId0000001',
      name: 'headlines',
    }).expect(200);
    await postAs(fake.app, 'admin', '/api/v1/channels.create', { name: 'newcomers' }).expect(200);
    await postAs(fake.app, 'admin', '/api/v1/channels.delete', { roomId: 'clubRoomId0000001' }).expect(200);
    const names = async (q: string): Promise<string[]> =>
      (await request(fake.app).get(`/__admin/inspect/rooms?q=${q}`).expect(200)).body.rooms.map(
        (r: { name: string }) => r.name,
      );
    expect(await names('news')).toEqual([]);
    expect(await names('HEAD')).toEqual(['headlines']);
    expect(await names('new')).toEqual(['newcomers']);
    expect(await names('club')).toEqual([]);
    // none has a last message: by name
    expect(await names('e')).toEqual(['general', 'headlines', 'newcomers', 'secret']);
    const world = await request(fake.app).get('/__admin/inspect/world/channels?q=e').expect(200);
    expect(world.body.rows.map((r: { name: string }) => r.name)).toEqual([
      'general',
      'headlines',
      'newcomers',
      'secret',
    ]);
  });

  it("with user: that user's rooms, each with the user's unread counts", async () => {
    await converse();
    const res = await request(fake.app).get('/__admin/inspect/rooms?user=bob').expect(200);
    expect(res.body).toEqual({
      rooms: [
        {
          _id: 'GENERAL',
          name: 'general',
          t: 'c',
          msgs: 6,
          lm: '2026-01-01T00:00:11.000Z',
          unread: 1,
          tunread: 0,
          alert: true,
          userMentions: 1,
        },
        {
          _id: 'clubRoomId0000001',
          name: 'club',
          t: 'c',
          msgs: 0,
          unread: 0,
          tunread: 0,
          alert: false,
          userMentions: 0,
        },
      ],
      total: 2,
    });
    const nobody = await request(fake.app).get('/__admin/inspect/rooms?user=nobody').expect(404);
    expect(nobody.body).toEqual({ error: 'No user "nobody"', problems: [] });
    expect((await request(fake.app).get('/__admin/inspect/rooms?sort=name')).status).toBe(400);
  });

  it('holds no world data without the admin token, and answers under a session', async () => {
    const guarded = makeFake({ adminToken: 's3cret' });
    expect((await request(guarded.app).get('/__admin/inspect/rooms')).status).toBe(401);
    expect((await request(guarded.app).get('/__admin/inspect/rooms/GENERAL/messages')).status).toBe(401);
    const ok = await request(guarded.app)
      .get('/__admin/inspect/rooms?count=1')
      .set('Authorization', 'Bearer s3cret')
      .expect(200);
    expect(ok.body.total).toBe(6);
    await request(fake.app).post('/__admin/sessions').send({ id: 'chat' }).expect(201);
    await postAs(fake.app, 'alice', '/s/chat/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'there' });
    const session = await request(fake.app).get('/s/chat/__admin/inspect/rooms/GENERAL/messages').expect(200);
    expect(session.body.messages.map((m: { text: string }) => m.text)).toEqual(['there']);
    const root = await request(fake.app).get('/__admin/inspect/rooms/GENERAL/messages').expect(200);
    expect(root.body.messages).toEqual([]);
  });
});

describe('on a started server (the fast path answers the control API)', () => {
  it('answers as Express does, and nothing without the admin token', async () => {
    const server = createFakeServer({ scenario: WORLD, adminToken: 's3cret' });
    const url = await server.start(0);
    try {
      expect((await request(url).get('/__admin/inspect/rooms?count=2')).status).toBe(401);
      expect((await request(url).get('/__admin/inspect/changes')).status).toBe(401);
      const started = await request(url)
        .get('/__admin/inspect/rooms?count=2')
        .set('Authorization', 'Bearer s3cret')
        .expect(200);
      const express = await request(server.app)
        .get('/__admin/inspect/rooms?count=2')
        .set('Authorization', 'Bearer s3cret')
        .expect(200);
      expect(started.text).toBe(express.text);
      const bad = await request(url)
        .get('/__admin/inspect/users?count=0')
        .set('Authorization', 'Bearer s3cret');
      expect(bad.status).toBe(400);
    } finally {
      await server.stop();
    }
  });
});

describe('a thread past the replies shown', () => {
  it('folds the newest 50 replies under the parent and says how many there are (51)', async () => {
    const app = fake.app;
    const parent = String(
      (
        await postAs(app, 'alice', '/api/v1/chat.postMessage', {
          roomId: 'GENERAL',
          text: 'long thread',
        }).expect(200)
      ).body.message._id,
    );
    const replies: string[] = [];
    for (let k = 1; k <= 51; k += 1)
      replies.push(
        String(
          (
            await postAs(app, 'bob', '/api/v1/chat.sendMessage', {
              message: { rid: 'GENERAL', msg: `reply ${k}`, tmid: parent },
            }).expect(200)
          ).body.message._id,
        ),
      );
    const res = await request(app).get('/__admin/inspect/rooms/GENERAL/messages?count=1').expect(200);
    const [row] = res.body.messages as { _id: string; replies: { _id: string }[]; repliesTotal: number }[];
    expect(row?._id).toBe(parent);
    expect(row?.repliesTotal).toBe(51);
    // the first reply is the one left out: the newest 50, oldest first
    expect(row?.replies.map((r) => r._id)).toEqual(replies.slice(1));
  });
});
