/**
 * `POST /api/v1/channels.create` and its realtime twin `createChannel`: one command behind both.
 * The route checks its permission before the body, then its parameters; the command checks
 * `create-c` (or the team's), the domain the name and the members. A created room is in the state,
 * the changes, the realtime streams of its members and the contract's provider states.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { withRealtime } from './support/ddp';

const CREATE = '/api/v1/channels.create';
const HEX24 = /^[0-9a-f]{24}$/;
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;

function create(fake: FakeServer, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(CREATE).set(AS[who]).send(body);
}

/** What a refusal must leave as it was: the rooms and the store's version. */
function snapshot(fake: FakeServer): string {
  return JSON.stringify({ channels: fake.state().channels, changes: fake.changes() });
}

describe('POST /api/v1/channels.create (8.9)', () => {
  it('creates the channel with its members, owner first, unknown usernames left out, and answers it as the real server stores it', async () => {
    const fake = makeFake();
    const before = fake.state().channels.length;
    const res = await create(fake, 'alice', { name: 'plans', members: ['bob', 'nobody', 'bob'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.channel)).toEqual([
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
      channel: {
        _id: expect.stringMatching(HEX24),
        fname: 'plans',
        _updatedAt: '2026-01-01T00:00:01.000Z',
        customFields: {},
        name: 'plans',
        t: 'c',
        msgs: 0,
        usersCount: 2,
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        ts: '2026-01-01T00:00:01.000Z',
        ro: false,
      },
      success: true,
    });
    expect(res.body).toMatchShape('channels.create');
    const id = res.body.channel._id as string;
    // the state, the changes, and what the members' routes now answer
    const state = fake.state();
    expect(state.channels).toHaveLength(before + 1);
    expect(state.channels.find((c) => c._id === id)).toMatchObject({
      name: 'plans',
      usernames: ['alice', 'bob'],
      usersCount: 2,
    });
    expect(fake.changes().channels.added.map((c) => c.name)).toEqual(['plans']);
    const mine = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: id })
      .set(AS.alice);
    expect(mine.body.subscription).toMatchObject({ rid: id, name: 'plans', roles: ['owner'], open: true });
    const bobs = await request(fake.app)
      .get('/api/v1/subscriptions.getOne')
      .query({ roomId: id })
      .set(AS.bob);
    expect(bobs.body.subscription).toMatchObject({ rid: id, open: true, unread: 0 });
    expect(bobs.body.subscription.roles).toBeUndefined();
    const info = await request(fake.app)
      .get('/api/v1/channels.info')
      .query({ roomName: 'plans' })
      .set(AS.bob);
    expect(info.status).toBe(200);
    expect(info.body.channel._id).toBe(id);
  });

  it('readOnly true makes it read-only; excludeSelf leaves the owner out; the name is trimmed, fname kept as sent', async () => {
    const fake = makeFake();
    const res = await create(fake, 'admin', {
      name: ' notes ',
      members: ['alice'],
      readOnly: true,
      excludeSelf: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ fname: ' notes ', name: 'notes', ro: true, usersCount: 1 });
    expect(fake.state().channels.find((c) => c.name === 'notes')?.usernames).toEqual(['alice']);
    // readOnly must be the boolean true: the string is not
    const loose = await create(fake, 'admin', { name: 'loose', readOnly: 'true' });
    expect(loose.body.channel.ro).toBe(false);
  });

  it.each([
    ['no name', 'alice', {}, 400, { success: false, error: 'Param "name" is required' }],
    ['an empty name', 'alice', { name: '' }, 400, { success: false, error: 'Param "name" is required' }],
    [
      'members that are no array',
      'alice',
      { name: 'x', members: 'bob' },
      400,
      { success: false, error: 'Param "members" must be an array if provided' },
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
      { name: 'x', members: ['bob', 7] },
      400,
      { success: false, error: 'Match error: Expected string, got number in field [1]' },
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
    [
      'the name of a private group',
      'alice',
      { name: 'secret' },
      400,
      expect.objectContaining({ errorType: 'error-duplicate-channel-name' }),
    ],
    [
      'an archived room’s name',
      'alice',
      { name: 'attic' },
      400,
      {
        success: false,
        error: "There's an archived channel with name attic [error-archived-duplicate-name]",
        errorType: 'error-archived-duplicate-name',
        details: { function: 'RocketChat.getValidRoomName', channel_name: 'attic' },
      },
    ],
    [
      'a name the names rule refuses (HTML escaped)',
      'alice',
      { name: 'a <b>' },
      400,
      {
        success: false,
        error: 'a &lt;b&gt; is not a valid room name. [error-invalid-room-name]',
        errorType: 'error-invalid-room-name',
        details: { function: 'RocketChat.getValidRoomName', channel_name: 'a <b>' },
      },
    ],
    [
      'a blocked name',
      'alice',
      { name: 'Admin' },
      400,
      expect.objectContaining({ errorType: 'error-invalid-room-name' }),
    ],
    [
      'a name of spaces',
      'alice',
      { name: '   ' },
      400,
      {
        success: false,
        error: 'Invalid name [error-invalid-name]',
        errorType: 'error-invalid-name',
        details: { function: 'RocketChat.createRoom' },
      },
    ],
    [
      'a guest (no create-c), even with an empty body',
      'gina',
      {},
      403,
      { success: false, error: 'unauthorized' },
    ],
    [
      'a team that does not exist',
      'alice',
      { name: 'x', extraData: { teamId: 'noSuchTeam' } },
      400,
      {
        success: false,
        error: 'The "teamId" param provided does not match any team [error-team-not-found]',
        errorType: 'error-team-not-found',
        details: { method: 'createChannel' },
      },
    ],
  ] as const)('%s: refused, nothing changes', async (_what, who, body, status, answer) => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await create(fake, who, body);
    expect([res.status, res.body]).toEqual([status, answer]);
    expect(snapshot(fake)).toBe(before);
  });

  it('without a login: 401', async () => {
    const fake = makeFake();
    const res = await request(fake.app).post(CREATE).send({ name: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      status: 'error',
      message: 'You must be logged in to do this.',
      error: 'You must be logged in to do this.',
    });
  });
});

