import request from 'supertest';

import { AS, WORLD, getAs, makeFake, postAs, roomOf } from './support/fake';
import type { ScenarioInput } from '../src/scenario/schema';

/** chat.postMessage and channels.history: what is posted, who may post, what history reads. */

const POST = '/api/v1/chat.postMessage';
const DELETE_PATH = '/api/v1/chat.delete';
const HISTORY = '/api/v1/channels.history';

const SAID: ScenarioInput = {
  ...WORLD,
  channels: [
    ...(WORLD.channels ?? []).filter((c) => c.name !== 'club' && c.name !== 'news'),
    {
      _id: 'newsRoomId0000001',
      name: 'news',
      ro: true,
      u: { username: 'admin' },
      usernames: ['admin', 'alice'],
    },
    {
      _id: 'clubRoomId0000001',
      name: 'club',
      u: { username: 'bob' },
      usernames: ['bob', 'alice'],
      muted: ['alice'],
    },
  ],
  messages: [
    {
      _id: 'old00000000000001',
      rid: 'general',
      msg: 'first',
      u: { username: 'alice' },
      ts: '2025-12-31T00:00:00.000Z',
    },
    {
      _id: 'old00000000000002',
      rid: 'general',
      msg: 'second',
      u: { username: 'bob' },
      ts: '2025-12-31T01:00:00.000Z',
    },
    {
      _id: 'old00000000000003',
      rid: 'general',
      msg: 'in a thread',
      tmid: 'old00000000000001',
      ts: '2025-12-31T02:00:00.000Z',
    },
    {
      _id: 'old00000000000004',
      rid: 'general',
      msg: 'third',
      u: { username: 'alice' },
      ts: '2025-12-31T03:00:00.000Z',
    },
  ],
};

