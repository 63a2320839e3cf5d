/**
 * `GET /api/v1/chat.ignoreUser` and its realtime twin `ignoreUser`: the caller's subscription's
 * `ignored` list, the refusals per release line, the subscriptions-changed frame, a reset.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Frame } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

const IGNORE = '/api/v1/chat.ignoreUser';
const BOB = 'bobUserId00000001';

function fakeAs(profile?: ProfileId): FakeServer {
  return createFakeServer({ scenario: ACTIONS_WORLD, ...(profile ? { profile } : {}) });
}

async function ignore(
  fake: FakeServer,
  query: Record<string, string>,
  who: keyof typeof AS = 'alice',
): Promise<{ status: number; body: unknown }> {
  const res = await request(fake.app).get(IGNORE).query(query).set(AS[who]);
  return { status: res.status, body: res.body as unknown };
}

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

/** Alice's subscription to GENERAL as subscriptions.getOne answers it. */
async function aliceSubscription(fake: FakeServer): Promise<Record<string, unknown>> {
  const res = await request(fake.app)
    .get('/api/v1/subscriptions.getOne')
    .query({ roomId: 'GENERAL' })
    .set(AS.alice);
  return (res.body as { subscription: Record<string, unknown> }).subscription;
}

async function refused(
  fake: FakeServer,
  query: Record<string, string>,
  body: object,
  who: keyof typeof AS = 'alice',
) {
  const before = snapshot(fake);
  expect(await ignore(fake, query, who)).toEqual({ status: 400, body });
  expect(snapshot(fake)).toBe(before);
}

const INVALID_SUBSCRIPTION = {
  success: false,
  error: 'Invalid subscription [error-invalid-subscription]',
  errorType: 'error-invalid-subscription',
  details: { method: 'ignoreUser' },
};

describe('GET /api/v1/chat.ignoreUser (8.9)', () => {
  it("ignores and stops ignoring: the user's _id once in ignored, an emptied list kept; state and reset", async () => {
    const fake = fakeAs();
    expect((await aliceSubscription(fake)).ignored).toBeUndefined();
    // "true" or "1" anywhere in the text ignores
    expect(await ignore(fake, { rid: 'GENERAL', userId: BOB, ignore: 'true' })).toEqual({
      status: 200,
      body: { success: true },
    });
    await ignore(fake, { rid: 'GENERAL', userId: BOB, ignore: 'x1x' });
    expect(await aliceSubscription(fake)).toMatchObject({
      ignored: [BOB],
      _updatedAt: '2026-01-01T00:00:02.000Z',
    });
    // ignoring oneself is allowed
    await ignore(fake, { rid: 'GENERAL', userId: 'aliceUserId000001', ignore: '1' });
    expect((await aliceSubscription(fake)).ignored).toEqual([BOB, 'aliceUserId000001']);
    expect(fake.state().subscriptions).toEqual([
      {
        rid: 'GENERAL',
        username: 'alice',
        _updatedAt: '2026-01-01T00:00:03.000Z',
        ignored: [BOB, 'aliceUserId000001'],
      },
    ]);
    // anything else stops ignoring
    await ignore(fake, { rid: 'GENERAL', userId: BOB, ignore: 'false' });
    await ignore(fake, { rid: 'GENERAL', userId: 'aliceUserId000001', ignore: 'no' });
    expect((await aliceSubscription(fake)).ignored).toEqual([]);
    // bob's own subscription is untouched
    expect(fake.state().subscriptions?.map((s) => s.username)).toEqual(['alice']);
    fake.reset();
    expect((await aliceSubscription(fake)).ignored).toBeUndefined();
    expect(fake.state().subscriptions).toBeUndefined();
  });

  it("a state's ignored list is the world's: a scenario that gives it starts with it", async () => {
    const fake = createFakeServer({
      scenario: { ...ACTIONS_WORLD, subscriptions: [{ rid: 'GENERAL', username: 'alice', ignored: [BOB] }] },
    });
    expect((await aliceSubscription(fake)).ignored).toEqual([BOB]);
  });

  it("refuses: the typed query, then the subscriptions (the caller's, the ignored user's)", async () => {
    const fake = fakeAs();
    await refused(
      fake,
      { rid: 'GENERAL', userId: BOB },
      {
        success: false,
        errorType: 'error-invalid-params',
        error: "must have required property 'ignore'",
      },
    );
    await refused(
      fake,
      { rid: '', userId: BOB, ignore: 'true' },
      {
        success: false,
        errorType: 'error-invalid-params',
        error: 'must NOT have fewer than 1 characters',
      },
    );
    await refused(
      fake,
      { rid: 'privateRoomId0001', userId: BOB, ignore: 'true' },
      INVALID_SUBSCRIPTION,
      'bob',
    );
    await refused(fake, { rid: 'nope', userId: BOB, ignore: 'true' }, INVALID_SUBSCRIPTION);
    await refused(
      fake,
      { rid: 'GENERAL', userId: 'guestUserId000001', ignore: 'true' },
      INVALID_SUBSCRIPTION,
    );
    await refused(fake, { rid: 'GENERAL', userId: 'nobody', ignore: 'true' }, INVALID_SUBSCRIPTION);
  });
});

