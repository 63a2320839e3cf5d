/**
 * `POST /api/v1/chat.starMessage`, `chat.unStarMessage` and their realtime twin `starMessage`:
 * the caller's entry in `starred`, a caller outside the room answered 200 with nothing changed,
 * the refusals per release line, and the frame a star sends.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Frame } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

const STAR = '/api/v1/chat.starMessage';
const UNSTAR = '/api/v1/chat.unStarMessage';

function fakeAs(profile?: ProfileId, settings?: Record<string, unknown>): FakeServer {
  return createFakeServer({
    scenario: { ...ACTIONS_WORLD, ...(settings ? { settings } : {}) },
    ...(profile ? { profile } : {}),
  });
}

function post(fake: FakeServer, path: string, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(path).set(AS[who]).send(body);
}

function messageOf(fake: FakeServer, id: string): Record<string, unknown> | undefined {
  return (fake.state().messages ?? []).find((m) => m._id === id) as Record<string, unknown> | undefined;
}

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

async function answers(
  fake: FakeServer,
  path: string,
  who: keyof typeof AS,
  body: object,
  status: number,
  expected: object,
): Promise<void> {
  const before = snapshot(fake);
  const res = await post(fake, path, who, body);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status, body: expected });
  expect(snapshot(fake)).toBe(before);
}

const OK = { success: true };

describe('POST /api/v1/chat.starMessage and chat.unStarMessage (8.9)', () => {
  it("stars and unstars: the caller's {_id} once in starred, an emptied list kept", async () => {
    const fake = fakeAs();
    await post(fake, STAR, 'alice', { messageId: 'msgGeneral0000001' }).expect(200, OK);
    await post(fake, STAR, 'bob', { messageId: 'msgGeneral0000001' }).expect(200, OK);
    expect(messageOf(fake, 'msgGeneral0000001')).toMatchObject({
      starred: [{ _id: 'aliceUserId000001' }, { _id: 'bobUserId00000001' }],
      _updatedAt: '2026-01-01T00:00:02.000Z',
    });
    // starring twice changes nothing
    await answers(fake, STAR, 'alice', { messageId: 'msgGeneral0000001' }, 200, OK);
    await post(fake, UNSTAR, 'alice', { messageId: 'msgGeneral0000001' }).expect(200, OK);
    await post(fake, UNSTAR, 'bob', { messageId: 'msgGeneral0000001' }).expect(200, OK);
    expect(messageOf(fake, 'msgGeneral0000001')?.starred).toEqual([]);
    // unstarring what is not starred changes nothing
    await answers(fake, UNSTAR, 'bob', { messageId: 'msgGeneral0000001' }, 200, OK);
  });

  it('a caller not in the room: 200, nothing changed', async () => {
    const fake = fakeAs();
    await answers(fake, STAR, 'bob', { messageId: 'msgSecret00000001' }, 200, OK);
    await answers(fake, STAR, 'admin', { messageId: 'msgQuiet000000001' }, 200, OK);
  });

  it('refuses: the typed body, the look-up, the setting; each changing nothing', async () => {
    const fake = fakeAs();
    await answers(fake, STAR, 'alice', {}, 400, {
      success: false,
      errorType: 'invalid-params',
      error: "must have required property 'messageId'",
    });
    await answers(fake, UNSTAR, 'alice', { messageId: '' }, 400, {
      success: false,
      errorType: 'invalid-params',
      error: 'must NOT have fewer than 1 characters',
    });
    await answers(fake, STAR, 'alice', { messageId: 'nope' }, 400, {
      success: false,
      error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
      errorType: 'error-message-not-found',
    });
    const off = fakeAs(undefined, { Message_AllowStarring: false });
    await answers(off, STAR, 'alice', { messageId: 'msgGeneral0000001' }, 400, {
      success: false,
      error: 'Message starring not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
      details: { method: 'starMessage', action: 'Message_starring' },
    });
  });
});

describe('chat.starMessage / chat.unStarMessage per release line', () => {
  it('0.49 has neither: 404', async () => {
    const fake = fakeAs('0.49');
    expect((await post(fake, STAR, 'alice', { messageId: 'msgGeneral0000001' })).status).toBe(404);
    expect((await post(fake, UNSTAR, 'alice', { messageId: 'msgGeneral0000001' })).status).toBe(404);
  });

  it.each<ProfileId>(['5', '6'])('%s: the hand check says "is required."', async (profile) => {
    const fake = fakeAs(profile);
    for (const path of [STAR, UNSTAR])
      await answers(fake, path, 'alice', { messageId: '' }, 400, {
        success: false,
        error: 'The required "messageId" param is required. [error-messageid-param-not-provided]',
        errorType: 'error-messageid-param-not-provided',
      });
    await post(fake, STAR, 'alice', { messageId: 'msgGeneral0000001' }).expect(200, OK);
    expect(messageOf(fake, 'msgGeneral0000001')?.starred).toEqual([{ _id: 'aliceUserId000001' }]);
  });

  it.each<ProfileId>(['7.0', '7.10', '8.5'])(
    '%s: the legacy validator without minLength (an empty id is not found)',
    async (profile) => {
      const fake = fakeAs(profile);
      await answers(fake, STAR, 'alice', {}, 400, {
        success: false,
        error: "must have required property 'messageId' [invalid-params]",
        errorType: 'invalid-params',
      });
      await answers(fake, STAR, 'alice', { messageId: '' }, 400, {
        success: false,
        error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
        errorType: 'error-message-not-found',
      });
    },
  );
});

describe('starMessage over the realtime API, and the frame a star sends', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  it('stars as chat.starMessage does: true, and the message with its starred list on the room stream', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const alice = await loggedIn('alice-token');
    const result = await alice.call('starMessage', {
      _id: 'msgGeneral0000001',
      rid: 'GENERAL',
      starred: true,
    });
    expect(result).toEqual({ msg: 'result', id: result.id, result: true });
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
            starred: [{ _id: 'aliceUserId000001' }],
          }) as Frame,
        ],
      },
    });
  });

  it('a wrong rid is false and changes nothing; a bad argument Match failed; no login Invalid user', async () => {
    const alice = await loggedIn('alice-token');
    const before = snapshot(fake);
    const wrong = await alice.call('starMessage', {
      _id: 'msgGeneral0000001',
      rid: 'quietRoomId000001',
      starred: true,
    });
    expect(wrong).toEqual({ msg: 'result', id: wrong.id, result: false });
    const bad = await alice.call('starMessage', { _id: 'msgGeneral0000001', starred: true });
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    const anonymous = await loggedIn();
    const nobody = await anonymous.call('starMessage', {
      _id: 'msgGeneral0000001',
      rid: 'GENERAL',
      starred: true,
    });
    expect(nobody.error).toMatchObject({ error: 'error-invalid-user', reason: 'Invalid user' });
    expect(snapshot(fake)).toBe(before);
  });
});