describe('POST /api/v1/chat.postMessage', () => {
  it('posts to a room by id: {ts, channel as sent, message as stored, _id last}; the room moves', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'hello there' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        ts: Date.parse('2026-01-01T00:00:01.000Z'),
        channel: 'GENERAL',
        message: {
          alias: '',
          msg: 'hello there',
          attachments: [],
          parseUrls: true,
          groupable: false,
          ts: '2026-01-01T00:00:01.000Z',
          u: { _id: 'bobUserId00000001', username: 'bob', name: 'bob' },
          rid: 'GENERAL',
          urls: [],
          mentions: [],
          channels: [],
          md: [{ type: 'PARAGRAPH', value: [{ type: 'PLAIN_TEXT', value: 'hello there' }] }],
          _id: res.body.message._id,
        },
        success: true,
      }),
    );
    expect(res.body.message._id).toMatch(/^[0-9a-f]{24}$/);
    const general = roomOf(fake, 'general');
    expect([general.msgs, general.lm, general._updatedAt]).toEqual([
      1,
      '2026-01-01T00:00:01.000Z',
      '2026-01-01T00:00:01.000Z',
    ]);
    expect(general.lastMessage).toMatchObject({ _id: res.body.message._id, msg: 'hello there' });
    expect(fake.changes().messages.added).toHaveLength(1);
  });

  it('mentions, rooms and links are parsed as the server stores them; a text with markup has no md', async () => {
    const res = await postAs(makeFake().app, 'bob', POST, {
      channel: '#general',
      text: 'hey @alice @nobody @all, see #random and https://example.org/x',
    });
    expect(res.body.message).toMatchObject({
      urls: [{ url: 'https://example.org/x' }],
      mentions: [
        { _id: 'aliceUserId000001', username: 'alice', name: 'alice', type: 'user' },
        { _id: 'all', username: 'all' },
      ],
      channels: [{ _id: 'randomRoomId00001', name: 'random' }],
    });
    expect(res.body.message).not.toHaveProperty('md');
    expect(res.body.message.urls).toEqual([{ url: 'https://example.org/x', meta: {} }]);
    expect(res.body.channel).toBe('#general');
  });

  it("a link's entry has an empty meta from 6.x on, none before (parseUrlsInMessage)", async () => {
    const old = makeFake({ profile: '0.49' });
    const res = await postAs(old.app, 'bob', POST, { roomId: 'GENERAL', text: 'see https://example.org/x' });
    expect(res.body.message.urls).toEqual([{ url: 'https://example.org/x' }]);
  });

  it('a public channel joins the poster first, with its uj message', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', POST, { channel: 'random', text: 'hi' });
    expect(res.status).toBe(200);
    const random = roomOf(fake, 'random');
    expect([random.usernames, random.usersCount, random.msgs]).toEqual([['alice', 'bob'], 2, 7]);
    const history = await getAs(fake.app, 'bob', `${HISTORY}?roomName=random`);
    expect(history.body.messages.map((m: { t?: string; msg: string }) => [m.t ?? null, m.msg])).toEqual([
      [null, 'hi'],
      ['uj', 'bob'],
    ]);
  });

  it('alias and avatar need message-impersonate (a bot has it); emoji does not', async () => {
    const fake = makeFake();
    const before = fake.state();
    for (const extra of [{ alias: 'Someone' }, { avatar: 'https://example.org/a.png' }]) {
      const refused = await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'x', ...extra });
      expect([refused.status, refused.body]).toEqual([
        400,
        { success: false, error: 'Not enough permission' },
      ]);
    }
    expect(fake.state()).toEqual(before);
    const bot = await postAs(fake.app, 'robot', POST, {
      channel: '#general',
      text: 'beep',
      alias: 'CI',
      avatar: 'https://example.org/a.png',
      emoji: ':robot:',
    });
    expect(bot.status).toBe(200);
    expect(bot.body.message).toMatchObject({ alias: 'CI', avatar: 'https://example.org/a.png' });
    expect(bot.body.message).not.toHaveProperty('emoji');
    const emoji = await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'x', emoji: ':smile:' });
    expect(emoji.body.message.emoji).toBe(':smile:');
  });

  it('refusals, each with the real body and nothing changed', async () => {
    const cases: [string, keyof typeof AS, object, object][] = [
      [
        'no target',
        'alice',
        { text: 'x' },
        {
          success: false,
          error:
            "must have required property 'roomId'\n must have required property 'channel'\n must match exactly one schema in oneOf [invalid-params]",
          errorType: 'invalid-params',
        },
      ],
      [
        'tmid with channel',
        'alice',
        { channel: '#general', text: 'x', tmid: 'a' },
        {
          success: false,
          error:
            "must have required property 'roomId'\n must NOT have additional properties\n must match exactly one schema in oneOf [invalid-params]",
          errorType: 'invalid-params',
        },
      ],
      [
        'an unknown room',
        'alice',
        { channel: '#nowhere', text: 'x' },
        { success: false, error: '[invalid-channel]', errorType: 'invalid-channel' },
      ],
      [
        'an unknown id',
        'alice',
        { roomId: 'nope', text: 'x' },
        { success: false, error: '[invalid-channel]', errorType: 'invalid-channel' },
      ],
      [
        'a read-only room, not its owner',
        'alice',
        { roomId: 'newsRoomId0000001', text: 'x' },
        { success: false, error: "You can't send messages because the room is readonly." },
      ],
      [
        'a private group, not a member',
        'bob',
        { roomId: 'privateRoomId0001', text: 'x' },
        { success: false, error: 'error-not-allowed' },
      ],
      [
        'an archived room',
        'admin',
        { channel: '#attic', text: 'x' },
        { success: false, error: 'room_is_archived' },
      ],
      [
        'a muted member',
        'alice',
        { channel: '#club', text: 'x' },
        { success: false, error: 'You_have_been_muted' },
      ],
      [
        'a text over 5000 characters',
        'alice',
        { roomId: 'GENERAL', text: 'x'.repeat(5001) },
        { success: false, error: 'error-message-size-exceeded' },
      ],
    ];
    for (const [name, who, body, expected] of cases) {
      const fake = makeFake({ scenario: SAID });
      const before = fake.state();
      const res = await postAs(fake.app, who, POST, body);
      expect([name, res.status, res.body]).toEqual([name, 400, expected]);
      // a read-only refusal of a non-member would leave the join: these posters are members already
      expect(fake.state()).toEqual(before);
    }
  });

  it('the owner posts in a read-only room; a non-member is joined, then refused (the join stays)', async () => {
    const fake = makeFake();
    expect(
      (await postAs(fake.app, 'admin', POST, { roomId: 'newsRoomId0000001', text: 'news' })).status,
    ).toBe(200);
    const refused = await postAs(fake.app, 'bob', POST, { roomId: 'newsRoomId0000001', text: 'x' });
    expect(refused.body).toEqual({
      success: false,
      error: "You can't send messages because the room is readonly.",
    });
    expect(roomOf(fake, 'news').usernames).toEqual(['admin', 'bob']);
  });

  it('the validator coerces: a number text is a string', async () => {
    const res = await postAs(makeFake().app, 'alice', POST, { roomId: 'GENERAL', text: 42 });
    expect(res.body.message.msg).toBe('42');
  });

  it('a reset forgets what was posted; the same requests post the same ids, on any run', async () => {
    const fake = makeFake();
    const first = (await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'a' })).body.message._id;
    await fake.reset();
    expect(fake.state()).not.toHaveProperty('messages');
    const again = (await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'a' })).body.message._id;
    expect(again).toBe(first);
  });

  it('a session posts in its own world', async () => {
    const fake = makeFake();
    const session = fake.session({ id: 'chat' });
    const res = await request(fake.app)
      .post(`/s/chat${POST}`)
      .set(AS.bob)
      .send({ roomId: 'GENERAL', text: 'in a session' });
    expect(res.status).toBe(200);
    expect(session.state().messages).toHaveLength(1);
    expect(fake.state()).not.toHaveProperty('messages');
  });

  it('setReadOnly and setType post their system messages', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
      roomName: 'random',
      readOnly: true,
    }).expect(200);
    await postAs(fake.app, 'admin', '/api/v1/channels.setType', { roomName: 'random', type: 'p' }).expect(
      200,
    );
    expect(fake.state().messages?.map((m) => [m.t, m.msg, m.u.username])).toEqual([
      ['room-set-read-only', '', 'admin'],
      ['room_changed_privacy', 'private', 'admin'],
    ]);
  });
});

