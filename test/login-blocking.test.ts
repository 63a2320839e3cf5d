import request from 'supertest';

import type { ProfileId, ServerSettings } from '../src/types';
import { WORLD, makeFake } from './support/fake';
import type { FakeServer } from '../src/server';

/**
 * Rocket.Chat's brute-force protection of logins (`Block_Multiple_Failed_Logins_*`): off unless
 * set; by address (`X-Real-IP`, else the connection's) before by user; the fake clock; a success
 * starts the counters again; each era's algorithm and body.
 */

const DETAILS = { function: 'Accounts.validateLoginAttempt' };
const BLOCKED_USER = {
  success: false,
  error: 'error-login-blocked-for-user',
  status: 'error',
  details: DETAILS,
  message: 'Login has been temporarily blocked For User',
};
const BLOCKED_IP = {
  success: false,
  error: 'error-login-blocked-for-ip',
  status: 'error',
  details: DETAILS,
  message: 'Login has been temporarily blocked For IP',
};
/** 5.x and 6.x: the Meteor.Error's fields in their order, no `success` */
const LEGACY_BLOCKED_USER = {
  status: 'error',
  error: 'error-login-blocked-for-user',
  details: DETAILS,
  message: 'Login has been temporarily blocked For User',
};
const REFUSED = { success: false, error: 'Unauthorized', status: 'error', message: 'Unauthorized' };

const BY_USER: Partial<ServerSettings> = {
  Block_Multiple_Failed_Logins_Enabled: true,
  Block_Multiple_Failed_Logins_By_Ip: false,
  Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 2,
};
const BY_IP: Partial<ServerSettings> = {
  Block_Multiple_Failed_Logins_Enabled: true,
  Block_Multiple_Failed_Logins_By_User: false,
  Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: 3,
};

function fakeWith(settings: Partial<ServerSettings> | undefined, profile: ProfileId = '8.9'): FakeServer {
  return makeFake({ scenario: { ...WORLD, ...(settings ? { settings } : {}) }, profile });
}

function login(fake: FakeServer, body: object, ip = '10.0.0.1'): request.Test {
  return request(fake.app).post('/api/v1/login').set('X-Real-IP', ip).send(body);
}

const wrong = { username: 'alice', password: 'nope' };
const right = { username: 'alice', password: 'alice-pw' };

