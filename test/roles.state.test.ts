/**
 * The roles as the world's state: a scenario's custom roles, `roles.create` / `roles.update` /
 * `roles.delete` per release line (the community server's enterprise refusal from 6.x), the
 * realtime `authorization:saveRole` / `authorization:deleteRole`, `roles-change` `{type: 'changed'}`,
 * `getUserRoles` as the public roles' holders, state(), changes(), a reset and sessions.
 */
import request from 'supertest';

import { resolveScenario } from '../src/scenario/resolve';
import type { ScenarioError } from '../src/scenario/problems';
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId, RoleDoc } from '../src/types';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';
import { AS, WORLD, makeFake } from './support/fake';

const typed = (error: string, errorType: string): object => ({
  success: false,
  error: `${error} [${errorType}]`,
  errorType,
});
const ENTERPRISE = typed('This is an enterprise feature', 'error-action-not-allowed');
const INVALID = typed('The role properties are invalid.', 'error-invalid-role-properties');
const NOT_ALLOWED = typed('Accessing permissions is not allowed', 'error-action-not-allowed');
const PERM403 = {
  success: false,
  error: 'User does not have the permissions required for this action [error-unauthorized]',
};

/** The world with two custom roles: `support` (global, public: it has a description, alice holds it) and `helpers` (a room role). */
const CUSTOM = {
  ...WORLD,
  users: (WORLD.users ?? []).map((u) =>
    u.username === 'alice' ? { ...u, roles: ['user', 'supportRoleId0001'] } : u,
  ),
  roles: [
    { _id: 'supportRoleId0001', name: 'support', description: 'Support' },
    { name: 'helpers', scope: 'Subscriptions' as const },
    { name: 'spare' },
  ],
};

function post(
  fake: FakeServer,
  who: keyof typeof AS,
  path: string,
  body: unknown,
  prefix = '',
): request.Test {
  return request(fake.app)
    .post(`${prefix}${path}`)
    .set(AS[who])
    .send(body as object);
}
const listed = async (fake: FakeServer, prefix = ''): Promise<string[]> =>
  (
    (await request(fake.app).get(`${prefix}/api/v1/roles.list`).set(AS.alice)).body as {
      roles: { name: string }[];
    }
  ).roles.map((r) => r.name);
const SEEDED = [
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
];