describe('POST /api/v1/chat.sendMessage', () => {
  const SEND = '/api/v1/chat.sendMessage';

  it('sends the message the client built, to a room by id, without joining it: {message}, _id last', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', SEND, {
      message: { rid: 'randomRoomId00001', msg: 'drive-by' },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        message: {
          msg: 'drive-by',
          ts: '2026-01-01T00:00:01.000Z',
          u: { _id: 'bobUserId00000001', username: 'bob', name: 'bob' },
          rid: 'randomRoomId00001',
          urls: [],
          mentions: [],
          channels: [],
          md: [{ type: 'PARAGRAPH', value: [{ type: 'PLAIN_TEXT', value: 'drive-by' }] }],
          _id: res.body.message._id,
        },
        success: true,
      }),
    );
    expect(roomOf(fake, 'random').usernames).toEqual(['alice']);
  });

  it('previewUrls: the links not named are ignoreParse', async () => {
    const res = await postAs(makeFake().app, 'bob', SEND, {
      message: { rid: 'GENERAL', msg: 'https://a.example/x https://b.example/y' },
      previewUrls: ['https://a.example/x'],
    });
    expect(res.body.message.urls).toEqual([
      { url: 'https://a.example/x', meta: {} },
      { url: 'https://b.example/y', meta: {}, ignoreParse: true },
    ]);
  });

  it("the client's _id is kept (and the answer has _updatedAt then); a thread reply finds its parent's room", async () => {
    const fake = makeFake();
    const parent = await postAs(fake.app, 'bob', SEND, {
      message: { _id: 'clientChosenId001', rid: 'GENERAL', msg: 'q' },
    });
    expect(parent.body.message).toMatchObject({
      _id: 'clientChosenId001',
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    const reply = await postAs(fake.app, 'alice', SEND, { message: { tmid: 'clientChosenId001', msg: 'a' } });
    expect(reply.body.message).toMatchObject({ rid: 'GENERAL', tmid: 'clientChosenId001' });
    // a reply not shown in the room counts, but is not the room's last message
    const general = roomOf(fake, 'general');
    expect([general.msgs, (general.lastMessage as { msg?: string } | undefined)?.msg]).toEqual([2, 'q']);
    const again = await postAs(fake.app, 'bob', SEND, {
      message: { _id: 'clientChosenId001', rid: 'GENERAL', msg: 'q' },
    });
    expect(again.body).toEqual({
      success: false,
      error: 'A message with this _id already exists [error-duplicate-message-id]',
      errorType: 'error-duplicate-message-id',
    });
  });

  it("a thread reply moves its parent: tcount, tlm, replies (the parent's author first), _updatedAt", async () => {
    const fake = makeFake();
    await postAs(fake.app, 'bob', SEND, { message: { _id: 'parent00000000001', rid: 'GENERAL', msg: 'q' } });
    const first = await postAs(fake.app, 'alice', SEND, { message: { tmid: 'parent00000000001', msg: 'a' } });
    const read = async () =>
      (await getAs(fake.app, 'bob', '/api/v1/chat.getMessage?msgId=parent00000000001')).body.message;
    expect(await read()).toMatchObject({
      tcount: 1,
      tlm: first.body.message.ts,
      replies: ['bobUserId00000001', 'aliceUserId000001'],
      _updatedAt: first.body.message.ts,
    });
    // a later reply adds its author and whom it mentions, each once
    const second = await postAs(fake.app, 'admin', POST, {
      roomId: 'GENERAL',
      tmid: 'parent00000000001',
      text: 'cc @alice @gina',
    });
    expect(await read()).toMatchObject({
      tcount: 2,
      tlm: second.body.message.ts,
      replies: ['bobUserId00000001', 'aliceUserId000001', 'guestUserId000001', 'adminUserId000001'],
    });
  });

  it("no nested threads: a reply to a reply joins the parent's thread, in the parent's room; an unknown tmid is kept", async () => {
    const fake = makeFake();
    await postAs(fake.app, 'bob', SEND, { message: { _id: 'parent00000000001', rid: 'GENERAL', msg: 'q' } });
    await postAs(fake.app, 'bob', SEND, {
      message: { _id: 'reply000000000001', tmid: 'parent00000000001', msg: 'a' },
    });
    // a reply to the reply, naming another room: re-rooted to the parent, in the parent's room
    const nested = await postAs(fake.app, 'alice', SEND, {
      message: { rid: 'randomRoomId00001', tmid: 'reply000000000001', msg: 'b' },
    });
    expect([nested.status, nested.body.message.rid, nested.body.message.tmid]).toEqual([
      200,
      'GENERAL',
      'parent00000000001',
    ]);
    const parent = (await getAs(fake.app, 'bob', '/api/v1/chat.getMessage?msgId=parent00000000001')).body
      .message;
    expect(parent.tcount).toBe(2);
    // the real server stores a reply to a message it does not know as sent
    const unknown = await postAs(fake.app, 'alice', SEND, {
      message: { rid: 'GENERAL', tmid: 'nope', msg: 'c' },
    });
    expect([unknown.status, unknown.body.message.tmid]).toEqual([200, 'nope']);
  });

  it("replies as processThreads keeps them: a first reply's mention after the parent's author; a direct room's members", async () => {
    const fake = makeFake();
    await postAs(fake.app, 'bob', SEND, { message: { _id: 'parent00000000001', rid: 'GENERAL', msg: 'q' } });
    await postAs(fake.app, 'alice', POST, {
      roomId: 'GENERAL',
      tmid: 'parent00000000001',
      text: 'hey @admin',
    });
    const read = async (id: string) =>
      (await getAs(fake.app, 'alice', `/api/v1/chat.getMessage?msgId=${id}`)).body.message;
    expect((await read('parent00000000001')).replies).toEqual([
      'bobUserId00000001',
      'adminUserId000001',
      'aliceUserId000001',
    ]);
    // alice answers herself in her direct room with bob: bob follows too (the room's uids)
    const dm = await postAs(fake.app, 'alice', POST, { channel: '@bob', text: 'psst' });
    await postAs(fake.app, 'alice', SEND, { message: { tmid: dm.body.message._id, msg: 'more' } });
    expect((await read(dm.body.message._id)).replies).toEqual(['bobUserId00000001', 'aliceUserId000001']);
  });

  it("deleting a reply counts one less on its parent; a parent with replies stays as a deleted 'rm' message", async () => {
    const fake = makeFake();
    await postAs(fake.app, 'bob', SEND, {
      message: { _id: 'parent00000000001', rid: 'GENERAL', msg: 'see https://a.example @alice' },
    });
    const one = await postAs(fake.app, 'alice', SEND, { message: { tmid: 'parent00000000001', msg: 'a' } });
    await postAs(fake.app, 'alice', SEND, { message: { tmid: 'parent00000000001', msg: 'b' } });
    const parent = async () =>
      (await getAs(fake.app, 'bob', '/api/v1/chat.getMessage?msgId=parent00000000001')).body.message;
    expect((await parent()).tcount).toBe(2);
    await postAs(fake.app, 'alice', DELETE_PATH, { roomId: 'GENERAL', msgId: one.body.message._id });
    expect((await parent()).tcount).toBe(1);
    const before = roomOf(fake, 'general').msgs;
    const res = await postAs(fake.app, 'bob', DELETE_PATH, { roomId: 'GENERAL', msgId: 'parent00000000001' });
    expect(res.status).toBe(200);
    const kept = await parent();
    expect(kept).toMatchObject({
      _id: 'parent00000000001',
      msg: '',
      t: 'rm',
      urls: [],
      mentions: [],
      attachments: [],
      reactions: {},
      editedBy: { _id: 'bobUserId00000001', username: 'bob' },
      tcount: 1,
    });
    expect(kept).not.toHaveProperty('md');
    expect(roomOf(fake, 'general').msgs).toBe(before - 1);
  });

  it("refusals in executeSendMessage's order, each with the real body and nothing changed", async () => {
    const cases: [string, object, object][] = [
      [
        'no message',
        {},
        {
          success: false,
          error: "must have required property 'message' [invalid-params]",
          errorType: 'invalid-params',
        },
      ],
      [
        'a system type',
        { message: { rid: 'GENERAL', msg: 'x', t: 'uj' } },
        { success: false, error: "Cannot send system messages using 'chat.sendMessage'" },
      ],
      [
        'tshow without tmid',
        { message: { rid: 'GENERAL', msg: 'x', tshow: true } },
        {
          success: false,
          error: 'tshow provided but missing tmid [invalid-params]',
          errorType: 'invalid-params',
        },
      ],
      [
        'too long',
        { message: { rid: 'GENERAL', msg: 'x'.repeat(5001) } },
        {
          success: false,
          error: 'Message size exceeds Message_MaxAllowedSize [error-message-size-exceeded]',
          errorType: 'error-message-size-exceeded',
        },
      ],
      [
        'no rid',
        { message: { msg: 'x' } },
        { success: false, error: "The 'rid' property on the message object is missing." },
      ],
      [
        'an unknown rid',
        { message: { rid: 'nope', msg: 'x' } },
        { success: false, error: 'error-invalid-room' },
      ],
      [
        'a group the sender is not in',
        { message: { rid: 'privateRoomId0001', msg: 'x' } },
        { success: false, error: 'error-not-allowed' },
      ],
      [
        'a read-only room',
        { message: { rid: 'newsRoomId0000001', msg: 'x' } },
        { success: false, error: "You can't send messages because the room is readonly." },
      ],
      [
        'an alias without message-impersonate',
        { message: { rid: 'GENERAL', msg: 'x', alias: 'X' } },
        { success: false, error: 'Not enough permission' },
      ],
    ];
    for (const [name, body, expected] of cases) {
      const fake = makeFake();
      const before = fake.state();
      const res = await postAs(fake.app, 'bob', SEND, body);
      expect([name, res.status, res.body]).toEqual([name, 400, expected]);
      expect(fake.state()).toEqual(before);
    }
  });
});

