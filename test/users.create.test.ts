/**
 * `POST /api/v1/users.create` and `users.register`, and their realtime twins `insertOrUpdateUser`
 * and `registerUser`: one command each behind both faces. A new user is in the state, can log in,
 * joins the default rooms with a `uj` message; refusals change nothing; the world stays bounded.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import { AS, WORLD, expectRefused, makeFake, postAs } from './support/fake';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';

const CREATE = '/api/v1/users.create';
const REGISTER = '/api/v1/users.register';
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;
const NEW = { email: 'Carol@Example.com', name: 'Carol C', password: 'carol-pw', username: 'carol' };

/** WORLD with `general` a default room. */
const DEFAULTS: ScenarioInput = {
  ...WORLD,
  channels: (WORLD.channels ?? []).map((c) => (c.name === 'general' ? { ...c, default: true } : c)),
};

/** WORLD without an admin: the first-admin rule applies. */
const NO_ADMIN: ScenarioInput = {
  ...WORLD,
  users: (WORLD.users ?? []).map((u) => (u.username === 'admin' ? { ...u, roles: ['user'] } : u)),
};

describe('POST /api/v1/users.create', () => {
  it('makes the user, answers its document in stored order (no services for an admin), and it can log in', async () => {
    const fake = makeFake();
    const before = fake.state().users.length;
    const res = await postAs(fake.app, 'admin', CREATE, NEW);
    expect(res.status).toBe(200);
    const user = res.body.user as Record<string, unknown>;
    expect(Object.keys(user)).toEqual([
      '_id',
      'createdAt',
      'username',
      'emails',
      'type',
      'status',
      'active',
      'roles',
      '_updatedAt',
      'name',
      'settings',
    ]);
    expect(res.body).toEqual({
      user: {
        _id: expect.stringMatching(METEOR_ID),
        createdAt: '2026-01-01T00:00:01.000Z',
        username: 'carol',
        emails: [{ address: 'Carol@Example.com', verified: false }],
        type: 'user',
        status: 'offline',
        active: true,
        roles: ['user'],
        _updatedAt: '2026-01-01T00:00:01.000Z',
        name: 'Carol C',
        settings: {},
      },
      success: true,
    });
    expect(res.body).toMatchShape('users.create');
    expect(fake.state().users).toHaveLength(before + 1);
    expect(fake.changes().users.added.map((u) => u.username)).toEqual(['carol']);
    const login = await request(fake.app).post('/api/v1/login').send({ user: 'carol', password: 'carol-pw' });
    expect(login.status).toBe(200);
    // and users.info finds it, by id and (8.4 on) by e-mail, any case
    const info = await request(fake.app)
      .get('/api/v1/users.info')
      .query({ email: 'carol@example.com' })
      .set(AS.admin);
    expect(info.body.user).toMatchObject({ _id: user._id, username: 'carol' });
    // a reset forgets it
    fake.reset();
    expect(fake.state().users).toHaveLength(before);
  });

  it('joins the default rooms with a uj message and the joiner’s unread mention, unless joinDefaultChannels is false', async () => {
    const fake = createFakeServer({ scenario: DEFAULTS });
    const res = await postAs(fake.app, 'admin', CREATE, NEW);
    expect(res.status).toBe(200);
    const general = fake.state().channels.find((c) => c.name === 'general');
    expect(general?.usernames).toEqual(['admin', 'alice', 'bob', 'carol']);
    const uj = (fake.state().messages ?? []).filter((m) => m.t === 'uj');
    expect(uj.map((m) => [m.rid, m.msg])).toEqual([['GENERAL', 'carol']]);
    const login = await request(fake.app).post('/api/v1/login').send({ user: 'carol', password: 'carol-pw' });
    const { userId, authToken } = login.body.data as { userId: string; authToken: string };
    const sub = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: 'GENERAL' })
      .set({ 'X-User-Id': userId, 'X-Auth-Token': authToken });
    expect(sub.body.subscription).toMatchObject({
      rid: 'GENERAL',
      open: true,
      alert: true,
      unread: 1,
      userMentions: 1,
    });
    const quiet = await postAs(fake.app, 'admin', CREATE, {
      ...NEW,
      username: 'dave',
      email: 'dave@example.com',
      joinDefaultChannels: false,
    });
    expect(quiet.status).toBe(200);
    expect(fake.state().channels.find((c) => c.name === 'general')?.usernames).not.toContain('dave');
  });

  it('the first user made on a world without a human admin becomes admin; given roles are kept', async () => {
    const fake = createFakeServer({ scenario: NO_ADMIN });
    const first = await postAs(fake.app, 'admin', CREATE, NEW);
    // without an admin no one holds create-user by default: grant it to users
    expect(first.status).toBe(400);
    const open = createFakeServer({ scenario: { ...NO_ADMIN, permissions: { 'create-user': ['user'] } } });
    expect((await postAs(open.app, 'alice', CREATE, NEW)).status).toBe(200);
    expect(
      (await postAs(open.app, 'alice', CREATE, { ...NEW, username: 'dave', email: 'd@x.io' })).status,
    ).toBe(200);
    const roles = (name: string): unknown => open.state().users.find((u) => u.username === name)?.roles;
    expect([roles('carol'), roles('dave')]).toEqual([['user', 'admin'], ['user']]);
    const admin = makeFake();
    const bot = await postAs(admin.app, 'admin', CREATE, { ...NEW, roles: ['bot'] });
    expect(bot.body.user.roles).toEqual(['bot']);
  });

  it('a caller without view-full-other-user-info gets the limited projection', async () => {
    const fake = createFakeServer({
      scenario: { ...WORLD, permissions: { 'create-user': ['admin', 'user'] } },
    });
    const res = await postAs(fake.app, 'alice', CREATE, NEW);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.user)).toEqual(['_id', 'username', 'type', 'status', 'active', 'name']);
  });

  it.each([
    [
      'no create-user (a 400, after the body)',
      'alice',
      NEW,
      400,
      {
        success: false,
        error: 'Adding user is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'insertOrUpdateUser', action: 'Adding_user' },
      },
    ],
    [
      'no email',
      'admin',
      { name: 'x', password: 'x', username: 'x' },
      400,
      {
        success: false,
        error: "must have required property 'email' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      'an unknown key',
      'admin',
      { ...NEW, secretURL: 'x' },
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      'roles that are no array',
      'alice',
      { ...NEW, roles: 'user' },
      400,
      { success: false, error: 'must be array [invalid-params]', errorType: 'invalid-params' },
    ],
    [
      'a name with < > / \\ (7.x on)',
      'admin',
      { ...NEW, name: 'a<b>' },
      400,
      { success: false, error: 'Name contains invalid characters' },
    ],
    [
      'an unknown role',
      'admin',
      { ...NEW, roles: ['wizard'] },
      400,
      {
        success: false,
        error: 'The field Roles consist invalid role id [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'insertOrUpdateUser', action: 'Assign_role' },
      },
    ],
    [
      'a blank name',
      'admin',
      { ...NEW, name: '  ' },
      400,
      {
        success: false,
        error: 'The field Name is required [error-the-field-is-required]',
        errorType: 'error-the-field-is-required',
        details: { method: 'insertOrUpdateUser', field: 'Name' },
      },
    ],
    [
      'a username the rule refuses (escaped)',
      'admin',
      { ...NEW, username: 'a&b' },
      400,
      {
        success: false,
        error: 'a&amp;b is not a valid username [error-input-is-not-a-valid-field]',
        errorType: 'error-input-is-not-a-valid-field',
        details: { method: 'insertOrUpdateUser', input: 'a&b', field: 'Username' },
      },
    ],
    [
      'an empty password',
      'admin',
      { ...NEW, password: '' },
      400,
      expect.objectContaining({
        errorType: 'error-the-field-is-required',
        details: { method: 'insertOrUpdateUser', field: 'Password' },
      }),
    ],
    [
      'a blocked username',
      'admin',
      { ...NEW, username: 'Administrator' },
      400,
      {
        success: false,
        error: "Administrator is blocked and can't be used! [error-blocked-username]",
        errorType: 'error-blocked-username',
        details: { method: 'checkUsernameAvailability', field: 'Administrator' },
      },
    ],
    [
      'a username in use (any case)',
      'admin',
      { ...NEW, username: 'ALICE' },
      400,
      {
        success: false,
        error: 'ALICE is already in use :( [error-field-unavailable]',
        errorType: 'error-field-unavailable',
        details: { method: 'insertOrUpdateUser', field: 'ALICE' },
      },
    ],
    [
      'an e-mail in use',
      'admin',
      { ...NEW, email: 'alice@example.com' },
      400,
      {
        success: false,
        error: 'alice@example.com is already in use :( [error-field-unavailable]',
        errorType: 'error-field-unavailable',
        details: { method: 'insertOrUpdateUser', field: 'alice@example.com' },
      },
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, body, status, expected) => {
    await expectRefused(makeFake(), who, CREATE, body, status, expected);
  });

  it('the world is bounded: past usersPerWorld a creation is refused', async () => {
    const fake = makeFake({ limits: { usersPerWorld: 7 } });
    expect((await postAs(fake.app, 'admin', CREATE, NEW)).status).toBe(200);
    await expectRefused(fake, 'admin', CREATE, { ...NEW, username: 'dave', email: 'd@x.io' }, 400, {
      success: false,
      error: 'The world holds 7 users, its limit usersPerWorld [error-users-per-world-limit]',
      errorType: 'error-users-per-world-limit',
    });
  });

  it('0.49: Meteor’s check, the inline error text, the whole document, roles body.roles || ["user"]', async () => {
    const fake = makeFake({ profile: '0.49' });
    const missing = await postAs(fake.app, 'admin', CREATE, { name: 'x' });
    expect([missing.status, missing.body]).toEqual([
      400,
      { success: false, error: "Error: Match error: Missing key 'email'" },
    ]);
    const unknown = await postAs(fake.app, 'admin', CREATE, { ...NEW, bio: 'x' });
    expect(unknown.body).toEqual({ success: false, error: 'Error: Match error: Unknown key in field bio' });
    const denied = await postAs(fake.app, 'alice', CREATE, NEW);
    expect(denied.body).toEqual({
      success: false,
      error: 'Error: Adding user is not allowed [error-action-not-allowed]',
    });
    const res = await postAs(fake.app, 'admin', CREATE, NEW);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.user).slice(0, 3)).toEqual(['_id', 'createdAt', 'services']);
    expect(res.body.user.services.password.bcrypt).toMatch(/^\$2b\$10\$.{53}$/);
    expect(res.body.user.roles).toEqual(['user']);
    expect(res.body.user.password).toBeUndefined();
  });
});

