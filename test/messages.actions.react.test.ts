/**
 * `POST /api/v1/chat.react` and its realtime twin `setReaction`: one command behind both. The
 * message's `reactions` map, the refusals per release line (0.49's 404, 5.x/6.x hand checks,
 * 7.x's validator, 8.x's typed body), and the changed message on its room's stream.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { ACTIONS_WORLD } from './support/message-actions';
import { withRealtime } from './support/ddp';
import type { Frame } from './support/ddp';

const REACT = '/api/v1/chat.react';

function fakeAs(profile?: ProfileId): FakeServer {
  return createFakeServer({ scenario: ACTIONS_WORLD, ...(profile ? { profile } : {}) });
}

function react(fake: FakeServer, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(REACT).set(AS[who]).send(body);
}

/** A message of the state, by id. */
function messageOf(fake: FakeServer, id: string): Record<string, unknown> | undefined {
  return (fake.state().messages ?? []).find((m) => m._id === id) as Record<string, unknown> | undefined;
}

/** Posts, then asserts the exact refusal and that nothing changed. */
async function refused(
  fake: FakeServer,
  who: keyof typeof AS,
  body: object,
  status: number,
  expected: object,
): Promise<void> {
  const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
  const res = await react(fake, who, body);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status, body: expected });
  expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
}

const ONE_OF =
  "must have required property 'emoji'\n must have required property 'reaction'\n must match exactly one schema in oneOf";

describe('POST /api/v1/chat.react (8.9)', () => {
  it('adds, toggles and takes back reactions: usernames in order, an emptied emoji dropped, then reactions itself', async () => {
    const fake = fakeAs();
    expect(messageOf(fake, 'msgGeneral0000001')).not.toHaveProperty('reactions');
    const first = await react(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: 'smile' });
    expect({ status: first.status, body: first.body as unknown }).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(messageOf(fake, 'msgGeneral0000001')).toMatchObject({
      reactions: { ':smile:': { usernames: ['alice'] } },
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    // `:smile:` and `::smile::` are the same reaction; `reaction` is the alias of `emoji`
    await react(fake, 'bob', { messageId: 'msgGeneral0000001', reaction: '::smile::' }).expect(200);
    await react(fake, 'bob', { messageId: 'msgGeneral0000001', emoji: ':bee:' }).expect(200);
    expect(messageOf(fake, 'msgGeneral0000001')?.reactions).toEqual({
      ':smile:': { usernames: ['alice', 'bob'] },
      ':bee:': { usernames: ['bob'] },
    });
    // toggled off (no shouldReact), then taken back as asked
    await react(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: 'smile' }).expect(200);
    await react(fake, 'bob', { messageId: 'msgGeneral0000001', emoji: 'smile', shouldReact: false }).expect(
      200,
    );
    expect(messageOf(fake, 'msgGeneral0000001')?.reactions).toEqual({ ':bee:': { usernames: ['bob'] } });
    await react(fake, 'bob', { messageId: 'msgGeneral0000001', emoji: 'bee', shouldReact: 'false' }).expect(
      200,
    );
    expect(messageOf(fake, 'msgGeneral0000001')).not.toHaveProperty('reactions');
    expect(fake.changes().messages.changed.map((c) => c._id)).toEqual(['msgGeneral0000001']);
  });

  it('a reaction already as asked is a success that changes nothing, even in a room the caller may not see', async () => {
    const fake = fakeAs();
    const before = JSON.stringify(fake.state());
    const res = await react(fake, 'bob', {
      messageId: 'msgSecret00000001',
      emoji: 'smile',
      shouldReact: false,
    });
    expect({ status: res.status, body: res.body as unknown }).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it("refuses with the typed body's envelope, the look-up, the emoji, the room's rules; each changing nothing", async () => {
    const fake = fakeAs();
    await refused(fake, 'alice', {}, 400, {
      success: false,
      errorType: 'invalid-params',
      error: ONE_OF.replace(/\n /g, '\n'),
    });
    await refused(fake, 'alice', { messageId: '', emoji: 'smile' }, 400, {
      success: false,
      errorType: 'invalid-params',
      error:
        "must NOT have fewer than 1 characters\nmust have required property 'reaction'\nmust match exactly one schema in oneOf",
    });
    await refused(fake, 'alice', { messageId: 'nope', emoji: 'smile' }, 400, {
      success: false,
      error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
      errorType: 'error-message-not-found',
    });
    await refused(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: 'no such' }, 400, {
      success: false,
      error: 'Invalid emoji provided. [error-not-allowed]',
      errorType: 'error-not-allowed',
      details: { method: 'setReaction' },
    });
    await refused(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: '' }, 400, {
      success: false,
      error: 'The required "emoji" param is missing. [error-emoji-param-not-provided]',
      errorType: 'error-emoji-param-not-provided',
    });
    await refused(fake, 'bob', { messageId: 'msgSecret00000001', emoji: 'smile' }, 400, {
      success: false,
      error: 'Not Authorized [not-authorized]',
      errorType: 'not-authorized',
      details: { method: 'setReaction' },
    });
    await refused(fake, 'bob', { messageId: 'msgQuiet000000001', emoji: 'smile' }, 400, {
      success: false,
      error: 'You have been muted and cannot speak in this room [error-not-allowed]',
      errorType: 'error-not-allowed',
      details: { rid: 'quietRoomId000001' },
    });
    await refused(fake, 'bob', { messageId: 'msgNews0000000001', emoji: 'smile' }, 400, {
      success: false,
      error: "You can't send messages because the room is readonly.",
    });
    // the admin holds post-readonly
    await react(fake, 'admin', { messageId: 'msgNews0000000001', emoji: 'smile' }).expect(200);
  });
  it('a message holds at most 100 different reactions: the 101st is a 400 that changes nothing', async () => {
    const fake = fakeAs();
    for (let i = 0; i < 100; i += 1)
      await react(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: `e${i}` }).expect(200);
    await refused(fake, 'bob', { messageId: 'msgGeneral0000001', emoji: 'one_more' }, 400, {
      success: false,
      error:
        'This message holds 100 different reactions, the most the fake keeps on one message [error-reactions-limit]',
      errorType: 'error-reactions-limit',
    });
    // an existing reaction still takes another user
    await react(fake, 'bob', { messageId: 'msgGeneral0000001', emoji: 'e0' }).expect(200);
    expect(messageOf(fake, 'msgGeneral0000001')?.reactions).toMatchObject({
      ':e0:': { usernames: ['alice', 'bob'] },
    });
  });
});

