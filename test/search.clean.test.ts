/**
 * `POST /api/v1/rooms.cleanHistory` and its realtime twin `cleanRoomHistory`: the window, the
 * flags, the removed messages in the trash, the room's `msgs` and last message, the one
 * `deleteMessageBulk` frame, the refusals per release line.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { withRealtime } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

const CLEAN = '/api/v1/rooms.cleanHistory';

const WORLD: ScenarioInput = {
  ...ACTIONS_WORLD,
  channels: (ACTIONS_WORLD.channels ?? []).map((c) => (c._id === 'GENERAL' ? { ...c, msgs: 6 } : c)),
  messages: [
    { _id: 'msgC1', rid: 'GENERAL', msg: 'one', u: { username: 'alice' }, ts: '2025-12-01T00:00:00.000Z' },
    {
      _id: 'msgC2',
      rid: 'GENERAL',
      msg: 'two',
      u: { username: 'bob' },
      ts: '2025-12-02T00:00:00.000Z',
      extra: { pinned: true },
    },
    { _id: 'msgC3', rid: 'GENERAL', msg: 'three', u: { username: 'alice' }, ts: '2025-12-03T00:00:00.000Z' },
    {
      _id: 'msgC4',
      rid: 'GENERAL',
      msg: 'reply',
      u: { username: 'bob' },
      ts: '2025-12-04T00:00:00.000Z',
      tmid: 'msgC3',
    },
    { _id: 'msgC5', rid: 'GENERAL', msg: 'five', u: { username: 'bob' }, ts: '2025-12-05T00:00:00.000Z' },
    { _id: 'msgSecret00000001', rid: 'privateRoomId0001', msg: 'plan', u: { username: 'alice' } },
  ],
};

function fakeAs(profile?: ProfileId): FakeServer {
  return createFakeServer({ scenario: WORLD, ...(profile ? { profile } : {}) });
}

async function clean(
  fake: FakeServer,
  body: object,
  who: keyof typeof AS = 'admin',
): Promise<{ status: number; body: unknown }> {
  const res = await request(fake.app).post(CLEAN).set(AS[who]).send(body);
  return { status: res.status, body: res.body as unknown };
}

const ids = (fake: FakeServer, rid = 'GENERAL'): string[] =>
  (fake.state().messages ?? []).filter((m) => m.rid === rid).map((m) => m._id);

const general = (fake: FakeServer): Record<string, unknown> | undefined =>
  fake.state().channels.find((c) => c._id === 'GENERAL') as Record<string, unknown> | undefined;

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

async function refused(fake: FakeServer, body: object, expected: object, who: keyof typeof AS = 'admin') {
  const before = snapshot(fake);
  expect(await clean(fake, body, who)).toEqual({ status: 400, body: expected });
  expect(snapshot(fake)).toBe(before);
}

const ALL = { roomId: 'GENERAL', latest: '2026-01-01T00:00:00.000Z', oldest: '2025-01-01T00:00:00.000Z' };

describe('POST /api/v1/rooms.cleanHistory (8.9)', () => {
  it('removes the window (ends excluded unless inclusive), replies too; the trash, msgs and lastMessage follow', async () => {
    const fake = fakeAs();
    // the window's ends are excluded by default
    expect(
      await clean(fake, {
        roomId: 'GENERAL',
        latest: '2025-12-03T00:00:00.000Z',
        oldest: '2025-12-01T00:00:00.000Z',
      }),
    ).toEqual({ status: 200, body: { _id: 'GENERAL', count: 1, success: true } });
    expect(ids(fake)).toEqual(['msgC1', 'msgC3', 'msgC4', 'msgC5']);
    expect(
      await clean(fake, {
        roomId: 'GENERAL',
        latest: '2025-12-03T00:00:00.000Z',
        oldest: '2025-12-01T00:00:00.000Z',
        inclusive: true,
      }),
    ).toEqual({ status: 200, body: { _id: 'GENERAL', count: 2, success: true } });
    expect(ids(fake)).toEqual(['msgC4', 'msgC5']);
    expect(general(fake)).toMatchObject({ msgs: 3, lastMessage: { _id: 'msgC5' } });
    // every flag absent is false: the reply goes too
    expect(await clean(fake, ALL)).toEqual({
      status: 200,
      body: { _id: 'GENERAL', count: 2, success: true },
    });
    expect(ids(fake)).toEqual([]);
    expect(general(fake)?.lastMessage).toBeUndefined();
    const deleted = await request(fake.app)
      .get('/api/v1/chat.getDeletedMessages')
      .query({ roomId: 'GENERAL', since: '2020-01-01T00:00:00.000Z' })
      .set(AS.admin);
    expect((deleted.body as { messages: unknown[] }).messages).toEqual([
      { _id: 'msgC2' },
      { _id: 'msgC1' },
      { _id: 'msgC3' },
      { _id: 'msgC4' },
      { _id: 'msgC5' },
    ]);
    // nothing in the window: count 0, nothing changed
    const before = snapshot(fake);
    expect(await clean(fake, ALL)).toEqual({
      status: 200,
      body: { _id: 'GENERAL', count: 0, success: true },
    });
    expect(snapshot(fake)).toBe(before);
    fake.reset();
    expect(ids(fake)).toEqual(['msgC1', 'msgC2', 'msgC3', 'msgC4', 'msgC5']);
  });

  it('the flags: excludePinned, ignoreThreads, users, limit (oldest first), filesOnly', async () => {
    const fake = fakeAs();
    expect(
      await clean(fake, { ...ALL, excludePinned: true, ignoreThreads: 'true', users: ['alice'], limit: 1 }),
    ).toEqual({ status: 200, body: { _id: 'GENERAL', count: 1, success: true } });
    expect(ids(fake)).toEqual(['msgC2', 'msgC3', 'msgC4', 'msgC5']);
    // msgC3 is a thread's root: kept with ignoreThreads, as its reply
    expect(await clean(fake, { ...ALL, excludePinned: true, ignoreThreads: true })).toMatchObject({
      body: { count: 1 },
    });
    expect(ids(fake)).toEqual(['msgC2', 'msgC3', 'msgC4']);
    // no message of the world has a file: filesOnly counts none and removes nothing
    expect(await clean(fake, { ...ALL, filesOnly: true })).toMatchObject({ body: { count: 0 } });
    expect(ids(fake)).toEqual(['msgC2', 'msgC3', 'msgC4']);
  });

  it('refuses: the typed body, the room, the access, the permission (a 400 of the method); nothing changes', async () => {
    const fake = fakeAs();
    await refused(
      fake,
      { roomId: 'GENERAL', latest: '2026-01-01T00:00:00.000Z' },
      {
        success: false,
        errorType: 'invalid-params',
        error: "must have required property 'oldest'",
      },
    );
    await refused(
      fake,
      { ...ALL, roomId: 'nope' },
      {
        success: false,
        error:
          'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
        errorType: 'error-room-not-found',
      },
    );
    await refused(
      fake,
      { ...ALL, roomId: 'privateRoomId0001' },
      {
        success: false,
        error: 'User does not have access to the room [error-not-allowed]',
        errorType: 'error-not-allowed',
      },
      'bob',
    );
    await refused(
      fake,
      { ...ALL, latest: '' },
      { success: false, error: 'Body parameter "latest" is required.' },
    );
    await refused(
      fake,
      ALL,
      {
        success: false,
        error: 'Not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'cleanRoomHistory' },
      },
      'alice',
    );
  });
});

describe('rooms.cleanHistory per release line', () => {
  it('0.49 has none: 404', async () => {
    expect((await clean(fakeAs('0.49'), ALL)).status).toBe(404);
  });

  it.each<ProfileId>(['6', '7.10'])(
    '%s: the legacy validator; 6 has no access check of its own',
    async (profile) => {
      const fake = fakeAs(profile);
      await refused(
        fake,
        { roomId: 'GENERAL', latest: 'x', oldest: 'y', extra: 1 },
        {
          success: false,
          error: 'must NOT have additional properties [invalid-params]',
          errorType: 'invalid-params',
        },
      );
      expect(await clean(fake, ALL)).toEqual({
        status: 200,
        body: { _id: 'GENERAL', count: 5, success: true },
      });
    },
  );
});

describe('cleanRoomHistory over the realtime API', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  it('cleans as rooms.cleanHistory does (the method inclusive by default): the count, one deleteMessageBulk, rooms-changed', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-notify-room', 'GENERAL/deleteMessageBulk', false);
    await bob.sub('stream-notify-room', 'GENERAL/deleteMessage', false);
    await bob.sub('stream-notify-user', 'bobUserId00000001/rooms-changed', false);
    const admin = await loggedIn('admin-token');
    const latest = Date.parse('2025-12-03T00:00:00.000Z');
    const oldest = Date.parse('2025-12-01T00:00:00.000Z');
    const result = await admin.call('cleanRoomHistory', {
      roomId: 'GENERAL',
      latest: { $date: latest },
      oldest: { $date: oldest },
      limit: 5,
    });
    expect(result).toEqual({ msg: 'result', id: result.id, result: 2 });
    // the method's ignoreThreads defaults to true: the thread's root and its reply stay
    expect(ids(fake)).toEqual(['msgC3', 'msgC4', 'msgC5']);
    const bulk = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-room');
    expect(bulk).toEqual({
      msg: 'changed',
      collection: 'stream-notify-room',
      id: 'id',
      fields: {
        eventName: 'GENERAL/deleteMessageBulk',
        args: [
          {
            rid: 'GENERAL',
            excludePinned: false,
            ignoreDiscussion: true,
            ts: { $gte: { $date: oldest }, $lte: { $date: latest } },
            users: [],
            ids: ['msgC1', 'msgC2'],
          },
        ],
      },
    });
    const room = await bob.next(
      (f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName.endsWith('/rooms-changed'),
    );
    expect(room.fields).toMatchObject({ args: ['updated', { _id: 'GENERAL', msgs: 4 }] });
    // a round trip: no deleteMessage frame came
    await bob.call('getRoomIdByNameOrId', 'general');
    expect(
      bob.frames.filter(
        (f) =>
          f.msg === 'changed' && (f.fields as { eventName: string }).eventName === 'GENERAL/deleteMessage',
      ),
    ).toEqual([]);
  });

  it('refuses: Match failed before the login, Not allowed without the permission; 0.49 does not serve it', async () => {
    const anonymous = await loggedIn();
    const bad = await anonymous.call('cleanRoomHistory', {
      roomId: 'GENERAL',
      latest: 'soon',
      oldest: 'then',
    });
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    const alice = await loggedIn('alice-token');
    const before = snapshot(fake);
    const denied = await alice.call('cleanRoomHistory', {
      roomId: 'GENERAL',
      latest: { $date: Date.now() },
      oldest: { $date: 0 },
    });
    expect(denied.error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'cleanRoomHistory' },
    });
    expect(snapshot(fake)).toBe(before);
    await fake.stop();
    fake = fakeAs('0.49');
    await fake.start();
    const old = await loggedIn('admin-token');
    expect((await old.call('cleanRoomHistory', { roomId: 'GENERAL' })).error).toMatchObject({ error: 404 });
  });
});
