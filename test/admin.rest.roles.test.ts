/**
 * `GET /api/v1/roles.getUsersInPublicRoles`: the holders of the public roles (global, with a
 * description), each with only those roles, by username; 7.x on.
 */
import request from 'supertest';

import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';

describe('GET /api/v1/roles.getUsersInPublicRoles', () => {
  it.each(['7.0', '7.10', '8.5', '8.9'] as ProfileId[])(
    '%s: the admins, each with only its public roles, to any logged-in user',
    async (profile) => {
      const fake = makeFake({ profile });
      const res = await request(fake.app).get('/api/v1/roles.getUsersInPublicRoles').set(AS.gina);
      expect([res.status, res.body]).toEqual([
        200,
        { users: [{ _id: 'adminUserId000001', username: 'admin', roles: ['admin'] }], success: true },
      ]);
      expect(Object.keys(res.body.users[0])).toEqual(['_id', 'username', 'roles']);
    },
  );

  it('follows the state: an admin given (inactive ones too), by username; bot and guest are not public', async () => {
    const fake = makeFake({
      profile: '8.9',
      scenario: {
        ...WORLD,
        users: [
          ...(WORLD.users ?? []),
          { _id: 'zedUserId00000001', username: 'zed', password: 'zed-pw', roles: ['admin', 'bot'] },
          { _id: 'abeUserId00000001', username: 'abe', password: 'abe-pw', roles: ['admin'], active: false },
        ],
      },
    });
    await request(fake.app)
      .post('/api/v1/roles.addUserToRole')
      .set(AS.admin)
      .send({ roleId: 'admin', username: 'bob' })
      .expect(200);
    const res = await request(fake.app).get('/api/v1/roles.getUsersInPublicRoles?any=thing').set(AS.bob);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([
      { _id: 'abeUserId00000001', username: 'abe', roles: ['admin'] },
      { _id: 'adminUserId000001', username: 'admin', roles: ['admin'] },
      { _id: 'bobUserId00000001', username: 'bob', roles: ['admin'] },
      { _id: 'zedUserId00000001', username: 'zed', roles: ['admin'] },
    ]);
  });

  it.each(['0.49', '5', '6'] as ProfileId[])('%s had no such route: its 404', async (profile) => {
    const res = await request(makeFake({ profile }).app)
      .get('/api/v1/roles.getUsersInPublicRoles')
      .set(AS.admin);
    expect(res.status).toBe(404);
  });

  it('needs a login', async () => {
    const res = await request(makeFake({ profile: '8.9' }).app).get('/api/v1/roles.getUsersInPublicRoles');
    expect(res.status).toBe(401);
  });
});