describe('a scenario’s custom roles', () => {
  it('are listed after the seeded ones, held by users, shown by state(), and not changes()', async () => {
    const fake = makeFake({ scenario: CUSTOM });
    expect(await listed(fake)).toEqual([...SEEDED, 'support', 'helpers', 'spare']);
    const res = await request(fake.app).get('/api/v1/roles.list').set(AS.bob);
    expect((res.body as { roles: object[] }).roles.slice(-3)).toEqual([
      {
        _id: 'supportRoleId0001',
        name: 'support',
        scope: 'Users',
        description: 'Support',
        protected: false,
        mandatory2fa: false,
      },
      {
        _id: 'helpers',
        name: 'helpers',
        scope: 'Subscriptions',
        description: '',
        protected: false,
        mandatory2fa: false,
      },
      { _id: 'spare', name: 'spare', scope: 'Users', description: '', protected: false, mandatory2fa: false },
    ]);
    expect(fake.state().roles?.map((r) => r._id)).toEqual(['supportRoleId0001', 'helpers', 'spare']);
    expect(fake.state().users.find((u) => u.username === 'alice')?.roles).toEqual([
      'user',
      'supportRoleId0001',
    ]);
    expect(fake.changes().roles).toEqual({ added: [], changed: [], removed: [] });
    // a world without custom roles has no `roles`
    expect(makeFake().state().roles).toBeUndefined();
    // state() is a scenario: it loads back as it is
    const again = createFakeServer({ scenario: fake.state() });
    expect(again.state().roles).toEqual(fake.state().roles);
  });

  it('a permission may be granted to one (permissions.update), and users.create may give one', async () => {
    const fake = makeFake({ scenario: CUSTOM });
    const res = await post(fake, 'admin', '/api/v1/permissions.update', {
      permissions: [{ _id: 'view-joined-room', roles: ['user', 'supportRoleId0001'] }],
    });
    expect(res.status).toBe(200);
    expect(fake.state().permissions['view-joined-room']).toEqual(['user', 'supportRoleId0001']);
    const made = await post(fake, 'admin', '/api/v1/users.create', {
      username: 'carl',
      email: 'carl@example.com',
      name: 'Carl',
      password: 'carl-pw',
      roles: ['user', 'supportRoleId0001'],
    });
    expect(made.status).toBe(200);
    expect(fake.state().users.find((u) => u.username === 'carl')?.roles).toEqual([
      'user',
      'supportRoleId0001',
    ]);
    // a room role is no user's role
    const refused = await post(fake, 'admin', '/api/v1/users.create', {
      username: 'cleo',
      email: 'cleo@example.com',
      name: 'Cleo',
      password: 'cleo-pw',
      roles: ['helpers'],
    });
    expect(refused.status).toBe(400);
    expect(fake.state().users.some((u) => u.username === 'cleo')).toBe(false);
  });

  const problemsOf = (input: unknown): string[] => {
    try {
      resolveScenario(input, { source: 'roles.json' });
    } catch (error) {
      expect((error as Error).message).toContain('roles.json');
      return (error as ScenarioError).problems.map((p) => `${p.path}: ${p.message}`);
    }
    return [];
  };

  it('a bad entry is rejected, naming the file and the path', () => {
    expect(problemsOf({ roles: [{ name: 'x', scope: 'Rooms' }] })).toEqual([
      '$.roles[0].scope: Invalid option: expected one of "Users"|"Subscriptions"',
    ]);
    expect(problemsOf({ roles: [{ description: 'x' }] })).toEqual([
      '$.roles[0].name: Invalid input: expected string, received undefined',
    ]);
    expect(problemsOf({ roles: [{ name: 'x', level: 1 }] })).toHaveLength(1);
    expect(
      problemsOf({ roles: [{ name: 'admin' }, { name: 'a' }, { name: 'a' }, { name: 'b', _id: 'bot' }] }),
    ).toEqual([
      '$.roles[0].name: a role named "admin" exists already',
      '$.roles[2].name: a role named "a" exists already',
      '$.roles[3]._id: a role of _id "bot" exists already',
    ]);
    expect(problemsOf({ roles: [{ name: 'x', protected: true }] })).toEqual([
      '$.roles[0].protected: a custom role is not a protected one: false, or left out',
    ]);
    expect(
      problemsOf({
        roles: [{ name: 'crew', scope: 'Subscriptions' }],
        users: [{ username: 'a', password: 'a', roles: ['crew'] }],
        permissions: { 'view-joined-room': ['ghost'] },
      }),
    ).toEqual([
      '$.users[0].roles[0]: "crew" is a room role (scope Subscriptions): a user holds a global one',
      `$.permissions["view-joined-room"][0]: unknown role "ghost": a role of the server (${SEEDED.join(', ')}), or one of "roles"`,
    ]);
  });
});

