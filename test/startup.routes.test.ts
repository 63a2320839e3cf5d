/**
 * The start-up reads: `spotlight`, `directory`, `webdav.getMyAccounts` and the community
 * server's `chat.getMessageReadReceipts` refusal, per release line (404 where a line lacks one).
 */
import request from 'supertest';

import type { ProfileId } from '../src/types';
import { Ddp } from './support/ddp';
import { AS, WORLD, makeFake } from './support/fake';

function get(profile: ProfileId | undefined, path: string, who: keyof typeof AS = 'alice'): request.Test {
  return request(makeFake(profile ? { profile } : {}).app)
    .get(path)
    .set(AS[who]);
}

const NOT_FOUND = { success: false, error: 'Resource not found' };

describe('GET /api/v1/spotlight', () => {
  it('answers at most five active users matching by username or name and the public channels the caller is not in', async () => {
    const res = await get(undefined, '/api/v1/spotlight?query=a');
    expect([res.status, res.body]).toEqual([
      200,
      {
        users: [
          { _id: 'adminUserId000001', username: 'admin', status: 'offline', name: 'admin' },
          { _id: 'aliceUserId000001', username: 'alice', status: 'offline', name: 'alice' },
          { _id: 'guestUserId000001', username: 'gina', status: 'offline', name: 'gina' },
        ],
        rooms: [{ _id: 'archivedRoomId001', name: 'attic', t: 'c', joinCodeRequired: false }],
        success: true,
      },
    ]);
    expect(res.body).toMatchShape('spotlight');
  });

  it('reads "@text" as users only and "#text" as rooms only; the exact username comes first', async () => {
    const users = await get(undefined, '/api/v1/spotlight?query=%40bob');
    expect(users.body).toEqual({
      users: [{ _id: 'bobUserId00000001', username: 'bob', status: 'offline', name: 'bob' }],
      rooms: [],
      success: true,
    });
    const rooms = await get(undefined, '/api/v1/spotlight?query=%23ne', 'bob');
    expect(rooms.body).toEqual({
      users: [],
      rooms: [{ _id: 'newsRoomId0000001', name: 'news', t: 'c', joinCodeRequired: false }],
      success: true,
    });
  });

  it('8.9 reads usernames (left out) and type (a JSON object replacing the default)', async () => {
    const res = await get('8.9', '/api/v1/spotlight?query=a&usernames=admin,gina&type={"users":true}');
    expect(res.body).toEqual({
      users: [{ _id: 'aliceUserId000001', username: 'alice', status: 'offline', name: 'alice' }],
      rooms: [],
      success: true,
    });
  });

  it.each<[ProfileId, number, object]>([
    ['0.49', 404, NOT_FOUND],
    [
      '5',
      400,
      {
        success: false,
        error: "must have required property 'query' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      '7.10',
      400,
      {
        success: false,
        error: "must have required property 'query' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      '8.5',
      400,
      {
        success: false,
        error: "must have required property 'query' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    [
      '8.9',
      400,
      { success: false, errorType: 'error-invalid-params', error: "must have required property 'query'" },
    ],
  ])('on %s without query answers %s', async (profile, status, body) => {
    const res = await get(profile, '/api/v1/spotlight');
    expect([res.status, res.body]).toEqual([status, body]);
  });

  it('7.x refuses a key besides query', async () => {
    const res = await get('7.10', '/api/v1/spotlight?query=a&type={}');
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
  });

  it('needs a login', async () => {
    const res = await request(makeFake().app).get('/api/v1/spotlight?query=a');
    expect(res.status).toBe(401);
  });
});

describe('the realtime methods spotlight and browseChannels', () => {
  it('spotlight refuses a caller not logged in; both answer as the routes do', async () => {
    const fake = makeFake();
    await fake.start();
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      const anon = await ddp.call('spotlight', 'a');
      expect(anon.error).toMatchObject({
        error: 'error-invalid-user',
        reason: 'Invalid user',
        details: { method: 'spotlight' },
      });
      await ddp.call('login', { resume: 'alice-token' });
      const found = await ddp.call('spotlight', 'a', ['admin'], { users: true });
      expect(found.result).toEqual({
        users: [
          { _id: 'aliceUserId000001', username: 'alice', status: 'online', name: 'alice' },
          { _id: 'guestUserId000001', username: 'gina', status: 'offline', name: 'gina' },
        ],
        rooms: [],
      });
      const browsed = await ddp.call('browseChannels', { text: 'e', sortBy: 'name', limit: 2 });
      expect(browsed.result).toEqual({
        total: 3,
        results: [
          { _id: 'GENERAL', name: 'general', t: 'c', usersCount: 3, ts: { $date: 1767225600000 } },
          { _id: 'newsRoomId0000001', name: 'news', t: 'c', usersCount: 1, ts: { $date: 1767225600000 } },
        ],
      });
      const nothing = await ddp.call('browseChannels', { type: 'rooms' });
      expect(nothing).not.toHaveProperty('result');
      expect(nothing).not.toHaveProperty('error');
    } finally {
      ddp.socket.close();
      await fake.stop();
    }
  });
});

describe('GET /api/v1/directory', () => {
  it('answers the channels (the caller’s private groups too) by name descending without sort', async () => {
    const res = await get(undefined, '/api/v1/directory');
    expect(res.status).toBe(200);
    expect(res.body.result.map((r: { name: string }) => r.name)).toEqual([
      'secret',
      'random',
      'news',
      'general',
      'club',
      'attic',
    ]);
    expect(res.body.result[3]).toEqual({
      _id: 'GENERAL',
      name: 'general',
      t: 'c',
      usersCount: 3,
      ts: '2026-01-01T00:00:00.000Z',
    });
    expect(res.body).toMatchObject({ count: 6, offset: 0, total: 6, success: true });
    expect(res.body).toMatchShape('directory');
  });

  it('pages and sorts ascending with a sort of 1, matches text', async () => {
    const page = await get(undefined, '/api/v1/directory?sort={"name":1}&count=2&offset=1');
    expect(page.body.result.map((r: { name: string }) => r.name)).toEqual(['club', 'general']);
    expect(page.body).toMatchObject({ count: 2, offset: 1, total: 6 });
    const found = await get(undefined, '/api/v1/directory?text=EN');
    expect(found.body.result.map((r: { name: string }) => r.name)).toEqual(['general']);
  });

  it('users: emails only to view-full-other-user-info (the admin), inactive users left out', async () => {
    const admin = await get(undefined, '/api/v1/directory?type=users&sort={"username":1}', 'admin');
    expect(admin.body.result[1]).toEqual({
      _id: 'aliceUserId000001',
      createdAt: '2026-01-01T00:00:00.000Z',
      username: 'alice',
      emails: [{ address: 'alice@example.com', verified: true }],
      name: 'alice',
    });
    expect(admin.body.total).toBe(5);
    const alice = await get(undefined, '/api/v1/directory?type=users&sort={"username":1}');
    expect(alice.body.result[1]).toEqual({
      _id: 'aliceUserId000001',
      createdAt: '2026-01-01T00:00:00.000Z',
      username: 'alice',
      name: 'alice',
    });
  });

  it('teams: the main rooms the caller is in, with roomsCount; a team’s room names its team', async () => {
    const fake = makeFake({
      scenario: {
        ...WORLD,
        teams: [{ _id: 'crewTeamId0000001', name: 'crew', type: 'public', members: ['alice'] }],
        channels: [
          ...(WORLD.channels ?? []),
          { _id: 'crewRoomId0000001', name: 'crew', teamId: 'crew', teamMain: true, usernames: ['alice'] },
          { _id: 'deckRoomId0000001', name: 'deck', teamId: 'crew', u: { username: 'alice' } },
        ],
      },
    });
    const teams = await request(fake.app).get('/api/v1/directory?type=teams').set(AS.alice);
    expect(teams.body).toMatchObject({ count: 1, total: 1 });
    expect(teams.body.result[0]).toMatchObject({
      _id: 'crewRoomId0000001',
      name: 'crew',
      teamId: 'crewTeamId0000001',
      teamMain: true,
      roomsCount: 1,
    });
    expect((await request(fake.app).get('/api/v1/directory?type=teams').set(AS.bob)).body.total).toBe(0);
    const rooms = await request(fake.app).get('/api/v1/directory?text=deck').set(AS.bob);
    expect(rooms.body.result).toEqual([
      {
        _id: 'deckRoomId0000001',
        name: 'deck',
        t: 'c',
        usersCount: 1,
        ts: '2026-01-01T00:00:00.000Z',
        teamId: 'crewTeamId0000001',
        belongsTo: 'crew',
      },
    ]);
  });

  it('refuses two sort keys, an unknown type, an unknown sort key', async () => {
    const two = await get(undefined, '/api/v1/directory?sort={"name":1,"ts":1}');
    expect([two.status, two.body]).toEqual([
      400,
      { success: false, error: 'This method support only one "sort" parameter' },
    ]);
    for (const query of ['type=rooms', 'sort={"topic":1}']) {
      const res = await get(undefined, `/api/v1/directory?${query}`);
      expect([res.status, res.body]).toEqual([
        400,
        { success: false, error: 'Please verify the parameters' },
      ]);
    }
  });

  it('5 reads text and type inside the JSON query only; 6 the top-level ones over the query’s; 7 the top-level ones only', async () => {
    const five = await get('5', '/api/v1/directory?query={"type":"users","text":"bob"}&type=channels');
    expect(five.body.result.map((r: { username: string }) => r.username)).toEqual(['bob']);
    const six = await get('6', '/api/v1/directory?query={"type":"users","text":"x"}&text=bob');
    expect(six.body.result.map((r: { username: string }) => r.username)).toEqual(['bob']);
    const seven = await get('7.10', '/api/v1/directory?query={"type":"users"}&text=gen');
    expect(seven.body.result.map((r: { name: string }) => r.name)).toEqual(['general']);
  });

  it.each<[ProfileId, number, object]>([
    ['0.49', 404, NOT_FOUND],
    [
      '7.10',
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      '8.9',
      400,
      { success: false, errorType: 'error-invalid-params', error: 'must NOT have additional properties' },
    ],
  ])('on %s with fields answers %s', async (profile, status, body) => {
    const res = await get(profile, '/api/v1/directory?fields={}');
    expect([res.status, res.body]).toEqual([status, body]);
  });
});

describe('GET /api/v1/webdav.getMyAccounts and chat.getMessageReadReceipts', () => {
  it.each<ProfileId>(['5', '6', '7.0', '8.9'])(
    'on %s: no WebDAV account; read receipts are an enterprise feature',
    async (profile) => {
      const accounts = await get(profile, '/api/v1/webdav.getMyAccounts');
      expect([accounts.status, accounts.body]).toEqual([200, { accounts: [], success: true }]);
      const receipts = await get(profile, '/api/v1/chat.getMessageReadReceipts?messageId=x');
      expect([receipts.status, receipts.body]).toEqual([
        400,
        {
          success: false,
          error: 'This is an enterprise feature [error-action-not-allowed]',
          errorType: 'error-action-not-allowed',
        },
      ]);
    },
  );

  it('0.49 has neither', async () => {
    for (const path of ['/api/v1/webdav.getMyAccounts', '/api/v1/chat.getMessageReadReceipts']) {
      const res = await get('0.49', path);
      expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
    }
  });
});