describe('login blocking', () => {
  it('is off by default: twelve failures, then the right password logs in', async () => {
    const fake = fakeWith(undefined);
    for (let i = 0; i < 12; i += 1) {
      const res = await login(fake, wrong);
      expect([res.status, res.body]).toEqual([401, REFUSED]);
    }
    expect((await login(fake, right)).status).toBe(200);
    expect(fake.getSettings()).toMatchObject({
      Block_Multiple_Failed_Logins_Enabled: false,
      Block_Multiple_Failed_Logins_By_User: true,
      Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 10,
      Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes: 5,
      Block_Multiple_Failed_Logins_By_Ip: true,
      Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: 50,
      Block_Multiple_Failed_Logins_Time_To_Unblock_By_Ip_In_Minutes: 5,
      Block_Multiple_Failed_Logins_Ip_Whitelist: '',
      // the users.* group's settings
      Accounts_RegistrationForm: 'Public',
      Accounts_RegistrationForm_SecretURL: '',
      Accounts_ManuallyApproveNewUsers: false,
      Accounts_Registration_Users_Default_Roles: 'user',
      Accounts_RequireNameForSignUp: true,
      Accounts_AllowUserStatusMessageChange: true,
      Accounts_AllowInvisibleStatusOption: true,
    });
  });

  it.each<ProfileId>(['6', '7.0', '7.10', '8.5', '8.9'])(
    'by user on %s: N failures answer as usual, the next is blocked even with the right password, and the window lifts it',
    async (profile) => {
      const fake = fakeWith(BY_USER, profile);
      const refused = (await login(fake, wrong)).body as object;
      await login(fake, wrong);
      const before = fake.state();
      const blocked = await login(fake, right);
      expect(blocked.status).toBe(401);
      const expected = profile === '6' ? LEGACY_BLOCKED_USER : BLOCKED_USER;
      expect(JSON.stringify(blocked.body)).toBe(JSON.stringify(expected));
      expect(fake.state()).toEqual(before);
      // another user is not blocked
      expect((await login(fake, { username: 'bob', password: 'bob-pw' })).status).toBe(200);
      // the failures count for five fake minutes, the last of them included
      fake.clock.advance(5 * 60_000);
      expect((await login(fake, right)).body).toEqual(expected);
      fake.clock.advance(1);
      expect((await login(fake, right)).status).toBe(200);
      expect(refused).not.toEqual(expected);
    },
  );

  it('a successful login starts the user count again', async () => {
    const fake = fakeWith(BY_USER);
    await login(fake, wrong);
    expect((await login(fake, right)).status).toBe(200);
    await login(fake, wrong);
    expect((await login(fake, right)).status).toBe(200);
    await login(fake, wrong);
    await login(fake, wrong);
    expect((await login(fake, right)).body).toEqual(BLOCKED_USER);
  });

  it('by address: failures of different users from one address block it; another address logs in', async () => {
    const fake = fakeWith(BY_IP);
    await login(fake, { username: 'alice', password: 'x' });
    await login(fake, { username: 'bob', password: 'x' });
    await login(fake, { username: 'nobody', password: 'x' });
    const res = await login(fake, { username: 'bob', password: 'bob-pw' });
    expect([res.status, res.body]).toEqual([401, BLOCKED_IP]);
    expect((await login(fake, { username: 'bob', password: 'bob-pw' }, '10.0.0.2')).status).toBe(200);
    // a refusal for the address counts too: it keeps the address blocked
    fake.clock.advance(4 * 60_000);
    await login(fake, right);
    fake.clock.advance(60_000);
    expect((await login(fake, right)).body).toEqual(BLOCKED_IP);
  });

  it('the address is checked before the user', async () => {
    const fake = fakeWith({
      Block_Multiple_Failed_Logins_Enabled: true,
      Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 2,
      Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: 2,
    });
    await login(fake, wrong);
    await login(fake, wrong);
    expect((await login(fake, right)).body).toEqual(BLOCKED_IP);
    expect((await login(fake, right, '10.0.0.9')).body).toEqual(BLOCKED_USER);
  });

  it('a bad body counts against the address too', async () => {
    const fake = fakeWith(BY_IP);
    await login(fake, {});
    await login(fake, { username: 'alice' });
    await login(fake, { user: 42, password: 'x' });
    expect((await login(fake, right)).body).toEqual(BLOCKED_IP);
  });

  it('the whitelist: comma-separated addresses compared exactly, never blocked', async () => {
    const fake = fakeWith({ ...BY_IP, Block_Multiple_Failed_Logins_Ip_Whitelist: '10.0.0.1,10.0.0.7' });
    for (let i = 0; i < 4; i += 1) await login(fake, wrong);
    expect((await login(fake, right)).status).toBe(200);
    fake.setSettings({ Block_Multiple_Failed_Logins_Ip_Whitelist: '10.0.0.7, 10.0.0.1' });
    for (let i = 0; i < 3; i += 1) await login(fake, wrong);
    expect((await login(fake, right)).body).toEqual(BLOCKED_IP);
  });

  it('the connection address when there is no X-Real-IP', async () => {
    const fake = fakeWith(BY_IP);
    for (let i = 0; i < 3; i += 1) await request(fake.app).post('/api/v1/login').send(wrong);
    const res = await request(fake.app).post('/api/v1/login').send(right);
    expect(res.body).toEqual(BLOCKED_IP);
    expect((await login(fake, right, '10.0.0.3')).status).toBe(200);
  });

  it('from 6.4, an e-mail login is never blocked by user, but its failures count for the username', async () => {
    const fake = fakeWith(BY_USER);
    const byEmail = { user: { email: 'alice@example.com' }, password: 'nope' };
    for (let i = 0; i < 3; i += 1) expect((await login(fake, byEmail)).body).toEqual(REFUSED);
    expect((await login(fake, { user: 'alice@example.com', password: 'alice-pw' })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) await login(fake, byEmail);
    expect((await login(fake, right)).body).toEqual(BLOCKED_USER);
  });

  it('5.x counted since the last login and blocked until the last failure plus the minutes; e-mails too', async () => {
    const settings = { ...BY_USER, Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes: 5 };
    const old = fakeWith(settings, '5');
    const current = fakeWith(settings, '8.9');
    for (const fake of [old, current]) {
      await login(fake, wrong);
      fake.clock.advance(4 * 60_000);
      await login(fake, wrong);
      fake.clock.advance(90_000); // 5.5 minutes after the first failure, 1.5 after the last
    }
    expect((await login(current, right)).status).toBe(200);
    expect((await login(old, right)).body).toEqual(LEGACY_BLOCKED_USER);
    // the refusal counted as a failure too: blocked until five minutes after it
    old.clock.advance(5 * 60_000 - 1);
    expect((await login(old, right)).body).toEqual(LEGACY_BLOCKED_USER);
    old.clock.advance(5 * 60_000);
    expect((await login(old, right)).status).toBe(200);
    const email = { user: 'alice@example.com', password: 'alice-pw' };
    await login(old, wrong);
    await login(old, wrong);
    expect((await login(old, email)).body).toEqual(LEGACY_BLOCKED_USER);
  });

  it('0.49 had no login blocking', async () => {
    const fake = fakeWith(BY_USER, '0.49');
    for (let i = 0; i < 3; i += 1) await login(fake, wrong);
    expect((await login(fake, right)).status).toBe(200);
  });

  it('a threshold of 0 never blocks (the real server calls it misconfigured)', async () => {
    const fake = fakeWith({ ...BY_USER, Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 0 });
    for (let i = 0; i < 3; i += 1) await login(fake, wrong);
    expect((await login(fake, right)).status).toBe(200);
  });
});

describe('settings: the scenario, the control API, reset', () => {
  it('PUT /__admin/settings changes some until the reset, which restores the scenario’s', async () => {
    const fake = fakeWith({ Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 3 });
    const put = await request(fake.app)
      .put('/__admin/settings')
      .send({ Block_Multiple_Failed_Logins_Enabled: true });
    expect(put.status).toBe(200);
    expect(put.body.settings).toMatchObject({
      Block_Multiple_Failed_Logins_Enabled: true,
      Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 3,
    });
    const got = await request(fake.app).get('/__admin/settings');
    expect(got.body).toEqual(put.body);
    expect(fake.state().settings).toEqual({
      Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 3,
      Block_Multiple_Failed_Logins_Enabled: true,
    });
    for (let i = 0; i < 3; i += 1) await login(fake, wrong);
    expect((await login(fake, right)).body).toEqual(BLOCKED_USER);
    await request(fake.app).post('/__admin/reset').expect(200);
    expect(fake.state().settings).toEqual({ Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 3 });
    expect((await login(fake, right)).status).toBe(200);
  });

  it('a reset forgets the failures', async () => {
    const fake = fakeWith(BY_USER);
    await login(fake, wrong);
    await login(fake, wrong);
    await fake.reset();
    expect((await login(fake, right)).status).toBe(200);
  });

  it('a mistyped or ill-typed setting is refused whole, naming it, and nothing changes', async () => {
    const fake = fakeWith(undefined);
    const res = await request(fake.app).put('/__admin/settings').send({
      Block_Multiple_Failed_Logins_Enabled: true,
      Block_Multiple_Failed_Logins_Attempts_Until_Block_By_User: 2,
      Block_Multiple_Failed_Logins_By_Ip: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        path: '$.Block_Multiple_Failed_Logins_By_Ip',
        message: 'Invalid input: expected boolean, received string',
      },
      {
        path: '$.Block_Multiple_Failed_Logins_Attempts_Until_Block_By_User',
        message:
          'unknown key "Block_Multiple_Failed_Logins_Attempts_Until_Block_By_User"; did you mean "Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User"?',
      },
    ]);
    expect(res.body.error).toMatch(/PUT \/__admin\/settings/);
    expect(fake.getSettings().Block_Multiple_Failed_Logins_Enabled).toBe(false);
    expect(fake.state().settings).toBeUndefined();
  });

  it('a scenario with a bad setting is rejected whole, naming the path', () => {
    expect(() =>
      makeFake({
        scenario: { ...WORLD, settings: { Block_Multiple_Failed_Logins_Enabeld: true } as object },
      }),
    ).toThrow(
      /settings\.Block_Multiple_Failed_Logins_Enabeld.*did you mean "Block_Multiple_Failed_Logins_Enabled"/s,
    );
  });

  it('state() loads back with its settings', async () => {
    const fake = fakeWith(BY_USER);
    fake.setSettings({ Block_Multiple_Failed_Logins_Ip_Whitelist: '1.2.3.4' });
    const state = fake.state();
    const copy = makeFake({ scenario: state });
    expect(copy.state()).toEqual(state);
    expect(copy.getSettings().Block_Multiple_Failed_Logins_Ip_Whitelist).toBe('1.2.3.4');
  });
});