describe('GET /api/v1/channels.history', () => {
  const ids = (body: { messages: { _id: string }[] }): string[] => body.messages.map((m) => m._id);

  it('newest first, thread replies left out unless asked for, the answer {messages, success}', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const res = await getAs(app, 'alice', `${HISTORY}?roomName=general`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['messages', 'success']);
    expect(ids(res.body)).toEqual(['old00000000000004', 'old00000000000002', 'old00000000000001']);
    const all = await getAs(app, 'alice', `${HISTORY}?roomId=GENERAL&showThreadMessages=true`);
    expect(ids(all.body)).toEqual([
      'old00000000000004',
      'old00000000000003',
      'old00000000000002',
      'old00000000000001',
    ]);
  });

  it('count, offset, latest, oldest and inclusive cut the window', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const get = async (q: string) =>
      ids((await getAs(app, 'alice', `${HISTORY}?roomName=general&${q}`)).body);
    expect(await get('count=1&offset=1')).toEqual(['old00000000000002']);
    expect(await get('latest=2025-12-31T03:00:00.000Z')).toEqual(['old00000000000002', 'old00000000000001']);
    expect(await get('latest=2025-12-31T03:00:00.000Z&inclusive=true')).toEqual([
      'old00000000000004',
      'old00000000000002',
      'old00000000000001',
    ]);
    expect(await get('oldest=2025-12-31T00:00:00.000Z&latest=2025-12-31T03:00:00.000Z')).toEqual([
      'old00000000000002',
    ]);
  });

  it('unreads=true: the first message after oldest the page left out, and how many (getChannelHistory)', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const get = async (q: string) => (await getAs(app, 'alice', `${HISTORY}?roomName=general&${q}`)).body;
    // the page holds the newest; between oldest and it: old…02 and old…01 (old…03 is a thread reply, hidden)
    const some = await get('unreads=true&count=1&oldest=2025-12-30T00:00:00.000Z');
    expect(Object.keys(some)).toEqual(['messages', 'firstUnread', 'unreadNotLoaded', 'success']);
    expect([ids(some), some.firstUnread._id, some.unreadNotLoaded]).toEqual([
      ['old00000000000004'],
      'old00000000000001',
      2,
    ]);
    // the page reaches back to oldest: nothing left out, firstUnread absent
    const all = await get('unreads=true&oldest=2025-12-30T00:00:00.000Z');
    expect([Object.keys(all), all.unreadNotLoaded]).toEqual([['messages', 'unreadNotLoaded', 'success'], 0]);
    // without oldest: 0; without unreads=true: neither key
    expect((await get('unreads=true&count=1')).unreadNotLoaded).toBe(0);
    expect(Object.keys(await get('unreads=false&count=1'))).toEqual(['messages', 'success']);
  });

  it('refusals: a private group is not found, a guest without preview-c-room is forbidden, bad parameters', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const group = await getAs(app, 'alice', `${HISTORY}?roomName=secret`);
    expect([group.status, group.body.errorType]).toEqual([400, 'error-room-not-found']);
    const guest = await getAs(app, 'gina', `${HISTORY}?roomName=random`);
    expect([guest.status, guest.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
    const unknown = await getAs(app, 'alice', `${HISTORY}?roomName=general&fields=x`);
    expect([unknown.status, unknown.body.errorType]).toEqual([400, 'invalid-params']);
    const date = await getAs(app, 'alice', `${HISTORY}?roomName=general&latest=yesterday`);
    expect([date.status, date.body.errorType]).toEqual([400, 'invalid-params']);
  });
});