describe('POST /api/v1/roles.create', () => {
  it('5: makes the role (a fresh id), answers it whole; roles.list, state(), changes(); a reset forgets it', async () => {
    const fake = makeFake({ profile: '5' });
    const res = await post(fake, 'admin', '/api/v1/roles.create', {
      name: 'support',
      description: 'Support',
      mandatory2fa: true,
    });
    expect(res.status).toBe(200);
    const role = (res.body as { role: RoleDoc }).role;
    expect(Object.keys(res.body as object)).toEqual(['role', 'success']);
    expect(Object.keys(role)).toEqual([
      '_id',
      'name',
      'scope',
      'description',
      'protected',
      'mandatory2fa',
      '_updatedAt',
    ]);
    expect(role).toEqual({
      _id: expect.stringMatching(/^[0-9A-Za-z]{17}$/) as string,
      name: 'support',
      scope: 'Users',
      description: 'Support',
      protected: false,
      mandatory2fa: true,
      _updatedAt: expect.any(String) as string,
    });
    expect(await listed(fake)).toEqual([...SEEDED, 'support']);
    expect(fake.state().roles).toEqual([role]);
    expect(fake.changes().roles).toEqual({ added: [role], changed: [], removed: [] });
    // a room role
    const room = await post(fake, 'admin', '/api/v1/roles.create', { name: 'crew', scope: 'Subscriptions' });
    expect((room.body as { role: RoleDoc }).role).toMatchObject({ scope: 'Subscriptions', description: '' });
    await fake.reset();
    expect(await listed(fake)).toEqual(SEEDED);
    expect(fake.state().roles).toBeUndefined();
  });

  it.each<[ProfileId, keyof typeof AS, object, object]>([
    ['5', 'admin', {}, INVALID],
    ['5', 'admin', { name: 'x', scope: 'Rooms' }, INVALID],
    ['5', 'admin', { name: 'x', extra: 1 }, INVALID],
    ['5', 'alice', { name: 'x', scope: 'Rooms' }, INVALID],
    ['5', 'alice', { name: 'x' }, NOT_ALLOWED],
    [
      '5',
      'admin',
      { name: 'admin' },
      typed('Role name already exists', 'error-duplicate-role-names-not-allowed'),
    ],
    [
      '5',
      'admin',
      { name: 'support' },
      typed('Role name already exists', 'error-duplicate-role-names-not-allowed'),
    ],
    [
      '5',
      'admin',
      { name: 'supportRoleId0001' },
      typed('Role name already exists', 'error-duplicate-role-names-not-allowed'),
    ],
    ['6', 'admin', { name: 'x' }, ENTERPRISE],
    ['6', 'alice', {}, ENTERPRISE],
    ['7.0', 'admin', { name: 'x' }, ENTERPRISE],
    ['7.10', 'admin', { name: 'x' }, ENTERPRISE],
    ['8.9', 'admin', { name: 'x' }, ENTERPRISE],
  ])('on %s %s sending %j is refused 400 %j, nothing changes', async (profile, who, body, answer) => {
    const fake = makeFake({ profile, scenario: CUSTOM });
    const before = fake.state();
    const res = await post(fake, who, '/api/v1/roles.create', body);
    expect([res.status, res.body]).toEqual([400, answer]);
    expect(fake.state()).toEqual(before);
    expect(fake.changes().roles).toEqual({ added: [], changed: [], removed: [] });
  });

  it('0.49 has no such route; no login is a 401', async () => {
    const old = makeFake({ profile: '0.49' });
    expect((await post(old, 'admin', '/api/v1/roles.create', { name: 'x' })).status).toBe(404);
    const res = await request(makeFake({ profile: '5' }).app)
      .post('/api/v1/roles.create')
      .send({ name: 'x' });
    expect(res.status).toBe(401);
  });

  it('a world holds at most 1,000 roles: past that a clear 400, nothing made', async () => {
    const many = Array.from({ length: 1_000 - SEEDED.length }, (_, i) => ({ name: `r${i}` }));
    const fake = makeFake({ profile: '5', scenario: { ...WORLD, roles: many } });
    const res = await post(fake, 'admin', '/api/v1/roles.create', { name: 'one-more' });
    expect([res.status, res.body]).toEqual([
      400,
      typed(
        'This world holds 1000 roles, the most it keeps: delete a custom role before creating another',
        'error-roles-limit',
      ),
    ]);
    expect(fake.state().roles).toHaveLength(many.length);
    await post(fake, 'admin', '/api/v1/roles.delete', { roleId: 'r0' }).expect(200);
    await post(fake, 'admin', '/api/v1/roles.create', { name: 'one-more' }).expect(200);
  });
});

