import request from 'supertest';

import { AS, WORLD, getAs, makeFake, postAs } from './support/fake';
import type { ScenarioInput } from '../src/scenario/schema';

/** Direct rooms: im.create, a post to @user, im.history / im.messages / im.list and the dm.* aliases. */

const AB = 'aliceUserId000001bobUserId00000001';

describe('POST /api/v1/im.create', () => {
  it('makes the room of two: _id the two user ids sorted and joined; answers {t, rid, usernames, _id}', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'alice', '/api/v1/im.create', { username: 'bob' });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({ room: { t: 'd', rid: AB, usernames: ['alice', 'bob'], _id: AB }, success: true }),
    );
    expect(fake.state().directs).toEqual([
      {
        _id: AB,
        t: 'd',
        usernames: ['alice', 'bob'],
        usersCount: 2,
        msgs: 0,
        ts: '2026-01-01T00:00:01.000Z',
        uids: ['aliceUserId000001', 'bobUserId00000001'],
        _updatedAt: '2026-01-01T00:00:01.000Z',
      },
    ]);
    // the same room again, from either side, through the alias too
    const again = await postAs(fake.app, 'bob', '/api/v1/dm.create', { username: 'ALICE' });
    expect(again.body.room._id).toBe(AB);
    expect(fake.state().directs).toHaveLength(1);
  });

  it('the caller’s subscription is open, the other’s not until a message arrives', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'alice', '/api/v1/im.create', { username: 'bob' });
    const mine = await getAs(fake.app, 'alice', `/api/v1/subscriptions.getOne?roomId=${AB}`);
    expect(mine.body.subscription).toMatchObject({
      t: 'd',
      name: 'bob',
      fname: 'bob',
      open: true,
      unread: 0,
    });
    expect(mine.body.subscription._id).toMatch(/^[23456789A-HJ-NP-Za-km-z]{17}$/);
    const theirs = await getAs(fake.app, 'bob', `/api/v1/subscriptions.getOne?roomId=${AB}`);
    expect(theirs.body.subscription).toMatchObject({ name: 'alice', open: false, alert: false, unread: 0 });
    expect(theirs.body.subscription.u).toEqual({ _id: 'bobUserId00000001', username: 'bob' });
  });

  it('usernames makes a group conversation (every member open); excludeSelf leaves the caller out', async () => {
    const fake = makeFake();
    const group = await postAs(fake.app, 'alice', '/api/v1/im.create', { usernames: 'bob, robot' });
    expect(group.body.room.usernames).toEqual(['alice', 'bob', 'robot']);
    expect(group.body.room._id).toMatch(/^[0-9a-f]{24}$/);
    const bob = await getAs(fake.app, 'bob', `/api/v1/subscriptions.getOne?roomId=${group.body.room._id}`);
    expect(bob.body.subscription).toMatchObject({ name: 'alice, robot', open: true });
    const others = await postAs(fake.app, 'admin', '/api/v1/im.create', {
      usernames: 'bob,robot',
      excludeSelf: true,
    });
    expect(others.body.room.usernames).toEqual(['bob', 'robot']);
  });

  it('refusals: no name (the validator), an unknown user, no create-d (guests), each changing nothing', async () => {
    const fake = makeFake();
    const before = fake.state();
    const none = await postAs(fake.app, 'alice', '/api/v1/im.create', {});
    expect([none.status, none.body]).toEqual([
      400,
      {
        success: false,
        error:
          "must have required property 'usernames'\n must have required property 'username'\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ]);
    const unknown = await postAs(fake.app, 'alice', '/api/v1/im.create', { username: 'zed' });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      {
        success: false,
        error: 'Invalid user [error-invalid-user]',
        errorType: 'error-invalid-user',
        details: { method: 'createDirectMessage' },
      },
    ]);
    // an empty name is no user either (the server trims the names and drops none)
    for (const body of [{ username: '' }, { usernames: '' }, { usernames: 'bob, ' }]) {
      const empty = await postAs(fake.app, 'alice', '/api/v1/im.create', body);
      expect([empty.status, empty.body]).toEqual([unknown.status, unknown.body]);
    }
    const guest = await postAs(fake.app, 'gina', '/api/v1/im.create', { username: 'bob' });
    expect([guest.status, guest.body]).toEqual([
      400,
      {
        success: false,
        error: 'Not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'createDirectMessage' },
      },
    ]);
    expect(fake.state()).toEqual(before);
  });
});