describe('GET /api/v1/channels.messages', () => {
  const MESSAGES = '/api/v1/channels.messages';
  const ids = (body: { messages: { _id: string }[] }): string[] => body.messages.map((m) => m._id);

  it('every message of the room, threads included, newest first, with count, offset and total', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const res = await getAs(app, 'alice', `${MESSAGES}?roomId=GENERAL&count=2&offset=1`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['messages', 'count', 'offset', 'total', 'success']);
    expect(ids(res.body)).toEqual(['old00000000000003', 'old00000000000002']);
    expect([res.body.count, res.body.offset, res.body.total]).toEqual([2, 1, 4]);
  });

  it('query, sort and mentionIds filter and order the messages', async () => {
    const fake = makeFake({ scenario: SAID });
    const get = async (q: string) => (await getAs(fake.app, 'alice', `${MESSAGES}?roomId=GENERAL&${q}`)).body;
    expect(ids(await get(`query=${encodeURIComponent('{"u.username":"alice"}')}`))).toEqual([
      'old00000000000004',
      'old00000000000001',
    ]);
    expect(ids(await get(`sort=${encodeURIComponent('{"ts":1}')}&count=1`))).toEqual(['old00000000000001']);
    await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'ping @alice' });
    const mentioned = await get('mentionIds=aliceUserId000001');
    expect(mentioned.messages.map((m: { msg: string }) => m.msg)).toEqual(['ping @alice']);
  });

  it('refusals: view-c-room first, roomId only, a bot outside the room', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const guest = await getAs(app, 'gina', `${MESSAGES}?roomId=GENERAL`);
    expect([guest.status, guest.body]).toEqual([
      403,
      {
        success: false,
        error: 'User does not have the permissions required for this action [error-unauthorized]',
      },
    ]);
    const byName = await getAs(app, 'alice', `${MESSAGES}?roomName=general`);
    expect([byName.status, byName.body.errorType]).toEqual([400, 'invalid-params']);
    const bot = await getAs(app, 'robot', `${MESSAGES}?roomId=GENERAL`);
    expect([bot.status, bot.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
  });
});

