/**
 * `roles.addUserToRole` / `roles.removeUserFromRole` (and `authorization:addUserToRole` /
 * `authorization:removeUserFromRole`) with a room: the room role is the member's subscription's,
 * as the room routes keep it, without a system message; `roles-change` carries the room as `scope`.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';
import { AS, WORLD, makeFake } from './support/fake';

const START = '2026-01-01T00:00:00.000Z';
const MODERATOR = {
  _id: 'moderator',
  scope: 'Subscriptions',
  description: 'Moderator',
  mandatory2fa: false,
  name: 'moderator',
  protected: true,
  _updatedAt: START,
};

function post(fake: FakeServer, who: keyof typeof AS, path: string, body: object): request.Test {
  return request(fake.app).post(path).set(AS[who]).send(body);
}

async function roomRolesOf(fake: FakeServer, who: keyof typeof AS, roomId: string): Promise<unknown> {
  const res = await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId }).set(AS[who]);
  expect(res.status).toBe(200);
  return res.body.subscription.roles;
}

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

const failure = (error: string, errorType: string, details?: object): object => ({
  success: false,
  error,
  errorType,
  ...(details ? { details } : {}),
});

describe('roles.addUserToRole with a roomId', () => {
  it.each(['5', '6', '7', '8'] as ProfileId[])(
    '%s: the subscription holds the role, no message is posted, the user document is untouched',
    async (profile) => {
      const fake = makeFake({ profile });
      // a plain member's subscription has no roles at all
      expect(await roomRolesOf(fake, 'alice', 'GENERAL')).toBeUndefined();
      const messages = fake.state().messages?.length;
      const userBefore = fake.state().users.find((u) => u.username === 'alice');
      const res = await post(fake, 'admin', '/api/v1/roles.addUserToRole', {
        roleId: 'moderator',
        username: 'alice',
        roomId: 'GENERAL',
      });
      expect([res.status, res.body]).toEqual([200, { role: MODERATOR, success: true }]);
      expect(await roomRolesOf(fake, 'alice', 'GENERAL')).toEqual(['moderator']);
      expect(fake.state().messages?.length).toBe(messages);
      expect(fake.state().users.find((u) => u.username === 'alice')).toEqual(userBefore);
      expect(fake.state().subscriptions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ rid: 'GENERAL', username: 'alice', roles: ['moderator'] }),
        ]),
      );
      // the state loads back with it
      const again = createFakeServer({ scenario: fake.state(), profile });
      expect(await roomRolesOf(again, 'alice', 'GENERAL')).toEqual(['moderator']);
    },
  );

  it('owner by the roles route counts as an owner of the room (another owner is left)', async () => {
    const fake = makeFake();
    await post(fake, 'admin', '/api/v1/roles.addUserToRole', {
      roleId: 'owner',
      username: 'bob',
      roomId: 'GENERAL',
    }).expect(200);
    await post(fake, 'admin', '/api/v1/channels.leave', { roomId: 'GENERAL' }).expect(200);
    const last = await post(fake, 'bob', '/api/v1/channels.leave', { roomId: 'GENERAL' });
    expect(last.body.errorType).toBe('error-you-are-last-owner');
  });

  it.each([
    [
      '7',
      { roleId: 'moderator', username: 'alice', roomId: 'GENERAL', held: true },
      failure('User already in role [error-user-already-in-role]', 'error-user-already-in-role'),
    ],
    [
      '7',
      { roleId: 'moderator', username: 'alice', roomId: 'newsRoomId0000001' },
      failure('User is not part of given room [error-invalid-user]', 'error-invalid-user', {
        method: 'authorization:addUserToRole',
      }),
    ],
    [
      '7',
      { roleId: 'moderator', username: 'alice' },
      failure('User is not part of given room [error-invalid-user]', 'error-invalid-user', {
        method: 'authorization:addUserToRole',
      }),
    ],
    [
      '5',
      { roleId: 'owner', username: 'alice', roomId: 'nope' },
      failure('User is not part of given room [error-invalid-user]', 'error-invalid-user', {
        method: 'authorization:addUserToRole',
      }),
    ],
    [
      '8',
      { roleId: 'moderator', username: 'alice', roomId: 'GENERAL', held: true },
      failure('User already in role [error-user-already-in-role]', 'error-user-already-in-role'),
    ],
    [
      '8',
      { roleId: 'moderator', username: 'alice', roomId: 'GENERAL', bob: true },
      failure('Accessing permissions is not allowed [error-action-not-allowed]', 'error-action-not-allowed', {
        method: 'authorization:addUserToRole',
        action: 'Accessing_permissions',
      }),
    ],
  ] as const)('%s: %j is refused 400, exactly, and nothing changes', async (profile, spec, expected) => {
    const { held, bob, ...body } = { held: false, bob: false, ...spec };
    const fake = makeFake({ profile });
    if (held) await post(fake, 'admin', '/api/v1/roles.addUserToRole', body).expect(200);
    const before = snapshot(fake);
    const res = await post(fake, bob ? 'bob' : 'admin', '/api/v1/roles.addUserToRole', body);
    expect([res.status, res.body]).toEqual([400, expected]);
    expect(snapshot(fake)).toBe(before);
  });
});

describe('roles.removeUserFromRole with a scope', () => {
  it.each(['5', '7', '8'] as ProfileId[])(
    '%s: takes the room role from the room the body’s scope names; roomId is not read',
    async (profile) => {
      const fake = makeFake({ profile });
      await post(fake, 'admin', '/api/v1/roles.addUserToRole', {
        roleId: 'moderator',
        username: 'alice',
        roomId: 'GENERAL',
      }).expect(200);
      const byRoomId = { roleId: 'moderator', username: 'alice', roomId: 'GENERAL' };
      const before = snapshot(fake);
      const refused = await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', byRoomId);
      expect([refused.status, refused.body]).toEqual([
        400,
        failure('User is not in this role [error-user-not-in-role]', 'error-user-not-in-role'),
      ]);
      expect(snapshot(fake)).toBe(before);
      const messages = fake.state().messages?.length;
      const res = await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', {
        roleId: 'moderator',
        username: 'alice',
        scope: 'GENERAL',
      });
      expect([res.status, res.body]).toEqual([200, { role: MODERATOR, success: true }]);
      expect(await roomRolesOf(fake, 'alice', 'GENERAL')).toEqual([]);
      expect(fake.state().messages?.length).toBe(messages);
      const twice = await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', {
        roleId: 'moderator',
        username: 'alice',
        scope: 'GENERAL',
      });
      expect([twice.status, twice.body]).toEqual([
        400,
        failure('User is not in this role [error-user-not-in-role]', 'error-user-not-in-role'),
      ]);
    },
  );

  it('the room’s last owner may be taken its owner role by the roles route (no last-owner check there)', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', {
      roleId: 'owner',
      username: 'admin',
      scope: 'GENERAL',
    });
    expect(res.status).toBe(200);
    expect(await roomRolesOf(fake, 'admin', 'GENERAL')).toEqual([]);
  });
});

describe('the realtime methods with a scope, and roles-change', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];
  beforeEach(async () => {
    // 7.x: 8.0 removed authorization:addUserToRole and removeUserFromRole
    fake = createFakeServer({ scenario: WORLD, profile: '7.10' });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });
  async function socket(token: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('authorization:addUserToRole / removeUserFromRole(roleId, username, scope) answer true; roles-change carries the scope', async () => {
    const bob = await socket('bob-token');
    expect((await bob.sub('stream-notify-logged', 'roles-change', false)).msg).toBe('ready');
    const admin = await socket('admin-token');
    expect((await admin.call('authorization:addUserToRole', 'moderator', 'alice', 'GENERAL')).result).toBe(
      true,
    );
    expect(await roomRolesOf(fake, 'alice', 'GENERAL')).toEqual(['moderator']);
    const refused = await admin.call(
      'authorization:addUserToRole',
      'moderator',
      'alice',
      'newsRoomId0000001',
    );
    expect(refused.error).toMatchObject({
      error: 'error-invalid-user',
      reason: 'User is not part of given room',
      details: { method: 'authorization:addUserToRole' },
    });
    expect(
      (await admin.call('authorization:removeUserFromRole', 'moderator', 'alice', 'GENERAL')).result,
    ).toBe(true);
    expect(await roomRolesOf(fake, 'alice', 'GENERAL')).toEqual([]);
    const isRoles = (f: Record<string, unknown>): boolean =>
      f.msg === 'changed' && (f.fields as { eventName: string }).eventName === 'roles-change';
    await bob.next(
      (f) => isRoles(f) && (f.fields as { args: [{ type: string }] }).args[0].type === 'removed',
    );
    const u = { _id: 'aliceUserId000001', username: 'alice' };
    expect(bob.frames.filter(isRoles).map((f) => (f.fields as { args: unknown[] }).args)).toEqual([
      [{ type: 'added', _id: 'moderator', u, scope: 'GENERAL' }],
      [{ type: 'removed', _id: 'moderator', u, scope: 'GENERAL' }],
    ]);
  });
});
