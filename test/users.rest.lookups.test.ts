/**
 * Reads of users: users.getPresence and users.presence, users.autocomplete,
 * users.getUsernameSuggestion, and users.list's `fields`, `query` and `sort` per release line.
 */
import type { ProfileId } from '../src/profiles';
import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD, getAs, makeFake } from './support/fake';

const PRESENCE = '/api/v1/users.getPresence';
const ONLINE = '/api/v1/users.presence';
const AUTO = '/api/v1/users.autocomplete';
const SUGGEST = '/api/v1/users.getUsernameSuggestion';
const LIST = '/api/v1/users.list';
const BOB = 'bobUserId00000001';
const ALICE = 'aliceUserId000001';
const q = (json: string): string => encodeURIComponent(json);

/** WORLD with alice online (and more), bob away; a direct room of bob and gina. */
const LIVELY: ScenarioInput = {
  ...WORLD,
  users: (WORLD.users ?? []).map((u) =>
    u.username === 'alice'
      ? {
          ...u,
          name: 'Alice',
          status: 'online',
          statusConnection: 'online',
          utcOffset: 1,
          lastLogin: '2025-12-31T23:00:00.000Z',
          _updatedAt: '2025-12-31T23:55:00.000Z',
        }
      : u.username === 'bob'
        ? { ...u, status: 'away', statusText: 'lunch', _updatedAt: '2025-12-31T12:00:00.000Z' }
        : u,
  ),
  directs: [{ usernames: ['bob', 'gina'] }],
};

describe('GET /api/v1/users.getPresence', () => {
  it.each<[ProfileId, string, number, object]>([
    [
      '8.9',
      '',
      200,
      {
        presence: 'online',
        connectionStatus: 'online',
        lastLogin: '2025-12-31T23:00:00.000Z',
        success: true,
      },
    ],
    ['8.9', '?username=bob', 200, { presence: 'away', success: true }],
    ['8.9', '?userId=offUserId00000001', 200, { presence: 'offline', success: true }],
    [
      '8.9',
      '?username=nobody',
      400,
      {
        success: false,
        error:
          'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
        errorType: 'error-invalid-user',
      },
    ],
    ['5', '?userId=offUserId00000001', 200, { success: true }],
    ['0.49', `?userId=${BOB}`, 200, { presence: 'away', success: true }],
    [
      '0.49',
      '?username=bob',
      200,
      {
        presence: 'online',
        connectionStatus: 'online',
        lastLogin: '2025-12-31T23:00:00.000Z',
        success: true,
      },
    ],
    [
      '0.49',
      '?userId=nobody',
      400,
      { success: false, error: 'Failed to find a user with the id of "nobody"' },
    ],
  ])('%s: alice asks %s: %i', async (profile, query, status, body) => {
    const fake = makeFake({ scenario: LIVELY, profile });
    const res = await getAs(fake.app, 'alice', `${PRESENCE}${query}`);
    expect(res.status).toBe(status);
    if (profile === '0.49') expect(JSON.parse(res.text)).toEqual(body);
    else expect(res.body).toEqual(body);
  });

  it('6 on: oneself with no status is offline both ways; 5 leaves them out', async () => {
    expect((await getAs(makeFake().app, 'bob', PRESENCE)).body).toEqual({
      presence: 'offline',
      connectionStatus: 'offline',
      success: true,
    });
    expect((await getAs(makeFake({ profile: '5' }).app, 'bob', PRESENCE)).body).toEqual({ success: true });
  });
});

