/**
 * `GET /api/v1/permissions.listAll` and `POST /api/v1/permissions.update`: the permission table as
 * the world's state (each permission `{_id, _updatedAt, roles}`), its roles replaced in one commit
 * with a change event per permission (state(), changes(), `stream-notify-logged`
 * `permissions-changed`), refused per release line.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import { PERMISSION_NAMES } from '../src/store/permissions';
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

function get(fake: FakeServer, who: keyof typeof AS, path: string): request.Test {
  return request(fake.app).get(path).set(AS[who]);
}
function post(fake: FakeServer, who: keyof typeof AS, path: string, body: unknown): request.Test {
  return request(fake.app)
    .post(path)
    .set(AS[who])
    .send(body as object);
}

describe('GET /api/v1/permissions.listAll', () => {
  it('lists every permission as {_id, _updatedAt, roles} to any logged-in user, as {update, remove}', async () => {
    const fake = makeFake();
    const res = await get(fake, 'alice', '/api/v1/permissions.listAll');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['update', 'remove', 'success']);
    const body = res.body as { update: { _id: string }[]; remove: unknown[] };
    expect(body.update.map((p) => p._id)).toEqual(PERMISSION_NAMES);
    expect(body.update[0]).toEqual({
      _id: 'view-c-room',
      _updatedAt: START,
      roles: ['admin', 'user', 'bot'],
    });
    expect(Object.keys(body.update[0] ?? {})).toEqual(['_id', '_updatedAt', 'roles']);
    expect(body.remove).toEqual([]);
    expect((await request(fake.app).get('/api/v1/permissions.listAll')).status).toBe(401);
  });

  it('updatedSince: those changed after it; an empty one lists all; a bad date is refused with a room’s errorType', async () => {
    const fake = makeFake();
    const later = await get(fake, 'alice', `/api/v1/permissions.listAll?updatedSince=${START}`);
    expect(later.body).toEqual({ update: [], remove: [], success: true });
    const empty = await get(fake, 'alice', '/api/v1/permissions.listAll?updatedSince=');
    expect((empty.body as { update: unknown[] }).update).toHaveLength(PERMISSION_NAMES.length);
    await post(fake, 'admin', '/api/v1/permissions.update', {
      permissions: [{ _id: 'create-c', roles: ['admin'] }],
    }).expect(200);
    const since = await get(fake, 'alice', `/api/v1/permissions.listAll?updatedSince=${START}`);
    expect(since.body).toEqual({
      update: [{ _id: 'create-c', _updatedAt: '2026-01-01T00:00:01.000Z', roles: ['admin'] }],
      remove: [],
      success: true,
    });
    const bad = await get(fake, 'alice', '/api/v1/permissions.listAll?updatedSince=yesterday');
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        success: false,
        error: 'The "updatedSince" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      },
    ]);
  });

  it.each<[ProfileId, number]>([
    ['7.0', 200],
    ['7.10', 400],
    ['8.9', 400],
  ])('on %s another query parameter answers %s', async (profile, status) => {
    const res = await get(makeFake({ profile }), 'alice', '/api/v1/permissions.listAll?_=1');
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body).toEqual({
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      });
  });

  it('0.49 has no such route', async () => {
    const res = await get(makeFake({ profile: '0.49' }), 'alice', '/api/v1/permissions.listAll');
    expect(res.status).toBe(404);
  });
});

describe('POST /api/v1/permissions.update', () => {
  it('replaces the roles (not merged), stamps each permission, answers the whole table; state() and changes() show it; a reset restores it', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', '/api/v1/permissions.update', {
      permissions: [
        { _id: 'create-c', roles: ['admin', 'guest'] },
        { _id: 'view-c-room', roles: ['admin', 'user', 'bot'] },
      ],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['permissions', 'success']);
    const listed = (res.body as { permissions: { _id: string }[] }).permissions;
    expect(listed.map((p) => p._id)).toEqual(PERMISSION_NAMES);
    const stamp = '2026-01-01T00:00:01.000Z';
    expect(listed.find((p) => p._id === 'create-c')).toEqual({
      _id: 'create-c',
      _updatedAt: stamp,
      roles: ['admin', 'guest'],
    });
    expect(fake.state().permissions['create-c']).toEqual(['admin', 'guest']);
    expect(fake.changes().permissions).toEqual({
      added: [],
      changed: [
        {
          _id: 'view-c-room',
          fields: ['_updatedAt'],
          before: { _id: 'view-c-room', _updatedAt: START, roles: ['admin', 'user', 'bot'] },
          after: { _id: 'view-c-room', _updatedAt: stamp, roles: ['admin', 'user', 'bot'] },
        },
        {
          _id: 'create-c',
          fields: ['_updatedAt', 'roles'],
          before: { _id: 'create-c', _updatedAt: START, roles: ['admin', 'user', 'bot'] },
          after: { _id: 'create-c', _updatedAt: stamp, roles: ['admin', 'guest'] },
        },
      ],
      removed: [],
    });
    // the rules in force read the new table: gina (guest) may now create a channel, alice may not
    const gina = await post(fake, 'gina', '/api/v1/channels.create', { name: 'ginas' });
    expect(gina.status).toBe(200);
    const alice = await post(fake, 'alice', '/api/v1/channels.create', { name: 'alices' });
    expect(alice.status).toBe(403);
    await fake.reset();
    expect(fake.state().permissions['create-c']).toEqual(['admin', 'user', 'bot']);
    expect(fake.changes().permissions).toEqual({ added: [], changed: [], removed: [] });
  });

  it('an empty list changes nothing and answers the table', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', '/api/v1/permissions.update', { permissions: [] });
    expect(res.status).toBe(200);
    expect((res.body as { permissions: unknown[] }).permissions).toHaveLength(PERMISSION_NAMES.length);
    expect(fake.changes().permissions.changed).toEqual([]);
  });

  const INVALID_PERMISSION = {
    success: false,
    error: 'Invalid permission',
    errorType: 'error-invalid-permission',
  };
  const INVALID_ROLE = { success: false, error: 'Invalid role', errorType: 'error-invalid-role' };
  const INVALID_BODY = {
    success: false,
    error: 'Invalid body params',
    errorType: 'error-invalid-body-params',
  };
  const EDIT_NOT_ALLOWED = {
    success: false,
    error: 'Editing permissions is not allowed',
    errorType: 'error-edit-permissions-not-allowed',
  };
  const invalidParams = (reason: string): object => ({
    success: false,
    error: `${reason} [invalid-params]`,
    errorType: 'invalid-params',
  });

  it.each<[ProfileId, keyof typeof AS, unknown, number, object]>([
    // the permission first
    ['5', 'alice', { permissions: '' }, 400, EDIT_NOT_ALLOWED],
    ['6', 'alice', { permissions: '' }, 403, PERM403],
    ['7.10', 'alice', { permissions: '' }, 400, invalidParams('must be array')],
    ['7.10', 'alice', { permissions: [] }, 403, PERM403],
    ['8.9', 'alice', { permissions: '' }, 403, PERM403],
    // the body
    [
      '5',
      'admin',
      { permissions: '' },
      400,
      { success: false, error: 'Match error: Expected array, got string in field permissions' },
    ],
    ['5', 'admin', {}, 400, { success: false, error: "Match error: Missing key 'permissions'" }],
    [
      '5',
      'admin',
      { permissions: [], x: 1 },
      400,
      { success: false, error: 'Match error: Unknown key in field x' },
    ],
    [
      '5',
      'admin',
      { permissions: [{ _id: 'create-c', roles: [1] }] },
      400,
      { success: false, error: 'Match error: Expected string, got number in field permissions[0].roles[0]' },
    ],
    ['6', 'admin', { permissions: '' }, 400, INVALID_BODY],
    ['7.0', 'admin', { permissions: [{ _id: 'create-c', roles: 'admin' }] }, 400, INVALID_BODY],
    ['7.0', 'admin', { permissions: [{ _id: 'create-c', roles: ['admin', 'admin'] }] }, 400, INVALID_BODY],
    ['8.9', 'admin', { permissions: '' }, 400, invalidParams('must be array')],
    // what exists: the permissions, then the roles
    ['8.9', 'admin', { permissions: [{ _id: 'no-such', roles: ['nobody'] }] }, 400, INVALID_PERMISSION],
    [
      '8.9',
      'admin',
      {
        permissions: [
          { _id: 'create-c', roles: ['admin'] },
          { _id: 'create-c', roles: ['user'] },
        ],
      },
      400,
      INVALID_PERMISSION,
    ],
    ['8.9', 'admin', { permissions: [{ _id: 'create-c', roles: ['admin', 'nobody'] }] }, 400, INVALID_ROLE],
    ['5', 'admin', { permissions: [{ _id: 'no-such', roles: ['nobody'] }] }, 400, INVALID_PERMISSION],
    ['5', 'admin', { permissions: [{ _id: 'create-c', roles: ['nobody'] }] }, 400, INVALID_ROLE],
  ])(
    'on %s %s sending %j is refused %s %j, and nothing changes',
    async (profile, who, body, status, answer) => {
      const fake = makeFake({ profile });
      const res = await post(fake, who, '/api/v1/permissions.update', body);
      expect([res.status, res.body]).toEqual([status, answer]);
      expect(fake.state().permissions['create-c']).toEqual(['admin', 'user', 'bot']);
      expect(fake.changes().permissions.changed).toEqual([]);
    },
  );

  it('5 takes a permission named twice, the last roles winning; 0.49 has no such route', async () => {
    const fake = makeFake({ profile: '5' });
    const res = await post(fake, 'admin', '/api/v1/permissions.update', {
      permissions: [
        { _id: 'create-c', roles: ['admin'] },
        { _id: 'create-c', roles: ['user'] },
      ],
    });
    expect(res.status).toBe(200);
    expect(fake.state().permissions['create-c']).toEqual(['user']);
    const old = await post(makeFake({ profile: '0.49' }), 'admin', '/api/v1/permissions.update', {
      permissions: [],
    });
    expect(old.status).toBe(404);
  });
});

describe('what a change of permissions sends', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function socket(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  const meteor = (error: string, reason: string, details: object): object => ({
    isClientSafe: true,
    error,
    reason,
    message: `${reason} [${error}]`,
    details,
    errorType: 'Meteor.Error',
  });

  it('authorization:addPermissionToRole / removeRoleFromPermission: the permission before the caller, then the permission to edit, then the role; an empty result', async () => {
    const add = { method: 'authorization:addPermissionToRole', action: 'Adding_permission' };
    const remove = { method: 'authorization:removeRoleFromPermission', action: 'Removing_permission' };
    const anonymous = await socket();
    expect((await anonymous.call('authorization:addPermissionToRole', 'no-such', 'user')).error).toEqual(
      meteor('error-invalid-permission', 'Permission does not exist', add),
    );
    expect((await anonymous.call('authorization:addPermissionToRole', 'create-c', 'guest')).error).toEqual(
      meteor('error-action-not-allowed', 'Adding permission is not allowed', add),
    );
    const alice = await socket('alice-token');
    expect((await alice.call('authorization:addPermissionToRole', 'create-c', 'guest')).error).toEqual(
      meteor('error-action-not-allowed', 'Adding permission is not allowed', add),
    );
    expect((await alice.call('authorization:removeRoleFromPermission', 'no-such', 'user')).error).toEqual(
      meteor('error-permission-not-found', 'Permission not found', {
        method: 'authorization:removeRoleFromPermission',
      }),
    );
    expect((await alice.call('authorization:removeRoleFromPermission', 'create-c', 'user')).error).toEqual(
      meteor('error-action-not-allowed', 'Removing permission is not allowed', remove),
    );
    const admin = await socket('admin-token');
    expect((await admin.call('authorization:addPermissionToRole', 'create-c', 'nobody')).error).toEqual(
      meteor('error-invalid-role', 'Role does not exist', add),
    );
    expect(fake.changes().permissions.changed).toEqual([]);
    const added = await admin.call('authorization:addPermissionToRole', 'create-c', 'guest');
    expect(added).toEqual({ msg: 'result', id: added.id });
    expect(fake.state().permissions['create-c']).toEqual(['admin', 'user', 'bot', 'guest']);
    await admin.call('authorization:removeRoleFromPermission', 'create-c', 'user');
    expect(fake.state().permissions['create-c']).toEqual(['admin', 'bot', 'guest']);
    expect(fake.changes().permissions.changed.map((c) => c.after)).toEqual([
      { _id: 'create-c', _updatedAt: '2026-01-01T00:00:02.000Z', roles: ['admin', 'bot', 'guest'] },
    ]);
  });

  it('stream-notify-logged permissions-changed ["updated", doc] to every logged-in subscriber, one per permission', async () => {
    const anonymous = await socket();
    const alice = await socket('alice-token');
    expect((await anonymous.sub('stream-notify-logged', 'permissions-changed', false)).msg).toBe('nosub');
    expect((await alice.sub('stream-notify-logged', 'permissions-changed', false)).msg).toBe('ready');
    await post(fake, 'admin', '/api/v1/permissions.update', {
      permissions: [
        { _id: 'create-c', roles: ['admin'] },
        { _id: 'create-p', roles: ['admin'] },
      ],
    }).expect(200);
    const stamp = Date.parse('2026-01-01T00:00:01.000Z');
    const frameOf = (id: string): object => ({
      msg: 'changed',
      collection: 'stream-notify-logged',
      id: 'id',
      fields: {
        eventName: 'permissions-changed',
        args: ['updated', { _id: id, _updatedAt: { $date: stamp }, roles: ['admin'] }],
      },
    });
    const isFrame = (id: string) => (f: Record<string, unknown>) =>
      f.msg === 'changed' &&
      (f.fields as { args: [string, { _id: string }] }).args[1]._id === id &&
      f.collection === 'stream-notify-logged';
    expect(await alice.next(isFrame('create-c'))).toEqual(frameOf('create-c'));
    expect(await alice.next(isFrame('create-p'))).toEqual(frameOf('create-p'));
    const changed = alice.frames.filter((f) => f.msg === 'changed');
    expect(changed).toHaveLength(2);
  });
});
