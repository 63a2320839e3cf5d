/**
 * `users.setStatus`, `users.getStatus` and `users.logout`: who may act on whom, the settings,
 * the words per release line, what changes.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import { AS, WORLD, expectRefused, getAs, makeFake, postAs } from './support/fake';

const SET = '/api/v1/users.setStatus';
const GET = '/api/v1/users.getStatus';
const LOGOUT = '/api/v1/users.logout';
const BOB = 'bobUserId00000001';

function stored(fake: FakeServer, id: string): Record<string, unknown> | undefined {
  return fake.state().users.find((u) => u._id === id);
}

describe('POST /api/v1/users.setStatus and GET /api/v1/users.getStatus', () => {
  it('sets one’s status and message; getStatus answers them (6.x on without the message)', async () => {
    const fake = makeFake();
    const set = await postAs(fake.app, 'bob', SET, { status: 'busy', message: '  lunch  ' });
    expect([set.status, set.body]).toEqual([200, { success: true }]);
    expect(stored(fake, BOB)).toMatchObject({ status: 'busy', statusDefault: 'busy', statusText: 'lunch' });
    const self = await getAs(fake.app, 'bob', GET);
    expect(self.body).toEqual({ _id: BOB, connectionStatus: 'offline', status: 'busy', success: true });
    const other = await getAs(fake.app, 'alice', `${GET}?username=bob`);
    expect(other.body).toEqual({ _id: BOB, status: 'busy', success: true });
    const five = makeFake({ profile: '5' });
    await postAs(five.app, 'bob', SET, { status: 'away', message: 'brb' });
    expect((await getAs(five.app, 'alice', `${GET}?userId=${BOB}`)).body).toEqual({
      _id: BOB,
      message: 'brb',
      status: 'away',
      success: true,
    });
  });

  it('an invalid status still saves the message (the server saves it first)', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', SET, { status: 'sleeping', message: 'zzz' });
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error: 'Valid status types include online, away, offline, and busy. [error-invalid-status]',
        errorType: 'error-invalid-status',
        details: { method: 'users.setStatus' },
      },
    ]);
    expect(stored(fake, BOB)).toMatchObject({ statusText: 'zzz' });
    expect(stored(fake, BOB)?.status).toBeUndefined();
  });

  it('an admin sets another user’s status; a user may not', async () => {
    const fake = makeFake();
    expect((await postAs(fake.app, 'admin', SET, { username: 'bob', status: 'away' })).status).toBe(200);
    expect(stored(fake, BOB)?.status).toBe('away');
    await expectRefused(fake, 'alice', SET, { userId: BOB, status: 'online' }, 403, {
      success: false,
      error: 'unauthorized',
    });
  });

  it.each([
    [
      '{} (6.x on: one of status or message)',
      WORLD,
      {},
      { success: false, error: 'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation' },
    ],
    [
      'the setting off',
      { ...WORLD, settings: { Accounts_AllowUserStatusMessageChange: false } },
      { status: 'online' },
      {
        success: false,
        error: 'Change status is not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'users.setStatus' },
      },
    ],
    [
      'offline without the invisible option',
      { ...WORLD, settings: { Accounts_AllowInvisibleStatusOption: false } },
      { status: 'offline' },
      {
        success: false,
        error: 'Invisible status is disabled [error-status-not-allowed]',
        errorType: 'error-status-not-allowed',
        details: { method: 'users.setStatus' },
      },
    ],
  ] as const)('%s: 400, nothing changes', async (_what, scenario, body, expected) => {
    await expectRefused(makeFake({ scenario }), 'bob', SET, body, 400, expected);
  });

  it('getStatus of an unknown user; 8.6 on an unknown parameter; 0.49 has neither route', async () => {
    const fake = makeFake();
    expect((await getAs(fake.app, 'bob', `${GET}?username=nobody`)).body).toEqual({
      success: false,
      error:
        'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
      errorType: 'error-invalid-user',
    });
    expect((await getAs(fake.app, 'bob', `${GET}?foo=1`)).body).toEqual({
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
    const old = makeFake({ profile: '0.49' });
    const unknown = await postAs(old.app, 'bob', '/api/v1/users.nosuchroute', {});
    const set = await postAs(old.app, 'bob', SET, { status: 'away' });
    expect([set.status, set.body]).toEqual([unknown.status, unknown.body]);
  });
});

describe('POST /api/v1/users.logout', () => {
  it('logs oneself out everywhere (the calling token too)', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', LOGOUT, {});
    expect([res.status, res.body]).toEqual([
      200,
      { message: `User ${BOB} has been logged out!`, success: true },
    ]);
    expect((await request(fake.app).get('/api/v1/me').set(AS.bob)).status).toBe(401);
    expect(fake.state().tokens.map((t) => t.username)).not.toContain('bob');
  });

  it('another user: with logout-other-user only; a user with no token left is refused', async () => {
    const fake = makeFake();
    await expectRefused(fake, 'alice', LOGOUT, { userId: BOB }, 403, {
      success: false,
      error: 'unauthorized',
    });
    expect((await postAs(fake.app, 'admin', LOGOUT, { userId: BOB })).status).toBe(200);
    await expectRefused(fake, 'admin', LOGOUT, { userId: BOB }, 400, {
      success: false,
      error: 'Invalid user id [error-invalid-user-id]',
      errorType: 'error-invalid-user-id',
    });
  });
});