describe('chat.getMessage, chat.update and chat.delete', () => {
  const GET = '/api/v1/chat.getMessage';
  const UPDATE = '/api/v1/chat.update';
  const DELETE = '/api/v1/chat.delete';

  it('getMessage: as stored; an unknown id is the bare failure; a group the caller is not in is not allowed', async () => {
    const fake = makeFake({
      scenario: {
        ...SAID,
        messages: [...(SAID.messages ?? []), { _id: 'secretMessage0001', rid: 'secret', msg: 'psst' }],
      },
    });
    const res = await getAs(fake.app, 'bob', `${GET}?msgId=old00000000000001`);
    expect(res.body).toEqual({
      message: {
        _id: 'old00000000000001',
        rid: 'GENERAL',
        msg: 'first',
        ts: '2025-12-31T00:00:00.000Z',
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        // the first message of the scenario's thread, as the server's thread hook leaves it
        _updatedAt: '2025-12-31T02:00:00.000Z',
        replies: ['aliceUserId000001', 'adminUserId000001'],
        tlm: '2025-12-31T02:00:00.000Z',
        tcount: 1,
      },
      success: true,
    });
    expect((await getAs(fake.app, 'bob', `${GET}?msgId=nope`)).body).toEqual({ success: false });
    expect((await getAs(fake.app, 'bob', `${GET}?msgId=secretMessage0001`)).body).toEqual({
      success: false,
      error: 'Not allowed [error-not-allowed]',
      errorType: 'error-not-allowed',
      details: { method: 'getSingleMessage' },
    });
    expect((await getAs(fake.app, 'bob', `${GET}?msgId=`)).body).toEqual({
      success: false,
      error: 'must NOT have fewer than 1 characters [invalid-params]',
      errorType: 'invalid-params',
    });
  });

  it("update: the author edits, editedAt and editedBy set, md rebuilt; msgs stays; the room's last message follows", async () => {
    const fake = makeFake();
    const posted = (await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'typo' })).body.message;
    const res = await postAs(fake.app, 'bob', UPDATE, {
      roomId: 'GENERAL',
      msgId: posted._id,
      text: 'fixed',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      _id: posted._id,
      msg: 'fixed',
      _updatedAt: '2026-01-01T00:00:02.000Z',
      editedAt: '2026-01-01T00:00:02.000Z',
      editedBy: { _id: 'bobUserId00000001', username: 'bob' },
      md: [{ type: 'PARAGRAPH', value: [{ type: 'PLAIN_TEXT', value: 'fixed' }] }],
    });
    const general = roomOf(fake, 'general');
    expect([general.msgs, (general.lastMessage as { msg: string }).msg]).toEqual([1, 'fixed']);
    expect(fake.changes().messages.added[0]?.msg).toBe('fixed');
  });

  it('update with previewUrls edits though the text is the same: others ignoreParse; so the permission is asked', async () => {
    const text = 'see https://a.example/x and https://b.example/y';
    const fake = makeFake({
      scenario: {
        ...SAID,
        messages: [{ _id: 'link0000000000001', rid: 'general', msg: text, u: { username: 'alice' } }],
      },
    });
    const before = fake.state();
    // bob may not edit alice's message: with previewUrls the same text is no longer a no-op
    const refused = await postAs(fake.app, 'bob', UPDATE, {
      roomId: 'GENERAL',
      msgId: 'link0000000000001',
      text,
      previewUrls: [],
    });
    expect([refused.status, refused.body.errorType]).toEqual([400, 'error-action-not-allowed']);
    expect(fake.state()).toEqual(before);
    const res = await postAs(fake.app, 'alice', UPDATE, {
      roomId: 'GENERAL',
      msgId: 'link0000000000001',
      text,
      previewUrls: ['https://b.example/y'],
    });
    expect(res.status).toBe(200);
    expect(res.body.message.urls).toEqual([
      { url: 'https://a.example/x', meta: {}, ignoreParse: true },
      { url: 'https://b.example/y', meta: {} },
    ]);
    expect(res.body.message.editedBy).toEqual({ _id: 'aliceUserId000001', username: 'alice' });
  });

  it('update with customFields: refused as the default settings refuse them (Custom fields not enabled), nothing changed', async () => {
    const fake = makeFake({ scenario: SAID });
    const before = fake.state();
    for (const text of ['first', 'first, edited']) {
      const res = await postAs(fake.app, 'alice', UPDATE, {
        roomId: 'GENERAL',
        msgId: 'old00000000000001',
        text,
        customFields: { a: 1 },
      });
      expect([res.status, res.body]).toEqual([400, { success: false, error: 'Custom fields not enabled' }]);
    }
    expect(fake.state()).toEqual(before);
  });

  it('update refusals, each with the real body and nothing changed', async () => {
    const cases: [string, keyof typeof AS, object, object][] = [
      [
        'unknown',
        'alice',
        { roomId: 'GENERAL', msgId: 'nope', text: 'x' },
        { success: false, error: 'No message found with the id of "nope".' },
      ],
      [
        'another room',
        'alice',
        { roomId: 'randomRoomId00001', msgId: 'old00000000000001', text: 'x' },
        { success: false, error: 'The room id provided does not match where the message is from.' },
      ],
      [
        'not the author',
        'bob',
        { roomId: 'GENERAL', msgId: 'old00000000000001', text: 'x' },
        {
          success: false,
          error: 'Message editing not allowed [error-action-not-allowed]',
          errorType: 'error-action-not-allowed',
          details: { method: 'updateMessage', action: 'Message_editing' },
        },
      ],
      [
        'no text',
        'alice',
        { roomId: 'GENERAL', msgId: 'old00000000000001' },
        {
          success: false,
          error:
            "must have required property 'text'\n must have required property 'content'\n must match exactly one schema in oneOf [invalid-params]",
          errorType: 'invalid-params',
        },
      ],
    ];
    for (const [name, who, body, expected] of cases) {
      const fake = makeFake({ scenario: SAID });
      const before = fake.state();
      const res = await postAs(fake.app, who, UPDATE, body);
      expect([name, res.status, res.body]).toEqual([name, 400, expected]);
      expect(fake.state()).toEqual(before);
    }
  });

  it('delete: by the author, answered {_id, ts as a string, message: {_id, rid, u}}; msgs down, last message back to the newest', async () => {
    const fake = makeFake();
    const first = (await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'one' })).body.message;
    const second = (await postAs(fake.app, 'bob', POST, { roomId: 'GENERAL', text: 'two' })).body.message;
    const res = await postAs(fake.app, 'bob', DELETE, { roomId: 'GENERAL', msgId: second._id });
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        _id: second._id,
        ts: String(Date.parse('2026-01-01T00:00:03.000Z')),
        message: {
          _id: second._id,
          rid: 'GENERAL',
          u: { _id: 'bobUserId00000001', username: 'bob', name: 'bob' },
        },
        success: true,
      }),
    );
    const general = roomOf(fake, 'general');
    expect([general.msgs, (general.lastMessage as { _id: string })._id]).toEqual([1, first._id]);
    expect((await getAs(fake.app, 'bob', `${GET}?msgId=${second._id}`)).body).toEqual({ success: false });
  });

  it("delete refusals: another user's message, as that user, a read-only room", async () => {
    const fake = makeFake({ scenario: SAID });
    const before = fake.state();
    const other = await postAs(fake.app, 'bob', DELETE, { roomId: 'GENERAL', msgId: 'old00000000000001' });
    expect(other.body).toEqual({
      success: false,
      error: 'Not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
    });
    const asUser = await postAs(fake.app, 'bob', DELETE, {
      roomId: 'GENERAL',
      msgId: 'old00000000000001',
      asUser: true,
    });
    expect(asUser.body).toEqual({
      success: false,
      error:
        'Unauthorized. You must have the permission "force-delete-message" to delete other\'s message as them.',
    });
    expect(fake.state()).toEqual(before);
    // the owner of a room deletes anything in it (force-delete-message)
    const owner = await postAs(fake.app, 'admin', DELETE, { roomId: 'GENERAL', msgId: 'old00000000000001' });
    expect(owner.status).toBe(200);
  });

  it("delete asUser: the author's permissions decide, not the caller's (deleteMessageValidatingPermission(msg, author))", async () => {
    const fake = makeFake({
      scenario: {
        ...SAID,
        messages: [
          ...(SAID.messages ?? []),
          { _id: 'guest000000000001', rid: 'random', msg: 'from a guest', u: { username: 'gina' } },
          { _id: 'news0000000000001', rid: 'news', msg: 'the news', u: { username: 'alice' } },
        ],
      },
    });
    const before = fake.state();
    // a guest may not delete even its own message: asked by an admin as the guest, neither
    const guest = await postAs(fake.app, 'admin', DELETE, {
      roomId: 'randomRoomId00001',
      msgId: 'guest000000000001',
      asUser: true,
    });
    expect([guest.status, guest.body]).toEqual([
      400,
      {
        success: false,
        error: 'Not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
      },
    ]);
    // alice may not post in the read-only room, so she may not delete there: nor may the admin as her
    const readOnly = await postAs(fake.app, 'admin', DELETE, {
      roomId: 'newsRoomId0000001',
      msgId: 'news0000000000001',
      asUser: true,
    });
    expect([readOnly.status, readOnly.body]).toEqual([
      400,
      { success: false, error: "You can't delete messages because the room is readonly." },
    ]);
    expect(fake.state()).toEqual(before);
    // as itself the admin may (force-delete-message); as bob, bob's own message goes (delete-own-message)
    const forced = await postAs(fake.app, 'admin', DELETE, {
      roomId: 'newsRoomId0000001',
      msgId: 'news0000000000001',
    });
    expect(forced.status).toBe(200);
    const asBob = await postAs(fake.app, 'admin', DELETE, {
      roomId: 'GENERAL',
      msgId: 'old00000000000002',
      asUser: true,
    });
    expect([asBob.status, asBob.body.message?.u?.username]).toEqual([200, 'bob']);
    expect((await getAs(fake.app, 'admin', '/api/v1/chat.getMessage?msgId=old00000000000002')).body).toEqual({
      success: false,
    });
  });

  it('delete in a read-only room: a user the room unmuted by name still may', async () => {
    const fake = makeFake({
      scenario: {
        ...SAID,
        channels: (SAID.channels ?? []).map((c) => (c.name === 'news' ? { ...c, unmuted: ['alice'] } : c)),
        messages: [{ _id: 'news0000000000001', rid: 'news', msg: 'the news', u: { username: 'alice' } }],
      },
    });
    const res = await postAs(fake.app, 'alice', DELETE, {
      roomId: 'newsRoomId0000001',
      msgId: 'news0000000000001',
    });
    expect([res.status, res.body.success]).toEqual([200, true]);
  });
});

