/**
 * The direct rooms' `im.open`, `im.close`, `im.members`, `im.counters` and their `dm.*` names:
 * the subscription's `open` changed (state before and after), the refusals of each release line
 * (exact bodies) that change nothing, the members' page and the counters.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, makeFake } from './support/fake';
import { post, snapshot, type Who } from './support/rooms';

const DM = 'aliceUserId000001bobUserId00000001';

function get(fake: FakeServer, who: Who, route: string, query: Record<string, unknown> = {}): request.Test {
  return request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);
}

async function same(fake: FakeServer, req: () => request.Test, status: number, body: unknown): Promise<void> {
  const before = snapshot(fake);
  const res = await req();
  expect([res.status, res.body]).toEqual([status, body]);
  expect(snapshot(fake)).toBe(before);
}

/** A fake where alice opened a direct room with bob (bob's subscription closed, as a 1:1 room starts). */
async function withDirect(profile: ProfileId = '8'): Promise<FakeServer> {
  const fake = makeFake({ profile });
  await post(fake, 'alice', 'im.create', { username: 'bob' }).expect(200);
  return fake;
}

async function openOf(fake: FakeServer, who: Who): Promise<unknown> {
  const res = await get(fake, who, 'subscriptions.getOne', { roomId: DM });
  return (res.body.subscription as { open?: unknown } | null)?.open;
}

const plain = (error: string): object => ({ success: false, error });
const UNAUTHORIZED = plain('unauthorized');
const NOT_A_DM = {
  success: false,
  error: 'The required "roomId" param provided does not match any direct message [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const NOT_A_DM_5 = {
  success: false,
  error:
    'The required "roomId" or "username" param provided does not match any direct message [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const ROOMID_REQUIRED = {
  success: false,
  error: 'Body param "roomId" is required [error-room-param-not-provided]',
  errorType: 'error-room-param-not-provided',
};

