/**
 * `users.update`, `users.delete` and `users.setActiveStatus`, and the realtime `deleteUser` and
 * `setUserActiveStatus`: the checks in the server's order per release line, what changes (rooms,
 * tokens, the state), refusals that change nothing.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import { AS, WORLD, expectRefused, makeFake, postAs } from './support/fake';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';

const UPDATE = '/api/v1/users.update';
const DELETE = '/api/v1/users.delete';
const ACTIVE = '/api/v1/users.setActiveStatus';
const BOB = 'bobUserId00000001';

/** WORLD with alice's `random` shared with bob: alice is its last owner. */
const SHARED: ScenarioInput = {
  ...WORLD,
  channels: (WORLD.channels ?? []).map((c) =>
    c.name === 'random' ? { ...c, usernames: ['alice', 'bob'] } : c,
  ),
};

async function works(fake: FakeServer, who: keyof typeof AS): Promise<number> {
  return (await request(fake.app).get('/api/v1/me').set(AS[who])).status;
}

describe('POST /api/v1/users.update', () => {
  it('an admin edits another user: the fields, bio and nickname unset when absent, the username renamed in its rooms', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'admin', UPDATE, {
      userId: BOB,
      data: { username: 'robert', name: 'Rob', email: 'rob@example.com', statusText: 'hi' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        _id: BOB,
        username: 'robert',
        name: 'Rob',
        emails: [{ address: 'rob@example.com', verified: false }],
        roles: ['user'],
        active: true,
        statusText: 'hi',
        _updatedAt: '2026-01-01T00:00:01.000Z',
      },
      success: true,
    });
    expect(fake.state().channels.find((c) => c.name === 'general')?.usernames).toEqual([
      'admin',
      'alice',
      'robert',
    ]);
    const login = await request(fake.app).post('/api/v1/login').send({ user: 'robert', password: 'bob-pw' });
    expect(login.status).toBe(200);
    expect(fake.changes().users.changed.map((c) => c._id)).toEqual([BOB]);
  });

  it('a password without edit-other-user-password is silently ignored', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'alice', UPDATE, {
      userId: 'aliceUserId000001',
      data: { password: 'new-pw', nickname: 'Al' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.nickname).toBe('Al');
    expect(
      (await request(fake.app).post('/api/v1/login').send({ user: 'alice', password: 'alice-pw' })).status,
    ).toBe(200);
  });

  it('active: false (with edit-other-user-active-status) deactivates and logs the user out', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'admin', UPDATE, { userId: BOB, data: { active: false } });
    expect(res.body.user.active).toBe(false);
    expect(await works(fake, 'bob')).toBe(401);
  });

  it.each([
    [
      'another user without edit-other-user-info',
      'alice',
      { userId: BOB, data: { name: 'x' } },
      {
        success: false,
        error: 'Editing user is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'insertOrUpdateUser', action: 'Editing_user' },
      },
    ],
    [
      'no data',
      'admin',
      { userId: BOB },
      {
        success: false,
        error: "must have required property 'data' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      'an empty userId (7.0 on)',
      'admin',
      { userId: '', data: {} },
      {
        success: false,
        error: 'must NOT have fewer than 1 characters [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      'data.joinDefaultChannels (gone in 7.0)',
      'admin',
      { userId: BOB, data: { joinDefaultChannels: true } },
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      'verified on oneself (7.x on)',
      'alice',
      { userId: 'aliceUserId000001', data: { verified: true } },
      {
        success: false,
        error: 'Editing email verification is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'insertOrUpdateUser', action: 'Editing_user' },
      },
    ],
    [
      'a username in use',
      'admin',
      { userId: BOB, data: { username: 'Alice' } },
      expect.objectContaining({ error: 'Alice is already in use :( [error-field-unavailable]' }),
    ],
    [
      'roles changed without assign-roles',
      'alice',
      { userId: 'aliceUserId000001', data: { roles: ['user', 'bot'] } },
      expect.objectContaining({ error: 'Assign roles is not allowed [error-action-not-allowed]' }),
    ],
    [
      'an unknown user',
      'admin',
      { userId: 'nobody', data: {} },
      { success: false, error: 'error-invalid-user' },
    ],
  ] as const)('%s: 400, nothing changes', async (_what, who, body, expected) => {
    await expectRefused(makeFake(), who, UPDATE, body, 400, expected);
  });

  it('0.49: Meteor’s check of data (exact), the whole document', async () => {
    const fake = makeFake({ profile: '0.49' });
    const bad = await postAs(fake.app, 'admin', UPDATE, { userId: BOB, data: { bio: 'x' } });
    expect(bad.body).toEqual({ success: false, error: 'Error: Match error: Unknown key in field data.bio' });
    const res = await postAs(fake.app, 'admin', UPDATE, { userId: BOB, data: { name: 'Rob' } });
    expect(res.body.user).toMatchObject({ _id: BOB, name: 'Rob' });
  });
});