describe('groups.info, groups.history and channels.list.joined', () => {
  const GROUPED: ScenarioInput = {
    ...SAID,
    messages: [
      ...(SAID.messages ?? []),
      { _id: 'grp00000000000001', rid: 'secret', msg: 'in the group', ts: '2025-12-31T05:00:00.000Z' },
      {
        _id: 'grp00000000000002',
        rid: 'secret',
        msg: 'a reply',
        tmid: 'grp00000000000001',
        ts: '2025-12-31T06:00:00.000Z',
      },
    ],
  };
  const NOT_A_GROUP = {
    success: false,
    error:
      'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
    errorType: 'error-room-not-found',
  };

  it('groups.info: a member sees the group; anyone else is told there is no such group', async () => {
    const app = makeFake({ scenario: GROUPED }).app;
    const res = await getAs(app, 'alice', '/api/v1/groups.info?roomName=secret');
    expect(res.body.group).toMatchObject({ _id: 'privateRoomId0001', name: 'secret', t: 'p' });
    expect(res.body.group).not.toHaveProperty('joinCode');
    expect((await getAs(app, 'bob', '/api/v1/groups.info?roomName=secret')).body).toEqual(NOT_A_GROUP);
  });

  it('groups.history: newest first, thread replies shown by default', async () => {
    const app = makeFake({ scenario: GROUPED }).app;
    const res = await getAs(app, 'alice', '/api/v1/groups.history?roomId=privateRoomId0001');
    expect(res.body.messages.map((m: { _id: string }) => m._id)).toEqual([
      'grp00000000000002',
      'grp00000000000001',
    ]);
    const plain = await getAs(
      app,
      'alice',
      '/api/v1/groups.history?roomId=privateRoomId0001&showThreadMessages=false',
    );
    expect(plain.body.messages).toHaveLength(1);
    expect((await getAs(app, 'bob', '/api/v1/groups.history?roomId=privateRoomId0001')).body).toEqual(
      NOT_A_GROUP,
    );
  });

  it('groups.history reads count itself: no upper bound (channels.history stops at 100); unreads given asks', async () => {
    const many = Array.from({ length: 105 }, (_, i) => ({
      _id: `grp${String(i).padStart(14, '0')}`,
      rid: 'secret',
      msg: `m${i}`,
      ts: new Date(Date.parse('2025-12-01T00:00:00.000Z') + i * 60_000).toISOString(),
    }));
    const app = makeFake({ scenario: { ...GROUPED, messages: many } }).app;
    const res = await getAs(app, 'alice', '/api/v1/groups.history?roomName=secret&count=150');
    expect(res.body.messages).toHaveLength(105);
    expect((await getAs(app, 'alice', '/api/v1/groups.history?roomName=secret')).body.messages).toHaveLength(
      20,
    );
    // the route reads `unreads || false`: the text "false" is given, so it asks too
    const unreads = await getAs(
      app,
      'alice',
      '/api/v1/groups.history?roomName=secret&count=2&unreads=false&oldest=2025-11-30T00:00:00.000Z',
    );
    expect([unreads.body.firstUnread?._id, unreads.body.unreadNotLoaded]).toEqual(['grp00000000000000', 103]);
  });

  it('channels.list.joined: the public channels the caller is in, by name', async () => {
    const res = await getAs(makeFake().app, 'bob', '/api/v1/channels.list.joined');
    expect(res.status).toBe(200);
    expect(res.body.channels.map((c: { name: string }) => c.name)).toEqual(['club', 'general']);
    expect([res.body.offset, res.body.count, res.body.total]).toEqual([0, 2, 2]);
  });
});

