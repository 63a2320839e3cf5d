/**
 * One's own account: users.updateOwnBasicInfo (the second factor of a new e-mail or password),
 * users.deleteOwnAccount (the setting, the SHA-256 password), users.setPreferences and
 * users.getPreferences; the refusals per release line with their exact bodies, each changing
 * nothing, and the state before and after.
 */
import { createHash } from 'node:crypto';

import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD, expectRefused, getAs, makeFake, postAs } from './support/fake';

const UPDATE = '/api/v1/users.updateOwnBasicInfo';
const DELETE = '/api/v1/users.deleteOwnAccount';
const SET = '/api/v1/users.setPreferences';
const GET = '/api/v1/users.getPreferences';
const ALICE = 'aliceUserId000001';
const BOB = 'bobUserId00000001';
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const legacy = (message: string) => ({
  success: false,
  error: `${message} [invalid-params]`,
  errorType: 'invalid-params',
});

async function status(fake: FakeServer, userId: string, token: string): Promise<number> {
  return (await request(fake.app).get('/api/v1/me').set({ 'X-Auth-Token': token, 'X-User-Id': userId }))
    .status;
}

describe('POST /api/v1/users.updateOwnBasicInfo', () => {
  it('changes the name, nickname and bio without a password; answers the whole document but the password', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', UPDATE, {
      data: { name: 'Robert', nickname: ' bobby ', bio: 'hi', statusText: 'away for lunch' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        _id: BOB,
        username: 'bob',
        name: 'Robert',
        emails: [{ address: 'bob@example.com', verified: true }],
        roles: ['user'],
        active: true,
        statusText: 'away for lunch',
        bio: 'hi',
        nickname: 'bobby',
        _updatedAt: '2026-01-01T00:00:01.000Z',
      },
      success: true,
    });
    expect(res.text).not.toContain('bob-pw');
    const bob = fake.state().users.find((u) => u._id === BOB);
    expect(bob).toMatchObject({ name: 'Robert', nickname: 'bobby', bio: 'hi', statusText: 'away for lunch' });
    expect(fake.changes().users.changed.map((c) => c._id)).toEqual([BOB]);
  });

  it('a new e-mail or password needs currentPassword, the SHA-256 of the password: missing, then wrong, change nothing', async () => {
    const fake = makeFake();
    for (const data of [{ email: 'new@example.com' }, { newPassword: 'n3w-pw' }]) {
      await expectRefused(fake, 'bob', UPDATE, { data }, 400, {
        success: false,
        error: 'TOTP Required [totp-required]',
        errorType: 'totp-required',
        details: { method: 'password', codeGenerated: false, availableMethods: [] },
      });
      await expectRefused(fake, 'bob', UPDATE, { data: { ...data, currentPassword: sha('nope') } }, 400, {
        success: false,
        error: 'TOTP Invalid [totp-invalid]',
        errorType: 'totp-invalid',
        details: { method: 'password' },
      });
    }
  });

  it('a new e-mail: unverified; a new password: the login with it works, other login tokens end, the calling one and the personal tokens stay', async () => {
    const fake = makeFake();
    const login = await request(fake.app).post('/api/v1/login').send({ user: 'bob', password: 'bob-pw' });
    const other = login.body.data.authToken as string;
    const pat = (
      await postAs(fake.app, 'bob', '/api/v1/users.generatePersonalAccessToken', { tokenName: 'ci' })
    ).body.token as string;
    const res = await postAs(fake.app, 'bob', UPDATE, {
      data: { email: 'rob@example.com', newPassword: 'n3w-pw', currentPassword: sha('bob-pw').toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.emails).toEqual([{ address: 'rob@example.com', verified: false }]);
    expect(await status(fake, BOB, other)).toBe(401);
    expect(await status(fake, BOB, 'bob-token')).toBe(200);
    expect(await status(fake, BOB, pat)).toBe(200);
    const old = await request(fake.app).post('/api/v1/login').send({ user: 'bob', password: 'bob-pw' });
    expect(old.status).toBe(401);
    const next = await request(fake.app).post('/api/v1/login').send({ user: 'bob', password: 'n3w-pw' });
    expect(next.status).toBe(200);
  });

  it.each<[string, object, object]>([
    [
      'the same password',
      { newPassword: 'bob-pw', currentPassword: sha('bob-pw') },
      {
        success: false,
        error: 'Entered password same as current password [error-password-same-as-current]',
        errorType: 'error-password-same-as-current',
        details: { method: 'saveUserProfile' },
      },
    ],
    [
      "another user's e-mail",
      { email: 'alice@example.com', currentPassword: sha('bob-pw') },
      {
        success: false,
        error: 'alice@example.com is already in use :( [error-field-unavailable]',
        errorType: 'error-field-unavailable',
        details: { function: '_setEmail', field: 'alice@example.com' },
      },
    ],
    ['a blank name', { name: '   ' }, identityRefusal()],
    ['a taken username', { username: 'alice' }, identityRefusal()],
    ['a blocked username', { username: 'admin' }, identityRefusal()],
    ['an invalid username', { username: 'bo b' }, identityRefusal()],
    [
      'a bio over 260 characters',
      { bio: 'x'.repeat(261) },
      {
        success: false,
        error: 'Bio size exceeds 260 characters [error-bio-size-exceeded]',
        errorType: 'error-bio-size-exceeded',
        details: { method: 'saveUserProfile' },
      },
    ],
    [
      'a name with "<" (7.x on)',
      { name: 'Bob <b>' },
      { success: false, error: 'Name contains invalid characters' },
    ],
  ])('%s is refused and changes nothing', async (_name, data, body) => {
    await expectRefused(makeFake(), 'bob', UPDATE, { data }, 400, body);
  });

  it.each<[ProfileId, object, object]>([
    ['8.9', {}, legacy("must have required property 'data'")],
    ['6', { data: { foo: 1 } }, legacy('must NOT have additional properties')],
    ['8.9', { data: {}, extra: 1 }, legacy('must NOT have additional properties')],
    ['5', {}, { success: false, error: "Match error: Missing key 'data'" }],
    [
      '5',
      { data: { email: 1 } },
      { success: false, error: 'Match error: Expected string, got number in field data.email' },
    ],
  ])('%s: %j is the release line refusal', async (profile, body, expected) => {
    await expectRefused(makeFake({ profile }), 'bob', UPDATE, body, 400, expected);
  });

  it('6: a name with "<" is taken; 0.49 does not serve the route', async () => {
    const fake = makeFake({ profile: '6' });
    const res = await postAs(fake.app, 'bob', UPDATE, { data: { name: 'Bob <b>' } });
    expect([res.status, res.body.user.name]).toEqual([200, 'Bob <b>']);
    expect((await postAs(makeFake({ profile: '0.49' }).app, 'bob', UPDATE, { data: {} })).status).toBe(404);
  });

  it('Accounts_AllowUserProfileChange off: Not allowed; the status message with its setting off: Edit user status', async () => {
    const off: ScenarioInput = { ...WORLD, settings: { Accounts_AllowUserProfileChange: false } };
    await expectRefused(makeFake({ scenario: off }), 'bob', UPDATE, { data: { name: 'Rob' } }, 400, {
      success: false,
      error: 'Not allowed [error-not-allowed]',
      errorType: 'error-not-allowed',
      details: { method: 'saveUserProfile' },
    });
    const noStatus: ScenarioInput = { ...WORLD, settings: { Accounts_AllowUserStatusMessageChange: false } };
    await expectRefused(
      makeFake({ scenario: noStatus }),
      'bob',
      UPDATE,
      { data: { statusText: 'hi' } },
      400,
      {
        success: false,
        error: 'Edit user status is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'insertOrUpdateUser', action: 'Update_user' },
      },
    );
  });
});