describe('POST /api/v1/users.delete', () => {
  it('deletes the user: out of its rooms, its tokens ended, gone from the state; a reset brings it back', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'admin', DELETE, { username: 'BOB' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().users.find((u) => u._id === BOB)).toBeUndefined();
    expect(fake.changes().users.removed.map((u) => u._id)).toEqual([BOB]);
    expect(fake.state().channels.find((c) => c.name === 'general')).toMatchObject({
      usernames: ['admin', 'alice'],
      usersCount: 2,
    });
    expect(fake.state().tokens.map((t) => t.username)).not.toContain('bob');
    expect(await works(fake, 'bob')).toBe(401);
    fake.reset();
    expect(await works(fake, 'bob')).toBe(200);
  });

  it.each([
    [
      'no delete-user (7.0 on: permissionsRequired)',
      'alice',
      { userId: BOB },
      403,
      {
        success: false,
        error: 'User does not have the permissions required for this action [error-unauthorized]',
      },
    ],
    [
      'no user named',
      'admin',
      {},
      400,
      {
        success: false,
        error: 'The required "userId" or "username" param was not provided [error-user-param-not-provided]',
        errorType: 'error-user-param-not-provided',
      },
    ],
    [
      'an unknown user',
      'admin',
      { userId: 'nobody' },
      400,
      {
        success: false,
        error:
          'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
        errorType: 'error-invalid-user',
      },
    ],
    [
      'the last admin',
      'admin',
      { userId: 'adminUserId000001' },
      400,
      {
        success: false,
        error: 'Leaving the app without admins is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'deleteUser', action: 'Remove_last_admin' },
      },
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, body, status, expected) => {
    await expectRefused(makeFake(), who, DELETE, body, status, expected);
  });

  it('the last owner of a room with others: refused without confirmRelinquish', async () => {
    const fake = createFakeServer({ scenario: SHARED });
    await expectRefused(fake, 'admin', DELETE, { userId: 'aliceUserId000001' }, 400, {
      success: false,
      error: '[user-last-owner]',
      errorType: 'user-last-owner',
    });
    const res = await postAs(fake.app, 'admin', DELETE, {
      userId: 'aliceUserId000001',
      confirmRelinquish: true,
    });
    expect(res.status).toBe(200);
    expect(fake.state().channels.find((c) => c.name === 'random')?.usernames).toEqual(['bob']);
  });

  it('by release line: 6.x’s bare 403; 0.49 reads userId alone', async () => {
    const six = await postAs(makeFake({ profile: '6' }).app, 'alice', DELETE, { userId: BOB });
    expect([six.status, six.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
    const old = makeFake({ profile: '0.49' });
    const none = await postAs(old.app, 'admin', DELETE, { username: 'bob' });
    expect(none.body).toEqual({ success: false, error: 'Body param "userId" is required' });
    const unknown = await postAs(old.app, 'admin', DELETE, { userId: 'nobody' });
    expect(unknown.body).toEqual({
      success: false,
      error: 'Error: Invalid user to delete [error-invalid-user]',
    });
  });
});

describe('POST /api/v1/users.setActiveStatus', () => {
  it('deactivates (the user logged out everywhere) and activates again', async () => {
    const fake = makeFake();
    const off = await postAs(fake.app, 'admin', ACTIVE, { userId: BOB, activeStatus: false });
    expect([off.status, off.body]).toEqual([200, { user: { _id: BOB, active: false }, success: true }]);
    expect(await works(fake, 'bob')).toBe(401);
    expect(
      (await request(fake.app).post('/api/v1/login').send({ user: 'bob', password: 'bob-pw' })).status,
    ).toBe(401);
    const on = await postAs(fake.app, 'admin', ACTIVE, { userId: BOB, activeStatus: 'true' });
    expect(on.body).toEqual({ user: { _id: BOB, active: true }, success: true });
    expect(
      (await request(fake.app).post('/api/v1/login').send({ user: 'bob', password: 'bob-pw' })).status,
    ).toBe(200);
  });

  it.each([
    [
      '8.x: the permission before the body',
      '8',
      'alice',
      {},
      403,
      {
        success: false,
        error: 'User does not have the permissions required for this action [error-unauthorized]',
      },
    ],
    [
      '7.x: the body before the permission',
      '7',
      'alice',
      {},
      400,
      {
        success: false,
        error: "must have required property 'userId' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      '6.x: the bare 403',
      '6',
      'alice',
      { userId: BOB, activeStatus: false },
      403,
      { success: false, error: 'unauthorized' },
    ],
    [
      '5.x: Meteor’s check',
      '5',
      'admin',
      { userId: BOB },
      400,
      { success: false, error: "Match error: Missing key 'activeStatus'" },
    ],
    [
      'an unknown user',
      '8',
      'admin',
      { userId: 'nobody', activeStatus: false },
      400,
      { success: false, error: 'User not found' },
    ],
    [
      'the last active admin',
      '8',
      'admin',
      { userId: 'adminUserId000001', activeStatus: false },
      400,
      {
        success: false,
        error: 'Leaving the app without an active admin is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'removeUserFromRole', action: 'Remove_last_admin' },
      },
    ],
  ] as const)('%s: refused, nothing changes', async (_what, profile, who, body, status, expected) => {
    await expectRefused(makeFake({ profile }), who, ACTIVE, body, status, expected);
  });

  it('0.49 has no users.setActiveStatus', async () => {
    const fake = makeFake({ profile: '0.49' });
    const res = await postAs(fake.app, 'admin', ACTIVE, { userId: BOB, activeStatus: false });
    const unknown = await postAs(fake.app, 'admin', '/api/v1/users.nosuchroute', {});
    expect([res.status, res.body]).toEqual([unknown.status, unknown.body]);
  });
});

describe('deleteUser and setUserActiveStatus over the realtime API', () => {
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

  async function socket(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('setUserActiveStatus then deleteUser: true each, the same commands as REST', async () => {
    const ddp = await socket('admin-token');
    expect((await ddp.call('setUserActiveStatus', BOB, false)).result).toBe(true);
    expect(fake.state().users.find((u) => u._id === BOB)?.active).toBe(false);
    expect((await ddp.call('deleteUser', BOB)).result).toBe(true);
    expect(fake.state().users.find((u) => u._id === BOB)).toBeUndefined();
    expect((await ddp.call('deleteUser', BOB)).error).toMatchObject({
      error: 'error-invalid-user',
      reason: 'Invalid user to delete',
      details: { method: 'deleteUser' },
    });
  });

  it.each([
    [
      'deleteUser',
      undefined,
      [BOB],
      { error: 'error-not-allowed', reason: 'Not allowed', details: { method: 'deleteUser' } },
    ],
    ['deleteUser', 'alice-token', [BOB], { error: 'error-not-allowed', reason: 'Not allowed' }],
    ['deleteUser', 'admin-token', [7], { error: 400, reason: 'Match failed' }],
    ['setUserActiveStatus', undefined, [BOB, false], { error: 'error-invalid-user', reason: 'Invalid user' }],
    [
      'setUserActiveStatus',
      'alice-token',
      [BOB, false],
      { error: 'error-not-allowed', reason: 'Not allowed', details: { method: 'setUserActiveStatus' } },
    ],
    ['setUserActiveStatus', 'admin-token', [BOB, 'no'], { error: 400, reason: 'Match failed' }],
  ] as const)('%s refused (%s): nothing changes', async (method, token, params, error) => {
    const ddp = await socket(token);
    const before = JSON.stringify(fake.state().users);
    expect((await ddp.call(method, ...params)).error).toMatchObject(error);
    expect(JSON.stringify(fake.state().users)).toBe(before);
  });
});
