/**
 * `POST /api/v1/chat.pinMessage`, `chat.unPinMessage` and their realtime twins `pinMessage`,
 * `unpinMessage`: the pinned flags, the `message_pinned` system message, the refusals per release
 * line, and the frames a pin sends.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

const PIN = '/api/v1/chat.pinMessage';
const UNPIN = '/api/v1/chat.unPinMessage';
const HEX24 = /^[0-9a-f]{24}$/;

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

function pinnedSystemMessages(fake: FakeServer): Record<string, unknown>[] {
  return (fake.state().messages ?? []).filter((m) => m.t === 'message_pinned') as Record<string, unknown>[];
}

async function refused(
  fake: FakeServer,
  path: string,
  who: keyof typeof AS,
  body: object,
  expected: object,
): Promise<void> {
  const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
  const res = await post(fake, path, who, body);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: expected });
  expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
}

const NOT_AUTHORIZED = (method: string): object => ({
  success: false,
  error: 'Not Authorized [not-authorized]',
  errorType: 'not-authorized',
  details: { method },
});

describe('POST /api/v1/chat.pinMessage and chat.unPinMessage (8.9)', () => {
  it('pins: the flags on the message, a message_pinned quoting it, answered; pinning again answers the pinned message', async () => {
    const fake = fakeAs();
    const msgs = fake.state().channels.find((c) => c._id === 'GENERAL')?.msgs ?? 0;
    const res = await post(fake, PIN, 'admin', { messageId: 'msgGeneral0000001' });
    expect(res.status).toBe(200);
    const ts = '2026-01-01T00:00:01.000Z';
    expect(res.body).toEqual({
      message: {
        _id: expect.stringMatching(HEX24),
        t: 'message_pinned',
        rid: 'GENERAL',
        ts,
        msg: '',
        u: { _id: 'adminUserId000001', username: 'admin', name: 'admin' },
        groupable: false,
        attachments: [
          {
            text: 'hello',
            author_name: 'alice',
            author_icon: '/avatar/alice',
            ts: '2026-01-01T00:00:00.000Z',
          },
        ],
        _updatedAt: ts,
      },
      success: true,
    });
    expect(Object.keys(res.body.message as object)).toEqual([
      '_id',
      't',
      'rid',
      'ts',
      'msg',
      'u',
      'groupable',
      'attachments',
      '_updatedAt',
    ]);
    expect(messageOf(fake, 'msgGeneral0000001')).toMatchObject({
      pinned: true,
      pinnedAt: ts,
      pinnedBy: { _id: 'adminUserId000001', username: 'admin' },
      _updatedAt: ts,
    });
    expect(pinnedSystemMessages(fake).map((m) => m._id)).toEqual([res.body.message._id]);
    expect(fake.state().channels.find((c) => c._id === 'GENERAL')?.msgs).toBe(msgs + 1);
    // 7.x on: already pinned, the message itself, nothing written
    const before = JSON.stringify(fake.state());
    const again = await post(fake, PIN, 'admin', { messageId: 'msgGeneral0000001' });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatchObject({ _id: 'msgGeneral0000001', pinned: true, msg: 'hello' });
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it('unpins: pinned false, pinnedAt and pinnedBy the unpinner, no system message; a message not pinned too (by its room owner)', async () => {
    const fake = fakeAs();
    await post(fake, PIN, 'admin', { messageId: 'msgGeneral0000001' }).expect(200);
    const res = await post(fake, UNPIN, 'admin', { messageId: 'msgGeneral0000001' });
    expect({ status: res.status, body: res.body as unknown }).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(messageOf(fake, 'msgGeneral0000001')).toMatchObject({
      pinned: false,
      pinnedAt: '2026-01-01T00:00:02.000Z',
      pinnedBy: { _id: 'adminUserId000001', username: 'admin' },
    });
    expect(pinnedSystemMessages(fake)).toHaveLength(1);
    await post(fake, UNPIN, 'alice', { messageId: 'msgQuiet000000001' }).expect(200);
    expect(messageOf(fake, 'msgQuiet000000001')).toMatchObject({ pinned: false });
  });

  it('refuses: the typed body, the look-up, pin-message, the room, the setting; each changing nothing', async () => {
    const fake = fakeAs();
    await refused(
      fake,
      PIN,
      'admin',
      {},
      {
        success: false,
        errorType: 'invalid-params',
        error: "must have required property 'messageId'",
      },
    );
    await refused(
      fake,
      PIN,
      'admin',
      { messageId: '' },
      {
        success: false,
        errorType: 'invalid-params',
        error: 'must NOT have fewer than 1 characters',
      },
    );
    await refused(
      fake,
      UNPIN,
      'admin',
      { messageId: '' },
      {
        success: false,
        errorType: 'invalid-params',
        error: 'must NOT have fewer than 1 characters',
      },
    );
    await refused(
      fake,
      PIN,
      'admin',
      { messageId: 'nope' },
      {
        success: false,
        error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
        errorType: 'error-message-not-found',
      },
    );
    // bob holds no pin-message in GENERAL: a 400, not the route's 403
    await refused(fake, PIN, 'bob', { messageId: 'msgGeneral0000001' }, NOT_AUTHORIZED('pinMessage'));
    await refused(fake, UNPIN, 'bob', { messageId: 'msgGeneral0000001' }, NOT_AUTHORIZED('unpinMessage'));
    // the admin holds it, but may not see the private group
    await refused(fake, PIN, 'admin', { messageId: 'msgSecret00000001' }, NOT_AUTHORIZED('pinMessage'));
    const off = fakeAs(undefined, { Message_AllowPinning: false });
    await refused(
      off,
      PIN,
      'admin',
      { messageId: 'msgGeneral0000001' },
      {
        success: false,
        error: 'Message pinning not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'pinMessage', action: 'Message_pinning' },
      },
    );
    await refused(
      off,
      UNPIN,
      'admin',
      { messageId: 'msgGeneral0000001' },
      {
        success: false,
        error: 'Message pinning not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'unpinMessage', action: 'Message_pinning' },
      },
    );
  });
});

describe('chat.pinMessage / chat.unPinMessage per release line', () => {
  it('0.49 has neither: 404', async () => {
    const fake = fakeAs('0.49');
    expect((await post(fake, PIN, 'admin', { messageId: 'msgGeneral0000001' })).status).toBe(404);
    expect((await post(fake, UNPIN, 'admin', { messageId: 'msgGeneral0000001' })).status).toBe(404);
    expect(messageOf(fake, 'msgGeneral0000001')).not.toHaveProperty('pinned');
  });

  it.each<ProfileId>(['5', '6'])(
    '%s: hand checks (pin "is missing", unpin "is required"), a caller not in the room is told the message was not found, a pinned message pinned again',
    async (profile) => {
      const fake = fakeAs(profile);
      await refused(
        fake,
        PIN,
        'admin',
        {},
        {
          success: false,
          error: 'The required "messageId" param is missing. [error-messageid-param-not-provided]',
          errorType: 'error-messageid-param-not-provided',
        },
      );
      await refused(
        fake,
        UNPIN,
        'admin',
        { messageId: ' ' },
        {
          success: false,
          error: 'The required "messageId" param is required. [error-messageid-param-not-provided]',
          errorType: 'error-messageid-param-not-provided',
        },
      );
      await refused(
        fake,
        PIN,
        'bob',
        { messageId: 'msgSecret00000001' },
        {
          success: false,
          error: 'Message you are pinning was not found [error-invalid-message]',
          errorType: 'error-invalid-message',
          details: { method: 'pinMessage', action: 'Message_pinning' },
        },
      );
      await refused(
        fake,
        UNPIN,
        'bob',
        { messageId: 'msgSecret00000001' },
        {
          success: false,
          error: 'Message you are unpinning was not found [error-invalid-message]',
          errorType: 'error-invalid-message',
          details: { method: 'unpinMessage', action: 'Message_pinning' },
        },
      );
      await post(fake, PIN, 'admin', { messageId: 'msgGeneral0000001' }).expect(200);
      const again = await post(fake, PIN, 'admin', { messageId: 'msgGeneral0000001' });
      expect(again.body.message).toMatchObject({ t: 'message_pinned' });
      expect(pinnedSystemMessages(fake)).toHaveLength(2);
    },
  );

  it('7.0: the legacy validator (no minLength: an empty id is not found); 7.10: pin wants one character, unpin not', async () => {
    const seven = fakeAs('7.0');
    await refused(
      seven,
      PIN,
      'admin',
      { messageId: 'x', foo: 1 },
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    );
    await refused(
      seven,
      PIN,
      'admin',
      { messageId: '' },
      {
        success: false,
        error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
        errorType: 'error-message-not-found',
      },
    );
    const ten = fakeAs('7.10');
    await refused(
      ten,
      PIN,
      'admin',
      { messageId: '' },
      {
        success: false,
        error: 'must NOT have fewer than 1 characters [invalid-params]',
        errorType: 'invalid-params',
      },
    );
    await refused(
      ten,
      UNPIN,
      'admin',
      { messageId: '' },
      {
        success: false,
        error: 'The provided "messageId" does not match any existing message. [error-message-not-found]',
        errorType: 'error-message-not-found',
      },
    );
  });
});

describe('pinMessage and unpinMessage over the realtime API, and the frames a pin sends', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = fakeAs()),
    () => fake,
  );

  const roomFrames = (ddp: Ddp): Frame[] =>
    ddp.frames.filter((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');

  it('pins as chat.pinMessage does: the system message as EJSON; the pinned message, then the system message, on the room stream', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const admin = await loggedIn('admin-token');
    const result = await admin.call('pinMessage', { _id: 'msgGeneral0000001' });
    const system = result.result as { _id: string };
    const ts = { $date: Date.parse('2026-01-01T00:00:01.000Z') };
    expect(result).toEqual({
      msg: 'result',
      id: result.id,
      result: {
        _id: system._id,
        t: 'message_pinned',
        rid: 'GENERAL',
        ts,
        msg: '',
        u: { _id: 'adminUserId000001', username: 'admin', name: 'admin' },
        groupable: false,
        attachments: [
          {
            text: 'hello',
            author_name: 'alice',
            author_icon: '/avatar/alice',
            ts: { $date: Date.parse('2026-01-01T00:00:00.000Z') },
          },
        ],
        _updatedAt: ts,
      },
    });
    await bob.next((f) => JSON.stringify(f).includes(system._id));
    expect(roomFrames(bob)).toEqual([
      {
        msg: 'changed',
        collection: 'stream-room-messages',
        id: 'id',
        fields: {
          eventName: 'GENERAL',
          args: [
            expect.objectContaining({
              _id: 'msgGeneral0000001',
              pinned: true,
              pinnedAt: ts,
              pinnedBy: { _id: 'adminUserId000001', username: 'admin' },
            }) as Frame,
          ],
        },
      },
      {
        msg: 'changed',
        collection: 'stream-room-messages',
        id: 'id',
        fields: {
          eventName: 'GENERAL',
          args: [expect.objectContaining({ _id: system._id, t: 'message_pinned' }) as Frame],
        },
      },
    ]);
    // unpinMessage answers true and sends the message's new version alone
    const unpinned = await admin.call('unpinMessage', { _id: 'msgGeneral0000001' });
    expect(unpinned).toEqual({ msg: 'result', id: unpinned.id, result: true });
    const frame = await bob.next((f) => f.msg === 'changed' && JSON.stringify(f).includes('"pinned":false'));
    expect((frame.fields as { args: Frame[] }).args[0]).toMatchObject({
      _id: 'msgGeneral0000001',
      pinned: false,
    });
    expect(messageOf(fake, 'msgGeneral0000001')).toMatchObject({ pinned: false });
  });

  it('refuses as the REST route does (Meteor errors), an unknown message as not found, a bad argument Match failed', async () => {
    const bob = await loggedIn('bob-token');
    const before = JSON.stringify(fake.state());
    const denied = await bob.call('pinMessage', { _id: 'msgGeneral0000001' });
    expect(denied.error).toMatchObject({
      error: 'not-authorized',
      reason: 'Not Authorized',
      details: { method: 'pinMessage' },
    });
    const unknown = await bob.call('pinMessage', { _id: 'nope' });
    expect(unknown.error).toMatchObject({
      error: 'error-invalid-message',
      reason: 'Message you are pinning was not found',
    });
    const bad = await bob.call('unpinMessage', {});
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    expect(JSON.stringify(fake.state())).toBe(before);
  });
});