function identityRefusal(): object {
  return {
    success: false,
    error: 'Could not save user identity [error-could-not-save-identity]',
    errorType: 'error-could-not-save-identity',
    details: { method: 'saveUserProfile' },
  };
}

describe('POST /api/v1/users.deleteOwnAccount', () => {
  const allowed: ScenarioInput = { ...WORLD, settings: { Accounts_AllowDeleteOwnAccount: true } };

  it('the password required first, then the setting (off by default), then the password; each changes nothing', async () => {
    const fake = makeFake();
    await expectRefused(fake, 'bob', DELETE, {}, 400, {
      success: false,
      error: 'Body parameter "password" is required.',
    });
    await expectRefused(fake, 'bob', DELETE, { password: sha('bob-pw') }, 400, {
      success: false,
      error: 'Not allowed [error-not-allowed]',
      errorType: 'error-not-allowed',
    });
    await expectRefused(makeFake({ scenario: allowed }), 'bob', DELETE, { password: sha('nope') }, 400, {
      success: false,
      error: 'Invalid password [error-invalid-password]',
      errorType: 'error-invalid-password',
      details: { method: 'deleteUserOwnAccount' },
    });
  });

  it('deletes the caller (the digest in any case): out of its rooms, its tokens ended', async () => {
    const fake = makeFake({ scenario: allowed });
    const res = await postAs(fake.app, 'bob', DELETE, { password: sha('bob-pw').toUpperCase() });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().users.map((u) => u._id)).not.toContain(BOB);
    expect(fake.state().channels.find((c) => c.name === 'general')?.usernames).toEqual(['admin', 'alice']);
    expect(await status(fake, BOB, 'bob-token')).toBe(401);
    expect(fake.changes().users.removed.map((u) => u._id)).toEqual([BOB]);
  });

  it('the last owner of a room with others needs confirmRelinquish; the last admin may not go', async () => {
    const shared: ScenarioInput = {
      ...allowed,
      channels: (WORLD.channels ?? []).map((c) =>
        c.name === 'random' ? { ...c, usernames: ['alice', 'bob'] } : c,
      ),
    };
    const fake = makeFake({ scenario: shared });
    await expectRefused(fake, 'alice', DELETE, { password: sha('alice-pw') }, 400, {
      success: false,
      error: '[user-last-owner]',
      errorType: 'user-last-owner',
    });
    const res = await postAs(fake.app, 'alice', DELETE, {
      password: sha('alice-pw'),
      confirmRelinquish: true,
    });
    expect(res.status).toBe(200);
    expect(fake.state().users.map((u) => u._id)).not.toContain(ALICE);
    await expectRefused(fake, 'admin', DELETE, { password: sha('admin-pw') }, 400, {
      success: false,
      error: 'Leaving the app without admins is not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
      details: { method: 'deleteUser', action: 'Remove_last_admin' },
    });
  });

  it('0.49 does not serve it', async () => {
    expect((await postAs(makeFake({ profile: '0.49' }).app, 'bob', DELETE, { password: 'x' })).status).toBe(
      404,
    );
  });
});

