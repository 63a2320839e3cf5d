/**
 * The rooms group's reads of members, roles and counters, and the group lists: `channels.members`
 * / `groups.members`, `channels.roles` / `groups.roles`, `channels.moderators` /
 * `groups.moderators`, `channels.counters` / `groups.counters`, `groups.list`, `groups.listAll`.
 * Exact answers and paging, the refusals per release line, and that none of them changes the world.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import type { ScenarioInput } from '../src/scenario/schema';
import { AS, WORLD, makeFake, postAs } from './support/fake';
import { snapshot, type Who } from './support/rooms';

/** A broadcast channel (a field the scenario carries, not one its types name). */
const CAST = {
  _id: 'castRoomId0000001',
  name: 'cast',
  broadcast: true,
  u: { username: 'alice' },
  usernames: ['alice', 'bob'],
};

/** WORLD with statuses, a broadcast channel, and more members in general. */
const SCENE: ScenarioInput = {
  ...WORLD,
  users: (WORLD.users ?? []).map((user) =>
    user.username === 'bob'
      ? { ...user, status: 'online', statusConnection: 'online', nickname: 'Bobby' }
      : user.username === 'robot'
        ? { ...user, status: 'away', statusConnection: 'away' }
        : user,
  ),
  channels: [
    ...(WORLD.channels ?? []).map((room) =>
      room.name === 'general' ? { ...room, usernames: ['admin', 'alice', 'bob', 'robot', 'gone'] } : room,
    ),
    CAST,
    {
      _id: 'vaultRoomId000001',
      name: 'vault',
      t: 'p',
      archived: true,
      u: { username: 'alice' },
      usernames: ['alice'],
    },
  ],
};

function fakeOn(profile: ProfileId = '8'): FakeServer {
  return makeFake({ scenario: SCENE, profile });
}

function get(fake: FakeServer, who: Who, route: string, query: Record<string, unknown> = {}): request.Test {
  return request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);
}

/** A GET's exact status and body, and nothing changed. */
async function answers(
  fake: FakeServer,
  who: Who,
  route: string,
  query: Record<string, unknown>,
  status: number,
  body: unknown,
): Promise<void> {
  const before = snapshot(fake);
  const res = await get(fake, who, route, query);
  expect([res.status, res.body]).toEqual([status, body]);
  expect(snapshot(fake)).toBe(before);
}