describe('messaging under hostile input', () => {
  it('attachments nested beyond any real one are a 400 before the join: nothing changes', async () => {
    const fake = makeFake();
    const before = fake.state();
    let deep: unknown = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const res = await postAs(fake.app, 'bob', POST, { channel: '#random', text: 'x', attachments: [deep] });
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error: 'attachments nest deeper than 32 levels [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
    expect(fake.state()).toEqual(before);
  });

  it('objects where text is expected, in the eras without a validator, are refusals, not 500s', async () => {
    const fake = makeFake({ profile: '5' });
    const update = await postAs(fake.app, 'alice', '/api/v1/chat.update', {
      roomId: 'GENERAL',
      msgId: { toString: 1 },
      text: 'x',
    });
    expect([update.status, update.body]).toEqual([
      400,
      { success: false, error: 'No message found with the id of "".' },
    ]);
    const post = await postAs(fake.app, 'alice', POST, { roomId: [{ toString: 1 }], text: 'x' });
    expect([post.status, post.body.errorType]).toEqual([400, 'invalid-channel']);
  });

  it('a date beyond year 9999 is the end of time, not before it', async () => {
    const app = makeFake({ scenario: SAID }).app;
    const res = await getAs(
      app,
      'alice',
      `${HISTORY}?roomName=general&latest=${encodeURIComponent('+010000-01-01T00:00:00.000Z')}`,
    );
    expect(res.body.messages).toHaveLength(3);
  });

  it('lenient mode finds a group, but only its members read it', async () => {
    const app = makeFake({ scenario: SAID, lenient: true }).app;
    const res = await getAs(app, 'bob', `${HISTORY}?roomName=secret`);
    expect([res.status, res.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
    const listed = await getAs(app, 'bob', '/api/v1/channels.messages?roomId=privateRoomId0001');
    expect(listed.status).toBe(403);
  });
});
