/**
 * `GET /api/v1/roles.list`, `POST /api/v1/roles.addUserToRole`, `POST /api/v1/roles.removeUserFromRole`
 * and their realtime twins `authorization:addUserToRole` / `authorization:removeUserFromRole`:
 * the roles the fake knows, a global role given and taken in one commit (the user's `roles`,
 * state(), changes(), `stream-notify-logged` `roles-change`), refused in each route's own order.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';
import { AS, WORLD, makeFake } from './support/fake';

const PERM403 = {
  success: false,
  error: 'User does not have the permissions required for this action [error-unauthorized]',
};
const START = '2026-01-01T00:00:00.000Z';
const ADMIN_ROLE = {
  _id: 'admin',
  scope: 'Users',
  description: 'Admin',
  mandatory2fa: false,
  name: 'admin',
  protected: true,
};

function get(fake: FakeServer, who: keyof typeof AS, path: string): request.Test {
  return request(fake.app).get(path).set(AS[who]);
}
function post(fake: FakeServer, who: keyof typeof AS, path: string, body: unknown): request.Test {
  return request(fake.app)
    .post(path)
    .set(AS[who])
    .send(body as object);
}
const rolesOf = (fake: FakeServer, username: string): unknown =>
  fake.state().users.find((u) => u.username === username)?.roles;

describe('GET /api/v1/roles.list', () => {
  it('lists the roles the fake knows, without _updatedAt, to any logged-in user; 0.49 has none', async () => {
    const res = await get(makeFake(), 'alice', '/api/v1/roles.list');
    expect(res.status).toBe(200);
    const roles = (res.body as { roles: { _id: string }[] }).roles;
    expect(roles.map((r) => r._id)).toEqual([
      'admin',
      'moderator',
      'leader',
      'owner',
      'user',
      'bot',
      'app',
      'guest',
      'anonymous',
      'livechat-agent',
      'livechat-manager',
    ]);
    expect(roles[0]).toEqual(ADMIN_ROLE);
    expect(Object.keys(roles[0] ?? {})).toEqual([
      '_id',
      'scope',
      'description',
      'mandatory2fa',
      'name',
      'protected',
    ]);
    expect(roles[1]).toMatchObject({ _id: 'moderator', scope: 'Subscriptions', description: 'Moderator' });
    expect((await get(makeFake({ profile: '0.49' }), 'alice', '/api/v1/roles.list')).status).toBe(404);
  });
});

describe('POST /api/v1/roles.addUserToRole', () => {
  it('gives a global role: the user’s roles, state(), changes(); answers the role with _updatedAt', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', '/api/v1/roles.addUserToRole', {
      roleId: 'bot',
      username: 'alice',
    });
    expect([res.status, res.body]).toEqual([
      200,
      { role: { ...ADMIN_ROLE, _id: 'bot', name: 'bot', description: '', _updatedAt: START }, success: true },
    ]);
    expect(rolesOf(fake, 'alice')).toEqual(['user', 'bot']);
    expect(fake.changes().users.changed.map((c) => [c._id, c.fields])).toEqual([
      ['aliceUserId000001', ['roles', '_updatedAt']],
    ]);
    // 5.x–7.x take roleName too
    const named = await post(makeFake({ profile: '7.0' }), 'admin', '/api/v1/roles.addUserToRole', {
      roleName: 'guest',
      username: 'alice',
    });
    expect(named.status).toBe(200);
  });

  const failure = (error: string, errorType?: string): object => ({
    success: false,
    error,
    ...(errorType !== undefined ? { errorType } : {}),
  });
  it.each<[ProfileId, keyof typeof AS, object, object]>([
    [
      '7.0',
      'admin',
      { roleId: 'bot' },
      failure(
        "must have required property 'username' [error-invalid-role-properties]",
        'error-invalid-role-properties',
      ),
    ],
    [
      '8.9',
      'admin',
      { roleId: 'bot' },
      failure("must have required property 'username' [invalid-params]", 'invalid-params'),
    ],
    [
      '8.9',
      'admin',
      { roleName: 'bot', username: 'alice' },
      failure('must NOT have additional properties [invalid-params]', 'invalid-params'),
    ],
    [
      '8.9',
      'admin',
      { roleId: 'bot', username: 'nobody' },
      failure(
        'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
        'error-invalid-user',
      ),
    ],
    ['8.9', 'admin', { username: 'alice' }, failure('error-invalid-role-properties')],
    // the swapped fields of the real route
    [
      '8.9',
      'admin',
      { roleId: 'nope', username: 'alice' },
      failure('error-role-not-found', 'Role not found'),
    ],
    [
      '8.9',
      'admin',
      { roleId: 'user', username: 'alice' },
      failure('User already in role [error-user-already-in-role]', 'error-user-already-in-role'),
    ],
    // the permission last, a 400 of the method, after what leaks
    [
      '8.9',
      'alice',
      { roleId: 'bot', username: 'bob' },
      {
        ...failure(
          'Accessing permissions is not allowed [error-action-not-allowed]',
          'error-action-not-allowed',
        ),
        details: { method: 'authorization:addUserToRole', action: 'Accessing_permissions' },
      },
    ],
    [
      '8.9',
      'admin',
      { roleId: 'moderator', username: 'alice', roomId: 'newsRoomId0000001' },
      {
        ...failure('User is not part of given room [error-invalid-user]', 'error-invalid-user'),
        details: { method: 'authorization:addUserToRole' },
      },
    ],
  ])('on %s %s sending %j is refused 400 %j, and nothing changes', async (profile, who, body, answer) => {
    const fake = makeFake({ profile });
    const res = await post(fake, who, '/api/v1/roles.addUserToRole', body);
    expect([res.status, res.body]).toEqual([400, answer]);
    expect(fake.changes().users.changed).toEqual([]);
  });

  it('admin only with assign-admin-role; 0.49 has no such route', async () => {
    const fake = makeFake({
      scenario: { ...WORLD, permissions: { 'access-permissions': ['admin', 'user'] } },
    });
    const res = await post(fake, 'alice', '/api/v1/roles.addUserToRole', {
      roleId: 'admin',
      username: 'bob',
    });
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error: 'Assigning admin is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'authorization:addUserToRole', action: 'Assign_admin' },
      },
    ]);
    const ok = await post(fake, 'alice', '/api/v1/roles.addUserToRole', { roleId: 'bot', username: 'bob' });
    expect(ok.status).toBe(200);
    const old = await post(makeFake({ profile: '0.49' }), 'admin', '/api/v1/roles.addUserToRole', {});
    expect(old.status).toBe(404);
  });
});

describe('POST /api/v1/roles.removeUserFromRole', () => {
  it('takes a global role and answers the role; a reset gives it back', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', {
      roleId: 'bot',
      username: 'robot',
    });
    expect([res.status, res.body]).toEqual([
      200,
      { role: { ...ADMIN_ROLE, _id: 'bot', name: 'bot', description: '', _updatedAt: START }, success: true },
    ]);
    expect(rolesOf(fake, 'robot')).toEqual([]);
    await fake.reset();
    expect(rolesOf(fake, 'robot')).toEqual(['bot']);
  });

  it.each<[ProfileId, keyof typeof AS, object, number, object]>([
    ['6', 'alice', {}, 403, PERM403],
    [
      '5',
      'alice',
      { username: 'robot', roleId: 'bot' },
      400,
      {
        success: false,
        error: 'Accessing permissions is not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
      },
    ],
    [
      '5',
      'alice',
      {},
      400,
      {
        success: false,
        error: 'The role properties are invalid. [error-invalid-role-properties]',
        errorType: 'error-invalid-role-properties',
      },
    ],
    [
      '7.0',
      'admin',
      { roleId: 'bot' },
      400,
      {
        success: false,
        error: 'The role properties are invalid. [error-invalid-role-properties]',
        errorType: 'error-invalid-role-properties',
      },
    ],
    [
      '8.9',
      'admin',
      { roleId: 'bot' },
      400,
      {
        success: false,
        error: "must have required property 'username' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    ['8.9', 'admin', { username: 'robot' }, 400, { success: false, error: 'error-invalid-role-properties' }],
    [
      '8.9',
      'admin',
      { username: 'nobody', roleId: 'bot' },
      400,
      {
        success: false,
        error: 'There is no user with this username [error-invalid-user]',
        errorType: 'error-invalid-user',
      },
    ],
    [
      '8.9',
      'admin',
      { username: 'robot', roleId: 'nope' },
      400,
      {
        success: false,
        error: 'This role does not exist [error-invalid-roleId]',
        errorType: 'error-invalid-roleId',
      },
    ],
    [
      '8.9',
      'admin',
      { username: 'alice', roleId: 'bot' },
      400,
      {
        success: false,
        error: 'User is not in this role [error-user-not-in-role]',
        errorType: 'error-user-not-in-role',
      },
    ],
    [
      '8.9',
      'admin',
      { username: 'admin', roleId: 'admin' },
      400,
      {
        success: false,
        error: 'You need to have at least one admin [error-admin-required]',
        errorType: 'error-admin-required',
      },
    ],
  ])(
    'on %s %s sending %j is refused %s %j, and nothing changes',
    async (profile, who, body, status, answer) => {
      const fake = makeFake({ profile });
      const res = await post(fake, who, '/api/v1/roles.removeUserFromRole', body);
      expect([res.status, res.body]).toEqual([status, answer]);
      expect(fake.changes().users.changed).toEqual([]);
    },
  );
});

describe('GET /api/v1/roles.getUsersInRole', () => {
  it('the holders of a global role by username, projected, a page and the total', async () => {
    const fake = makeFake();
    await post(fake, 'admin', '/api/v1/roles.addUserToRole', { roleId: 'admin', username: 'bob' }).expect(
      200,
    );
    const res = await get(fake, 'admin', '/api/v1/roles.getUsersInRole?role=admin');
    expect(res.status).toBe(200);
    const body = res.body as { users: Record<string, unknown>[]; total: number };
    expect(Object.keys(body)).toEqual(['users', 'total', 'success']);
    expect(body.users.map((u) => u.username)).toEqual(['admin', 'bob']);
    expect(body.total).toBe(2);
    for (const user of body.users)
      expect(
        Object.keys(user).every((k) =>
          ['_id', 'name', 'username', 'emails', 'avatarETag', 'createdAt', '_updatedAt'].includes(k),
        ),
      ).toBe(true);
    const page = await get(fake, 'admin', '/api/v1/roles.getUsersInRole?role=admin&count=1&offset=1');
    expect(
      (page.body as { users: { username: string }[]; total: number }).users.map((u) => u.username),
    ).toEqual(['bob']);
    expect((page.body as { total: number }).total).toBe(2);
  });

  it.each<[ProfileId, keyof typeof AS, string, number, object]>([
    ['6', 'alice', '', 403, PERM403],
    ['8.9', 'alice', 'role=admin', 403, PERM403],
    [
      '5',
      'alice',
      '',
      400,
      {
        success: false,
        error: 'Query param "role" is required [error-param-not-provided]',
        errorType: 'error-param-not-provided',
      },
    ],
    [
      '5',
      'alice',
      'role=admin',
      400,
      { success: false, error: 'Not allowed [error-not-allowed]', errorType: 'error-not-allowed' },
    ],
    [
      '7.0',
      'admin',
      '',
      400,
      {
        success: false,
        error: 'Query param "role" is required [error-param-not-provided]',
        errorType: 'error-param-not-provided',
      },
    ],
    [
      '8.9',
      'admin',
      '',
      400,
      {
        success: false,
        error: "must have required property 'role' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      '8.9',
      'admin',
      'role=nope',
      400,
      { success: false, error: '[error-invalid-roleId]', errorType: 'error-invalid-roleId' },
    ],
  ])('on %s %s asking ?%s is refused %s %j', async (profile, who, query, status, answer) => {
    const res = await get(makeFake({ profile }), who, `/api/v1/roles.getUsersInRole?${query}`);
    expect([res.status, res.body]).toEqual([status, answer]);
  });

  it('a roomId needs view-other-user-channels; 0.49 has no such route', async () => {
    const fake = makeFake({
      scenario: { ...WORLD, permissions: { 'access-permissions': ['admin', 'user'] } },
    });
    const res = await get(fake, 'alice', '/api/v1/roles.getUsersInRole?role=admin&roomId=GENERAL');
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, error: 'Not allowed [error-not-allowed]', errorType: 'error-not-allowed' },
    ]);
    expect(
      (await get(makeFake({ profile: '0.49' }), 'admin', '/api/v1/roles.getUsersInRole?role=admin')).status,
    ).toBe(404);
  });
});

describe('POST /api/v1/roles.delete', () => {
  const typed = (error: string, errorType: string): object => ({
    success: false,
    error: `${error} [${errorType}]`,
    errorType,
  });
  it.each<[ProfileId, keyof typeof AS, object, number, object]>([
    ['6', 'alice', {}, 403, PERM403],
    ['8.9', 'alice', { roleId: 'bot' }, 403, PERM403],
    ['5', 'alice', {}, 400, typed('The role properties are invalid.', 'error-invalid-role-properties')],
    [
      '5',
      'alice',
      { roleId: 'bot' },
      400,
      typed('Accessing permissions is not allowed', 'error-action-not-allowed'),
    ],
    [
      '7.0',
      'admin',
      { roleId: 'bot', x: 1 },
      400,
      typed('The role properties are invalid.', 'error-invalid-role-properties'),
    ],
    ['8.9', 'admin', {}, 400, typed("must have required property 'roleId'", 'invalid-params')],
    ['8.9', 'admin', { roleId: 'nope' }, 400, typed('This role does not exist', 'error-invalid-roleId')],
    // a seeded role is a protected one
    ['8.9', 'admin', { roleId: 'bot' }, 400, typed('Cannot delete a protected role', 'error-role-protected')],
    [
      '5',
      'admin',
      { roleId: 'moderator' },
      400,
      typed('Cannot delete a protected role', 'error-role-protected'),
    ],
  ])('on %s %s sending %j is refused %s %j', async (profile, who, body, status, answer) => {
    const fake = makeFake({ profile });
    const res = await post(fake, who, '/api/v1/roles.delete', body);
    expect([res.status, res.body]).toEqual([status, answer]);
  });

  it('0.49 has no such route', async () => {
    expect(
      (await post(makeFake({ profile: '0.49' }), 'admin', '/api/v1/roles.delete', { roleId: 'bot' })).status,
    ).toBe(404);
  });
});

describe('the realtime twins, and roles-change', () => {
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

  async function socket(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }
  const meteor = (error: string, reason: string, details?: object): object => ({
    isClientSafe: true,
    error,
    reason,
    message: `${reason} [${error}]`,
    ...(details ? { details } : {}),
    errorType: 'Meteor.Error',
  });

  it('authorization:addUserToRole / removeUserFromRole: refusals in the method’s order, then true', async () => {
    const anonymous = await socket();
    const add = { method: 'authorization:addUserToRole', action: 'Accessing_permissions' };
    expect((await anonymous.call('authorization:addUserToRole', 'bot', 'alice')).error).toEqual(
      meteor('error-action-not-allowed', 'Accessing permissions is not allowed', add),
    );
    const alice = await socket('alice-token');
    expect((await alice.call('authorization:addUserToRole', 'bot', 'alice')).error).toEqual(
      meteor('error-action-not-allowed', 'Accessing permissions is not allowed', add),
    );
    const admin = await socket('admin-token');
    expect((await admin.call('authorization:addUserToRole', '', 'alice')).error).toEqual(
      meteor('error-invalid-arguments', 'Invalid arguments', { method: 'authorization:addUserToRole' }),
    );
    expect((await admin.call('authorization:addUserToRole', 'nope', 'alice')).error).toEqual(
      meteor('error-invalid-role', 'Invalid Role', { method: 'authorization:addUserToRole' }),
    );
    expect((await admin.call('authorization:addUserToRole', 'bot', 'nobody')).error).toEqual(
      meteor('error-user-not-found', 'User not found', { method: 'authorization:addUserToRole' }),
    );
    // the realtime logins change the users' presence (docs/realtime-bots.md), the refusals nothing else
    const presence = new Set(['status', 'statusConnection', '_updatedAt']);
    expect(fake.changes().users.changed.filter((c) => c.fields.some((f) => !presence.has(f)))).toEqual([]);
    expect((await admin.call('authorization:addUserToRole', 'bot', 'ALICE')).result).toBe(true);
    expect(rolesOf(fake, 'alice')).toEqual(['user', 'bot']);

    const remove = { method: 'authorization:removeUserFromRole', action: 'Accessing_permissions' };
    expect((await anonymous.call('authorization:removeUserFromRole', 'bot', 'alice')).error).toEqual(
      meteor('error-action-not-allowed', 'Access permissions is not allowed', remove),
    );
    expect((await admin.call('authorization:removeUserFromRole', 'bot', 'nobody')).error).toEqual(
      meteor('error-invalid-user', 'Invalid user', { method: 'authorization:removeUserFromRole' }),
    );
    expect((await admin.call('authorization:removeUserFromRole', 'admin', 'admin')).error).toEqual(
      meteor('error-action-not-allowed', 'Leaving the app without admins is not allowed', {
        method: 'removeUserFromRole',
        action: 'Remove_last_admin',
      }),
    );
    expect((await admin.call('authorization:removeUserFromRole', 'bot', 'alice')).result).toBe(true);
    expect(rolesOf(fake, 'alice')).toEqual(['user']);
  });

  it('stream-notify-logged roles-change {type, _id, u} to every logged-in subscriber', async () => {
    const anonymous = await socket();
    const bob = await socket('bob-token');
    expect((await anonymous.sub('stream-notify-logged', 'roles-change', false)).msg).toBe('nosub');
    expect((await bob.sub('stream-notify-logged', 'roles-change', false)).msg).toBe('ready');
    await post(fake, 'admin', '/api/v1/roles.addUserToRole', { roleId: 'bot', username: 'alice' }).expect(
      200,
    );
    await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', {
      roleId: 'bot',
      username: 'alice',
    }).expect(200);
    const isRoles = (f: Record<string, unknown>): boolean =>
      f.msg === 'changed' && (f.fields as { eventName: string }).eventName === 'roles-change';
    const frame = (type: string): object => ({
      msg: 'changed',
      collection: 'stream-notify-logged',
      id: 'id',
      fields: {
        eventName: 'roles-change',
        args: [{ type, _id: 'bot', u: { _id: 'aliceUserId000001', username: 'alice' } }],
      },
    });
    await bob.next(
      (f) => isRoles(f) && (f.fields as { args: [{ type: string }] }).args[0].type === 'removed',
    );
    expect(bob.frames.filter(isRoles)).toEqual([frame('added'), frame('removed')]);
  });
});