const UNAUTHORIZED = { success: false, error: 'unauthorized' };
const NOT_FOUND_404 = { success: false, error: 'Resource not found' };
const CHANNEL_NOT_FOUND = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const GROUP_NOT_FOUND = {
  success: false,
  error: 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const ATTIC_ARCHIVED = {
  success: false,
  error: 'The channel, attic, is archived [error-room-archived]',
  errorType: 'error-room-archived',
};
const VAULT_ARCHIVED = {
  success: false,
  error: 'The private group, vault, is archived [error-room-archived]',
  errorType: 'error-room-archived',
};

const ADMIN = { _id: 'adminUserId000001', username: 'admin', name: 'admin', status: 'offline' };
const ALICE = { _id: 'aliceUserId000001', username: 'alice', name: 'alice', status: 'offline' };
const BOB = { _id: 'bobUserId00000001', username: 'bob', name: 'bob', status: 'online', nickname: 'Bobby' };
const ROBOT = { _id: 'botUserId00000001', username: 'robot', name: 'robot', status: 'away' };

describe('channels.members and groups.members', () => {
  it('the active members, online first (statusConnection descending), then by username; a page with the total', async () => {
    const fake = fakeOn();
    await answers(fake, 'alice', 'channels.members', { roomName: 'general' }, 200, {
      members: [BOB, ROBOT, ADMIN, ALICE],
      count: 4,
      offset: 0,
      total: 4,
      success: true,
    });
    const res = await get(fake, 'alice', 'channels.members', { roomId: 'GENERAL', count: 2, offset: 1 });
    expect(res.body).toEqual({ members: [ROBOT, ADMIN], count: 2, offset: 1, total: 4, success: true });
    expect(res.body).toMatchShape('channels.members');
    // sort by username descending keeps the connection first
    const sorted = await get(fake, 'alice', 'channels.members', {
      roomName: 'general',
      sort: JSON.stringify({ username: -1 }),
    });
    expect(sorted.body.members.map((m: { username: string }) => m.username)).toEqual([
      'bob',
      'robot',
      'alice',
      'admin',
    ]);
  });

  it('status[] keeps those statuses; filter is a username or name that contains the text, any case', async () => {
    const fake = fakeOn();
    const online = await get(fake, 'alice', 'channels.members', {
      roomName: 'general',
      'status[]': 'online',
    });
    expect(online.body.members).toEqual([BOB]);
    const two = await request(fake.app)
      .get('/api/v1/channels.members?roomName=general&status[]=online&status[]=away')
      .set(AS.alice);
    expect(two.body.members).toEqual([BOB, ROBOT]);
    const filtered = await get(fake, 'alice', 'channels.members', { roomName: 'general', filter: 'AL' });
    expect(filtered.body).toEqual({ members: [ALICE], count: 1, offset: 0, total: 1, success: true });
  });

  it('the refusals: no room, another type, a Match error of status; archived channels are listed', async () => {
    const fake = fakeOn();
    await answers(fake, 'alice', 'channels.members', { roomName: 'nowhere' }, 400, CHANNEL_NOT_FOUND);
    await answers(fake, 'alice', 'channels.members', { roomName: 'secret' }, 400, CHANNEL_NOT_FOUND);
    await answers(fake, 'alice', 'channels.members', {}, 400, {
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
    await answers(fake, 'alice', 'channels.members', { roomName: 'general', status: 'online' }, 400, {
      success: false,
      error: 'Match error: Expected array, got string in field status',
    });
    // the page and the sort are read first
    await answers(
      fake,
      'alice',
      'channels.members',
      { roomName: 'general', status: 'online', sort: '{' },
      400,
      {
        success: false,
        error: 'Invalid sort parameter provided: "{" [error-invalid-sort]',
        errorType: 'error-invalid-sort',
        details: { helperMethod: 'parseJsonQuery' },
      },
    );
    const attic = await get(fake, 'alice', 'channels.members', { roomName: 'attic' });
    expect(attic.body).toEqual({ members: [ADMIN], count: 1, offset: 0, total: 1, success: true });
  });

  it('a broadcast room: only with view-broadcast-member-list in the room (its owner here), else the bare 403', async () => {
    const fake = fakeOn();
    await answers(fake, 'bob', 'channels.members', { roomName: 'cast' }, 403, UNAUTHORIZED);
    const owner = await get(fake, 'alice', 'channels.members', { roomName: 'cast' });
    expect(owner.body.total).toBe(2);
    // asked in the room in every release line (5.x's `unauthorized()` reads the same)
    await answers(fakeOn('5'), 'bob', 'channels.members', { roomName: 'cast' }, 403, UNAUTHORIZED);
    await answers(fakeOn('5'), 'alice', 'channels.members', { roomName: 'cast' }, 200, {
      members: [BOB, ALICE],
      count: 2,
      offset: 0,
      total: 2,
      success: true,
    });
  });

  it('7.x on: a channel the caller may not see is the bare 403; 5.x and 6.x list it', async () => {
    const scene: ScenarioInput = { ...SCENE, permissions: { 'view-c-room': ['admin', 'bot'] } };
    const on = (profile: ProfileId): FakeServer => makeFake({ scenario: scene, profile });
    await answers(on('7'), 'bob', 'channels.members', { roomName: 'news' }, 403, UNAUTHORIZED);
    await answers(on('8'), 'bob', 'channels.members', { roomName: 'news' }, 403, UNAUTHORIZED);
    const six = await get(on('6'), 'bob', 'channels.members', { roomName: 'news' });
    expect([six.status, six.body.total]).toEqual([200, 1]);
  });

  it('7.x on: a member carries federated when the user has it; 6.x does not', async () => {
    const scene: ScenarioInput = {
      ...SCENE,
      users: (SCENE.users ?? []).map((u) => (u.username === 'alice' ? { ...u, federated: false } : u)),
    };
    const seven = await get(makeFake({ scenario: scene, profile: '7' }), 'alice', 'groups.members', {
      roomName: 'secret',
    });
    expect(seven.body.members).toEqual([{ ...ALICE, federated: false }]);
    const six = await get(makeFake({ scenario: scene, profile: '6' }), 'alice', 'groups.members', {
      roomName: 'secret',
    });
    expect(six.body.members).toEqual([ALICE]);
  });

  it('groups.members: a group the caller is in; archived refused; anyone else: not found', async () => {
    const fake = fakeOn();
    await answers(fake, 'alice', 'groups.members', { roomName: 'secret' }, 200, {
      members: [ALICE],
      count: 1,
      offset: 0,
      total: 1,
      success: true,
    });
    await answers(fake, 'bob', 'groups.members', { roomName: 'secret' }, 400, GROUP_NOT_FOUND);
    await answers(fake, 'admin', 'groups.members', { roomId: 'privateRoomId0001' }, 400, GROUP_NOT_FOUND);
    await answers(fake, 'alice', 'groups.members', { roomName: 'vault' }, 400, VAULT_ARCHIVED);
    await answers(fake, 'alice', 'groups.members', {}, 400, {
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-room-param-not-provided]',
      errorType: 'error-room-param-not-provided',
    });
  });

  it('0.49 has neither (404)', async () => {
    const fake = fakeOn('0.49');
    await answers(fake, 'alice', 'channels.members', { roomName: 'general' }, 404, NOT_FOUND_404);
    await answers(fake, 'alice', 'groups.members', { roomName: 'secret' }, 404, NOT_FOUND_404);
  });
});

describe('channels.roles / groups.roles and channels.moderators / groups.moderators', () => {
  it('one entry per member with a room role, by username; the moderators as {_id, username, name}', async () => {
    const fake = fakeOn();
    await postAs(fake.app, 'admin', '/api/v1/channels.addModerator', {
      roomName: 'general',
      username: 'robot',
    }).expect(200);
    await postAs(fake.app, 'admin', '/api/v1/channels.addLeader', {
      roomName: 'general',
      username: 'robot',
    }).expect(200);
    const sub = (
      await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId: 'GENERAL' }).set(AS.robot)
    ).body.subscription as { _id: string };
    const roles = await get(fake, 'bob', 'channels.roles', { roomName: 'general' });
    expect(roles.status).toBe(200);
    expect(roles.body).toEqual({
      roles: [
        {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          rid: 'GENERAL',
          u: { _id: 'adminUserId000001', username: 'admin' },
          roles: ['owner'],
        },
        {
          _id: sub._id,
          rid: 'GENERAL',
          u: { _id: 'botUserId00000001', username: 'robot' },
          roles: ['moderator', 'leader'],
        },
      ],
      success: true,
    });
    expect(roles.body).toMatchShape('channels.roles');
    await answers(fake, 'bob', 'channels.moderators', { roomId: 'GENERAL' }, 200, {
      moderators: [{ _id: 'botUserId00000001', username: 'robot', name: 'robot' }],
      success: true,
    });
    await answers(fake, 'alice', 'groups.roles', { roomName: 'secret' }, 200, {
      roles: [
        {
          _id: expect.any(String),
          rid: 'privateRoomId0001',
          u: { _id: 'aliceUserId000001', username: 'alice' },
          roles: ['owner'],
        },
      ],
      success: true,
    });
    await answers(fake, 'alice', 'groups.moderators', { roomName: 'secret' }, 200, {
      moderators: [],
      success: true,
    });
  });

  it('refusals: archived, not found, the validator (6.x on), no access (roles: Invalid user; moderators 7.x on: 403)', async () => {
    const fake = fakeOn();
    await answers(fake, 'alice', 'channels.roles', { roomName: 'attic' }, 400, ATTIC_ARCHIVED);
    await answers(fake, 'alice', 'channels.moderators', { roomName: 'attic' }, 400, ATTIC_ARCHIVED);
    await answers(fake, 'alice', 'channels.roles', { roomName: 'secret' }, 400, CHANNEL_NOT_FOUND);
    await answers(fake, 'bob', 'groups.roles', { roomName: 'secret' }, 400, GROUP_NOT_FOUND);
    await answers(fake, 'bob', 'groups.moderators', { roomName: 'secret' }, 400, GROUP_NOT_FOUND);
    await answers(fake, 'alice', 'groups.roles', { roomName: 'vault' }, 400, VAULT_ARCHIVED);
    const oneOf = {
      success: false,
      error:
        "must have required property 'roomId'\n must have required property 'roomName'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    };
    await answers(fake, 'alice', 'channels.roles', {}, 400, oneOf);
    await answers(fake, 'alice', 'channels.moderators', {}, 400, oneOf);
    // the moderators' validator accepts the user keys it does not read
    const keys = await get(fake, 'alice', 'channels.moderators', { roomName: 'general', username: 'bob' });
    expect(keys.body).toEqual({ moderators: [], success: true });
    await answers(fakeOn('5'), 'alice', 'channels.roles', {}, 400, {
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
    const scene: ScenarioInput = { ...SCENE, permissions: { 'view-c-room': ['admin', 'bot'] } };
    const hidden = makeFake({ scenario: scene });
    await answers(hidden, 'bob', 'channels.roles', { roomName: 'news' }, 400, {
      success: false,
      error: 'Invalid user [error-invalid-user]',
      errorType: 'error-invalid-user',
      details: { method: 'getRoomRoles' },
    });
    await answers(hidden, 'bob', 'channels.moderators', { roomName: 'news' }, 403, UNAUTHORIZED);
    await answers(fakeOn('0.49'), 'alice', 'channels.roles', { roomName: 'general' }, 404, NOT_FOUND_404);
  });
});

describe('channels.counters and groups.counters', () => {
  it('the caller joined: the unreads from ls (or the join) to the last message, the room counts', async () => {
    const fake = fakeOn();
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '#general', text: 'one' }).expect(
      200,
    );
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '#general', text: 'two' }).expect(
      200,
    );
    const general = fake.state().channels.find((c) => c.name === 'general');
    const last = (fake.state().messages ?? []).filter((m) => m.rid === 'GENERAL').at(-1);
    await answers(fake, 'bob', 'channels.counters', { roomName: 'general' }, 200, {
      joined: true,
      members: 4,
      unreads: 2,
      unreadsFrom: '2026-01-01T00:00:00.000Z',
      msgs: 2,
      latest: last?.ts,
      userMentions: 0,
      success: true,
    });
    expect(general?.lm).toBe(last?.ts);
    // the poster has read it now: nothing unread from its own last post on
    const own = await get(fake, 'alice', 'channels.counters', { roomName: 'general' });
    expect(own.body).toMatchObject({ joined: true, unreads: 1, unreadsFrom: last?.ts });
    expect(own.body).toMatchShape('channels.counters');
    // not a member: nothing but joined false; an admin sees the room's counts
    await answers(fake, 'bob', 'channels.counters', { roomName: 'random' }, 200, {
      joined: false,
      members: null,
      unreads: null,
      unreadsFrom: null,
      msgs: null,
      latest: null,
      userMentions: null,
      success: true,
    });
    const admin = await get(fake, 'admin', 'channels.counters', { roomName: 'random' });
    expect(admin.body).toEqual({
      joined: false,
      members: 1,
      unreads: null,
      unreadsFrom: null,
      msgs: 5,
      latest: '2026-01-01T00:00:00.000Z',
      userMentions: null,
      success: true,
    });
  });

  it('members: active members from 7.x, usersCount before', async () => {
    const seven = await get(fakeOn('7'), 'bob', 'channels.counters', { roomName: 'general' });
    const six = await get(fakeOn('6'), 'bob', 'channels.counters', { roomName: 'general' });
    expect([seven.body.members, six.body.members]).toEqual([4, 5]);
  });

  it('userId: another user’s counters with view-room-administration, else the bare 403 (channels: before the room)', async () => {
    const fake = fakeOn();
    const other = await get(fake, 'admin', 'channels.counters', {
      roomName: 'general',
      userId: 'bobUserId00000001',
    });
    expect(other.body).toMatchObject({ joined: true, members: 4, unreads: 0 });
    await answers(
      fake,
      'bob',
      'channels.counters',
      { roomName: 'nowhere', userId: 'aliceUserId000001' },
      403,
      UNAUTHORIZED,
    );
    // groups: the room first
    await answers(
      fake,
      'bob',
      'groups.counters',
      { roomName: 'nowhere', userId: 'aliceUserId000001' },
      400,
      GROUP_NOT_FOUND,
    );
    await answers(
      fake,
      'bob',
      'groups.counters',
      { roomName: 'secret', userId: 'aliceUserId000001' },
      403,
      UNAUTHORIZED,
    );
  });

  it('groups.counters finds a group without asking access; archived refused; a blank of spaces not provided', async () => {
    const fake = fakeOn();
    await answers(fake, 'bob', 'groups.counters', { roomName: 'secret' }, 200, {
      joined: false,
      members: null,
      unreads: null,
      unreadsFrom: null,
      msgs: null,
      latest: null,
      userMentions: null,
      success: true,
    });
    const alice = await get(fake, 'alice', 'groups.counters', { roomId: 'privateRoomId0001' });
    expect(alice.body).toMatchObject({ joined: true, members: 1, msgs: 0 });
    await answers(fake, 'alice', 'groups.counters', { roomName: 'vault' }, 400, VAULT_ARCHIVED);
    await answers(fake, 'alice', 'groups.counters', { roomName: 'general' }, 400, GROUP_NOT_FOUND);
    await answers(fake, 'alice', 'groups.counters', { roomId: '  ' }, 400, {
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-room-param-not-provided]',
      errorType: 'error-room-param-not-provided',
    });
    await answers(fake, 'alice', 'channels.counters', { roomName: 'attic' }, 400, ATTIC_ARCHIVED);
    await answers(fakeOn('0.49'), 'alice', 'groups.counters', { roomName: 'secret' }, 404, NOT_FOUND_404);
  });
});