describe('POST /api/v1/roles.update', () => {
  it('5: changes a custom role (by id or name); a description not given is kept; answers the whole role', async () => {
    const fake = makeFake({ profile: '5', scenario: CUSTOM });
    const res = await post(fake, 'admin', '/api/v1/roles.update', {
      roleId: 'support',
      name: 'helpdesk',
      mandatory2fa: true,
    });
    expect(res.status).toBe(200);
    const role = (res.body as { role: RoleDoc }).role;
    expect(role).toEqual({
      _id: 'supportRoleId0001',
      name: 'helpdesk',
      scope: 'Users',
      description: 'Support',
      protected: false,
      mandatory2fa: true,
      _updatedAt: expect.any(String) as string,
    });
    expect(fake.state().roles?.[0]).toEqual(role);
    const changes = fake.changes().roles;
    expect(changes.changed.map((c) => [c._id, c.fields])).toEqual([
      ['supportRoleId0001', ['name', 'mandatory2fa', '_updatedAt']],
    ]);
    // a protected role keeps its name and scope, its description may change
    const admin = await post(fake, 'admin', '/api/v1/roles.update', {
      roleId: 'admin',
      name: 'admin',
      description: 'Administrators',
    });
    expect((admin.body as { role: RoleDoc }).role).toMatchObject({
      _id: 'admin',
      description: 'Administrators',
      protected: true,
    });
    expect(fake.changes().roles.changed.map((c) => c._id)).toEqual(['admin', 'supportRoleId0001']);
  });

  it.each<[ProfileId, keyof typeof AS, object, object]>([
    ['5', 'admin', { name: 'x' }, INVALID],
    ['5', 'admin', { roleId: 'spare', name: 'x', scope: 'Rooms' }, INVALID],
    ['5', 'alice', { roleId: 'spare', name: 'x' }, NOT_ALLOWED],
    ['5', 'admin', { roleId: 'nope', name: 'x' }, typed('This role does not exist', 'error-invalid-roleId')],
    ['5', 'admin', { roleId: 'admin', name: 'boss' }, typed('Role is protected', 'error-role-protected')],
    // a scope not given is Users: a room role's update must name its own
    [
      '5',
      'admin',
      { roleId: 'moderator', name: 'moderator' },
      typed('Role is protected', 'error-role-protected'),
    ],
    [
      '5',
      'admin',
      { roleId: 'spare', name: 'support' },
      typed('Role name already exists', 'error-duplicate-role-names-not-allowed'),
    ],
    ['6', 'admin', { roleId: 'spare', name: 'x' }, ENTERPRISE],
    ['7.10', 'admin', { roleId: 'nope', name: 'x' }, ENTERPRISE],
    ['8.9', 'admin', { roleId: 'supportRoleId0001', name: 'support' }, ENTERPRISE],
    ['8.9', 'alice', { roleId: 'spare', name: 'x' }, NOT_ALLOWED],
    ['8.9', 'admin', { roleId: 'spare' }, INVALID],
    [
      '7.0',
      'admin',
      { roleId: 'leader', name: 'leader' },
      typed('Role is protected', 'error-role-protected'),
    ],
  ])('on %s %s sending %j is refused 400 %j, nothing changes', async (profile, who, body, answer) => {
    const fake = makeFake({ profile, scenario: CUSTOM });
    const before = fake.state();
    const res = await post(fake, who, '/api/v1/roles.update', body);
    expect([res.status, res.body]).toEqual([400, answer]);
    expect(fake.state()).toEqual(before);
    expect(fake.changes().roles).toEqual({ added: [], changed: [], removed: [] });
  });

  it('6 on: a protected role may still change on a community server; a description not given is ""', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await post(fake, 'admin', '/api/v1/roles.update', {
      roleId: 'moderator',
      name: 'moderator',
      scope: 'Subscriptions',
      mandatory2fa: true,
    });
    expect(res.status).toBe(200);
    expect(Object.keys((res.body as { role: object }).role)).toEqual([
      '_id',
      'scope',
      'description',
      'mandatory2fa',
      'name',
      'protected',
      '_updatedAt',
    ]);
    expect((res.body as { role: RoleDoc }).role).toMatchObject({ description: '', mandatory2fa: true });
    expect(fake.state().roles).toBeUndefined();
    expect(fake.changes().roles.changed.map((c) => c.fields)).toEqual([
      ['description', 'mandatory2fa', '_updatedAt'],
    ]);
    expect((await post(makeFake({ profile: '0.49' }), 'admin', '/api/v1/roles.update', {})).status).toBe(404);
  });
});

