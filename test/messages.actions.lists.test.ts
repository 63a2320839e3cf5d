/**
 * `GET /api/v1/chat.getMentionedMessages`, `chat.getStarredMessages`, `chat.getPinnedMessages`:
 * a room's messages of each kind, newest first, paged; the refusals per release line.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { ACTIONS_WORLD } from './support/message-actions';

const fakeAs = (profile?: ProfileId): FakeServer =>
  createFakeServer({ scenario: ACTIONS_WORLD, ...(profile ? { profile } : {}) });

const get = (fake: FakeServer, route: string, who: keyof typeof AS, query: object): request.Test =>
  request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);

const post = (fake: FakeServer, route: string, who: keyof typeof AS, body: object): request.Test =>
  request(fake.app).post(`/api/v1/${route}`).set(AS[who]).send(body);

async function refused(
  fake: FakeServer,
  route: string,
  who: keyof typeof AS,
  query: object,
  expected: object,
): Promise<void> {
  const res = await get(fake, route, who, query);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: expected });
}

const ids = (res: request.Response): string[] => (res.body.messages as { _id: string }[]).map((m) => m._id);

describe('chat.getMentionedMessages, chat.getStarredMessages, chat.getPinnedMessages (8.9)', () => {
  it('lists each kind, newest first, paged, with count, offset and total; stars cut to the caller own', async () => {
    const fake = fakeAs();
    const mention = await post(fake, 'chat.sendMessage', 'alice', {
      message: { rid: 'GENERAL', msg: 'hi @bob' },
    });
    expect(mention.status).toBe(200);
    const mentionId = mention.body.message._id as string;
    await post(fake, 'chat.starMessage', 'bob', { messageId: 'msgGeneral0000001' }).expect(200);
    await post(fake, 'chat.starMessage', 'bob', { messageId: mentionId }).expect(200);
    await post(fake, 'chat.starMessage', 'alice', { messageId: mentionId }).expect(200);
    await post(fake, 'chat.pinMessage', 'admin', { messageId: 'msgGeneral0000001' }).expect(200);

    const mentioned = await get(fake, 'chat.getMentionedMessages', 'bob', { roomId: 'GENERAL' });
    expect(mentioned.status).toBe(200);
    expect(mentioned.body).toMatchObject({ count: 1, offset: 0, total: 1, success: true });
    expect(ids(mentioned)).toEqual([mentionId]);
    // mentioned messages are not cut: both stars are there
    expect(mentioned.body.messages[0].starred).toEqual([
      { _id: 'bobUserId00000001' },
      { _id: 'aliceUserId000001' },
    ]);

    const starred = await get(fake, 'chat.getStarredMessages', 'bob', { roomId: 'GENERAL' });
    expect(ids(starred)).toEqual([mentionId, 'msgGeneral0000001']);
    expect(starred.body.messages[0].starred).toEqual([{ _id: 'bobUserId00000001' }]);
    const second = await get(fake, 'chat.getStarredMessages', 'bob', {
      roomId: 'GENERAL',
      count: 1,
      offset: 1,
    });
    expect(second.body).toMatchObject({ count: 1, offset: 1, total: 2 });
    expect(ids(second)).toEqual(['msgGeneral0000001']);

    const pinned = await get(fake, 'chat.getPinnedMessages', 'alice', { roomId: 'GENERAL' });
    expect(ids(pinned)).toEqual(['msgGeneral0000001']);
    expect(pinned.body).toMatchObject({ count: 1, offset: 0, total: 1, success: true });
    expect(pinned.body.messages[0].starred).toEqual([]);
  });

  it('refuses: the typed query, a room not seen (a plain error; pinned: a Meteor error)', async () => {
    const fake = fakeAs();
    await refused(
      fake,
      'chat.getStarredMessages',
      'bob',
      {},
      {
        success: false,
        errorType: 'error-invalid-params',
        error: "must have required property 'roomId'",
      },
    );
    await refused(
      fake,
      'chat.getMentionedMessages',
      'bob',
      { roomId: 'privateRoomId0001' },
      {
        success: false,
        error: 'error-not-allowed',
      },
    );
    await refused(
      fake,
      'chat.getStarredMessages',
      'bob',
      { roomId: 'nope' },
      { success: false, error: 'error-not-allowed' },
    );
    await refused(
      fake,
      'chat.getPinnedMessages',
      'bob',
      { roomId: 'privateRoomId0001' },
      {
        success: false,
        error: 'Not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
      },
    );
  });
});

describe('the message lists per release line', () => {
  it('0.49 has none: 404', async () => {
    const fake = fakeAs('0.49');
    for (const route of ['chat.getMentionedMessages', 'chat.getStarredMessages', 'chat.getPinnedMessages'])
      expect((await get(fake, route, 'bob', { roomId: 'GENERAL' })).status).toBe(404);
  });

  it.each<ProfileId>(['5', '6'])('%s: the hand checks', async (profile) => {
    const fake = fakeAs(profile);
    const missing = 'The required "roomId" query param is missing.';
    await refused(
      fake,
      'chat.getMentionedMessages',
      'bob',
      {},
      {
        success: false,
        error: `${missing} [error-invalid-params]`,
        errorType: 'error-invalid-params',
      },
    );
    await refused(
      fake,
      'chat.getPinnedMessages',
      'bob',
      {},
      {
        success: false,
        error: `${missing} [error-roomId-param-not-provided]`,
        errorType: 'error-roomId-param-not-provided',
      },
    );
  });

  it('7.0: the legacy validator', async () => {
    const fake = fakeAs('7.0');
    await refused(
      fake,
      'chat.getStarredMessages',
      'bob',
      {},
      {
        success: false,
        error: "must have required property 'roomId' [invalid-params]",
        errorType: 'invalid-params',
      },
    );
    await refused(
      fake,
      'chat.getStarredMessages',
      'bob',
      { roomId: 'GENERAL', foo: 'x' },
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    );
  });
});