describe('GET /api/v1/users.presence', () => {
  it('every user not offline, full: true; the fields set, in stored order', async () => {
    const res = await getAs(makeFake({ scenario: LIVELY }).app, 'gina', ONLINE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: [
        { _id: ALICE, username: 'alice', name: 'Alice', status: 'online', utcOffset: 1 },
        { _id: BOB, username: 'bob', name: 'bob', status: 'away', statusText: 'lunch' },
      ],
      full: true,
      success: true,
    });
  });

  it('ids: those of them not offline, full: false (a comma list or repeated)', async () => {
    const fake = makeFake({ scenario: LIVELY });
    const one = await getAs(fake.app, 'gina', `${ONLINE}?ids=${BOB},offUserId00000001`);
    expect(one.body).toEqual({
      users: [{ _id: BOB, username: 'bob', name: 'bob', status: 'away', statusText: 'lunch' }],
      full: false,
      success: true,
    });
    const two = await getAs(fake.app, 'gina', `${ONLINE}?ids=${BOB}&ids=${ALICE}`);
    expect(two.body.users.map((u: { _id: string }) => u._id)).toEqual([ALICE, BOB]);
  });

  it('from less than ten minutes ago: the users but the caller changed since, full: false; older: everyone online', async () => {
    const fake = makeFake({ scenario: LIVELY });
    const recent = await getAs(fake.app, 'gina', `${ONLINE}?from=2025-12-31T23:51:00.000Z`);
    expect(recent.body).toEqual({
      users: [{ _id: ALICE, username: 'alice', name: 'Alice', status: 'online', utcOffset: 1 }],
      full: false,
      success: true,
    });
    const mine = await getAs(fake.app, 'alice', `${ONLINE}?from=2025-12-31T23:51:00.000Z`);
    expect(mine.body.users).toEqual([]);
    const old = await getAs(fake.app, 'gina', `${ONLINE}?from=2025-12-31T20:00:00.000Z`);
    expect([old.body.full, old.body.users.length]).toEqual([true, 2]);
  });

  it.each<[ProfileId, number]>([
    ['8.9', 400],
    ['7.10', 200],
    ['0.49', 404],
  ])('%s: an unknown parameter is %i', async (profile, status) => {
    const res = await getAs(makeFake({ profile }).app, 'gina', `${ONLINE}?foo=1`);
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body).toEqual({
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      });
  });
});

describe('GET /api/v1/users.autocomplete', () => {
  const auto = (selector: object): string => `${AUTO}?selector=${q(JSON.stringify(selector))}`;

  it('contacts first (a direct room), then every active user matching, by username, at most 10; exceptions left out', async () => {
    const fake = makeFake({ scenario: LIVELY });
    const res = await getAs(fake.app, 'bob', auto({ term: '' }));
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { username: string }) => u.username)).toEqual([
      'gina',
      'admin',
      'alice',
      'bob',
      'robot',
    ]);
    expect(res.body.items[2]).toEqual({ _id: ALICE, username: 'alice', name: 'Alice', status: 'online' });
    const some = await getAs(fake.app, 'bob', auto({ term: 'AL', exceptions: ['admin'] }));
    expect(some.body).toEqual({
      items: [{ _id: ALICE, username: 'alice', name: 'Alice', status: 'online' }],
      success: true,
    });
  });

  it('without view-outside-room: only the users sharing a room with the caller', async () => {
    // gina, a guest, lacks view-outside-room: she has bob in a direct room, and no other room
    const res = await getAs(makeFake({ scenario: LIVELY }).app, 'gina', auto({ term: '' }));
    expect(res.body.items.map((u: { username: string }) => u.username)).toEqual(['bob']);
  });

  it('conditions filter; an operator but $or and $and is the bare failure (6 on)', async () => {
    const fake = makeFake({ scenario: LIVELY });
    const ok = await getAs(fake.app, 'admin', auto({ term: '', conditions: { status: 'away' } }));
    expect(ok.body.items.map((u: { username: string }) => u.username)).toEqual(['bob']);
    const before = fake.state();
    const bad = await getAs(
      fake.app,
      'admin',
      auto({ term: '', conditions: { $nor: [{ status: 'away' }] } }),
    );
    expect([bad.status, bad.body]).toEqual([400, { success: false }]);
    expect(fake.state()).toEqual(before);
  });

  it.each<[ProfileId, string, object]>([
    [
      '8.9',
      '',
      {
        success: false,
        error: "must have required property 'selector' [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
    ['5', '', { success: false, error: "The 'selector' param is required" }],
    ['5', '?selector=', { success: false, error: "The 'selector' param is required" }],
  ])('%s: %s is refused', async (profile, query, body) => {
    const res = await getAs(makeFake({ profile }).app, 'bob', `${AUTO}${query}`);
    expect([res.status, res.body]).toEqual([400, body]);
  });

  it('a selector that is no JSON: the parser message; 0.49 does not serve the route', async () => {
    const res = await getAs(makeFake().app, 'bob', `${AUTO}?selector=nope`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['success', 'error']);
    expect(res.body.error).toMatch(/JSON/);
    expect((await getAs(makeFake({ profile: '0.49' }).app, 'bob', auto({ term: '' }))).status).toBe(404);
  });
});