describe('POST /api/v1/users.register', () => {
  const BODY = { username: 'carol', email: ' Carol@Example.com ', pass: 'carol-pw', name: 'Carol C' };

  it('no login needed; the limited projection, name before username; the e-mail lower-cased; default rooms joined', async () => {
    const fake = createFakeServer({ scenario: DEFAULTS });
    const res = await request(fake.app).post(REGISTER).send(BODY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        _id: expect.stringMatching(METEOR_ID),
        type: 'user',
        status: 'offline',
        active: true,
        name: 'Carol C',
        username: 'carol',
      },
      success: true,
    });
    const stored = fake.state().users.find((u) => u.username === 'carol');
    expect(stored?.emails).toEqual([{ address: 'carol@example.com', verified: false }]);
    expect(stored?.roles).toEqual(['user']);
    expect(fake.state().channels.find((c) => c.name === 'general')?.usernames).toContain('carol');
    expect((fake.state().messages ?? []).filter((m) => m.t === 'uj').map((m) => m.msg)).toEqual(['carol']);
  });

  it('the first user of a world without a human admin: ["user","admin"] (0.49’s registerUser: ["admin"])', async () => {
    const fake = createFakeServer({ scenario: NO_ADMIN });
    const res = await request(fake.app).post(REGISTER).send(BODY);
    expect(res.status).toBe(200);
    expect(fake.state().users.find((u) => u.username === 'carol')?.roles).toEqual(['user', 'admin']);
  });

  it.each([
    [
      'no username',
      {},
      {
        success: false,
        error: "must have required property 'username' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      'secretURL (the REST field is secret)',
      { ...BODY, secretURL: 'x' },
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    ['a bad name', { ...BODY, name: 'a/b' }, { success: false, error: 'Name contains invalid characters' }],
    [
      'a bad username',
      { ...BODY, username: 'a b' },
      { success: false, error: 'The username provided is not valid' },
    ],
    [
      'a username in use',
      { ...BODY, username: 'Bob' },
      { success: false, error: 'Username is already in use' },
    ],
    [
      'no name (the method’s check)',
      { username: 'carol', email: 'c@x.io', pass: 'x' },
      { success: false, error: "Match error: Missing key 'name'" },
    ],
    [
      'an e-mail in use',
      { ...BODY, email: 'ALICE@example.com' },
      { success: false, error: 'Email already exists. [403]', errorType: 403 },
    ],
  ] as const)('%s: 400, nothing changes', async (_what, body, expected) => {
    const fake = makeFake();
    const before = fake.state();
    const res = await request(fake.app).post(REGISTER).send(body);
    expect([res.status, res.body]).toEqual([400, expected]);
    expect(fake.state()).toEqual(before);
  });

  it('Accounts_RegistrationForm: Disabled refuses; Secret URL needs the secret', async () => {
    const off = makeFake({ scenario: { ...WORLD, settings: { Accounts_RegistrationForm: 'Disabled' } } });
    expect((await request(off.app).post(REGISTER).send(BODY)).body).toEqual({
      success: false,
      error: 'User registration is disabled [error-user-registration-disabled]',
      errorType: 'error-user-registration-disabled',
      details: { method: 'registerUser' },
    });
    const secret = makeFake({
      scenario: {
        ...WORLD,
        settings: { Accounts_RegistrationForm: 'Secret URL', Accounts_RegistrationForm_SecretURL: 's3' },
      },
    });
    const wrong = await request(secret.app)
      .post(REGISTER)
      .send({ ...BODY, secret: 'nope' });
    expect(wrong.body).toMatchObject({ errorType: 'error-user-registration-secret' });
    expect(
      (
        await request(secret.app)
          .post(REGISTER)
          .send({ ...BODY, secret: 's3' })
      ).status,
    ).toBe(200);
  });

  it('0.49 has no users.register: answered as a route it does not have', async () => {
    const fake = makeFake({ profile: '0.49' });
    const res = await request(fake.app).post(REGISTER).send(BODY);
    const unknown = await request(fake.app).post('/api/v1/users.nosuchroute').send(BODY);
    expect([res.status, res.body]).toEqual([unknown.status, unknown.body]);
    expect(fake.state().users.find((u) => u.username === 'carol')).toBeUndefined();
  });
});