describe('groups.list and groups.listAll', () => {
  const SECRET_ITEM = {
    _id: 'privateRoomId0001',
    name: 'secret',
    t: 'p',
    usernames: ['alice'],
    usersCount: 1,
    msgs: 0,
    u: { _id: 'aliceUserId000001', username: 'alice' },
    ts: '2026-01-01T00:00:00.000Z',
    ro: false,
    sysMes: true,
    _updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('the caller’s groups (archived too), by name, {groups, offset, count, total}; paging and sort', async () => {
    const fake = fakeOn();
    const res = await get(fake, 'alice', 'groups.list');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['groups', 'offset', 'count', 'total', 'success']);
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(['secret', 'vault']);
    expect(res.body.groups[0]).toEqual(SECRET_ITEM);
    expect(res.body).toMatchShape('groups.list');
    const second = await get(fake, 'alice', 'groups.list', { count: 1, offset: 1 });
    expect(second.body).toMatchObject({ offset: 1, count: 1, total: 2 });
    expect(second.body.groups.map((g: { name: string }) => g.name)).toEqual(['vault']);
    // groups.list does not apply a query; groups.listAll does
    const queried = await get(fake, 'alice', 'groups.list', { query: JSON.stringify({ name: 'vault' }) });
    expect(queried.body.total).toBe(2);
    const all = await get(fake, 'admin', 'groups.listAll', { query: JSON.stringify({ name: 'vault' }) });
    expect(all.body.groups.map((g: { name: string }) => g.name)).toEqual(['vault']);
    const desc = await get(fake, 'alice', 'groups.list', { sort: JSON.stringify({ name: -1 }) });
    expect(desc.body.groups.map((g: { name: string }) => g.name)).toEqual(['vault', 'secret']);
  });

  it('a caller in no group: 7.x on an empty page; 5.x and 6.x a 404; 0.49 an empty page', async () => {
    for (const profile of ['0.49', '7', '8'] as ProfileId[])
      await answers(fakeOn(profile), 'bob', 'groups.list', {}, 200, {
        groups: [],
        offset: 0,
        count: 0,
        total: 0,
        success: true,
      });
    for (const profile of ['5', '6'] as ProfileId[])
      await answers(fakeOn(profile), 'bob', 'groups.list', {}, 404, NOT_FOUND_404);
  });

  it('groups.listAll: every group for view-room-administration; else 403 (the handler’s to 6.x, the framework’s from 7.x)', async () => {
    const fake = fakeOn();
    const all = await get(fake, 'admin', 'groups.listAll');
    expect(all.body).toMatchObject({ offset: 0, count: 2, total: 2, success: true });
    expect(all.body.groups.map((g: { name: string }) => g.name)).toEqual(['secret', 'vault']);
    await answers(fake, 'alice', 'groups.listAll', {}, 403, {
      success: false,
      error: 'User does not have the permissions required for this action [error-unauthorized]',
    });
    for (const profile of ['0.49', '5', '6'] as ProfileId[])
      await answers(fakeOn(profile), 'alice', 'groups.listAll', {}, 403, UNAUTHORIZED);
  });
});
