/**
 * `POST /api/v1/rooms.createDiscussion`, `GET rooms.getDiscussions` and `GET chat.getDiscussions`:
 * a discussion is a room under its parent (`prid`), made with its members' subscriptions, the
 * quote of its message, the parent's `discussion-created` message and the first reply; the
 * refusals per release line (hand checks to 7.x, 8.x's typed body), the rooms bound, and the
 * discussions going with their parent.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { FakeOptions } from '../src/options';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { ACTIONS_WORLD } from './support/message-actions';

const CREATE = '/api/v1/rooms.createDiscussion';
const ROOMS_LIST = '/api/v1/rooms.getDiscussions';
const CHAT_LIST = '/api/v1/chat.getDiscussions';
const HEX24 = /^[0-9a-f]{24}$/;
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;

type Who = keyof typeof AS;
type Doc = Record<string, unknown>;

function fakeAs(profile?: ProfileId, options: FakeOptions = {}, settings?: Doc): FakeServer {
  return createFakeServer({
    scenario: { ...ACTIONS_WORLD, ...(settings ? { settings } : {}) },
    ...(profile ? { profile } : {}),
    ...options,
  });
}

function create(fake: FakeServer, who: Who, body: object): request.Test {
  return request(fake.app).post(CREATE).set(AS[who]).send(body);
}

function get(fake: FakeServer, path: string, who: Who, query: object): request.Test {
  return request(fake.app).get(path).set(AS[who]).query(query);
}

function world(fake: FakeServer): string {
  return JSON.stringify({ state: fake.state(), changes: fake.changes() });
}

function roomById(fake: FakeServer, id: string): Doc | undefined {
  return fake.state().channels.find((c) => c._id === id) as Doc | undefined;
}

function messagesWhere(fake: FakeServer, keep: (m: Doc) => boolean): Doc[] {
  return (fake.state().messages ?? []).filter((m) => keep(m as Doc)) as Doc[];
}

async function refused(fake: FakeServer, who: Who, body: object, expected: object): Promise<void> {
  const before = world(fake);
  const res = await create(fake, who, body);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: expected });
  expect(world(fake)).toBe(before);
}

const ALICE = { _id: 'aliceUserId000001', username: 'alice', name: 'alice' };
const QUOTE = {
  text: 'hello',
  author_name: 'alice',
  author_icon: '/avatar/alice',
  message_link: '/channel/general?msg=msgGeneral0000001',
  ts: '2026-01-01T00:00:00.000Z',
};

describe('POST /api/v1/rooms.createDiscussion (8.9)', () => {
  it('makes the discussion from a message: the room, its members, the quote, the parent’s discussion-created, the reply', async () => {
    const fake = fakeAs();
    const general = roomById(fake, 'GENERAL') as Doc;
    const res = await create(fake, 'alice', {
      prid: 'GENERAL',
      pmid: 'msgGeneral0000001',
      t_name: 'Plans',
      reply: 'first',
      users: ['gina', 'nobody', ''],
    });
    expect(res.status).toBe(200);
    const rid = res.body.discussion.rid as string;
    expect(rid).toMatch(HEX24);
    const t1 = '2026-01-01T00:00:01.000Z';
    expect(res.body).toEqual({
      discussion: {
        rid,
        inserted: true,
        _id: rid,
        fname: 'Plans',
        _updatedAt: t1,
        description: 'hello',
        topic: 'general',
        prid: 'GENERAL',
        encrypted: false,
        name: expect.stringMatching(METEOR_ID),
        t: 'c',
        msgs: 0,
        usersCount: 0,
        u: ALICE,
        ts: t1,
        ro: false,
      },
      success: true,
    });
    expect(Object.keys(res.body.discussion as object)).toEqual([
      'rid',
      'inserted',
      '_id',
      'fname',
      '_updatedAt',
      'description',
      'topic',
      'prid',
      'encrypted',
      'name',
      't',
      'msgs',
      'usersCount',
      'u',
      'ts',
      'ro',
    ]);
    // the stored room: its members (the creator, the message's author, the invited that exist), its reply
    const t2 = '2026-01-01T00:00:02.000Z';
    const t3 = '2026-01-01T00:00:03.000Z';
    expect(roomById(fake, rid)).toMatchObject({
      prid: 'GENERAL',
      fname: 'Plans',
      usernames: ['alice', 'gina'],
      usersCount: 2,
      msgs: 1,
      lm: t3,
    });
    const inDiscussion = messagesWhere(fake, (m) => m.rid === rid);
    expect(inDiscussion).toEqual([
      {
        _id: expect.stringMatching(HEX24),
        rid,
        msg: '',
        u: ALICE,
        ts: t2,
        _updatedAt: t2,
        attachments: [QUOTE],
      },
      expect.objectContaining({ rid, msg: 'first', u: ALICE, ts: t3 }),
    ]);
    const created = messagesWhere(fake, (m) => m.t === 'discussion-created');
    expect(created).toEqual([
      {
        _id: expect.stringMatching(HEX24),
        t: 'discussion-created',
        rid: 'GENERAL',
        ts: t2,
        msg: 'Plans',
        u: ALICE,
        groupable: false,
        drid: rid,
        attachments: [QUOTE],
        _updatedAt: t2,
        // the reply refreshed them: the discussion's count and last message
        dcount: 1,
        dlm: t3,
      },
    ]);
    // the message it started from is left as it was; the parent counts the system message
    expect(messagesWhere(fake, (m) => m._id === 'msgGeneral0000001')[0]).not.toHaveProperty('drid');
    expect(roomById(fake, 'GENERAL')).toMatchObject({ msgs: (general.msgs as number) + 1 });
    // a room like any other: rooms.get, subscriptions.getOne (with prid, the creator the owner), rooms.info
    const rooms = await get(fake, '/api/v1/rooms.get', 'gina', {});
    expect((rooms.body.update as Doc[]).map((r) => r._id)).toContain(rid);
    const own = await get(fake, '/api/v1/subscriptions.getOne', 'alice', { roomId: rid });
    expect(own.body.subscription).toMatchObject({
      rid,
      fname: 'Plans',
      t: 'c',
      prid: 'GENERAL',
      roles: ['owner'],
    });
    const guest = await get(fake, '/api/v1/subscriptions.getOne', 'gina', { roomId: rid });
    expect(guest.body.subscription).toMatchObject({ rid, prid: 'GENERAL' });
    expect(guest.body.subscription).not.toHaveProperty('roles');
    const info = await get(fake, '/api/v1/rooms.info', 'alice', { roomId: rid });
    expect(info.body.room).toMatchObject({ _id: rid, prid: 'GENERAL' });
    expect(info.body.parent).toEqual({
      _id: 'GENERAL',
      name: 'general',
      t: 'c',
      u: { _id: 'adminUserId000001', username: 'admin' },
    });
  });

  it('under a private group: a private discussion, the topic the group’s name, no description, the system message in the group', async () => {
    const fake = fakeAs();
    const res = await create(fake, 'alice', { prid: 'privateRoomId0001', t_name: 'Quiet plans' });
    expect(res.status).toBe(200);
    const rid = res.body.discussion.rid as string;
    expect(res.body.discussion).toMatchObject({ t: 'p', topic: 'secret', prid: 'privateRoomId0001' });
    expect(res.body.discussion).not.toHaveProperty('description');
    expect(roomById(fake, rid)).toMatchObject({ t: 'p', usernames: ['alice'], msgs: 0 });
    expect(messagesWhere(fake, (m) => m.rid === rid)).toEqual([]);
    expect(messagesWhere(fake, (m) => m.drid === rid)).toEqual([
      expect.objectContaining({ t: 'discussion-created', rid: 'privateRoomId0001', msg: 'Quiet plans' }),
    ]);
    expect(messagesWhere(fake, (m) => m.drid === rid)[0]).not.toHaveProperty('attachments');
  });

  it('a message of one of the parent’s discussions starts another under the parent; its system message goes where the message is', async () => {
    const fake = fakeAs();
    const first = await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One', reply: 'inside' });
    const drid = first.body.discussion.rid as string;
    const inside = messagesWhere(fake, (m) => m.rid === drid && m.msg === 'inside')[0] as Doc;
    const res = await create(fake, 'alice', { prid: 'GENERAL', pmid: inside._id, t_name: 'Two' });
    expect(res.status).toBe(200);
    expect(res.body.discussion).toMatchObject({ prid: 'GENERAL', description: 'inside' });
    expect(messagesWhere(fake, (m) => m.drid === res.body.discussion.rid)).toEqual([
      expect.objectContaining({ rid: drid, msg: 'Two' }),
    ]);
  });

  it('refuses in the method’s order, each a 400 that changes nothing', async () => {
    const fake = fakeAs();
    const details = { method: 'DiscussionCreation' };
    // a bot has neither start-discussion nor start-discussion-other-user
    await refused(
      fake,
      'robot',
      { prid: 'GENERAL', t_name: 'x' },
      {
        success: false,
        error: 'You are not allowed to create a discussion [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'createDiscussion' },
      },
    );
    await refused(
      fake,
      'alice',
      { prid: 'GENERAL', t_name: 'x', pmid: 'nope' },
      {
        success: false,
        error: 'Invalid message [error-invalid-message]',
        errorType: 'error-invalid-message',
        details,
      },
    );
    // the message is not in the parent (note the two spaces)
    await refused(
      fake,
      'alice',
      { prid: 'GENERAL', t_name: 'x', pmid: 'msgSecret00000001' },
      {
        success: false,
        error: 'Root message room ID does not match parent room ID  [error-invalid-arguments]',
        errorType: 'error-invalid-arguments',
        details,
      },
    );
    // canSendMessage's refusals, re-thrown as one-argument errors
    const oneArgument = (text: string): object => ({ success: false, error: `[${text}]`, errorType: text });
    await refused(fake, 'alice', { prid: 'noSuchRoom', t_name: 'x' }, oneArgument('error-invalid-room'));
    await refused(fake, 'bob', { prid: 'privateRoomId0001', t_name: 'x' }, oneArgument('error-not-allowed'));
    await refused(
      fake,
      'alice',
      { prid: 'newsRoomId0000001', t_name: 'x' },
      oneArgument("You can't send messages because the room is readonly."),
    );
    await refused(
      fake,
      'bob',
      { prid: 'quietRoomId000001', t_name: 'x' },
      oneArgument('You_have_been_muted'),
    );
    await refused(
      fake,
      'alice',
      { prid: 'GENERAL', t_name: 'x', encrypted: true, reply: 'hi' },
      {
        success: false,
        error: 'Encrypted discussions must not receive an initial reply. [error-invalid-arguments]',
        errorType: 'error-invalid-arguments',
        details,
      },
    );
    // no discussion under a discussion
    const made = await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One' });
    await refused(
      fake,
      'alice',
      { prid: made.body.discussion.rid, t_name: 'x' },
      {
        success: false,
        error: 'Cannot create nested discussions [error-nested-discussion]',
        errorType: 'error-nested-discussion',
        details,
      },
    );
  });

  it('Discussion_enabled off: refused first, for everyone', async () => {
    const fake = fakeAs(undefined, {}, { Discussion_enabled: false });
    await refused(
      fake,
      'admin',
      { prid: 'GENERAL', t_name: 'x', pmid: 'nope' },
      {
        success: false,
        error: 'You are not allowed to create a discussion [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'createDiscussion' },
      },
    );
  });

  it('8.x validates the body (typed route: no suffix, errorType first); an empty t_name passes', async () => {
    const fake = fakeAs();
    const invalid = (error: string): object => ({ success: false, errorType: 'invalid-params', error });
    await refused(fake, 'alice', {}, invalid("must have required property 'prid'"));
    await refused(fake, 'alice', { prid: 'GENERAL' }, invalid("must have required property 't_name'"));
    await refused(fake, 'alice', { prid: 'GENERAL', t_name: 'x', users: 'bob' }, invalid('must be array'));
    await refused(
      fake,
      'alice',
      { prid: 'GENERAL', t_name: 'x', other: 1 },
      invalid('must NOT have additional properties'),
    );
    const res = await create(fake, 'alice', { prid: 'GENERAL', t_name: '', encrypted: 'false' });
    expect(res.status).toBe(200);
    expect(res.body.discussion).toMatchObject({ fname: '', encrypted: false });
  });

  it('a discussion is a room: past roomsPerWorld it is refused as channels.create is; a reset counts again', async () => {
    const fake = fakeAs(undefined, { limits: { roomsPerWorld: 1 } });
    await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One' }).expect(200);
    await refused(
      fake,
      'alice',
      { prid: 'GENERAL', t_name: 'Two' },
      {
        success: false,
        error:
          'This world has made its most rooms (1 since its scenario, the limit roomsPerWorld) [error-rooms-limit-reached]',
        errorType: 'error-rooms-limit-reached',
      },
    );
    fake.reset();
    expect(messagesWhere(fake, (m) => m.t === 'discussion-created')).toEqual([]);
    await create(fake, 'alice', { prid: 'GENERAL', t_name: 'Two' }).expect(200);
  });
});

describe('rooms.createDiscussion per release line', () => {
  it.each<[ProfileId]>([['5'], ['6'], ['7']])(
    '%s: the hand checks, in order, plain failures that change nothing',
    async (profile) => {
      const fake = fakeAs(profile);
      const plain = (error: string): object => ({ success: false, error });
      await refused(fake, 'alice', { t_name: 'x' }, plain('Body parameter "prid" is required.'));
      await refused(
        fake,
        'alice',
        { prid: 'GENERAL', t_name: '' },
        plain('Body parameter "t_name" is required.'),
      );
      await refused(
        fake,
        'alice',
        { prid: 'GENERAL', t_name: 'x', users: 'bob' },
        plain('Body parameter "users" must be an array.'),
      );
      await refused(
        fake,
        'alice',
        { prid: 'GENERAL', t_name: 'x', encrypted: 'yes' },
        plain('Body parameter "encrypted" must be a boolean when included.'),
      );
      // an unknown key is no refusal before 8.x
      await create(fake, 'alice', { prid: 'GENERAL', t_name: 'x', other: 1 }).expect(200);
    },
  );

  it('the topic asked for is read from 7.x; 6.x keeps the parent’s name; 5.x answers without inserted', async () => {
    const seven = await create(fakeAs('7'), 'alice', { prid: 'GENERAL', t_name: 'x', topic: 'mine' });
    expect(seven.body.discussion).toMatchObject({ topic: 'mine', inserted: true });
    const six = await create(fakeAs('6'), 'alice', { prid: 'GENERAL', t_name: 'x', topic: 'mine' });
    expect(six.body.discussion).toMatchObject({ topic: 'general', inserted: true });
    const five = await create(fakeAs('5'), 'alice', { prid: 'GENERAL', t_name: 'x' });
    expect(Object.keys(five.body.discussion as object).slice(0, 3)).toEqual(['rid', '_id', 'fname']);
    expect(five.body.discussion.rid).toMatch(METEOR_ID);
  });

  it('0.49 has none of the three routes: 404', async () => {
    const fake = fakeAs('0.49');
    expect((await create(fake, 'alice', { prid: 'GENERAL', t_name: 'x' })).status).toBe(404);
    expect((await get(fake, ROOMS_LIST, 'alice', { roomId: 'GENERAL' })).status).toBe(404);
    expect((await get(fake, CHAT_LIST, 'alice', { roomId: 'GENERAL' })).status).toBe(404);
  });
});

describe('deleting rooms and discussions', () => {
  it('a parent deleted takes its discussions with it; a reset brings the scenario back', async () => {
    const fake = fakeAs();
    const start = JSON.stringify(fake.state());
    const one = await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One', reply: 'x' });
    const two = await create(fake, 'bob', { prid: 'GENERAL', t_name: 'Two' });
    const ids = [one.body.discussion.rid as string, two.body.discussion.rid as string];
    await request(fake.app)
      .post('/api/v1/channels.delete')
      .set(AS.admin)
      .send({ roomId: 'GENERAL' })
      .expect(200);
    for (const id of ids) {
      expect(roomById(fake, id)).toBeUndefined();
      expect(messagesWhere(fake, (m) => m.rid === id)).toEqual([]);
    }
    const gone = await get(fake, '/api/v1/rooms.info', 'alice', { roomId: ids[0] });
    expect(gone.body.errorType).toBe('error-room-not-found');
    fake.reset();
    expect(JSON.stringify(fake.state())).toBe(start);
  });

  it('a discussion deleted: its parent’s discussion-created message loses drid, dcount and dlm', async () => {
    const fake = fakeAs();
    const made = await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One', reply: 'x' });
    const rid = made.body.discussion.rid as string;
    const [system] = messagesWhere(fake, (m) => m.drid === rid);
    expect(system).toMatchObject({ dcount: 1 });
    await request(fake.app).post('/api/v1/rooms.delete').set(AS.alice).send({ roomId: rid }).expect(200);
    const after = messagesWhere(fake, (m) => m._id === (system as Doc)._id)[0] as Doc;
    expect(after).toMatchObject({ t: 'discussion-created', msg: 'One' });
    expect(Object.keys(after)).not.toEqual(expect.arrayContaining(['drid']));
    expect(after).not.toHaveProperty('dcount');
    expect(after).not.toHaveProperty('dlm');
    expect(roomById(fake, 'GENERAL')).toBeDefined();
  });

  it('the discussion-created message deleted takes the discussion with it; a message of the discussion deleted refreshes dcount', async () => {
    const fake = fakeAs();
    const made = await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One', reply: 'x' });
    const rid = made.body.discussion.rid as string;
    await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.alice)
      .send({ message: { rid, msg: 'y' } })
      .expect(200);
    const [system] = messagesWhere(fake, (m) => m.drid === rid) as [Doc];
    expect(system).toMatchObject({ dcount: 2 });
    const reply = messagesWhere(fake, (m) => m.rid === rid && m.msg === 'x')[0] as Doc;
    const del = (roomId: string, msgId: unknown): request.Test =>
      request(fake.app).post('/api/v1/chat.delete').set(AS.admin).send({ roomId, msgId });
    await del(rid, reply._id).expect(200);
    expect(messagesWhere(fake, (m) => m._id === system._id)[0]).toMatchObject({ dcount: 1 });
    await del('GENERAL', system._id).expect(200);
    expect(roomById(fake, rid)).toBeUndefined();
    expect(messagesWhere(fake, (m) => m.rid === rid)).toEqual([]);
    expect(roomById(fake, 'GENERAL')).toBeDefined();
  });

  it('a later message in the discussion refreshes dcount and dlm', async () => {
    const fake = fakeAs();
    const made = await create(fake, 'alice', { prid: 'GENERAL', t_name: 'One' });
    const rid = made.body.discussion.rid as string;
    expect(messagesWhere(fake, (m) => m.drid === rid)[0]).not.toHaveProperty('dcount');
    const sent = await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.alice)
      .send({ message: { rid, msg: 'later' } });
    expect(sent.status).toBe(200);
    expect(messagesWhere(fake, (m) => m.drid === rid)[0]).toMatchObject({
      dcount: 1,
      dlm: sent.body.message.ts,
    });
  });
});

describe('GET /api/v1/rooms.getDiscussions', () => {
  it('lists the parent’s discussions by title, a page of them, to whoever may see the parent', async () => {
    const fake = fakeAs();
    for (const t_name of ['Beta', 'Alpha', 'Gamma'])
      await create(fake, 'alice', { prid: 'GENERAL', t_name }).expect(200);
    await create(fake, 'alice', { prid: 'privateRoomId0001', t_name: 'Elsewhere' }).expect(200);
    const res = await get(fake, ROOMS_LIST, 'bob', { roomName: 'general', offset: 1, count: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      discussions: [expect.objectContaining({ fname: 'Beta', prid: 'GENERAL', t: 'c' })],
      count: 1,
      offset: 1,
      total: 3,
      success: true,
    });
    const all = await get(fake, ROOMS_LIST, 'bob', { roomId: 'GENERAL' });
    expect((all.body.discussions as Doc[]).map((d) => d.fname)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const none = await get(fake, ROOMS_LIST, 'bob', { roomId: 'randomRoomId00001' });
    expect(none.body).toEqual({ discussions: [], count: 0, offset: 0, total: 0, success: true });
  });

  it('refuses as rooms.info does: no room named, an unknown or archived room, a room the caller may not see', async () => {
    const fake = fakeAs();
    const answer = async (query: object): Promise<unknown> =>
      (await get(fake, ROOMS_LIST, 'bob', query)).body;
    expect(await answer({})).toEqual({
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
    expect(await answer({ roomId: 'nope' })).toEqual({
      success: false,
      error:
        'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
      errorType: 'error-room-not-found',
    });
    expect(await answer({ roomId: 'archivedRoomId001' })).toEqual({
      success: false,
      error: 'The channel, attic, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    expect(await answer({ roomId: 'privateRoomId0001' })).toEqual({
      success: false,
      error: 'not-allowed',
      errorType: 'Not Allowed',
    });
  });
});

describe('GET /api/v1/chat.getDiscussions', () => {
  it('the parent’s discussion-created messages, newest first, filtered by any part of the title in any case', async () => {
    const fake = fakeAs();
    await create(fake, 'alice', { prid: 'GENERAL', t_name: 'Release plans' }).expect(200);
    await create(fake, 'alice', { prid: 'GENERAL', t_name: 'Lunch' }).expect(200);
    const res = await get(fake, CHAT_LIST, 'bob', { roomId: 'GENERAL' });
    expect(res.status).toBe(200);
    expect((res.body.messages as Doc[]).map((m) => m.msg)).toEqual(['Lunch', 'Release plans']);
    expect(res.body).toMatchObject({ count: 2, offset: 0, total: 2, success: true });
    expect(res.body.messages[0]).toMatchObject({
      t: 'discussion-created',
      drid: expect.stringMatching(HEX24),
    });
    for (const text of ['PLANS', 'r', ' ']) {
      const found = await get(fake, CHAT_LIST, 'bob', { roomId: 'GENERAL', text });
      expect((found.body.messages as Doc[]).map((m) => m.msg)).toEqual(['Release plans']);
    }
    const page = await get(fake, CHAT_LIST, 'bob', { roomId: 'GENERAL', count: 1, offset: 1 });
    expect(page.body).toMatchObject({ count: 1, offset: 1, total: 2 });
  });

  it('an unknown room or one the caller may not see: error-not-allowed, a plain error', async () => {
    const fake = fakeAs();
    for (const roomId of ['nope', 'privateRoomId0001'])
      expect((await get(fake, CHAT_LIST, 'bob', { roomId })).body).toEqual({
        success: false,
        error: 'error-not-allowed',
      });
  });

  it('roomId missing per release line: 5.x’s hand check, 6.x/7.x’s validator (sort refused too), 8.x’s typed query', async () => {
    const missing = {
      success: false,
      error: 'The required "roomId" query param is missing. [error-invalid-params]',
      errorType: 'error-invalid-params',
    };
    expect((await get(fakeAs('5'), CHAT_LIST, 'bob', {})).body).toEqual(missing);
    // 5.x reads no sort
    expect((await get(fakeAs('5'), CHAT_LIST, 'bob', { roomId: 'GENERAL', sort: '{"ts":1}' })).status).toBe(
      200,
    );
    for (const profile of ['6', '7'] as const) {
      const fake = fakeAs(profile);
      expect((await get(fake, CHAT_LIST, 'bob', {})).body).toEqual({
        success: false,
        error: "must have required property 'roomId' [invalid-params]",
        errorType: 'invalid-params',
      });
      expect((await get(fake, CHAT_LIST, 'bob', { roomId: 'GENERAL', sort: '{"ts":1}' })).body).toEqual({
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      });
      // an empty roomId passes the validator and meets the hand check
      expect((await get(fake, CHAT_LIST, 'bob', { roomId: '' })).body).toEqual(missing);
    }
    expect((await get(fakeAs(), CHAT_LIST, 'bob', {})).body).toEqual({
      success: false,
      errorType: 'error-invalid-params',
      error: "must have required property 'roomId'",
    });
  });
});
