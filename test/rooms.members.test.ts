/**
 * The member routes of channels and groups and their realtime twins: `channels.invite` /
 * `groups.invite` (`addUsersToRoom`), `channels.kick` / `groups.kick` (`removeUserFromRoom`),
 * `channels.join`, `channels.leave` / `groups.leave` (`leaveRoom`). Each adds or removes a member
 * with its system message (`au`, `ru`, `uj`, `ul`), the subscription and `usersCount`; refusals
 * change nothing; the last owner can neither leave nor be kicked.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import type { Ddp } from './support/ddp';
import { withRealtime } from './support/ddp';
import { post, refused, subscriptionOf, systemMessages } from './support/rooms';

const notAllowed = (method: string): object => ({
  success: false,
  error: 'Not allowed [error-not-allowed]',
  errorType: 'error-not-allowed',
  details: { method },
});
const lastOwner = (method: string): object => ({
  success: false,
  error: 'You are the last owner. Please set new owner before leaving the room. [error-you-are-last-owner]',
  errorType: 'error-you-are-last-owner',
  details: { method },
});
const GROUP_NOT_FOUND = {
  success: false,
  error: 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
  errorType: 'error-room-not-found',
};

describe('channels.invite and groups.invite (8.9)', () => {
  it("a room's owner invites: the user joins with an au message by the inviter, alerted, one unread", async () => {
    const fake = makeFake();
    const res = await post(fake, 'alice', 'channels.invite', { roomName: 'random', username: 'bob' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.channel).toMatchObject({ _id: 'randomRoomId00001', usersCount: 2, msgs: 6 });
    expect(res.body).toMatchShape('channels.invite');
    expect(roomOf(fake, 'random').usernames).toEqual(['alice', 'bob']);
    expect(systemMessages(fake, 'randomRoomId00001')).toEqual([{ t: 'au', msg: 'bob', u: 'alice' }]);
    expect(await subscriptionOf(fake, 'bob', 'randomRoomId00001')).toMatchObject({
      open: true,
      alert: true,
      unread: 1,
      userMentions: 1,
    });
    // a member already: nothing more happens
    const again = await post(fake, 'alice', 'channels.invite', {
      roomId: 'randomRoomId00001',
      userId: 'bobUserId00000001',
    });
    expect(again.body.channel.msgs).toBe(6);
    fake.reset();
    expect(roomOf(fake, 'random').usernames).toEqual(['alice']);
  });

  it('an admin may invite into a channel it is not in (add-user-to-any-c-room), several users at once', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.invite', {
      roomName: 'random',
      usernames: ['bob', 'robot', 'nobody'],
    });
    expect(res.status).toBe(200);
    expect(res.body.channel.usersCount).toBe(3);
    expect(systemMessages(fake, 'randomRoomId00001').map((m) => [m.msg, m.u])).toEqual([
      ['bob', 'admin'],
      ['robot', 'admin'],
    ]);
  });

  it('groups.invite: the group by id or name, answers {group}', async () => {
    const fake = makeFake();
    const res = await post(fake, 'alice', 'groups.invite', { roomName: 'secret', usernames: ['bob'] });
    expect(res.status).toBe(200);
    expect(res.body.group).toMatchObject({ _id: 'privateRoomId0001', t: 'p', usersCount: 2 });
    expect(res.body).toMatchShape('groups.invite');
    const info = await request(fake.app).get('/api/v1/groups.info').query({ roomName: 'secret' }).set(AS.bob);
    expect(info.status).toBe(200);
  });

  it.each([
    [
      'a plain member (no add-user-to-joined-room)',
      'bob',
      'channels.invite',
      { roomName: 'general', username: 'robot' },
      400,
      notAllowed('addUsersToRoom'),
    ],
    [
      'an admin outside a group',
      'admin',
      'groups.invite',
      { roomName: 'secret', username: 'bob' },
      400,
      notAllowed('addUsersToRoom'),
    ],
    [
      'no user named',
      'alice',
      'channels.invite',
      { roomName: 'random' },
      400,
      {
        success: false,
        error:
          'Please provide "userId" or "username" or "userIds" or "usernames" as param [error-users-params-not-provided]',
        errorType: 'error-users-params-not-provided',
      },
    ],
    [
      'only unknown users (channels: text and type swapped)',
      'alice',
      'channels.invite',
      { roomName: 'random', usernames: ['nobody'] },
      400,
      {
        success: false,
        error: 'invalid-user-invite-list',
        errorType: 'Cannot invite if no users are provided',
      },
    ],
    [
      'only unknown users (groups)',
      'alice',
      'groups.invite',
      { roomName: 'secret', usernames: ['nobody'] },
      400,
      {
        success: false,
        error: 'Cannot invite if no valid users are provided [error-empty-invite-list]',
        errorType: 'error-empty-invite-list',
      },
    ],
    [
      'an archived channel',
      'admin',
      'channels.invite',
      { roomName: 'attic', username: 'bob' },
      400,
      {
        success: false,
        error: 'The channel, attic, is archived [error-room-archived]',
        errorType: 'error-room-archived',
      },
    ],
    [
      'a channel through groups.invite',
      'alice',
      'groups.invite',
      { roomName: 'general', username: 'bob' },
      400,
      GROUP_NOT_FOUND,
    ],
    [
      'no group named',
      'alice',
      'groups.invite',
      { username: 'bob' },
      400,
      {
        success: false,
        error: 'The parameter "roomId" or "roomName" is required [error-room-param-not-provided]',
        errorType: 'error-room-param-not-provided',
      },
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, route, body, status, expected) => {
    await refused(makeFake(), who, route, body, status, expected);
  });

  it('membersPerRoom bounds an invitation', async () => {
    const fake = makeFake({ limits: { membersPerRoom: 3 } });
    await refused(fake, 'admin', 'channels.invite', { roomName: 'general', username: 'robot' }, 400, {
      success: false,
      error: 'This room holds its most members (3, the limit membersPerRoom) [error-members-limit-reached]',
      errorType: 'error-members-limit-reached',
    });
  });
});

describe('channels.kick and groups.kick', () => {
  it('an owner kicks a member: ru by the kicker, the subscription gone, {channel} after', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.kick', {
      roomId: 'GENERAL',
      userId: 'bobUserId00000001',
    });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ _id: 'GENERAL', usersCount: 2 });
    expect(res.body).toMatchShape('channels.kick');
    expect(roomOf(fake, 'general').usernames).toEqual(['admin', 'alice']);
    expect(systemMessages(fake, 'GENERAL')).toEqual([{ t: 'ru', msg: 'bob', u: 'admin' }]);
    expect(await subscriptionOf(fake, 'bob', 'GENERAL')).toBeNull();
    expect(fake.changes().subscriptions.removed.map((s) => [s.rid, s.u.username])).toEqual([
      ['GENERAL', 'bob'],
    ]);
  });

  it('groups.kick takes a username and answers {success} alone', async () => {
    const fake = makeFake();
    await post(fake, 'alice', 'groups.invite', { roomName: 'secret', username: 'bob' }).expect(200);
    const res = await post(fake, 'alice', 'groups.kick', { roomName: 'secret', username: 'bob' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(roomOf(fake, 'secret').usernames).toEqual(['alice']);
  });

  it.each([
    [
      'channels.kick with a username (6.x on: userId only)',
      'admin',
      'channels.kick',
      { roomId: 'GENERAL', username: 'bob' },
      400,
      {
        success: false,
        error:
          "must have required property 'userId'\n must have required property 'roomName'\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      'a plain member (no remove-user)',
      'bob',
      'channels.kick',
      { roomId: 'GENERAL', userId: 'aliceUserId000001' },
      400,
      notAllowed('removeUserFromRoom'),
    ],
    [
      'the only owner',
      'admin',
      'channels.kick',
      { roomId: 'GENERAL', userId: 'adminUserId000001' },
      400,
      lastOwner('removeUserFromRoom'),
    ],
    [
      'someone not in the room',
      'admin',
      'channels.kick',
      { roomId: 'GENERAL', userId: 'botUserId00000001' },
      400,
      {
        success: false,
        error: 'User is not in this room [error-user-not-in-room]',
        errorType: 'error-user-not-in-room',
        details: { method: 'removeUserFromRoom' },
      },
    ],
    [
      'an unknown user',
      'admin',
      'channels.kick',
      { roomId: 'GENERAL', userId: 'nobody' },
      400,
      {
        success: false,
        error:
          'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
        errorType: 'error-invalid-user',
      },
    ],
    [
      'an admin outside a group (7.x on: the method hides it)',
      'admin',
      'groups.kick',
      { roomName: 'secret', username: 'alice' },
      400,
      GROUP_NOT_FOUND,
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, route, body, status, expected) => {
    await refused(makeFake(), who, route, body, status, expected);
  });

  it('5.x: channels.kick takes a username (no validator)', async () => {
    const fake = makeFake({ profile: '5' });
    const res = await post(fake, 'admin', 'channels.kick', { roomId: 'GENERAL', username: 'bob' });
    expect(res.status).toBe(200);
    expect(res.body.channel.usersCount).toBe(2);
  });
});

describe('channels.join', () => {
  it('joins with a uj message and the channel after', async () => {
    const fake = makeFake();
    const res = await post(fake, 'bob', 'channels.join', { roomName: 'random' });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ _id: 'randomRoomId00001', usersCount: 2, msgs: 6 });
    expect(res.body).toMatchShape('channels.join');
    expect(systemMessages(fake, 'randomRoomId00001')).toEqual([{ t: 'uj', msg: 'bob', u: 'bob' }]);
    // a member already: the channel as it is
    const again = await post(fake, 'bob', 'channels.join', { roomId: 'randomRoomId00001' });
    expect([again.status, again.body.channel.usersCount]).toEqual([200, 2]);
  });

  it('a join code: none, a wrong one, the right one; an admin needs none', async () => {
    const fake = makeFake();
    const details = { method: 'joinRoom' };
    await refused(fake, 'alice', 'channels.join', { roomName: 'club' }, 400, {
      success: false,
      error: 'Code required [error-code-required]',
      errorType: 'error-code-required',
      details,
    });
    await refused(fake, 'alice', 'channels.join', { roomName: 'club', joinCode: 'no' }, 400, {
      success: false,
      error: 'Invalid code [error-code-invalid]',
      errorType: 'error-code-invalid',
      details,
    });
    await post(fake, 'alice', 'channels.join', { roomName: 'club', joinCode: 'xyzzy' }).expect(200);
    await post(fake, 'admin', 'channels.join', { roomName: 'club' }).expect(200);
    expect(roomOf(fake, 'club').usernames).toEqual(['bob', 'alice', 'admin']);
  });

  it('5.x: a wrong code is the method’s Invalid Room Password', async () => {
    const fake = makeFake({ profile: '5' });
    await refused(fake, 'alice', 'channels.join', { roomName: 'club', joinCode: 'no' }, 400, {
      success: false,
      error: 'Invalid Room Password [error-code-invalid]',
      errorType: 'error-code-invalid',
      details: { method: 'joinRoom' },
    });
  });

  it.each([
    [
      'an archived channel',
      { roomName: 'attic' },
      {
        success: false,
        error: 'The channel, attic, is archived [error-room-archived]',
        errorType: 'error-room-archived',
      },
    ],
    [
      'a group',
      { roomName: 'secret' },
      {
        success: false,
        error:
          'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
        errorType: 'error-room-not-found',
      },
    ],
    [
      'another key',
      { roomName: 'random', x: 1 },
      {
        success: false,
        error:
          "must have required property 'roomId'\n must NOT have additional properties\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
  ] as const)('%s: refused', async (_what, body, expected) => {
    await refused(makeFake(), 'bob', 'channels.join', body, 400, expected);
  });

  it('groups.join does not exist', async () => {
    const res = await post(makeFake(), 'alice', 'groups.join', { roomName: 'secret' });
    expect(res.status).toBe(404);
  });
});

describe('channels.leave and groups.leave', () => {
  it('a member leaves: ul by the member, the subscription gone, the channel after', async () => {
    const fake = makeFake();
    const res = await post(fake, 'bob', 'channels.leave', { roomName: 'general' });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ _id: 'GENERAL', usersCount: 2 });
    expect(res.body).toMatchShape('channels.leave');
    expect(systemMessages(fake, 'GENERAL')).toEqual([{ t: 'ul', msg: 'bob', u: 'bob' }]);
    expect(await subscriptionOf(fake, 'bob', 'GENERAL')).toBeNull();
  });

  it.each([
    ['the only owner', 'admin', 'channels.leave', { roomName: 'general' }, lastOwner('leaveRoom')],
    ['a guest (no leave-c)', 'gina', 'channels.leave', { roomName: 'general' }, notAllowed('leaveRoom')],
    [
      'not a member',
      'robot',
      'channels.leave',
      { roomName: 'general' },
      {
        success: false,
        error: 'You are not in this room [error-user-not-in-room]',
        errorType: 'error-user-not-in-room',
        details: { method: 'leaveRoom' },
      },
    ],
    ['the only owner of a group', 'alice', 'groups.leave', { roomName: 'secret' }, lastOwner('leaveRoom')],
    ['not in the group', 'bob', 'groups.leave', { roomName: 'secret' }, GROUP_NOT_FOUND],
  ] as const)('%s: refused, nothing changes', async (_what, who, route, body, expected) => {
    await refused(makeFake(), who, route, body, 400, expected);
  });

  it('groups.leave answers {success} alone', async () => {
    const fake = makeFake();
    await post(fake, 'alice', 'groups.invite', { roomName: 'secret', username: 'bob' }).expect(200);
    const res = await post(fake, 'bob', 'groups.leave', { roomName: 'secret' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(roomOf(fake, 'secret').usersCount).toBe(1);
  });

  it.each(['0.49', '5', '6', '7'] as ProfileId[])('%s: leave and rejoin a channel', async (profile) => {
    const fake = makeFake({ profile });
    await post(fake, 'bob', 'channels.leave', { roomId: 'GENERAL' }).expect(200);
    await post(fake, 'bob', 'channels.join', { roomId: 'GENERAL' }).expect(200);
    expect(roomOf(fake, 'general').usernames).toEqual(['admin', 'alice', 'bob']);
  });
});

describe('the realtime twins: addUsersToRoom, removeUserFromRoom, leaveRoom', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD })),
    () => fake,
  );

  const heard = (ddp: Ddp, event: string): Promise<unknown[]> =>
    ddp
      .next((f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName === event)
      .then((f) => (f.fields as { args: unknown[] }).args);

  it("the added member hears its subscription inserted, the kicked one 'removed'", async () => {
    const uid = 'bobUserId00000001';
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-notify-user', `${uid}/subscriptions-changed`, false);
    const alice = await loggedIn('alice-token');
    const added = await alice.call('addUsersToRoom', { rid: 'randomRoomId00001', users: ['@bob'] });
    expect(added.result).toBe(true);
    expect(await heard(bob, `${uid}/subscriptions-changed`)).toEqual([
      'inserted',
      expect.objectContaining({ rid: 'randomRoomId00001', name: 'random' }),
    ]);
    const kicked = await alice.call('removeUserFromRoom', { rid: 'randomRoomId00001', username: 'bob' });
    expect(kicked.result).toBe(true);
    const removed = await bob.next(
      (f) =>
        f.msg === 'changed' &&
        (f.fields as { eventName: string }).eventName === `${uid}/subscriptions-changed` &&
        (f.fields as { args: unknown[] }).args[0] === 'removed',
    );
    expect((removed.fields as { args: unknown[] }).args).toEqual([
      'removed',
      expect.objectContaining({ rid: 'randomRoomId00001', u: expect.objectContaining({ username: 'bob' }) }),
    ]);
    expect(roomOf(fake, 'random').usernames).toEqual(['alice']);
  });

  it('leaveRoom answers nothing; its refusals are Meteor errors', async () => {
    const bob = await loggedIn('bob-token');
    const left = await bob.call('leaveRoom', 'GENERAL');
    expect(left.error).toBeUndefined();
    expect(left.result).toBeUndefined();
    expect(roomOf(fake, 'general').usernames).toEqual(['admin', 'alice']);
    const admin = await loggedIn('admin-token');
    const last = await admin.call('leaveRoom', 'GENERAL');
    expect(last.error).toMatchObject({ error: 'error-you-are-last-owner', details: { method: 'leaveRoom' } });
    const bad = await admin.call('leaveRoom', 7);
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    const unknown = await admin.call('addUsersToRoom', { rid: 'GENERAL', users: ['nobody'] });
    expect(unknown.error).toMatchObject({ error: 'error-user-not-found', reason: 'User not found' });
    const anon = await loggedIn();
    const out = await anon.call('removeUserFromRoom', { rid: 'GENERAL', username: 'alice' });
    expect(out.error).toMatchObject({ error: 'error-invalid-user' });
  });
});