describe('POST /api/v1/roles.delete of a custom role', () => {
  it('deletes one nobody holds (by id or name): roles.list, state(), changes()', async () => {
    const fake = makeFake({ profile: '8.9', scenario: CUSTOM });
    const res = await post(fake, 'admin', '/api/v1/roles.delete', { roleId: 'spare' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(await listed(fake)).toEqual([...SEEDED, 'support', 'helpers']);
    expect(fake.changes().roles.removed.map((r) => r._id)).toEqual(['spare']);
    await post(fake, 'admin', '/api/v1/roles.delete', { roleId: 'helpers' }).expect(200);
    expect(fake.state().roles?.map((r) => r._id)).toEqual(['supportRoleId0001']);
  });

  it.each<[ProfileId, keyof typeof AS, object, number, object]>([
    [
      '8.9',
      'admin',
      { roleId: 'support' },
      400,
      typed("Cannot delete role because it's in use", 'error-role-in-use'),
    ],
    [
      '5',
      'admin',
      { roleId: 'supportRoleId0001' },
      400,
      typed("Cannot delete role because it's in use", 'error-role-in-use'),
    ],
    [
      '8.9',
      'admin',
      { roleId: 'user' },
      400,
      typed('Cannot delete a protected role', 'error-role-protected'),
    ],
    ['8.9', 'alice', { roleId: 'spare' }, 403, PERM403],
    ['5', 'alice', { roleId: 'spare' }, 400, NOT_ALLOWED],
  ])('on %s %s sending %j is refused %s %j, nothing changes', async (profile, who, body, status, answer) => {
    const fake = makeFake({ profile, scenario: CUSTOM });
    const before = fake.state();
    const res = await post(fake, who, '/api/v1/roles.delete', body);
    expect([res.status, res.body]).toEqual([status, answer]);
    expect(fake.state()).toEqual(before);
  });

  it('a role given since (roles.addUserToRole) is in use; taken back, it may go', async () => {
    const fake = makeFake({ profile: '7.10', scenario: CUSTOM });
    await post(fake, 'admin', '/api/v1/roles.addUserToRole', { roleId: 'spare', username: 'bob' }).expect(
      200,
    );
    expect(fake.state().users.find((u) => u.username === 'bob')?.roles).toEqual(['user', 'spare']);
    expect((await post(fake, 'admin', '/api/v1/roles.delete', { roleId: 'spare' })).status).toBe(400);
    await post(fake, 'admin', '/api/v1/roles.removeUserFromRole', {
      roleId: 'spare',
      username: 'bob',
    }).expect(200);
    await post(fake, 'admin', '/api/v1/roles.delete', { roleId: 'spare' }).expect(200);
  });
});

describe('GET /api/v1/roles.getUsersInRole of a custom role', () => {
  it('finds it by id, and by name until 7.x (8.x: by id only)', async () => {
    for (const profile of ['5', '7.10'] as const) {
      const fake = makeFake({ profile, scenario: CUSTOM });
      for (const role of ['supportRoleId0001', 'support']) {
        const res = await request(fake.app).get(`/api/v1/roles.getUsersInRole?role=${role}`).set(AS.admin);
        expect((res.body as { users: { username: string }[] }).users.map((u) => u.username)).toEqual([
          'alice',
        ]);
      }
    }
    const eight = makeFake({ profile: '8.9', scenario: CUSTOM });
    const byId = await request(eight.app)
      .get('/api/v1/roles.getUsersInRole?role=supportRoleId0001')
      .set(AS.admin);
    expect((byId.body as { total: number }).total).toBe(1);
    const byName = await request(eight.app).get('/api/v1/roles.getUsersInRole?role=support').set(AS.admin);
    expect([byName.status, byName.body]).toEqual([
      400,
      { success: false, error: '[error-invalid-roleId]', errorType: 'error-invalid-roleId' },
    ]);
  });
});

describe('sessions keep their roles apart', () => {
  it('a role made in a session is that session’s alone', async () => {
    const fake = makeFake({ profile: '5' });
    fake.session({ id: 'one', profile: '5' });
    await post(fake, 'admin', '/api/v1/roles.create', { name: 'only-here' }, '/s/one').expect(200);
    expect(await listed(fake, '/s/one')).toEqual([...SEEDED, 'only-here']);
    expect(await listed(fake)).toEqual(SEEDED);
    expect(fake.state().roles).toBeUndefined();
  });
});

describe('the realtime methods and roles-change', () => {
  let fake: FakeServer | undefined;
  const sockets: Ddp[] = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake?.stop();
    fake = undefined;
  });
  async function start(profile: ProfileId): Promise<FakeServer> {
    fake = createFakeServer({ scenario: CUSTOM, profile });
    await fake.start();
    return fake;
  }
  async function socket(server: FakeServer, token?: string): Promise<Ddp> {
    return openDdp(server.url, sockets, token);
  }
  const meteor = (error: string, reason: string, details?: object): object => ({
    isClientSafe: true,
    error,
    reason,
    message: `${reason} [${error}]`,
    ...(details ? { details } : {}),
    errorType: 'Meteor.Error',
  });
  const SAVE = { method: 'authorization:saveRole', action: 'Accessing_permissions' };

  it('5: authorization:saveRole makes a role, then updates it by name; refusals change nothing', async () => {
    const server = await start('5');
    const anonymous = await socket(server);
    expect((await anonymous.call('authorization:saveRole', { name: 'x' })).error).toEqual(
      meteor('error-action-not-allowed', 'Accessing permissions is not allowed', SAVE),
    );
    const alice = await socket(server, 'alice-token');
    expect((await alice.call('authorization:saveRole', { name: 'x' })).error).toEqual(
      meteor('error-action-not-allowed', 'Accessing permissions is not allowed', SAVE),
    );
    const admin = await socket(server, 'admin-token');
    const bob = await socket(server, 'bob-token');
    expect((await bob.sub('stream-notify-logged', 'roles-change', false)).msg).toBe('ready');
    expect((await admin.call('authorization:saveRole', { name: 'x', scope: 'Rooms' })).error).toEqual(
      meteor('error-invalid-role-properties', 'The role properties are invalid.', {
        method: 'authorization:saveRole',
      }),
    );
    expect(server.changes().roles).toEqual({ added: [], changed: [], removed: [] });

    const made = (await admin.call('authorization:saveRole', { name: 'ops', description: 'Ops' }))
      .result as RoleDoc;
    expect(made).toEqual({
      _id: expect.any(String) as string,
      name: 'ops',
      scope: 'Users',
      description: 'Ops',
      protected: false,
      mandatory2fa: false,
    });
    const updated = (await admin.call('authorization:saveRole', { name: 'ops', mandatory2fa: true }))
      .result as Record<string, unknown>;
    expect(updated).toEqual({
      ...made,
      description: '',
      mandatory2fa: true,
      _updatedAt: { $date: expect.any(Number) as number },
    });
    expect(server.state().roles?.map((r) => r.name)).toEqual(['support', 'helpers', 'spare', 'ops']);
    const isRoles = (f: Record<string, unknown>): boolean =>
      f.msg === 'changed' && (f.fields as { eventName: string }).eventName === 'roles-change';
    await bob.next((f) => isRoles(f) && bob.frames.filter(isRoles).length === 2);
    expect(bob.frames.filter(isRoles).map((f) => (f.fields as { args: unknown[] }).args)).toEqual([
      [{ type: 'changed', _id: made._id }],
      [{ type: 'changed', _id: made._id }],
    ]);
  });

  it('0.49: saveRole uses the name as id and answers nothing; 6 on it is gone', async () => {
    const old = await start('0.49');
    const admin = await socket(old, 'admin-token');
    expect((await admin.call('authorization:saveRole', {})).error).toEqual(
      meteor('error-role-name-required', 'Role name is required', { method: 'authorization:saveRole' }),
    );
    const frame = await admin.call('authorization:saveRole', { name: 'crew' });
    expect(frame).toEqual({ msg: 'result', id: frame.id });
    expect(old.state().roles?.map((r) => r._id)).toEqual(['supportRoleId0001', 'helpers', 'spare', 'crew']);
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await old.stop();
    const six = await start('6');
    const sixAdmin = await socket(six, 'admin-token');
    expect((await sixAdmin.call('authorization:saveRole', { name: 'crew' })).error).toMatchObject({
      error: 404,
      reason: "Method 'authorization:saveRole' not found",
    });
  });

  it('7.10: authorization:deleteRole: refusals in order, then the role goes (8.0 removed the method)', async () => {
    const server = await start('7.10');
    const alice = await socket(server, 'alice-token');
    const del = { method: 'authorization:deleteRole', action: 'Accessing_permissions' };
    expect((await alice.call('authorization:deleteRole', 'spare')).error).toEqual(
      meteor('error-action-not-allowed', 'Accessing permissions is not allowed', del),
    );
    const admin = await socket(server, 'admin-token');
    const method = { method: 'authorization:deleteRole' };
    expect((await admin.call('authorization:deleteRole', 'nope')).error).toEqual(
      meteor('error-invalid-role', 'Invalid role', method),
    );
    expect((await admin.call('authorization:deleteRole', 'admin')).error).toEqual(
      meteor('error-delete-protected-role', 'Cannot delete a protected role', method),
    );
    expect((await admin.call('authorization:deleteRole', 'supportRoleId0001')).error).toEqual(
      meteor('error-role-in-use', "Cannot delete role because it's in use", method),
    );
    expect(server.changes().roles.removed).toEqual([]);
    expect((await admin.call('authorization:deleteRole', 'spare')).result).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(server.changes().roles.removed.map((r) => r._id)).toEqual(['spare']);
  });

  it('getUserRoles lists the public roles’ holders only, by username, each with those roles', async () => {
    const server = await start('7.10');
    await post(server, 'admin', '/api/v1/roles.addUserToRole', {
      roleId: 'livechat-agent',
      username: 'bob',
    }).expect(200);
    const bob = await socket(server, 'bob-token');
    expect((await bob.call('getUserRoles')).result).toEqual([
      { _id: 'adminUserId000001', username: 'admin', roles: ['admin'] },
      { _id: 'aliceUserId000001', username: 'alice', roles: ['supportRoleId0001'] },
      { _id: 'bobUserId00000001', username: 'bob', roles: ['livechat-agent'] },
    ]);
    const rest = await request(server.app).get('/api/v1/roles.getUsersInPublicRoles').set(AS.bob);
    expect((rest.body as { users: unknown }).users).toEqual((await bob.call('getUserRoles')).result);
  });
});