describe('im.open and im.close (dm.open, dm.close)', () => {
  it('open opens the caller’s subscription, close closes it; open twice is no refusal (5.x on)', async () => {
    const fake = await withDirect();
    expect(await openOf(fake, 'bob')).toBe(false);
    const opened = await post(fake, 'bob', 'im.open', { roomId: DM });
    expect([opened.status, opened.body]).toEqual([200, { success: true }]);
    expect(opened.body).toMatchShape('im.open');
    expect(await openOf(fake, 'bob')).toBe(true);
    await same(fake, () => post(fake, 'bob', 'dm.open', { roomId: DM }), 200, { success: true });
    await post(fake, 'bob', 'dm.close', { roomId: DM }).expect(200, { success: true });
    expect(await openOf(fake, 'bob')).toBe(false);
    expect(
      (fake.state().subscriptions ?? []).find((s) => s.rid === DM && s.username === 'bob'),
    ).toMatchObject({
      open: false,
    });
    fake.reset();
    expect(fake.state().directs ?? []).toEqual([]);
  });

  it('8.8 on: the typed body; others as 7', async () => {
    const fake = await withDirect();
    await same(fake, () => post(fake, 'bob', 'im.open', {}), 400, {
      success: false,
      errorType: 'invalid-params',
      error: "must have required property 'roomId'",
    });
    await same(fake, () => post(fake, 'bob', 'im.close', { roomId: DM, name: 'x' }), 400, {
      success: false,
      errorType: 'invalid-params',
      error: 'must NOT have additional properties',
    });
    await same(fake, () => post(fake, 'gina', 'im.open', { roomId: DM }), 403, UNAUTHORIZED);
    await same(fake, () => post(fake, 'alice', 'im.open', { roomId: 'nowhere' }), 403, UNAUTHORIZED);
    // im.close of a room that does not exist: no access asked, no subscription
    await same(
      fake,
      () => post(fake, 'alice', 'im.close', { roomId: 'nowhere' }),
      400,
      plain('The user is not subscribed to the room'),
    );
    await same(fake, () => post(fake, 'alice', 'im.open', { roomId: 'GENERAL' }), 400, NOT_A_DM);
    await same(
      fake,
      () => post(fake, 'bob', 'im.close', { roomId: DM }),
      400,
      plain('The direct message room, is already closed to the sender'),
    );
  });

  it.each(['6', '7'] as ProfileId[])(
    '%s: roomId by hand, 403 without access, the closed room’s words',
    async (profile) => {
      const fake = await withDirect(profile);
      await same(fake, () => post(fake, 'bob', 'im.open', {}), 400, ROOMID_REQUIRED);
      await same(fake, () => post(fake, 'gina', 'im.close', { roomId: DM }), 403, UNAUTHORIZED);
      // a room that does not exist: 6.x asks access (403); 7.x looks for the subscription alone
      const gone = await post(fake, 'alice', 'im.close', { roomId: 'nowhere' });
      expect([gone.status, gone.body]).toEqual(
        profile === '6' ? [403, UNAUTHORIZED] : [400, plain('The user is not subscribed to the room')],
      );
      await same(fake, () => post(fake, 'alice', 'im.close', { roomId: 'GENERAL' }), 400, NOT_A_DM);
      await same(
        fake,
        () => post(fake, 'bob', 'im.close', { roomId: DM }),
        400,
        plain('The direct message room, is already closed to the sender'),
      );
    },
  );

  it('5: one not-found text for no access and another type; closed names the body’s name', async () => {
    const fake = await withDirect('5');
    await same(fake, () => post(fake, 'gina', 'im.open', { roomId: DM }), 400, NOT_A_DM_5);
    await same(fake, () => post(fake, 'alice', 'im.open', { roomId: 'GENERAL' }), 400, NOT_A_DM_5);
    await same(fake, () => post(fake, 'bob', 'im.close', {}), 400, ROOMID_REQUIRED);
    await same(
      fake,
      () => post(fake, 'bob', 'im.close', { roomId: DM }),
      400,
      plain('The direct message room, undefined, is already closed to the sender'),
    );
  });

  it('0.49: plain failures; opening an open room is refused', async () => {
    const fake = await withDirect('0.49');
    await same(
      fake,
      () => post(fake, 'alice', 'im.open', { roomId: DM }),
      400,
      plain('The direct message room, undefined, is already open for the sender'),
    );
    await same(
      fake,
      () => post(fake, 'alice', 'im.open', { roomId: ' ' }),
      400,
      plain('Body param "roomId" is required'),
    );
    await same(
      fake,
      () => post(fake, 'gina', 'im.close', { roomId: DM }),
      400,
      plain(`No direct message room found by the id of: ${DM}`),
    );
    await post(fake, 'bob', 'im.open', { roomId: DM }).expect(200, { success: true });
    expect(await openOf(fake, 'bob')).toBe(true);
  });
});

describe('im.members (dm.members)', () => {
  it('8.8 on: the active members, each with its subscription; a page', async () => {
    const fake = await withDirect();
    const res = await get(fake, 'alice', 'im.members', { roomId: DM });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      members: [
        {
          _id: 'aliceUserId000001',
          username: 'alice',
          name: 'alice',
          status: 'offline',
          subscription: { _id: expect.any(String), ts: '2026-01-01T00:00:01.000Z' },
        },
        {
          _id: 'bobUserId00000001',
          username: 'bob',
          name: 'bob',
          status: 'offline',
          subscription: { _id: expect.any(String), ts: '2026-01-01T00:00:01.000Z' },
        },
      ],
      count: 2,
      offset: 0,
      total: 2,
      success: true,
    });
    expect(res.body).toMatchShape('im.members');
    const page = await get(fake, 'alice', 'dm.members', { roomId: DM, count: 1, offset: 1 });
    expect(page.body).toMatchObject({ count: 1, offset: 1, total: 2 });
    expect(page.body.members.map((m: { username: string }) => m.username)).toEqual(['bob']);
    const filtered = await get(fake, 'alice', 'im.members', { username: 'bob', filter: 'BO' });
    expect(filtered.body.members.map((m: { username: string }) => m.username)).toEqual(['bob']);
  });

  it('the refusals: the typed query (8.8), the legacy validator (7), 403, not a direct room; 5.x’s own', async () => {
    const fake = await withDirect();
    await same(fake, () => get(fake, 'gina', 'im.members', { roomId: DM }), 403, UNAUTHORIZED);
    await same(fake, () => get(fake, 'alice', 'im.members', { roomId: 'GENERAL' }), 400, NOT_A_DM);
    const typed = await get(fake, 'alice', 'im.members', {});
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual({
      success: false,
      errorType: 'error-invalid-params',
      error:
        "must have required property 'roomId'\nmust have required property 'username'\nmust match exactly one schema in oneOf",
    });
    const seven = await withDirect('7');
    await same(seven, () => get(seven, 'alice', 'im.members', { roomId: DM, status: 'online' }), 400, {
      success: false,
      error:
        "must be array\n must have required property 'username'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
    const sevenOk = await get(seven, 'alice', 'im.members', { roomId: DM });
    expect(sevenOk.body.members[0]).toEqual({
      _id: 'aliceUserId000001',
      username: 'alice',
      name: 'alice',
      status: 'offline',
    });
    const five = await withDirect('5');
    await same(five, () => get(five, 'alice', 'im.members', {}), 400, ROOMID_REQUIRED);
    await same(five, () => get(five, 'gina', 'im.members', { roomId: DM }), 400, NOT_A_DM_5);
    await same(
      five,
      () => get(five, 'alice', 'im.members', { roomId: DM, status: 'online' }),
      400,
      plain('Match error: Expected array, got string in field status'),
    );
    await same(
      makeFake({ profile: '0.49' }),
      () => get(makeFake({ profile: '0.49' }), 'alice', 'im.members', { roomId: DM }),
      404,
      plain('Resource not found'),
    );
  });
});