describe('users.setPreferences and users.getPreferences', () => {
  it('a user without settings: getPreferences refuses until a preference is saved; then both show them with language', async () => {
    const fake = makeFake();
    const before = fake.state();
    const refused = await getAs(fake.app, 'bob', GET);
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        success: false,
        error: "FAILED TO RETRIEVE USER PREFERENCES BECAUSE THEY HAVEN'T BEEN SET UP BY THE USER YET",
      },
    ]);
    expect(fake.state()).toEqual(before);
    const res = await postAs(fake.app, 'bob', SET, {
      data: { useEmojis: false, language: 'de', highlights: ['x'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { _id: BOB, settings: { preferences: { useEmojis: false, highlights: ['x'], language: 'de' } } },
      success: true,
    });
    const more = await postAs(fake.app, 'bob', SET, { data: { hideRoles: true } });
    expect(more.body.user.settings.preferences).toEqual({
      useEmojis: false,
      highlights: ['x'],
      hideRoles: true,
      language: 'de',
    });
    expect((await getAs(fake.app, 'bob', GET)).body).toEqual({
      preferences: { useEmojis: false, highlights: ['x'], hideRoles: true, language: 'de' },
      success: true,
    });
    expect(fake.state().users.find((u) => u._id === BOB)).toMatchObject({
      language: 'de',
      settings: { preferences: { useEmojis: false, highlights: ['x'], hideRoles: true } },
    });
    // me shows them over the defaults, as getUserInfo merges them
    const me = (await getAs(fake.app, 'bob', '/api/v1/me')).body.settings.preferences;
    expect(me).toMatchObject({ useEmojis: false, highlights: ['x'], hideRoles: true, unreadAlert: true });
  });

  it('another user: edit-other-user-info needed, then the user must exist; an admin sets them', async () => {
    const fake = makeFake();
    await expectRefused(fake, 'alice', SET, { userId: BOB, data: { useEmojis: true } }, 400, {
      success: false,
      error: 'Editing user is not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
    });
    await expectRefused(fake, 'admin', SET, { userId: 'nobody', data: { useEmojis: true } }, 400, {
      success: false,
      error: 'The optional "userId" param provided does not match any users [error-invalid-user]',
      errorType: 'error-invalid-user',
    });
    const res = await postAs(fake.app, 'admin', SET, { userId: BOB, data: { useEmojis: true } });
    expect(res.body.user).toEqual({ _id: BOB, settings: { preferences: { useEmojis: true } } });
  });

  it.each<[ProfileId, object, object]>([
    ['8.9', {}, legacy("must have required property 'data'")],
    ['7.10', { data: { notAPreference: 1 } }, legacy('must NOT have additional properties')],
    ['6', { data: {}, other: 1 }, legacy('must NOT have additional properties')],
    ['5', {}, { success: false, error: "Match error: Missing key 'data'" }],
  ])('%s: %j is refused and changes nothing', async (profile, body, expected) => {
    await expectRefused(makeFake({ profile }), 'bob', SET, body, 400, expected);
  });

  it('a scenario user with settings: {} answers empty preferences; 0.49 serves neither', async () => {
    const scenario: ScenarioInput = {
      ...WORLD,
      users: (WORLD.users ?? []).map((u) => (u.username === 'bob' ? { ...u, settings: {} } : u)),
    };
    expect((await getAs(makeFake({ scenario }).app, 'bob', GET)).body).toEqual({
      preferences: {},
      success: true,
    });
    const old = makeFake({ profile: '0.49' });
    expect((await getAs(old.app, 'bob', GET)).status).toBe(404);
    expect((await postAs(old.app, 'bob', SET, { data: {} })).status).toBe(404);
  });
});
