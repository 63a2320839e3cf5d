/**
 * The realtime twins of the users-rest routes, over a real WebSocket: the personal access token
 * methods, deleteUserOwnAccount, saveUserProfile, createToken and getUsernameSuggestion; each the
 * command of its REST route, refusals changing nothing.
 */
import { createHash } from 'node:crypto';

import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD } from './support/fake';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';

const BOB = 'bobUserId00000001';
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('the users-rest methods over the realtime API', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  async function start(scenario: ScenarioInput = WORLD, profile?: ProfileId): Promise<void> {
    fake = createFakeServer({ scenario, ...(profile ? { profile } : {}) });
    await fake.start();
  }
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function socket(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  async function works(token: string): Promise<number> {
    return (await request(fake.app).get('/api/v1/me').set({ 'X-Auth-Token': token, 'X-User-Id': BOB }))
      .status;
  }

  it('personalAccessTokens: generate, regenerate, remove; the tokens work over REST as they are made and end', async () => {
    await start();
    const ddp = await socket('bob-token');
    const made = await ddp.call('personalAccessTokens:generateToken', {
      tokenName: 'ci',
      bypassTwoFactor: true,
    });
    const token = made.result as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await works(token)).toBe(200);
    expect((await ddp.call('personalAccessTokens:generateToken', { tokenName: 'ci' })).error).toMatchObject({
      error: 'error-token-already-exists',
      reason: 'A token with this name already exists',
      details: { method: 'personalAccessTokens:generateToken' },
    });
    const again = (await ddp.call('personalAccessTokens:regenerateToken', { tokenName: 'ci' }))
      .result as string;
    expect(await works(token)).toBe(401);
    expect(await works(again)).toBe(200);
    const removed = await ddp.call('personalAccessTokens:removeToken', { tokenName: 'ci' });
    expect(removed).toEqual({ msg: 'result', id: removed.id });
    expect(await works(again)).toBe(401);
    expect(fake.state().users.find((u) => u._id === BOB)?.personalAccessTokens).toEqual([]);
  });

  it.each([
    ['personalAccessTokens:generateToken', undefined],
    ['personalAccessTokens:removeToken', 'gina-token'],
  ] as const)(
    '%s without a login or the permission (%s): Not Authorized, nothing changes',
    async (method, token) => {
      await start();
      const ddp = await socket(token);
      const before = JSON.stringify(fake.state().users);
      expect((await ddp.call(method, { tokenName: 'ci' })).error).toMatchObject({
        error: 'not-authorized',
        reason: 'Not Authorized',
        details: { method },
      });
      expect(JSON.stringify(fake.state().users)).toBe(before);
    },
  );

  it('deleteUserOwnAccount: the setting (details name the method), the password, then true', async () => {
    await start();
    const ddp = await socket('bob-token');
    expect((await ddp.call('deleteUserOwnAccount', sha('bob-pw'))).error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'deleteUserOwnAccount' },
    });
    await fake.stop();
    await start({ ...WORLD, settings: { Accounts_AllowDeleteOwnAccount: true } });
    const allowed = await socket('bob-token');
    expect((await allowed.call('deleteUserOwnAccount', sha('nope'))).error).toMatchObject({
      error: 'error-invalid-password',
      details: { method: 'deleteUserOwnAccount' },
    });
    expect((await allowed.call('deleteUserOwnAccount', 7)).error).toMatchObject({
      error: 400,
      reason: 'Match failed',
    });
    expect((await allowed.call('deleteUserOwnAccount', sha('bob-pw'))).result).toBe(true);
    expect(fake.state().users.map((u) => u._id)).not.toContain(BOB);
  });

  it('7.10: saveUserProfile: true; a new password needs the second factor as its last argument (8.0 removed it)', async () => {
    await start(WORLD, '7.10');
    const ddp = await socket('bob-token');
    expect((await ddp.call('saveUserProfile', { realname: 'Robert' }, {})).result).toBe(true);
    expect(fake.state().users.find((u) => u._id === BOB)?.name).toBe('Robert');
    expect((await ddp.call('saveUserProfile', { newPassword: 'n3w' }, {})).error).toMatchObject({
      error: 'totp-required',
      details: { method: 'password', codeGenerated: false, availableMethods: [] },
    });
    const ok = await ddp.call(
      'saveUserProfile',
      { newPassword: 'n3w' },
      {},
      { twoFactorCode: sha('bob-pw'), twoFactorMethod: 'password' },
    );
    expect(ok.result).toBe(true);
    const login = await request(fake.app).post('/api/v1/login').send({ user: 'bob', password: 'n3w' });
    expect(login.status).toBe(200);
  });

  it('createToken: until 7.x with the environment flag; 8.x takes the id for the secret of the caller own token', async () => {
    await start({ ...WORLD, settings: { CREATE_TOKENS_FOR_USERS: true } }, '7.10');
    const admin = await socket('admin-token');
    const made = await admin.call('createToken', BOB);
    expect((made.result as { userId: string }).userId).toBe(BOB);
    expect(await works((made.result as { authToken: string }).authToken)).toBe(200);
    await fake.stop();
    await start({ ...WORLD, settings: { CREATE_TOKENS_FOR_USERS_SECRET: 's3cret' } }, '8.9');
    const bob = await socket('bob-token');
    expect((await bob.call('createToken', BOB)).error).toMatchObject({
      error: 'error-not-authorized',
      reason: 'Not authorized',
    });
    const own = await bob.call('createToken', 's3cret');
    expect((own.result as { userId: string }).userId).toBe(BOB);
  });

  it('getUsernameSuggestion: the string', async () => {
    await start();
    const ddp = await socket('bob-token');
    expect((await ddp.call('getUsernameSuggestion')).result).toBe('bob-0');
  });
});
