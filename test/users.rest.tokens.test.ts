/**
 * The personal access token routes and users.createToken: the refusals per release line (exact
 * bodies, nothing changed), the state before and after, and the tokens working as X-Auth-Token
 * until removed, made again, logged out, or reset away.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import { WORLD, expectRefused, getAs, makeFake, postAs } from './support/fake';

const GENERATE = '/api/v1/users.generatePersonalAccessToken';
const REGENERATE = '/api/v1/users.regeneratePersonalAccessToken';
const REMOVE = '/api/v1/users.removePersonalAccessToken';
const LIST = '/api/v1/users.getPersonalAccessTokens';
const CREATE = '/api/v1/users.createToken';
const ALICE = 'aliceUserId000001';
const BOB = 'bobUserId00000001';

const notAuthorized = (method: string) => ({
  success: false,
  error: 'Not Authorized [not-authorized]',
  errorType: 'not-authorized',
  details: { method },
});

async function me(fake: FakeServer, userId: string, token: string): Promise<number> {
  return (await request(fake.app).get('/api/v1/me').set({ 'X-Auth-Token': token, 'X-User-Id': userId }))
    .status;
}

describe('users.generatePersonalAccessToken and the token it makes', () => {
  it('makes a 43-character token that works as X-Auth-Token for its user, listed without the token', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token', 'success']);
    const token = res.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await me(fake, ALICE, token)).toBe(200);
    expect(await me(fake, BOB, token)).toBe(401);
    const alice = fake.state().users.find((u) => u._id === ALICE);
    expect(alice?.personalAccessTokens).toEqual([
      { name: 'ci', token, createdAt: '2026-01-01T00:00:01.000Z', bypassTwoFactor: false },
    ]);
    // a personal access token is no login token of the state's `tokens`
    expect(fake.state().tokens.map((t) => t.authToken)).not.toContain(token);
    const list = await getAs(fake.app, 'alice', LIST);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      tokens: [
        {
          name: 'ci',
          createdAt: '2026-01-01T00:00:01.000Z',
          lastTokenPart: token.slice(-6),
          bypassTwoFactor: false,
        },
      ],
      success: true,
    });
    expect(list.text).not.toContain(token);
    expect(fake.changes().users.changed.map((c) => [c._id, c.fields])).toEqual([
      [ALICE, ['personalAccessTokens', '_updatedAt']],
    ]);
  });

  it('keeps bypassTwoFactor; a second token of the same name is refused and changes nothing', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci', bypassTwoFactor: true });
    await expectRefused(fake, 'alice', GENERATE, { tokenName: 'ci' }, 400, {
      success: false,
      error: 'A token with this name already exists [error-token-already-exists]',
      errorType: 'error-token-already-exists',
      details: { method: 'personalAccessTokens:generateToken' },
    });
    const list = await getAs(fake.app, 'alice', LIST);
    expect(list.body.tokens.map((t: { bypassTwoFactor: boolean }) => t.bypassTwoFactor)).toEqual([true]);
  });

  it.each<[string, object]>([
    ['no tokenName', {}],
    ['an empty tokenName', { tokenName: '' }],
  ])('%s is refused before the permission', async (_name, body) => {
    const fake = makeFake({
      scenario: { ...WORLD, permissions: { 'create-personal-access-tokens': ['admin'] } },
    });
    await expectRefused(fake, 'alice', GENERATE, body, 400, {
      success: false,
      error: "The 'tokenName' param is required",
    });
  });

  it.each<[string, string]>([
    [GENERATE, 'personalAccessTokens:generateToken'],
    [REGENERATE, 'personalAccessTokens:regenerateToken'],
    [REMOVE, 'personalAccessTokens:removeToken'],
  ])(
    '%s without create-personal-access-tokens: Not Authorized, before the token is looked for',
    async (path, method) => {
      // gina, a guest, lacks the permission; her token "nope" does not exist either
      const fake = makeFake();
      await expectRefused(fake, 'gina', path, { tokenName: 'nope' }, 400, notAuthorized(method));
    },
  );

  it.each<ProfileId>(['0.49'])('%s: the token routes are not served', async (profile) => {
    const fake = makeFake({ profile });
    for (const path of [GENERATE, REGENERATE, REMOVE]) {
      const res = await postAs(fake.app, 'alice', path, { tokenName: 'ci' });
      expect(res.status).toBe(404);
    }
    expect((await getAs(fake.app, 'alice', LIST)).status).toBe(404);
  });

  it('refuses a user past the fake bound of 100 live tokens', async () => {
    const fake = makeFake();
    for (let n = 0; n < 100; n += 1)
      expect((await postAs(fake.app, 'bob', GENERATE, { tokenName: `t${n}` })).status).toBe(200);
    await expectRefused(fake, 'bob', GENERATE, { tokenName: 'one-more' }, 400, {
      success: false,
      error: 'A user holds at most 100 personal access tokens in the fake [error-tokens-per-user-limit]',
      errorType: 'error-tokens-per-user-limit',
    });
  });
});

describe('users.regeneratePersonalAccessToken and users.removePersonalAccessToken', () => {
  it('regenerate: a new token, the old one stops working, bypassTwoFactor kept', async () => {
    const fake = makeFake();
    const old = (await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci', bypassTwoFactor: true })).body
      .token as string;
    const res = await postAs(fake.app, 'alice', REGENERATE, { tokenName: 'ci' });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    expect(token).not.toBe(old);
    expect(await me(fake, ALICE, old)).toBe(401);
    expect(await me(fake, ALICE, token)).toBe(200);
    expect(fake.state().users.find((u) => u._id === ALICE)?.personalAccessTokens).toEqual([
      { name: 'ci', token, createdAt: '2026-01-01T00:00:02.000Z', bypassTwoFactor: true },
    ]);
  });

  it('remove: the token stops working at once; the list is empty', async () => {
    const fake = makeFake();
    const token = (await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci' })).body.token as string;
    const res = await postAs(fake.app, 'alice', REMOVE, { tokenName: 'ci' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(await me(fake, ALICE, token)).toBe(401);
    expect((await getAs(fake.app, 'alice', LIST)).body).toEqual({ tokens: [], success: true });
    expect(fake.state().users.find((u) => u._id === ALICE)?.personalAccessTokens).toEqual([]);
  });

  it.each<[string, string]>([
    [REGENERATE, 'personalAccessTokens:regenerateToken'],
    [REMOVE, 'personalAccessTokens:removeToken'],
  ])('%s of an unknown token: Token does not exist, nothing changes', async (path, method) => {
    const fake = makeFake();
    await expectRefused(fake, 'alice', path, { tokenName: 'nope' }, 400, {
      success: false,
      error: 'Token does not exist [error-token-does-not-exists]',
      errorType: 'error-token-does-not-exists',
      details: { method },
    });
  });

  it('a reset takes the tokens made away; users.logout ends them', async () => {
    const fake = makeFake();
    const token = (await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci' })).body.token as string;
    await fake.reset();
    expect(await me(fake, ALICE, token)).toBe(401);
    expect(fake.state().users.find((u) => u._id === ALICE)?.personalAccessTokens).toBeUndefined();
    const again = (await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci' })).body.token as string;
    expect((await postAs(fake.app, 'alice', '/api/v1/users.logout', {})).status).toBe(200);
    expect(await me(fake, ALICE, again)).toBe(401);
    // a logged-out token is gone from the list (its name free again), after a reset too
    await fake.reset();
    expect((await getAs(fake.app, 'alice', LIST)).body).toEqual({ tokens: [], success: true });
    expect((await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci' })).status).toBe(200);
  });
});

describe('the state the token routes leave', () => {
  it('loads back as a scenario: the tokens made still work, listed as they were', async () => {
    const fake = makeFake();
    const token = (await postAs(fake.app, 'alice', GENERATE, { tokenName: 'ci', bypassTwoFactor: true })).body
      .token as string;
    await postAs(fake.app, 'alice', '/api/v1/users.setPreferences', {
      data: { useEmojis: false, language: 'de' },
    });
    await postAs(fake.app, 'alice', '/api/v1/users.updateOwnBasicInfo', { data: { statusType: 'busy' } });
    const again = makeFake({ scenario: fake.state() });
    expect(await me(again, ALICE, token)).toBe(200);
    expect((await getAs(again.app, 'alice', LIST)).body).toEqual((await getAs(fake.app, 'alice', LIST)).body);
    expect(again.state().users).toEqual(fake.state().users);
  });
});

describe('users.getPersonalAccessTokens refusals per release line', () => {
  const scenario = { ...WORLD, permissions: { 'create-personal-access-tokens': ['admin'] as 'admin'[] } };

  it.each<[ProfileId, number, object]>([
    ['5', 400, { success: false, error: 'Not Authorized [not-authorized]', errorType: 'not-authorized' }],
    ['6', 400, { success: false, error: 'Not Authorized [not-authorized]', errorType: 'not-authorized' }],
    [
      '7.0',
      403,
      {
        success: false,
        error: 'User does not have the permissions required for this action [error-unauthorized]',
      },
    ],
    [
      '8.9',
      403,
      {
        success: false,
        error: 'User does not have the permissions required for this action [error-unauthorized]',
      },
    ],
  ])('%s: without the permission %i', async (profile, status, body) => {
    const fake = makeFake({ scenario, profile });
    const res = await getAs(fake.app, 'alice', LIST);
    expect([res.status, res.body]).toEqual([status, body]);
  });

  it('a scenario token without createdAt is listed as made when the world began', async () => {
    const fake = makeFake({
      scenario: {
        ...WORLD,
        users: (WORLD.users ?? []).map((u) =>
          u.username === 'bob'
            ? { ...u, personalAccessTokens: [{ name: 'deploy', token: 'pat-deploy-0123456789' }] }
            : u,
        ),
      },
    });
    expect((await getAs(fake.app, 'bob', LIST)).body).toEqual({
      tokens: [
        {
          name: 'deploy',
          createdAt: '2026-01-01T00:00:00.000Z',
          lastTokenPart: '456789',
          bypassTwoFactor: false,
        },
      ],
      success: true,
    });
  });
});

describe('users.createToken', () => {
  const open = (settings: object) => ({ ...WORLD, settings });

  it('5 to 7: CREATE_TOKENS_FOR_USERS unset refuses every call, and nothing changes', async () => {
    for (const profile of ['5', '6', '7.0', '7.10'] as ProfileId[]) {
      const fake = makeFake({ profile });
      await expectRefused(fake, 'admin', CREATE, { userId: BOB }, 400, {
        success: false,
        error: 'Not authorized [error-not-authorized]',
        errorType: 'error-not-authorized',
        details: { method: 'createToken' },
      });
    }
  });

  it('7: with CREATE_TOKENS_FOR_USERS, an admin makes a login token for bob that works until bob logs out', async () => {
    const fake = makeFake({ profile: '7.10', scenario: open({ CREATE_TOKENS_FOR_USERS: true }) });
    const res = await postAs(fake.app, 'admin', CREATE, { username: 'bob' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data', 'success']);
    expect(res.body.data.userId).toBe(BOB);
    const token = res.body.data.authToken as string;
    expect(await me(fake, BOB, token)).toBe(200);
    expect(fake.state().tokens).toContainEqual({ username: 'bob', authToken: token });
    await request(fake.app)
      .post('/api/v1/users.logout')
      .set({ 'X-Auth-Token': token, 'X-User-Id': BOB })
      .send({});
    expect(await me(fake, BOB, token)).toBe(401);
  });

  it('7: another user without user-generate-access-token is refused; oneself is not', async () => {
    const fake = makeFake({ profile: '7.10', scenario: open({ CREATE_TOKENS_FOR_USERS: true }) });
    await expectRefused(fake, 'alice', CREATE, { userId: BOB }, 400, {
      success: false,
      error: 'Not authorized [error-not-authorized]',
      errorType: 'error-not-authorized',
      details: { method: 'createToken' },
    });
    expect((await postAs(fake.app, 'alice', CREATE, { userId: ALICE })).status).toBe(200);
  });

  it('8: the secret must be CREATE_TOKENS_FOR_USERS_SECRET; the refusal has no details', async () => {
    const fake = makeFake({ profile: '8.9', scenario: open({ CREATE_TOKENS_FOR_USERS_SECRET: 's3cret' }) });
    const refusal = {
      success: false,
      error: 'Not authorized [error-not-authorized]',
      errorType: 'error-not-authorized',
    };
    await expectRefused(fake, 'admin', CREATE, { userId: BOB }, 400, refusal);
    await expectRefused(fake, 'admin', CREATE, { userId: BOB, secret: 'wrong' }, 400, refusal);
    const res = await postAs(fake.app, 'admin', CREATE, { userId: BOB, secret: 's3cret' });
    expect(res.status).toBe(200);
    expect(await me(fake, BOB, res.body.data.authToken as string)).toBe(200);
    // the flag of 5 to 7 opens nothing on 8
    const flagOnly = makeFake({ profile: '8.9', scenario: open({ CREATE_TOKENS_FOR_USERS: true }) });
    await expectRefused(flagOnly, 'admin', CREATE, { userId: BOB }, 400, refusal);
  });

  it('names the user first: none, or no such user (getUserFromParams)', async () => {
    const fake = makeFake({ scenario: open({ CREATE_TOKENS_FOR_USERS_SECRET: 's3cret' }) });
    await expectRefused(fake, 'admin', CREATE, { secret: 's3cret' }, 400, {
      success: false,
      error: 'The required "userId" or "username" param was not provided [error-user-param-not-provided]',
      errorType: 'error-user-param-not-provided',
    });
    await expectRefused(fake, 'admin', CREATE, { username: 'nobody', secret: 's3cret' }, 400, {
      success: false,
      error:
        'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
      errorType: 'error-invalid-user',
    });
  });

  it('0.49 does not serve it; the environment variables are no setting any route shows', async () => {
    expect((await postAs(makeFake({ profile: '0.49' }).app, 'admin', CREATE, { userId: BOB })).status).toBe(
      404,
    );
    const fake = makeFake({ scenario: open({ CREATE_TOKENS_FOR_USERS: true }) });
    const one = await getAs(fake.app, 'admin', '/api/v1/settings/CREATE_TOKENS_FOR_USERS');
    expect(one.status).toBe(400);
    const all = await getAs(fake.app, 'admin', '/api/v1/settings?count=0');
    expect(all.text).not.toContain('CREATE_TOKENS');
    expect(fake.state().settings).toEqual({ CREATE_TOKENS_FOR_USERS: true });
  });
});