describe('im.counters (dm.counters)', () => {
  const NONE = {
    joined: false,
    members: null,
    unreads: null,
    unreadsFrom: null,
    msgs: null,
    latest: null,
    userMentions: null,
    success: true,
  };

  it('6.x on: joined with a subscription, open or not; the unreads the subscription counts; unreadsFrom with ls and messages', async () => {
    const fake = await withDirect();
    await post(fake, 'alice', 'chat.postMessage', { channel: '@bob', text: 'hi' }).expect(200);
    const room = (fake.state().directs ?? []).find((d) => d._id === DM);
    const bob = await get(fake, 'bob', 'im.counters', { roomId: DM });
    expect(bob.body).toEqual({
      joined: true,
      members: 2,
      unreads: 1,
      unreadsFrom: null,
      msgs: 1,
      latest: room?.lm,
      userMentions: 0,
      success: true,
    });
    expect(bob.body).toMatchShape('im.counters');
    const alice = await get(fake, 'alice', 'dm.counters', { roomId: DM });
    expect(alice.body).toMatchObject({ joined: true, unreads: 0, unreadsFrom: room?.lm });
    const admin = await get(fake, 'admin', 'im.counters', { roomId: DM, userId: 'bobUserId00000001' });
    expect(admin.body).toMatchObject({ joined: true, unreads: 1 });
  });

  it('the refusals: roomId, another user without view-room-administration, no access, not a direct room; 5.x', async () => {
    const fake = await withDirect('7');
    await same(fake, () => get(fake, 'alice', 'im.counters', {}), 400, {
      success: false,
      error: 'Query param "roomId" is required [error-room-param-not-provided]',
      errorType: 'error-room-param-not-provided',
    });
    await same(
      fake,
      () => get(fake, 'alice', 'im.counters', { roomId: DM, userId: 'bobUserId00000001' }),
      403,
      UNAUTHORIZED,
    );
    await same(fake, () => get(fake, 'gina', 'im.counters', { roomId: DM }), 403, UNAUTHORIZED);
    await same(fake, () => get(fake, 'alice', 'im.counters', { roomId: 'GENERAL' }), 400, NOT_A_DM);
    const five = await withDirect('5');
    await same(five, () => get(five, 'bob', 'im.counters', { roomId: DM }), 200, NONE);
    await same(five, () => get(five, 'alice', 'im.counters', {}), 400, ROOMID_REQUIRED);
    await same(five, () => get(five, 'gina', 'im.counters', { roomId: DM }), 400, NOT_A_DM_5);
    const opened = await get(five, 'alice', 'im.counters', { roomId: DM });
    expect(opened.body).toMatchObject({
      joined: true,
      unreads: null,
      unreadsFrom: null,
      members: 2,
      msgs: 0,
    });
  });
});
