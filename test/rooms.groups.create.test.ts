/**
 * `POST /api/v1/groups.create` and its realtime twin `createPrivateGroup`: one command behind
 * both. To 6.x the route checks `create-p` itself before the body (a bare 403); from 7.x the
 * method refuses with 400 `error-not-allowed`. A created group is in the state, the changes and
 * its members' subscriptions; the `roomsPerWorld` and `membersPerRoom` limits bound creation.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { withRealtime } from './support/ddp';

const CREATE = '/api/v1/groups.create';
const HEX24 = /^[0-9a-f]{24}$/;
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;

function create(fake: FakeServer, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(CREATE).set(AS[who]).send(body);
}

function snapshot(fake: FakeServer): string {
  return JSON.stringify({ channels: fake.state().channels, changes: fake.changes() });
}

describe('POST /api/v1/groups.create (8.9)', () => {
  it('creates the private group with its members, owner first, and answers it as stored', async () => {
    const fake = makeFake();
    const res = await create(fake, 'alice', { name: 'plans', members: ['bob', 'nobody', 'bob'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.group)).toEqual([
      '_id',
      'fname',
      '_updatedAt',
      'customFields',
      'name',
      't',
      'msgs',
      'usersCount',
      'u',
      'ts',
      'ro',
    ]);
    expect(res.body).toEqual({
      group: {
        _id: expect.stringMatching(HEX24),
        fname: 'plans',
        _updatedAt: '2026-01-01T00:00:01.000Z',
        customFields: {},
        name: 'plans',
        t: 'p',
        msgs: 0,
        usersCount: 2,
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        ts: '2026-01-01T00:00:01.000Z',
        ro: false,
      },
      success: true,
    });
    expect(res.body).toMatchShape('groups.create');
    const id = res.body.group._id as string;
    expect(fake.state().channels.find((c) => c._id === id)).toMatchObject({
      t: 'p',
      usernames: ['alice', 'bob'],
      usersCount: 2,
    });
    expect(fake.changes().channels.added.map((c) => c.name)).toEqual(['plans']);
    const mine = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: id })
      .set(AS.alice);
    expect(mine.body.subscription).toMatchObject({ rid: id, t: 'p', roles: ['owner'], open: true });
    const info = await request(fake.app).get('/api/v1/groups.info').query({ roomName: 'plans' }).set(AS.bob);
    expect([info.status, info.body.group._id]).toEqual([200, id]);
    // not a member: the group is not found
    const admin = await request(fake.app).get('/api/v1/groups.info').query({ roomId: id }).set(AS.admin);
    expect(admin.status).toBe(400);
    // after a reset the group is gone
    fake.reset();
    expect(fake.state().channels.find((c) => c._id === id)).toBeUndefined();
  });

  it('customFields given are kept; readOnly must be true; excludeSelf leaves the owner out (7.x on)', async () => {
    const fake = makeFake();
    const res = await create(fake, 'admin', {
      name: 'notes',
      members: ['alice'],
      readOnly: true,
      excludeSelf: true,
      customFields: { team: 'a' },
    });
    expect(res.status).toBe(200);
    expect(res.body.group).toMatchObject({ customFields: { team: 'a' }, ro: true, usersCount: 1 });
    expect(fake.state().channels.find((c) => c.name === 'notes')?.usernames).toEqual(['alice']);
  });

  it.each([
    ['no name', 'alice', {}, 400, { success: false, error: 'Body param "name" is required' }],
    [
      'members that are no array',
      'alice',
      { name: 'x', members: 'bob' },
      400,
      { success: false, error: 'Body param "members" must be an array if provided' },
    ],
    [
      'customFields that are no object',
      'alice',
      { name: 'x', customFields: 'a' },
      400,
      { success: false, error: 'Body param "customFields" must be an object if provided' },
    ],
    [
      'extraData that is no object',
      'alice',
      { name: 'x', extraData: 5 },
      400,
      { success: false, error: 'Body param "extraData" must be an object if provided' },
    ],
    [
      'a name that is no string',
      'alice',
      { name: 123 },
      400,
      { success: false, error: 'Match error: Expected string, got number' },
    ],
    [
      'a member that is no string',
      'alice',
      { name: 'x', members: [7] },
      400,
      { success: false, error: 'Match error: Expected string, got number in field [0]' },
    ],
    [
      'a guest (no create-p): the method refuses, 400',
      'gina',
      { name: 'x' },
      400,
      {
        success: false,
        error: 'Not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'createPrivateGroup' },
      },
    ],
    [
      'an unknown team',
      'alice',
      { name: 'x', extraData: { teamId: 'nope' } },
      400,
      {
        success: false,
        error: 'The "teamId" param provided does not match any team [error-team-not-found]',
        errorType: 'error-team-not-found',
        details: { method: 'createPrivateGroup' },
      },
    ],
    [
      'a name with a space',
      'alice',
      { name: 'a b' },
      400,
      {
        success: false,
        error: 'a b is not a valid room name. [error-invalid-room-name]',
        errorType: 'error-invalid-room-name',
        details: { function: 'RocketChat.getValidRoomName', channel_name: 'a b' },
      },
    ],
    [
      'a taken name',
      'alice',
      { name: 'general' },
      400,
      {
        success: false,
        error: "A channel with name 'general' exists [error-duplicate-channel-name]",
        errorType: 'error-duplicate-channel-name',
        details: { function: 'RocketChat.getValidRoomName', channel_name: 'general' },
      },
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, body, status, expected) => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await create(fake, who, body);
    expect([res.status, res.body]).toEqual([status, expected]);
    expect(snapshot(fake)).toBe(before);
  });
});

describe('groups.create by release line', () => {
  const on = (profile: ProfileId): FakeServer => makeFake({ profile });

  it.each(['0.49', '5', '6'] as const)(
    '%s: a caller without create-p gets the route’s bare 403 before the body',
    async (profile) => {
      const fake = on(profile);
      const before = snapshot(fake);
      const res = await create(fake, 'gina', {});
      expect([res.status, res.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
      expect(snapshot(fake)).toBe(before);
    },
  );

  it('7: the method’s 400 error-not-allowed, after the body checks', async () => {
    const fake = on('7');
    const missing = await create(fake, 'gina', {});
    expect([missing.status, missing.body.error]).toEqual([400, 'Body param "name" is required']);
    const res = await create(fake, 'gina', { name: 'x' });
    expect([res.status, res.body.errorType]).toEqual([400, 'error-not-allowed']);
  });

  it('5.x: a Meteor id, excludeSelf not read; 6.x: excludeSelf still not read', async () => {
    const five = await create(on('5'), 'admin', { name: 'five', excludeSelf: true });
    expect(five.body.group._id).toMatch(METEOR_ID);
    expect(five.body.group.usersCount).toBe(1);
    const six = await create(on('6'), 'admin', { name: 'six', members: ['bob'], excludeSelf: true });
    expect(six.body.group._id).toMatch(HEX24);
    expect(six.body.group.usersCount).toBe(2);
  });

  it('0.49: the room with its usernames; extraData not read', async () => {
    const res = await create(on('0.49'), 'alice', { name: 'old', members: ['bob'], extraData: 5 });
    expect(res.status).toBe(200);
    expect(res.body.group).toMatchObject({ t: 'p', usernames: ['alice', 'bob'], sysMes: true });
  });
});

describe('the limits roomsPerWorld and membersPerRoom', () => {
  it('one room more than roomsPerWorld made since the scenario is refused; a reset starts again', async () => {
    const fake = makeFake({ limits: { roomsPerWorld: 1 } });
    await create(fake, 'alice', { name: 'one' }).expect(200);
    const before = snapshot(fake);
    const res = await create(fake, 'alice', { name: 'two' });
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error:
          'This world has made its most rooms (1 since its scenario, the limit roomsPerWorld) [error-rooms-limit-reached]',
        errorType: 'error-rooms-limit-reached',
      },
    ]);
    expect(snapshot(fake)).toBe(before);
    const channel = await request(fake.app)
      .post('/api/v1/channels.create')
      .set(AS.alice)
      .send({ name: 'three' });
    expect(channel.body.errorType).toBe('error-rooms-limit-reached');
    fake.reset();
    await create(fake, 'alice', { name: 'two' }).expect(200);
  });

  it('a creation with more members than membersPerRoom is refused', async () => {
    const fake = makeFake({ limits: { membersPerRoom: 2 } });
    const res = await create(fake, 'alice', { name: 'crowd', members: ['bob', 'admin'] });
    expect([res.status, res.body.error]).toEqual([
      400,
      'This room holds its most members (2, the limit membersPerRoom) [error-members-limit-reached]',
    ]);
    await create(fake, 'alice', { name: 'pair', members: ['bob'] }).expect(200);
  });
});

describe('createPrivateGroup over the realtime API', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD })),
    () => fake,
  );

  it('answers {rid, inserted, …room}; the members hear it inserted', async () => {
    const bob = await loggedIn('bob-token');
    const uid = 'bobUserId00000001';
    await bob.sub('stream-notify-user', `${uid}/subscriptions-changed`, false);
    const ddp = await loggedIn('alice-token');
    const result = await ddp.call('createPrivateGroup', 'hidden', ['bob']);
    const rid = (result.result as { rid: string }).rid;
    expect(result.result).toEqual({
      rid,
      inserted: true,
      _id: rid,
      _updatedAt: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
      fname: 'hidden',
      customFields: {},
      name: 'hidden',
      t: 'p',
      msgs: 0,
      usersCount: 0,
      u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
      ts: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
      ro: false,
    });
    const sub = await bob.next(
      (f) =>
        f.msg === 'changed' &&
        (f.fields as { eventName: string }).eventName === `${uid}/subscriptions-changed`,
    );
    expect((sub.fields as { args: unknown[] }).args).toEqual([
      'inserted',
      expect.objectContaining({ rid, name: 'hidden', t: 'p' }),
    ]);
    expect(fake.state().channels.find((c) => c._id === rid)?.usernames).toEqual(['alice', 'bob']);
  });

  it.each([
    ['no login', undefined, ['x'], 'error-invalid-user', 'Invalid user', { method: 'createPrivateGroup' }],
    ['a name that is no string', 'alice-token', [7], 400, 'Match failed', undefined],
    ['a guest', 'gina-token', ['x'], 'error-not-allowed', 'Not allowed', { method: 'createPrivateGroup' }],
  ] as const)(
    '%s: Meteor error %s, nothing created',
    async (_what, token, params, error, reason, details) => {
      const ddp = await loggedIn(token);
      const before = fake.state().channels.length;
      const result = await ddp.call('createPrivateGroup', ...params);
      expect(result.error).toMatchObject({ error, reason, ...(details ? { details } : {}) });
      expect(fake.state().channels).toHaveLength(before);
    },
  );
});