describe('channels.create by release line', () => {
  const on = (profile: ProfileId): FakeServer => makeFake({ profile });

  it('5.x: a Meteor id, no owner name, _updatedAt last, excludeSelf not read', async () => {
    const res = await create(on('5'), 'admin', { name: 'five', excludeSelf: true });
    expect(res.status).toBe(200);
    expect(res.body.channel._id).toMatch(METEOR_ID);
    expect(Object.keys(res.body.channel)).toEqual([
      '_id',
      'fname',
      'customFields',
      'name',
      't',
      'msgs',
      'usersCount',
      'u',
      'ts',
      'ro',
      '_updatedAt',
    ]);
    expect(res.body.channel).toMatchObject({
      usersCount: 1,
      u: { _id: 'adminUserId000001', username: 'admin' },
    });
  });

  it('0.49: the route checked create-p, its own words for a missing name, and the room with its usernames', async () => {
    const old = on('0.49');
    const missing = await create(old, 'alice', {});
    expect([missing.status, missing.body]).toEqual([
      400,
      { success: false, error: 'Body param "name" is required' },
    ]);
    const res = await create(old, 'alice', { name: 'old', members: ['bob'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.channel)).toEqual([
      '_id',
      'name',
      't',
      'usernames',
      'msgs',
      'u',
      'ts',
      'ro',
      'sysMes',
      '_updatedAt',
    ]);
    expect(res.body.channel).toMatchObject({ usernames: ['alice', 'bob'], sysMes: true, ro: false });
  });

  it('6.x: excludeSelf is read (6.4.1 on), the owner with the ObjectId-style id', async () => {
    const res = await create(on('6'), 'admin', { name: 'six', members: ['bob'], excludeSelf: true });
    expect(res.body.channel._id).toMatch(HEX24);
    expect(res.body.channel.usersCount).toBe(1);
  });
});

describe('createChannel over the realtime API, and what a creation sends', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD })),
    () => fake,
  );

  it('answers {rid, inserted, …room} with usersCount 0, as 6.x on answer it; the same command as REST', async () => {
    const ddp = await loggedIn('alice-token');
    const result = await ddp.call('createChannel', 'realtime', ['bob']);
    const rid = (result.result as { rid: string }).rid;
    expect(result).toEqual({
      msg: 'result',
      id: expect.any(String),
      result: {
        rid,
        inserted: true,
        _id: rid,
        _updatedAt: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
        fname: 'realtime',
        customFields: {},
        name: 'realtime',
        t: 'c',
        msgs: 0,
        usersCount: 0,
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        ts: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
        ro: false,
      },
    });
    expect(fake.state().channels.find((c) => c._id === rid)?.usernames).toEqual(['alice', 'bob']);
    // a name the REST route would refuse is refused alike, as Meteor's error
    const taken = await ddp.call('createChannel', 'realtime');
    expect(taken.error).toEqual({
      isClientSafe: true,
      error: 'error-duplicate-channel-name',
      reason: "A channel with name 'realtime' exists",
      details: { function: 'RocketChat.getValidRoomName', channel_name: 'realtime' },
      message: "A channel with name 'realtime' exists [error-duplicate-channel-name]",
      errorType: 'Meteor.Error',
    });
  });

  it.each([
    ['no login', undefined, ['x'], 'error-invalid-user', 'Invalid user', { method: 'createChannel' }],
    ['a name that is no string', 'alice-token', [7], 400, 'Match failed', undefined],
    ['members that are null', 'alice-token', ['x', null], 400, 'Match failed', undefined],
    ['a guest', 'gina-token', ['x'], 'error-not-allowed', 'Not allowed', { method: 'createChannel' }],
  ] as const)(
    '%s: Meteor error %s, nothing created',
    async (_what, token, params, error, reason, details) => {
      const ddp = await loggedIn(token);
      const before = fake.state().channels.length;
      const result = await ddp.call('createChannel', ...params);
      expect(result.error).toMatchObject({ error, reason, ...(details ? { details } : {}) });
      expect(fake.state().channels).toHaveLength(before);
    },
  );

  it("a member's stream-notify-user hears rooms-changed and subscriptions-changed 'inserted'", async () => {
    const bob = await loggedIn('bob-token');
    const uid = 'bobUserId00000001';
    await bob.sub('stream-notify-user', `${uid}/rooms-changed`, false);
    await bob.sub('stream-notify-user', `${uid}/subscriptions-changed`, false);
    const res = await fetch(`${fake.url}${CREATE}`, {
      method: 'POST',
      headers: { ...AS.alice, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'heard', members: ['bob'] }),
    });
    const { channel } = (await res.json()) as { channel: { _id: string } };
    const room = await bob.next(
      (f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName === `${uid}/rooms-changed`,
    );
    expect((room.fields as { args: unknown[] }).args).toEqual([
      'inserted',
      expect.objectContaining({ _id: channel._id, name: 'heard' }),
    ]);
    const sub = await bob.next(
      (f) =>
        f.msg === 'changed' &&
        (f.fields as { eventName: string }).eventName === `${uid}/subscriptions-changed`,
    );
    expect((sub.fields as { args: unknown[] }).args).toEqual([
      'inserted',
      expect.objectContaining({ rid: channel._id, name: 'heard' }),
    ]);
  });
});

describe('channels.create in a contract', () => {
  it('needs no room of that name, and a later request finds the room it made', async () => {
    const fake = makeFake();
    await create(fake, 'alice', { name: 'contracted' }).expect(200);
    await request(fake.app)
      .get('/api/v1/channels.info')
      .query({ roomName: 'contracted' })
      .set(AS.alice)
      .expect(200);
    const { interactions } = fake.pact({ consumer: 'creator' });
    const [made, read] = interactions;
    expect(made?.providerStates?.map((s) => s.name)).toContain('no room named contracted');
    expect(read?.providerStates?.map((s) => s.name)).toContain(
      'a public channel named contracted, read-only false, created by alice',
    );
  });
});