describe('insertOrUpdateUser and registerUser over the realtime API', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  beforeEach(async () => {
    // insertOrUpdateUser: 7.x (8.0 removed it)
    fake = createFakeServer({ scenario: DEFAULTS, profile: '7.10' });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function socket(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('insertOrUpdateUser makes the user (the same command as REST) and answers its _id', async () => {
    const ddp = await socket('admin-token');
    const res = await ddp.call('insertOrUpdateUser', NEW);
    const edited = await ddp.call('insertOrUpdateUser', {
      _id: 'bobUserId00000001',
      username: 'robert',
      name: 'Rob',
    });
    expect(edited.result).toBe(true);
    const bob = fake.state().users.find((u) => u._id === 'bobUserId00000001');
    expect(bob).toMatchObject({ username: 'robert', name: 'Rob' });
    expect(fake.state().channels.find((c) => c.name === 'general')?.usernames).toEqual([
      'admin',
      'alice',
      'robert',
      'carol',
    ]);
    const alice = await socket('alice-token');
    expect(
      (await alice.call('insertOrUpdateUser', { _id: 'adminUserId000001', name: 'x' })).error,
    ).toMatchObject({
      error: 'error-action-not-allowed',
      reason: 'Editing user is not allowed',
    });
    expect(res.result).toEqual(expect.stringMatching(METEOR_ID));
    expect(fake.state().users.find((u) => u._id === res.result)?.username).toBe('carol');
    const again = await ddp.call('insertOrUpdateUser', NEW);
    expect(again.error).toEqual({
      isClientSafe: true,
      error: 'error-field-unavailable',
      reason: 'carol is already in use :(',
      details: { method: 'insertOrUpdateUser', field: 'carol' },
      message: 'carol is already in use :( [error-field-unavailable]',
      errorType: 'Meteor.Error',
    });
  });

  it.each([
    ['no login', undefined, [NEW], { error: 'error-invalid-user', reason: 'Invalid user' }],
    ['userData that is no object', 'admin-token', ['x'], { error: 400, reason: 'Match failed' }],
    [
      'no create-user',
      'alice-token',
      [NEW],
      { error: 'error-action-not-allowed', reason: 'Adding user is not allowed' },
    ],
  ] as const)('insertOrUpdateUser, %s: refused, nothing made', async (_what, token, params, error) => {
    const ddp = await socket(token);
    const before = fake.state().users.length;
    const res = await ddp.call('insertOrUpdateUser', ...params);
    expect(res.error).toMatchObject(error);
    expect(fake.state().users).toHaveLength(before);
  });

  it('registerUser needs no login and answers the new _id; a taken e-mail is Meteor’s 403', async () => {
    const ddp = await socket();
    const res = await ddp.call('registerUser', { email: 'c@x.io', pass: 'pw', name: 'C', username: 'carol' });
    expect(res.result).toEqual(expect.stringMatching(METEOR_ID));
    expect(fake.state().channels.find((c) => c.name === 'general')?.usernames).toContain('carol');
    const taken = await ddp.call('registerUser', { email: 'C@X.io', pass: 'pw', name: 'C' });
    expect(taken.error).toMatchObject({ error: 403, reason: 'Email already exists.' });
    const bad = await ddp.call('registerUser', { email: 'd@x.io', pass: 'pw' });
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
  });
});

describe('GET /api/v1/users.info?email= (8.4 on)', () => {
  const info = (fake: FakeServer, who: keyof typeof AS, email: string): request.Test =>
    request(fake.app).get('/api/v1/users.info').query({ email }).set(AS[who]);

  it('oneself by e-mail (any case); another user only with view-full-other-user-info, else not found', async () => {
    const fake = makeFake();
    const self = await info(fake, 'alice', 'ALICE@example.com');
    expect(self.status).toBe(200);
    expect(self.body.user).toMatchObject({ _id: 'aliceUserId000001', canViewAllInfo: true });
    const admin = await info(fake, 'admin', 'alice@example.com');
    expect(admin.body.user).toMatchObject({ _id: 'aliceUserId000001', canViewAllInfo: true });
    expect((await info(fake, 'bob', 'alice@example.com')).body).toEqual({
      success: false,
      error: 'User not found.',
    });
    expect((await info(fake, 'admin', 'nobody@example.com')).body).toEqual({
      success: false,
      error: 'User not found.',
    });
  });

  it('7.x’s validator has no email: refused', async () => {
    const res = await info(makeFake({ profile: '7' }), 'alice', 'alice@example.com');
    expect(res.status).toBe(400);
    expect(res.body.errorType).toBe('invalid-params');
  });
});