describe('a direct message: chat.postMessage to @user', () => {
  it('makes the room, posts, echoes the channel as sent; the other side has it unread', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      channel: '@bob',
      text: 'hi bob',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel: '@bob', message: { rid: AB, msg: 'hi bob' } });
    const bob = await getAs(fake.app, 'bob', `/api/v1/subscriptions.getOne?roomId=${AB}`);
    expect(bob.body.subscription).toMatchObject({ open: true, alert: true, unread: 1 });
    const alice = await getAs(fake.app, 'alice', `/api/v1/subscriptions.getOne?roomId=${AB}`);
    expect(alice.body.subscription).toMatchObject({ alert: false, unread: 0, ls: res.body.message.ts });
    // a user's id works as the target too, and a bare id finds the room itself
    const byId = await postAs(fake.app, 'bob', '/api/v1/chat.postMessage', {
      channel: 'aliceUserId000001',
      text: 'hi alice',
    });
    expect(byId.body.message.rid).toBe(AB);
    const byRoom = await postAs(fake.app, 'bob', '/api/v1/chat.postMessage', { roomId: AB, text: 'again' });
    expect(byRoom.body.message.rid).toBe(AB);
    expect(fake.state().directs?.[0]).toMatchObject({ msgs: 3, lm: byRoom.body.message.ts });
  });

  it('an unknown user is invalid-channel; a guest may not make the room', async () => {
    const fake = makeFake();
    const unknown = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      channel: '@zed',
      text: 'x',
    });
    expect(unknown.body).toEqual({
      success: false,
      error: '[invalid-channel]',
      errorType: 'invalid-channel',
    });
    const guest = await postAs(fake.app, 'gina', '/api/v1/chat.postMessage', { channel: '@bob', text: 'x' });
    expect(guest.body.errorType).toBe('error-not-allowed');
    expect(fake.state().directs).toBeUndefined();
  });

  it('chat.sendMessage, chat.update and chat.delete work in a direct room; outsiders may not post there', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'alice', '/api/v1/im.create', { username: 'bob' });
    const sent = await postAs(fake.app, 'bob', '/api/v1/chat.sendMessage', {
      message: { rid: AB, msg: 'yo' },
    });
    expect(sent.body.message).toMatchObject({ rid: AB, msg: 'yo' });
    const id = sent.body.message._id as string;
    const edited = await postAs(fake.app, 'bob', '/api/v1/chat.update', {
      roomId: AB,
      msgId: id,
      text: 'yo!',
    });
    expect(edited.body.message.msg).toBe('yo!');
    const outsider = await postAs(fake.app, 'admin', '/api/v1/chat.sendMessage', {
      message: { rid: AB, msg: 'x' },
    });
    expect(outsider.body).toEqual({ success: false, error: 'error-not-allowed' });
    const deleted = await postAs(fake.app, 'bob', '/api/v1/chat.delete', { roomId: AB, msgId: id });
    expect(deleted.status).toBe(200);
    expect(fake.state().directs?.[0]?.msgs).toBe(0);
  });
});

