/**
 * The writes of a member's own subscription and of addAll: `channels.open` / `channels.close`,
 * `groups.open` / `groups.close`, `subscriptions.unread`, `channels.addAll` / `groups.addAll`.
 * State before and after (`state()`, the subscription), the refusals per release line (exact
 * bodies) that change nothing, and the `subscriptions-changed` frame a change sends.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake, postAs } from './support/fake';
import { openDdp } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';
import { post, refused, snapshot, type Who } from './support/rooms';

async function subscription(
  fake: FakeServer,
  who: Who,
  rid: string,
): Promise<Record<string, unknown> | null> {
  const res = await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId: rid }).set(AS[who]);
  return res.body.subscription as Record<string, unknown> | null;
}

/** The scenario entry `state()` exports for a member's subscription, if it differs from the derived one. */
function recorded(fake: FakeServer, rid: string, username: string): unknown {
  return (fake.state().subscriptions ?? []).find((s) => s.rid === rid && s.username === username);
}

const plain = (error: string): object => ({ success: false, error });

describe('channels.open and channels.close', () => {
  it('close hides the caller’s subscription (open and alert off), open opens it again; state() shows it; reset forgets', async () => {
    const fake = makeFake();
    expect(await subscription(fake, 'bob', 'GENERAL')).toMatchObject({ open: true, alert: false });
    const closed = await post(fake, 'bob', 'channels.close', { roomName: 'general' });
    expect([closed.status, closed.body]).toEqual([200, { success: true }]);
    expect(closed.body).toMatchShape('channels.close');
    const after = await subscription(fake, 'bob', 'GENERAL');
    expect(after).toMatchObject({ open: false, alert: false, _updatedAt: '2026-01-01T00:00:01.000Z' });
    expect(recorded(fake, 'GENERAL', 'bob')).toEqual({
      rid: 'GENERAL',
      username: 'bob',
      open: false,
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    await refused(
      fake,
      'bob',
      'channels.close',
      { roomId: 'GENERAL' },
      400,
      plain('The channel, general, is already closed to the sender'),
    );
    const opened = await post(fake, 'bob', 'channels.open', { roomId: 'GENERAL' });
    expect([opened.status, opened.body]).toEqual([200, { success: true }]);
    expect(await subscription(fake, 'bob', 'GENERAL')).toMatchObject({ open: true });
    await refused(
      fake,
      'bob',
      'channels.open',
      { roomName: 'general' },
      400,
      plain('The channel, general, is already open to the sender'),
    );
    fake.reset();
    expect(recorded(fake, 'GENERAL', 'bob')).toBeUndefined();
  });

  it('refusals: not in the channel (each route’s own words), no room, a group; an archived channel is no refusal', async () => {
    const fake = makeFake();
    await refused(
      fake,
      'bob',
      'channels.open',
      { roomName: 'random' },
      400,
      plain('The user/callee is not in the channel "random".'),
    );
    await refused(
      fake,
      'bob',
      'channels.close',
      { roomName: 'random' },
      400,
      plain('The user/callee is not in the channel "random.'),
    );
    const notFound = {
      success: false,
      error:
        'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
      errorType: 'error-room-not-found',
    };
    await refused(fake, 'alice', 'channels.close', { roomName: 'secret' }, 400, notFound);
    await refused(fake, 'alice', 'channels.close', { roomName: 'nowhere' }, 400, notFound);
    const attic = await post(fake, 'admin', 'channels.close', { roomName: 'attic' });
    expect([attic.status, attic.body]).toEqual([200, { success: true }]);
  });

  it('channels.open’s validator from 6.x (query and sort allowed), none before', async () => {
    const oneOf = {
      success: false,
      error:
        "must have required property 'roomId'\n must have required property 'roomName'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    };
    await refused(makeFake({ profile: '7' }), 'bob', 'channels.open', {}, 400, oneOf);
    const extra = await post(makeFake({ profile: '7' }), 'bob', 'channels.open', {
      roomName: 'general',
      query: { x: 1 },
    });
    expect(extra.body).toEqual(plain('The channel, general, is already open to the sender'));
    await refused(makeFake({ profile: '5' }), 'bob', 'channels.open', {}, 400, {
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
    // 0.49 read roomId alone
    await refused(makeFake({ profile: '0.49' }), 'bob', 'channels.close', { roomName: 'general' }, 400, {
      success: false,
      error: 'The parameter "roomId" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
    const old = await post(makeFake({ profile: '0.49' }), 'bob', 'channels.close', { roomId: 'GENERAL' });
    expect(old.body).toEqual({ success: true });
  });
});

describe('groups.open and groups.close', () => {
  it.each(['0.49', '5', '7', '8'] as ProfileId[])(
    '%s: close then open; the refusals when already so',
    async (profile) => {
      const fake = makeFake({ profile });
      await post(fake, 'alice', 'groups.close', { roomId: 'privateRoomId0001' }).expect(200, {
        success: true,
      });
      expect(await subscription(fake, 'alice', 'privateRoomId0001')).toMatchObject({
        open: false,
        alert: false,
      });
      await refused(
        fake,
        'alice',
        'groups.close',
        { roomId: 'privateRoomId0001' },
        400,
        plain(
          profile === '0.49'
            ? 'The private group with an id "privateRoomId0001" is already closed to the sender'
            : 'The private group, secret, is already closed to the sender',
        ),
      );
      await post(fake, 'alice', 'groups.open', { roomId: 'privateRoomId0001' }).expect(200, {
        success: true,
      });
      expect(await subscription(fake, 'alice', 'privateRoomId0001')).toMatchObject({ open: true });
      await refused(
        fake,
        'alice',
        'groups.open',
        { roomId: 'privateRoomId0001' },
        400,
        plain(
          `The private group, ${profile === '0.49' ? 'undefined' : 'secret'}, is already open for the sender`,
        ),
      );
    },
  );

  it('a group the caller is not in is not found', async () => {
    await refused(makeFake(), 'bob', 'groups.open', { roomName: 'secret' }, 400, {
      success: false,
      error:
        'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
      errorType: 'error-room-not-found',
    });
  });
});

describe('subscriptions.unread', () => {
  it('by roomId: the subscription opened, alerted, read up to the last message; a non-member: 200, nothing changes', async () => {
    const fake = makeFake();
    const posted = await post(fake, 'alice', 'chat.postMessage', { channel: '#general', text: 'hello' });
    const ts = (posted.body as { message: { ts: string } }).message.ts;
    await post(fake, 'bob', 'subscriptions.read', { rid: 'GENERAL' }).expect(200);
    await post(fake, 'bob', 'channels.close', { roomName: 'general' }).expect(200);
    const res = await post(fake, 'bob', 'subscriptions.unread', { roomId: 'GENERAL' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(res.body).toMatchShape('subscriptions.unread');
    expect(await subscription(fake, 'bob', 'GENERAL')).toMatchObject({ open: true, alert: true, ls: ts });
    const before = snapshot(fake);
    await post(fake, 'robot', 'subscriptions.unread', { roomId: 'GENERAL' }).expect(200, { success: true });
    expect(snapshot(fake)).toBe(before);
  });

  it('by firstUnreadMessage: from that message when it is older than ls; a newer one changes nothing', async () => {
    const fake = makeFake();
    const first = await post(fake, 'alice', 'chat.postMessage', { channel: '#general', text: 'one' });
    const second = await post(fake, 'alice', 'chat.postMessage', { channel: '#general', text: 'two' });
    const [one, two] = [first, second].map(
      (r) => (r.body as { message: { _id: string; ts: string } }).message,
    );
    await post(fake, 'bob', 'subscriptions.read', { rid: 'GENERAL' }).expect(200);
    const read = await subscription(fake, 'bob', 'GENERAL');
    await post(fake, 'bob', 'subscriptions.unread', { firstUnreadMessage: { _id: one?._id } }).expect(200);
    expect(await subscription(fake, 'bob', 'GENERAL')).toMatchObject({
      ls: one?.ts,
      alert: true,
      open: true,
    });
    const before = snapshot(fake);
    await post(fake, 'bob', 'subscriptions.unread', { firstUnreadMessage: { _id: two?._id } }).expect(200);
    expect(snapshot(fake)).toBe(before);
    expect(read?.ls).not.toBe(one?.ts);
  });

  it('the refusals: no message, an unknown or own message, no ls; the body per release line', async () => {
    const fake = makeFake();
    const details = { method: 'unreadMessages', action: 'Unread_messages' };
    await refused(fake, 'bob', 'subscriptions.unread', { roomId: 'GENERAL' }, 400, {
      success: false,
      error: 'There are no messages to mark unread [error-no-message-for-unread]',
      errorType: 'error-no-message-for-unread',
      details,
    });
    const posted = await post(fake, 'alice', 'chat.postMessage', { channel: '#general', text: 'mine' });
    const id = (posted.body as { message: { _id: string } }).message._id;
    const notAllowed = {
      success: false,
      error: 'Not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
      details,
    };
    await refused(
      fake,
      'alice',
      'subscriptions.unread',
      { firstUnreadMessage: { _id: id } },
      400,
      notAllowed,
    );
    await refused(
      fake,
      'bob',
      'subscriptions.unread',
      { firstUnreadMessage: { _id: 'nope' } },
      400,
      notAllowed,
    );
    // bob never read general: no ls
    await refused(fake, 'bob', 'subscriptions.unread', { firstUnreadMessage: { _id: id } }, 400, {
      success: false,
      error: 'Subscription not found [error-subscription-not-found]',
      errorType: 'error-subscription-not-found',
      details,
    });
    await refused(fake, 'bob', 'subscriptions.unread', {}, 400, {
      success: false,
      errorType: 'invalid-params',
      error:
        "must have required property 'roomId'\nmust have required property 'firstUnreadMessage'\nmust match a schema in anyOf",
    });
    await refused(makeFake({ profile: '7' }), 'bob', 'subscriptions.unread', {}, 400, {
      success: false,
      error:
        "must have required property 'roomId'\n must have required property 'firstUnreadMessage'\n must match a schema in anyOf [invalid-params]",
      errorType: 'invalid-params',
    });
    const five = makeFake({ profile: '5' });
    await refused(
      five,
      'bob',
      'subscriptions.unread',
      { firstUnreadMessage: {} },
      400,
      plain('At least one of "roomId" or "firstUnreadMessage._id" params is required'),
    );
    await refused(five, 'bob', 'subscriptions.unread', {}, 400, notAllowed);
    await refused(
      makeFake({ profile: '0.49' }),
      'bob',
      'subscriptions.unread',
      { roomId: 'GENERAL' },
      404,
      plain('Resource not found'),
    );
  });
});

describe('channels.addAll and groups.addAll', () => {
  it('every user not yet in joins, each with a uj of their own and an alerted subscription; the channel as changed', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.addAll', { roomName: 'random' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.addAll');
    // the channel validator takes only a boolean, and the route passes only "true" or 1: the inactive user joins too
    expect(res.body.channel).toMatchObject({
      _id: 'randomRoomId00001',
      usernames: ['alice', 'admin', 'bob', 'robot', 'gina', 'gone'],
      usersCount: 6,
      msgs: 10,
    });
    const uj = (fake.state().messages ?? [])
      .filter((m) => m.rid === 'randomRoomId00001' && m.t === 'uj')
      .map((m) => [m.msg, m.u.username]);
    expect(uj).toEqual([
      ['admin', 'admin'],
      ['bob', 'bob'],
      ['robot', 'robot'],
      ['gina', 'gina'],
      ['gone', 'gone'],
    ]);
    expect(await subscription(fake, 'bob', 'randomRoomId00001')).toMatchObject({
      open: true,
      alert: true,
      unread: 1,
      userMentions: 1,
    });
    // again: nobody left to add, nothing changes
    const before = snapshot(fake);
    const again = await post(fake, 'admin', 'channels.addAll', { roomId: 'randomRoomId00001' });
    expect(again.body.channel.usersCount).toBe(6);
    expect(snapshot(fake)).toBe(before);
    fake.reset();
    expect(fake.state().channels.find((c) => c.name === 'random')?.usernames).toEqual(['alice']);
  });

  it('groups.addAll: activeUsersOnly "true" leaves the inactive out; {group}', async () => {
    const fake = makeFake();
    // alice (its owner) has no add-all-to-room
    await refused(fake, 'alice', 'groups.addAll', { roomName: 'secret' }, 400, {
      success: false,
      error: 'Access to Method Forbidden [403]',
      errorType: 403,
      details: { method: 'addAllToRoom' },
    });
    // a global permission: the room's owner role does not count, a global role does
    const scene = {
      ...WORLD,
      permissions: { 'add-all-to-room': ['admin', 'user'] as ('admin' | 'user')[] },
    };
    const owned = createFakeServer({ scenario: scene });
    const res = await post(owned, 'alice', 'groups.addAll', { roomName: 'secret', activeUsersOnly: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('groups.addAll');
    expect(res.body.group.usernames).toEqual(['alice', 'admin', 'bob', 'robot', 'gina']);
  });

  it('refusals per release line: archived, not found, the numeric 403 (0.49 without details), the validator', async () => {
    await refused(makeFake(), 'admin', 'channels.addAll', { roomName: 'attic' }, 400, {
      success: false,
      error: 'The channel, attic, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    await refused(makeFake(), 'bob', 'channels.addAll', { roomName: 'general' }, 400, {
      success: false,
      error: 'Access to Method Forbidden [403]',
      errorType: 403,
      details: { method: 'addAllToRoom' },
    });
    await refused(makeFake({ profile: '0.49' }), 'bob', 'channels.addAll', { roomId: 'GENERAL' }, 400, {
      success: false,
      error: 'Access to Method Forbidden [403]',
      errorType: 403,
    });
    await refused(
      makeFake({ profile: '7' }),
      'admin',
      'channels.addAll',
      { roomName: 'random', activeUsersOnly: 'true' },
      400,
      {
        success: false,
        error:
          "must have required property 'roomId'\n must be boolean\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    );
    await refused(
      makeFake({ profile: '0.49' }),
      'admin',
      'groups.addAll',
      { roomName: 'secret' },
      404,
      plain('Resource not found'),
    );
  });

  it('the members bound holds (membersPerRoom)', async () => {
    const fake = makeFake({ limits: { membersPerRoom: 3 } });
    await refused(fake, 'admin', 'channels.addAll', { roomName: 'random' }, 400, {
      success: false,
      error: 'This room holds its most members (3, the limit membersPerRoom) [error-members-limit-reached]',
      errorType: 'error-members-limit-reached',
    });
  });
});

describe('what a change sends', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function loggedIn(token: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('channels.close, channels.open and subscriptions.unread send ["updated", subscription] on <uid>/subscriptions-changed', async () => {
    const bob = await loggedIn('bob-token');
    const uid = 'bobUserId00000001';
    await bob.sub('stream-notify-user', `${uid}/subscriptions-changed`, false);
    const isChange = (f: Frame): boolean =>
      f.msg === 'changed' && (f.fields as { eventName: string }).eventName === `${uid}/subscriptions-changed`;
    const send = (route: string, body: object): Promise<Response> =>
      fetch(`${fake.url}/api/v1/${route}`, {
        method: 'POST',
        headers: { ...AS.bob, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await send('channels.close', { roomName: 'general' });
    const closed = await bob.next(isChange);
    expect(closed.fields).toEqual({
      eventName: `${uid}/subscriptions-changed`,
      args: [
        'updated',
        expect.objectContaining({
          rid: 'GENERAL',
          open: false,
          alert: false,
          _updatedAt: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
        }),
      ],
    });
    await send('channels.open', { roomName: 'general' });
    const opened = await bob.next((f) => isChange(f) && f !== closed);
    expect((opened.fields as { args: unknown[] }).args).toEqual([
      'updated',
      expect.objectContaining({ rid: 'GENERAL', open: true }),
    ]);
  });
  it('the realtime twins: openRoom / hideRoom (the modified count), getRoomRoles, addAllUserToRoom; their refusals', async () => {
    const bob = await loggedIn('bob-token');
    expect((await bob.call('hideRoom', 'GENERAL')).result).toBe(1);
    expect((await bob.call('hideRoom', 'GENERAL')).result).toBe(0);
    expect(await subscription(fake, 'bob', 'GENERAL')).toMatchObject({ open: false, alert: false });
    expect((await bob.call('openRoom', 'GENERAL')).result).toBe(1);
    expect((await bob.call('openRoom', 'GENERAL')).result).toBe(0);
    // not a member: nothing to modify
    expect((await bob.call('openRoom', 'randomRoomId00001')).result).toBe(0);
    expect((await bob.call('openRoom', 5)).error).toEqual({
      isClientSafe: true,
      error: 400,
      reason: 'Match failed',
      message: 'Match failed [400]',
      errorType: 'Meteor.Error',
    });
    const roles = await bob.call('getRoomRoles', 'GENERAL');
    expect(roles.result).toEqual([
      {
        _id: expect.any(String),
        rid: 'GENERAL',
        u: { _id: 'adminUserId000001', username: 'admin' },
        roles: ['owner'],
      },
    ]);
    expect((await bob.call('getRoomRoles', 'privateRoomId0001')).error).toMatchObject({
      error: 'error-invalid-user',
      reason: 'Invalid user',
      details: { method: 'getRoomRoles' },
    });
    const before = snapshot(fake);
    expect((await bob.call('addAllUserToRoom', 'randomRoomId00001')).error).toMatchObject({
      error: 403,
      reason: 'Access to Method Forbidden',
      details: { method: 'addAllToRoom' },
    });
    expect(snapshot(fake)).toBe(before);
    const admin = await loggedIn('admin-token');
    expect((await admin.call('addAllUserToRoom', 'randomRoomId00001', 'yes')).error).toMatchObject({
      error: 400,
      reason: 'Match failed',
    });
    expect((await admin.call('addAllUserToRoom', 'randomRoomId00001', true)).result).toBe(true);
    // unreadMessages(firstUnreadMessage, room): the command of subscriptions.unread
    expect((await bob.call('unreadMessages', null, 'GENERAL')).error).toMatchObject({
      error: 'error-no-message-for-unread',
      reason: 'There are no messages to mark unread',
      details: { method: 'unreadMessages', action: 'Unread_messages' },
    });
    expect((await bob.call('unreadMessages', { _id: 'nope' })).error).toMatchObject({
      error: 'error-action-not-allowed',
      reason: 'Not allowed',
    });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '#general', text: 'hi' }).expect(
      200,
    );
    const marked = await bob.call('unreadMessages', null, 'GENERAL');
    expect(marked).toEqual({ msg: 'result', id: marked.id });
    expect(await subscription(fake, 'bob', 'GENERAL')).toMatchObject({ open: true, alert: true });
    expect(fake.state().channels.find((c) => c.name === 'random')?.usernames).toEqual([
      'alice',
      'admin',
      'bob',
      'robot',
      'gina',
    ]);
  });
});