describe('GET /api/v1/users.getUsernameSuggestion', () => {
  it('the name slugified when free; else the verified e-mail local part; else <name>-<n>', async () => {
    const scenario: ScenarioInput = {
      ...WORLD,
      users: [
        ...(WORLD.users ?? []),
        {
          username: 'rocket.mic.x',
          name: 'Rocket Mic',
          password: 'x',
          emails: [{ address: 'rm+tag@example.com', verified: true }],
        },
        {
          username: 'bobby',
          name: 'alice',
          password: 'x',
          emails: [{ address: 'alice@other.example', verified: true }],
        },
      ],
      tokens: [
        ...(WORLD.tokens ?? []),
        { username: 'rocket.mic.x', authToken: 'mic-token' },
        { username: 'bobby', authToken: 'bobby-token' },
      ],
    };
    const fake = makeFake({ scenario });
    const ids = Object.fromEntries(fake.state().users.map((u) => [u.username, u._id]));
    const ask = async (username: string, token: string): Promise<unknown> =>
      (
        await getAs(fake.app, 'admin', SUGGEST).set({
          'X-Auth-Token': token,
          'X-User-Id': ids[username] ?? '',
        })
      ).body;
    expect(await ask('rocket.mic.x', 'mic-token')).toEqual({ result: 'rocket.mic', success: true });
    expect(await ask('bobby', 'bobby-token')).toEqual({ result: 'alice-0', success: true });
    expect((await getAs(fake.app, 'bob', SUGGEST)).body).toEqual({ result: 'bob-0', success: true });
    expect((await getAs(makeFake({ profile: '0.49' }).app, 'bob', SUGGEST)).status).toBe(404);
  });
});

describe('users.list: fields and query per release line', () => {
  const list = `${LIST}?count=2&fields=${q('{"name":0}')}&query=${q('{"username":"bob"}')}`;

  it.each<[ProfileId, string[], boolean]>([
    ['5', ['bob'], false],
    ['6', ['bob'], false],
    ['7.0', ['admin', 'alice'], true],
    ['8.9', ['admin', 'alice'], true],
  ])('%s: query filters, fields projects: %j', async (profile, usernames, named) => {
    const res = await getAs(makeFake({ profile }).app, 'admin', list);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual(usernames);
    expect(res.body.users.every((u: object) => 'name' in u)).toBe(named);
  });

  it('7.0 on: ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS brings them back', async () => {
    const fake = makeFake({
      scenario: { ...WORLD, settings: { ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS: true } },
    });
    const res = await getAs(fake.app, 'admin', list);
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual(['bob']);
    expect(res.body.users.every((u: object) => !('name' in u))).toBe(true);
  });

  it('0.49 reads neither, nor sort; 7.0 on still sorts', async () => {
    const sort = `sort=${q('{"username":-1}')}`;
    const old = await getAs(makeFake({ profile: '0.49' }).app, 'admin', `${list}&${sort}`);
    expect(JSON.parse(old.text).users.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'alice',
    ]);
    const now = await getAs(makeFake({ profile: '7.10' }).app, 'admin', `${LIST}?count=1&${sort}`);
    expect(now.body.users.map((u: { username: string }) => u.username)).toEqual(['robot']);
  });
});
