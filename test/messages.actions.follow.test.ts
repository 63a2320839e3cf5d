/**
 * `POST /api/v1/chat.followMessage`, `chat.unfollowMessage` and their realtime twins: the thread
 * root's `replies`, a reply followed as its thread, the refusals per release line, the frame.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Frame } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

const FOLLOW = '/api/v1/chat.followMessage';
const UNFOLLOW = '/api/v1/chat.unfollowMessage';

function fakeAs(profile?: ProfileId, settings?: Record<string, unknown>): FakeServer {
  return createFakeServer({
    scenario: {
      ...ACTIONS_WORLD,
      messages: [
        ...(ACTIONS_WORLD.messages ?? []),
        {
          _id: 'msgReply000000001',
          rid: 'GENERAL',
          msg: 'a reply',
          u: { username: 'bob' },
          tmid: 'msgGeneral0000001',
          ts: '2026-01-01T00:00:00.500Z',
        },
      ],
      ...(settings ? { settings } : {}),
    },
    ...(profile ? { profile } : {}),
  });
}

function post(fake: FakeServer, path: string, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(path).set(AS[who]).send(body);
}

function repliesOf(fake: FakeServer, id: string): unknown {
  return ((fake.state().messages ?? []).find((m) => m._id === id) as Record<string, unknown> | undefined)
    ?.replies;
}

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

async function refused(
  fake: FakeServer,
  path: string,
  who: keyof typeof AS,
  body: object,
  expected: object,
): Promise<void> {
  const before = snapshot(fake);
  const res = await post(fake, path, who, body);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: expected });
  expect(snapshot(fake)).toBe(before);
}

const OK = { success: true };
const MID_MISSING = {
  success: false,
  error: '[The required "mid" body param is missing.]',
  errorType: 'The required "mid" body param is missing.',
};

describe('POST /api/v1/chat.followMessage and chat.unfollowMessage (8.9)', () => {
  it("follows the thread's root (a reply's tmid), once; unfollows", async () => {
    const fake = fakeAs();
    const before = repliesOf(fake, 'msgGeneral0000001');
    const start = Array.isArray(before) ? (before as string[]) : [];
    expect(start).not.toContain('adminUserId000001');
    await post(fake, FOLLOW, 'admin', { mid: 'msgReply000000001' }).expect(200, OK);
    expect(repliesOf(fake, 'msgGeneral0000001')).toEqual([...start, 'adminUserId000001']);
    // following again changes nothing
    const after = snapshot(fake);
    await post(fake, FOLLOW, 'admin', { mid: 'msgGeneral0000001' }).expect(200, OK);
    expect(snapshot(fake)).toBe(after);
    await post(fake, UNFOLLOW, 'admin', { mid: 'msgGeneral0000001' }).expect(200, OK);
    expect(repliesOf(fake, 'msgGeneral0000001')).toEqual(start);
    // a plain message becomes a would-be root
    await post(fake, FOLLOW, 'alice', { mid: 'msgQuiet000000001' }).expect(200, OK);
    expect(repliesOf(fake, 'msgQuiet000000001')).toEqual(['aliceUserId000001']);
  });

  it('refuses: the typed body, threads off, an unknown message, a room not seen; each changing nothing', async () => {
    const fake = fakeAs();
    await refused(
      fake,
      FOLLOW,
      'alice',
      {},
      {
        success: false,
        errorType: 'invalid-params',
        error: "must have required property 'mid'",
      },
    );
    await refused(
      fake,
      FOLLOW,
      'alice',
      { mid: 'nope' },
      {
        success: false,
        error: 'Invalid message [error-invalid-message]',
        errorType: 'error-invalid-message',
        details: { method: 'followMessage' },
      },
    );
    await refused(
      fake,
      UNFOLLOW,
      'bob',
      { mid: 'msgSecret00000001' },
      {
        success: false,
        error: 'not-allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'unfollowMessage' },
      },
    );
    const off = fakeAs(undefined, { Threads_enabled: false });
    await refused(
      off,
      FOLLOW,
      'alice',
      { mid: 'msgGeneral0000001' },
      {
        success: false,
        error: 'not-allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'followMessage' },
      },
    );
  });
});

describe('chat.followMessage per release line', () => {
  it('0.49 has neither: 404', async () => {
    const fake = fakeAs('0.49');
    expect((await post(fake, FOLLOW, 'alice', { mid: 'msgGeneral0000001' })).status).toBe(404);
    expect((await post(fake, UNFOLLOW, 'alice', { mid: 'msgGeneral0000001' })).status).toBe(404);
  });

  it.each<ProfileId>(['5', '6', '7.0'])('%s: an empty mid is the one-argument error', async (profile) => {
    const fake = fakeAs(profile);
    await refused(fake, FOLLOW, 'alice', { mid: '' }, MID_MISSING);
    await refused(fake, UNFOLLOW, 'alice', { mid: '' }, MID_MISSING);
  });

  it('5: no mid at all is the same; 7.0: the validator first', async () => {
    await refused(fakeAs('5'), FOLLOW, 'alice', {}, MID_MISSING);
    await refused(
      fakeAs('7.0'),
      FOLLOW,
      'alice',
      {},
      {
        success: false,
        error: "must have required property 'mid' [invalid-params]",
        errorType: 'invalid-params',
      },
    );
    await refused(
      fakeAs('7.10'),
      FOLLOW,
      'alice',
      { mid: '' },
      {
        success: false,
        error: 'must NOT have fewer than 1 characters [invalid-params]',
        errorType: 'invalid-params',
      },
    );
  });
});

describe('followMessage / unfollowMessage over the realtime API', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  it("follows as the REST route does: an empty result, the root's new version on the room stream", async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const admin = await loggedIn('admin-token');
    const result = await admin.call('followMessage', { mid: 'msgReply000000001' });
    expect(result).toEqual({ msg: 'result', id: result.id });
    const frame = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-room-messages',
      id: 'id',
      fields: {
        eventName: 'GENERAL',
        args: [
          expect.objectContaining({
            _id: 'msgGeneral0000001',
            replies: expect.arrayContaining(['adminUserId000001']) as unknown,
          }) as Frame,
        ],
      },
    });
    const unfollowed = await admin.call('unfollowMessage', { mid: 'msgGeneral0000001' });
    expect(unfollowed).toEqual({ msg: 'result', id: unfollowed.id });
    expect(repliesOf(fake, 'msgGeneral0000001')).not.toContain('adminUserId000001');
  });

  it('0.49 serves neither method (following came with threads, in 1.0): Method not found', async () => {
    await fake.stop();
    fake = fakeAs('0.49');
    await fake.start();
    const alice = await loggedIn('alice-token');
    for (const method of ['followMessage', 'unfollowMessage']) {
      const answer = await alice.call(method, { mid: 'msgGeneral0000001' });
      expect(answer.error).toMatchObject({ error: 404, reason: `Method '${method}' not found` });
    }
  });

  it('an unknown message is Invalid message; a bad argument Match failed; nothing changed', async () => {
    const alice = await loggedIn('alice-token');
    const before = snapshot(fake);
    const unknown = await alice.call('followMessage', { mid: 'nope' });
    expect(unknown.error).toMatchObject({
      error: 'error-invalid-message',
      reason: 'Invalid message',
      details: { method: 'followMessage' },
    });
    const bad = await alice.call('unfollowMessage', {});
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    expect(snapshot(fake)).toBe(before);
  });
});