describe('chat.react per release line', () => {
  it('0.49 has no chat.react: 404, nothing changed', async () => {
    const fake = fakeAs('0.49');
    const res = await react(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: 'smile' });
    expect(res.status).toBe(404);
    expect(messageOf(fake, 'msgGeneral0000001')).not.toHaveProperty('reactions');
  });

  it('7.0: the legacy validator with its suffix; an empty messageId passes it and is not found', async () => {
    const fake = fakeAs('7.0');
    await refused(fake, 'alice', { messageId: 'x' }, 400, {
      success: false,
      error: `${ONE_OF} [invalid-params]`,
      errorType: 'invalid-params',
    });
    await refused(fake, 'alice', { messageId: 'msgGeneral0000001', emoji: 'smile', foo: 1 }, 400, {
      success: false,
      error:
        "must NOT have additional properties\n must have required property 'reaction'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
    await refused(fake, 'alice', { messageId: '', emoji: 'smile' }, 400, {
      success: false,
      error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
      errorType: 'error-message-not-found',
    });
  });

  it('7.10: messageId must not be empty (legacy envelope)', async () => {
    const fake = fakeAs('7.10');
    await refused(fake, 'alice', { messageId: '', emoji: 'smile' }, 400, {
      success: false,
      error:
        "must NOT have fewer than 1 characters\n must have required property 'reaction'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
  });

  it.each<ProfileId>(['5', '6'])(
    '%s: the hand checks: messageId, the look-up, the emoji',
    async (profile) => {
      const fake = fakeAs(profile);
      await refused(fake, 'alice', { emoji: 'smile' }, 400, {
        success: false,
        error: 'The required "messageId" param is missing. [error-messageid-param-not-provided]',
        errorType: 'error-messageid-param-not-provided',
      });
      await refused(fake, 'alice', { messageId: '  ', emoji: 'smile' }, 400, {
        success: false,
        error: 'The required "messageId" param is missing. [error-messageid-param-not-provided]',
        errorType: 'error-messageid-param-not-provided',
      });
      await refused(fake, 'alice', { messageId: 'nope' }, 400, {
        success: false,
        error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
        errorType: 'error-message-not-found',
      });
      await refused(fake, 'alice', { messageId: 'msgGeneral0000001' }, 400, {
        success: false,
        error: 'The required "emoji" param is missing. [error-emoji-param-not-provided]',
        errorType: 'error-emoji-param-not-provided',
      });
    },
  );

  it('6.x takes `emoji` when given, even empty; 5.x falls back to `reaction`', async () => {
    const six = fakeAs('6');
    await refused(six, 'alice', { messageId: 'msgGeneral0000001', emoji: '', reaction: 'bee' }, 400, {
      success: false,
      error: 'The required "emoji" param is missing. [error-emoji-param-not-provided]',
      errorType: 'error-emoji-param-not-provided',
    });
    const five = fakeAs('5');
    await react(five, 'alice', { messageId: 'msgGeneral0000001', emoji: '', reaction: 'bee' }).expect(200);
    expect(messageOf(five, 'msgGeneral0000001')?.reactions).toEqual({ ':bee:': { usernames: ['alice'] } });
  });
});

describe('setReaction over the realtime API, and the frame a reaction sends', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  it('reacts as chat.react does: an empty result, and the changed message on the room stream', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const alice = await loggedIn('alice-token');
    const result = await alice.call('setReaction', ':smile:', 'msgGeneral0000001');
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
            rid: 'GENERAL',
            msg: 'hello',
            reactions: { ':smile:': { usernames: ['alice'] } },
            _updatedAt: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
          }) as Frame,
        ],
      },
    });
    expect(messageOf(fake, 'msgGeneral0000001')?.reactions).toEqual({ ':smile:': { usernames: ['alice'] } });
    // the same reaction again with shouldReact true: nothing to do, no frame
    await alice.call('setReaction', 'smile', 'msgGeneral0000001', true);
    await bob.call('rooms/get');
    expect(
      bob.frames.filter((f) => f.msg === 'changed' && f.collection === 'stream-room-messages'),
    ).toHaveLength(1);
  });

  it('a muted user is answered false; an unknown message is Not allowed; no login is Invalid user', async () => {
    const bob = await loggedIn('bob-token');
    const before = JSON.stringify(fake.state());
    const muted = await bob.call('setReaction', 'smile', 'msgQuiet000000001');
    expect(muted).toEqual({ msg: 'result', id: muted.id, result: false });
    const unknown = await bob.call('setReaction', 'smile', 'nope');
    expect(unknown.error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'setReaction' },
    });
    const anonymous = await loggedIn();
    const nobody = await anonymous.call('setReaction', 'smile', 'msgGeneral0000001');
    expect(nobody.error).toMatchObject({ error: 'error-invalid-user', reason: 'Invalid user' });
    expect(JSON.stringify(fake.state())).toBe(before);
  });
});