describe('chat.ignoreUser per release line', () => {
  it('0.49 has none: 404', async () => {
    expect((await ignore(fakeAs('0.49'), { rid: 'GENERAL', userId: BOB, ignore: 'true' })).status).toBe(404);
  });

  it.each<ProfileId>(['5', '6'])(
    '%s: no validator; ignore defaults to true; the hand checks',
    async (profile) => {
      const fake = fakeAs(profile);
      await refused(
        fake,
        { rid: ' ', userId: BOB },
        {
          success: false,
          error: 'The required "rid" param is missing. [error-room-id-param-not-provided]',
          errorType: 'error-room-id-param-not-provided',
        },
      );
      await refused(
        fake,
        { rid: 'GENERAL' },
        {
          success: false,
          error: 'The required "userId" param is missing. [error-user-id-param-not-provided]',
          errorType: 'error-user-id-param-not-provided',
        },
      );
      expect(await ignore(fake, { rid: 'GENERAL', userId: BOB })).toEqual({
        status: 200,
        body: { success: true },
      });
      expect((await aliceSubscription(fake)).ignored).toEqual([BOB]);
    },
  );

  it('7.0: all three required, no minLength (an empty rid reaches the hand check)', async () => {
    const fake = fakeAs('7.0');
    await refused(
      fake,
      { rid: 'GENERAL', userId: BOB },
      {
        success: false,
        error: "must have required property 'ignore' [invalid-params]",
        errorType: 'invalid-params',
      },
    );
    await refused(
      fake,
      { rid: '', userId: BOB, ignore: 'true' },
      {
        success: false,
        error: 'The required "rid" param is missing. [error-room-id-param-not-provided]',
        errorType: 'error-room-id-param-not-provided',
      },
    );
  });

  it('7.10: minLength, the legacy envelope', async () => {
    await refused(
      fakeAs('7.10'),
      { rid: 'GENERAL', userId: '', ignore: 'true' },
      {
        success: false,
        error: 'must NOT have fewer than 1 characters [invalid-params]',
        errorType: 'invalid-params',
      },
    );
  });
});

describe('ignoreUser over the realtime API', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  it('ignores as chat.ignoreUser does (ignore defaults to true): true, and subscriptions-changed to the caller', async () => {
    const alice = await loggedIn('alice-token');
    await alice.sub('stream-notify-user', 'aliceUserId000001/subscriptions-changed', false);
    const result = await alice.call('ignoreUser', { rid: 'GENERAL', userId: BOB });
    expect(result).toEqual({ msg: 'result', id: result.id, result: true });
    const frame = await alice.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-notify-user',
      id: 'id',
      fields: {
        eventName: 'aliceUserId000001/subscriptions-changed',
        args: ['updated', expect.objectContaining({ rid: 'GENERAL', ignored: [BOB] }) as Frame],
      },
    });
    const off = await alice.call('ignoreUser', { rid: 'GENERAL', userId: BOB, ignore: false });
    expect(off).toEqual({ msg: 'result', id: off.id, result: true });
    expect((await aliceSubscription(fake)).ignored).toEqual([]);
  });

  it('refuses: Match failed before the login, Invalid subscription, an unknown method on 0.49', async () => {
    const anonymous = await loggedIn();
    const bad = await anonymous.call('ignoreUser', { rid: 'GENERAL', userId: BOB, ignore: 'yes' });
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    const nobody = await anonymous.call('ignoreUser', { rid: 'GENERAL', userId: BOB });
    expect(nobody.error).toMatchObject({ error: 'error-invalid-user' });
    const bob = await loggedIn('bob-token');
    const before = snapshot(fake);
    const denied = await bob.call('ignoreUser', { rid: 'privateRoomId0001', userId: 'aliceUserId000001' });
    expect(denied.error).toMatchObject({
      error: 'error-invalid-subscription',
      reason: 'Invalid subscription',
      details: { method: 'ignoreUser' },
    });
    expect(snapshot(fake)).toBe(before);
  });

  it('0.49 does not serve it', async () => {
    await fake.stop();
    fake = fakeAs('0.49');
    await fake.start();
    const alice = await loggedIn('alice-token');
    const answer = await alice.call('ignoreUser', { rid: 'GENERAL', userId: BOB });
    expect(answer.error).toMatchObject({ error: 404 });
  });
});