describe('GET /api/v1/im.history, im.messages, im.list', () => {
  async function chat(): Promise<ReturnType<typeof makeFake>> {
    const fake = makeFake();
    for (const text of ['one', 'two', 'three'])
      await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '@bob', text });
    return fake;
  }

  it('im.history: newest first, paged; dm.history the same', async () => {
    const fake = await chat();
    const res = await getAs(fake.app, 'bob', `/api/v1/im.history?roomId=${AB}&count=2`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['messages', 'success']);
    expect(res.body.messages.map((m: { msg: string }) => m.msg)).toEqual(['three', 'two']);
    const alias = await getAs(fake.app, 'bob', `/api/v1/dm.history?roomId=${AB}&count=2`);
    expect(alias.body).toEqual(res.body);
  });

  it('im.history unreads=true: the first message after oldest the page left out, and how many', async () => {
    const fake = await chat();
    const res = await getAs(
      fake.app,
      'bob',
      `/api/v1/dm.history?roomId=${AB}&count=1&unreads=true&oldest=2000-01-01T00:00:00.000Z`,
    );
    expect([res.body.messages[0].msg, res.body.firstUnread.msg, res.body.unreadNotLoaded]).toEqual([
      'three',
      'one',
      2,
    ]);
  });

  it('im.history refusals: no roomId, not a direct room, not a member', async () => {
    const fake = await chat();
    // 8.6 on: the typed router's refusal; before, the legacy route's
    const none = await getAs(fake.app, 'bob', '/api/v1/im.history');
    expect(none.body).toEqual({
      success: false,
      errorType: 'error-invalid-params',
      error: "must have required property 'roomId'",
    });
    const legacy = await getAs(makeFake({ profile: '7.10' }).app, 'bob', '/api/v1/im.history');
    expect(legacy.body).toEqual({
      success: false,
      error: "must have required property 'roomId' [invalid-params]",
      errorType: 'invalid-params',
    });
    const channel = await getAs(fake.app, 'bob', '/api/v1/im.history?roomId=GENERAL');
    expect([channel.status, channel.body]).toEqual([
      400,
      { success: false, error: '[invalid-channel]', errorType: 'invalid-channel' },
    ]);
    const outsider = await getAs(fake.app, 'admin', `/api/v1/im.history?roomId=${AB}`);
    expect([outsider.status, outsider.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
  });

  it('im.messages by roomId or username: {messages, count, offset, total}; both is refused', async () => {
    const fake = await chat();
    const byRoom = await getAs(fake.app, 'bob', `/api/v1/im.messages?roomId=${AB}&count=1`);
    expect(byRoom.body).toMatchObject({ count: 1, offset: 0, total: 3, success: true });
    expect(byRoom.body.messages[0].msg).toBe('three');
    const byName = await getAs(fake.app, 'bob', '/api/v1/dm.messages?username=alice&count=1');
    expect(byName.body).toEqual(byRoom.body);
    const both = await getAs(fake.app, 'bob', `/api/v1/im.messages?roomId=${AB}&username=alice`);
    expect(both.status).toBe(400);
    expect(both.body).toEqual({
      success: false,
      errorType: 'error-invalid-params',
      error:
        'must NOT have additional properties\nmust NOT have additional properties\nmust match exactly one schema in oneOf',
    });
  });

  it('im.list: the caller’s direct rooms with their last message; none for an outsider', async () => {
    const fake = await chat();
    const res = await getAs(fake.app, 'alice', '/api/v1/im.list');
    expect(res.body).toMatchObject({ offset: 0, count: 1, total: 1, success: true });
    expect(res.body.ims[0]).toMatchObject({ _id: AB, t: 'd', msgs: 3, lastMessage: { msg: 'three' } });
    const admin = await getAs(fake.app, 'admin', '/api/v1/dm.list');
    expect(admin.body).toMatchObject({ ims: [], total: 0 });
  });
});

describe('direct rooms in a scenario', () => {
  const SCENARIO: ScenarioInput = {
    ...WORLD,
    directs: [{ usernames: ['alice', 'bob'], ts: '2025-12-01T00:00:00.000Z' }],
    messages: [{ rid: AB, msg: 'from the scenario', u: { username: 'bob' }, ts: '2025-12-02T00:00:00.000Z' }],
  };

  it('a room of the scenario, its messages counted; state() loads back as it is', async () => {
    const fake = makeFake({ scenario: SCENARIO });
    expect(fake.state().directs).toEqual([
      {
        _id: AB,
        t: 'd',
        usernames: ['alice', 'bob'],
        usersCount: 2,
        msgs: 1,
        ts: '2025-12-01T00:00:00.000Z',
        uids: ['aliceUserId000001', 'bobUserId00000001'],
        _updatedAt: '2025-12-01T00:00:00.000Z',
        lm: '2025-12-02T00:00:00.000Z',
      },
    ]);
    const history = await getAs(fake.app, 'alice', `/api/v1/im.history?roomId=${AB}`);
    expect(history.body.messages.map((m: { msg: string }) => m.msg)).toEqual(['from the scenario']);
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '@robot', text: 'beep' });
    const state = fake.state();
    const again = makeFake({ scenario: state as ScenarioInput });
    expect(again.state()).toEqual(state);
  });

  it('an unknown member, a user named twice and a typo are each reported at their path', () => {
    expect(() =>
      makeFake({
        scenario: {
          ...WORLD,
          directs: [{ usernames: ['alice', 'zed'] }, { usernames: ['bob', 'bob'] }, { members: ['alice'] }],
        } as unknown as ScenarioInput,
      }),
    ).toThrow(
      /\$\.directs\[2\]\.members[\s\S]*usernames[\s\S]*\$\.directs\[0\]\.usernames\[1\]: no user "zed" in users[\s\S]*\$\.directs\[1\]\.usernames: names a user twice/,
    );
  });

  it('a session or a reset starts from the scenario’s rooms again', async () => {
    const fake = makeFake({ scenario: SCENARIO });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '@robot', text: 'beep' });
    expect(fake.state().directs).toHaveLength(2);
    await request(fake.app).post('/__admin/reset');
    expect(fake.state().directs).toHaveLength(1);
    expect(AS.alice['X-User-Id']).toBe('aliceUserId000001');
  });
});
