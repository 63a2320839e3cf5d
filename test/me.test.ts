/**
 * `me` (GET /api/v1/me and login's data.me, both Rocket.Chat's getUserInfo) per release line.
 */
import request from 'supertest';

import type { ProfileId } from '../src/profiles';
import { DEFAULT_PREFERENCES } from '../src/operations/views';
import { AS, makeFake } from './support/fake';

const ME = '/api/v1/me';

describe('me, as each line builds it', () => {
  it('7.10: settings {profile, preferences}, services without secrets, email, avatarUrl, isOAuthUser', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await request(fake.app).get(ME).set(AS.alice);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: 'aliceUserId000001',
      username: 'alice',
      name: 'alice',
      emails: [{ address: 'alice@example.com', verified: true }],
      status: 'online',
      statusConnection: 'online',
      utcOffset: 0,
      active: true,
      roles: ['user'],
      services: { password: { exists: true } },
      settings: { profile: {}, preferences: DEFAULT_PREFERENCES },
      email: 'alice@example.com',
      avatarUrl: expect.stringMatching(/\/avatar\/alice$/),
      isOAuthUser: false,
      success: true,
    });
    expect(Object.keys(res.body.settings.preferences)).toHaveLength(35);
    expect(res.text).not.toMatch(/alice-pw|resume|bcrypt/);
  });

  it("login's data.me is the same object, without success", async () => {
    const fake = makeFake({ profile: '8.9' });
    const login = await request(fake.app)
      .post('/api/v1/login')
      .send({ username: 'alice', password: 'alice-pw' });
    const { data } = login.body;
    const me = await request(fake.app)
      .get(ME)
      .set({ 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId });
    const { success, avatarUrl, ...rest } = me.body;
    expect(success).toBe(true);
    // supertest gives each request a server of its own port: the avatar path is the same
    expect(data.me).toEqual({ ...rest, avatarUrl: expect.stringMatching(/\/avatar\/alice$/) });
    expect(avatarUrl).toMatch(/\/avatar\/alice$/);
  });

  it.each<[ProfileId, boolean, boolean]>([
    ['5', false, false],
    ['6', true, false],
    ['7.0', true, false],
    ['8.5', true, true],
    ['8.9', true, true],
  ])('%s: isOAuthUser %s (6.10 on), settings.calendar %s (8.x)', async (profile, oauth, calendar) => {
    const res = await request(makeFake({ profile }).app).get(ME).set(AS.alice);
    expect('isOAuthUser' in res.body).toBe(oauth);
    expect(res.body.settings.calendar).toEqual(calendar ? {} : undefined);
    expect(res.body.settings.profile).toEqual({});
  });

  it("0.49: a pick of the user's fields, nothing added", async () => {
    const res = await request(makeFake({ profile: '0.49' }).app)
      .get(ME)
      .set(AS.alice);
    expect(Object.keys(res.body)).toEqual([
      '_id',
      'username',
      'name',
      'emails',
      'status',
      'statusConnection',
      'utcOffset',
      'active',
      'success',
    ]);
  });
});
