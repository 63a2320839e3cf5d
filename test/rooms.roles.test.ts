/**
 * The room role routes (`channels.addOwner` … `groups.removeLeader`) and their realtime twins
 * (`addRoomOwner` …): a role is subscription data the access rules read (a new owner may then kick
 * and invite; the last owner cannot be removed), with its system message and its place in state().
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import { Ddp } from './support/ddp';
import { post, snapshot } from './support/rooms';

const BOB = 'bobUserId00000001';
const ALICE = 'aliceUserId000001';
const ADMIN = 'adminUserId000001';

describe('room roles (8.9)', () => {
  it('an owner makes a member owner: the role on the subscription, the message, and the access it gives', async () => {
    const fake = makeFake();
    // bob, a plain member of general, may not kick yet
    const before = await post(fake, 'bob', 'channels.kick', { roomId: 'GENERAL', userId: ALICE });
    expect(before.body.errorType).toBe('error-not-allowed');
    const res = await post(fake, 'admin', 'channels.addOwner', { roomId: 'GENERAL', userId: BOB });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    const sub = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: 'GENERAL' })
      .set(AS.bob);
    expect(sub.body.subscription.roles).toEqual(['owner']);
    const message = (fake.state().messages ?? []).find(
      (m) => m.rid === 'GENERAL' && m.t === 'subscription-role-added',
    );
    expect(message).toMatchObject({ msg: 'bob', role: 'owner', u: { username: 'admin' } });
    expect(fake.state().subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rid: 'GENERAL', username: 'bob', roles: ['owner'] }),
      ]),
    );
    // now bob may kick, and the admin may leave: another owner is left
    await post(fake, 'bob', 'channels.kick', { roomId: 'GENERAL', userId: ALICE }).expect(200);
    await post(fake, 'admin', 'channels.leave', { roomId: 'GENERAL' }).expect(200);
    expect(roomOf(fake, 'general').usernames).toEqual(['bob']);
    // the state loads back with the role
    const again = createFakeServer({ scenario: fake.state() });
    const last = await post(again, 'bob', 'channels.leave', { roomId: 'GENERAL' });
    expect(last.body.errorType).toBe('error-you-are-last-owner');
  });

  it('moderators and leaders, added and removed; removing an owner while another is left', async () => {
    const fake = makeFake();
    await post(fake, 'admin', 'channels.addModerator', { roomName: 'general', username: 'alice' }).expect(
      200,
    );
    await post(fake, 'admin', 'channels.addLeader', { roomName: 'general', username: 'alice' }).expect(200);
    const sub = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: 'GENERAL' })
      .set(AS.alice);
    expect(sub.body.subscription.roles).toEqual(['moderator', 'leader']);
    // a moderator may invite into the channel
    await post(fake, 'alice', 'channels.invite', { roomId: 'GENERAL', username: 'robot' }).expect(200);
    await post(fake, 'admin', 'channels.removeModerator', { roomId: 'GENERAL', userId: ALICE }).expect(200);
    await post(fake, 'admin', 'channels.addOwner', { roomId: 'GENERAL', userId: ALICE }).expect(200);
    await post(fake, 'alice', 'channels.removeOwner', { roomId: 'GENERAL', userId: ADMIN }).expect(200);
    const types = (fake.state().messages ?? [])
      .filter((m) => m.rid === 'GENERAL' && typeof m.t === 'string' && m.t.startsWith('subscription-role'))
      .map((m) => [m.t, m.msg, (m as { role?: string }).role]);
    expect(types).toEqual([
      ['subscription-role-added', 'alice', 'moderator'],
      ['subscription-role-added', 'alice', 'leader'],
      ['subscription-role-removed', 'alice', 'moderator'],
      ['subscription-role-added', 'alice', 'owner'],
      ['subscription-role-removed', 'admin', 'owner'],
    ]);
  });

  const details = (method: string): { method: string } => ({ method });
  it.each([
    [
      'a plain member',
      'bob',
      'channels.addOwner',
      { roomId: 'GENERAL', userId: BOB },
      'Not allowed [error-not-allowed]',
      'error-not-allowed',
      details('addRoomOwner'),
    ],
    [
      'the last owner',
      'admin',
      'channels.removeOwner',
      { roomId: 'GENERAL', userId: ADMIN },
      'This is the last owner. Please set a new owner before removing this one. [error-remove-last-owner]',
      'error-remove-last-owner',
      details('removeRoomOwner'),
    ],
    [
      'an owner already',
      'admin',
      'channels.addOwner',
      { roomId: 'GENERAL', userId: ADMIN },
      'User is already an owner [error-user-already-owner]',
      'error-user-already-owner',
      details('addRoomOwner'),
    ],
    [
      'no owner',
      'admin',
      'channels.removeOwner',
      { roomId: 'GENERAL', userId: BOB },
      'User is not an owner [error-user-not-owner]',
      'error-user-not-owner',
      details('removeRoomOwner'),
    ],
    [
      'not a member',
      'admin',
      'channels.addModerator',
      { roomId: 'GENERAL', userId: 'botUserId00000001' },
      'User is not in this room [error-user-not-in-room]',
      'error-user-not-in-room',
      details('addRoomModerator'),
    ],
    [
      'not a member, removed',
      'admin',
      'channels.removeModerator',
      { roomId: 'GENERAL', userId: 'botUserId00000001' },
      'Invalid room [error-invalid-room]',
      'error-invalid-room',
      details('removeRoomModerator'),
    ],
    [
      'an archived channel',
      'admin',
      'channels.addOwner',
      { roomName: 'attic', userId: BOB },
      'The channel, attic, is archived [error-room-archived]',
      'error-room-archived',
      undefined,
    ],
    [
      'a group the caller is not in',
      'admin',
      'groups.addOwner',
      { roomName: 'secret', userId: BOB },
      'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
      'error-room-not-found',
      undefined,
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, route, body, error, errorType, det) => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await post(fake, who, route, body);
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, error, errorType, ...(det ? { details: det } : {}) },
    ]);
    expect(snapshot(fake)).toBe(before);
  });

  it('groups: the owner gives a role in a group; 0.49 has no leader routes', async () => {
    const fake = makeFake();
    await post(fake, 'alice', 'groups.invite', { roomName: 'secret', username: 'bob' }).expect(200);
    await post(fake, 'alice', 'groups.addLeader', { roomName: 'secret', username: 'bob' }).expect(200);
    const sub = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: 'privateRoomId0001' })
      .set(AS.bob);
    expect(sub.body.subscription.roles).toEqual(['leader']);
    const old = makeFake({ profile: '0.49' });
    expect(
      (await post(old, 'admin', 'channels.addLeader', { roomId: 'GENERAL', userId: ALICE })).status,
    ).toBe(404);
    await post(old, 'admin', 'channels.addModerator', { roomId: 'GENERAL', userId: ALICE }).expect(200);
  });
});

describe('the role methods over the realtime API', () => {
  let fake: FakeServer;
  let ddp: Ddp | undefined;
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start();
  });
  afterEach(async () => {
    await ddp?.close();
    await fake.stop();
  });

  it('addRoomOwner(rid, userId) answers true; its refusals are Meteor errors', async () => {
    ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    await ddp.connect();
    const anon = await ddp.call('addRoomOwner', 'GENERAL', BOB);
    expect(anon.error).toMatchObject({ error: 'error-invalid-user' });
    await ddp.call('login', { resume: 'admin-token' });
    expect((await ddp.call('addRoomOwner', 'GENERAL', BOB)).result).toBe(true);
    expect((await ddp.call('removeRoomOwner', 'GENERAL', BOB)).result).toBe(true);
    const last = await ddp.call('removeRoomOwner', 'GENERAL', ADMIN);
    expect(last.error).toMatchObject({
      error: 'error-remove-last-owner',
      details: { method: 'removeRoomOwner' },
    });
    const bad = await ddp.call('addRoomModerator', 'GENERAL', 7);
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
  });
});
