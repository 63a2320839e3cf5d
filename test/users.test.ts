import { WORLD, getAs, makeFake } from './support/fake';
import type { ScenarioInput } from '../src/scenario/schema';

/** users.info and users.list: who sees which fields of whom. */

const INFO = '/api/v1/users.info';
const LIST = '/api/v1/users.list';

const PEOPLE: ScenarioInput = {
  ...WORLD,
  users: (WORLD.users ?? []).map((u) =>
    u.username === 'alice'
      ? { ...u, status: 'away', lastLogin: '2025-12-30T09:00:00.000Z', bio: 'ops', extra: { secretField: 1 } }
      : u,
  ),
};

/** PEOPLE with `query` and `fields` read on users.list (7.0 on: the environment's ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS). */
const UNSAFE: ScenarioInput = {
  ...PEOPLE,
  settings: { ...PEOPLE.settings, ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS: true },
};

describe('GET /api/v1/users.info', () => {
  it('another user: the public fields and canViewAllInfo false; no e-mails, roles or services', async () => {
    const res = await getAs(makeFake({ scenario: PEOPLE }).app, 'bob', `${INFO}?username=alice`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        user: {
          _id: 'aliceUserId000001',
          name: 'alice',
          username: 'alice',
          status: 'away',
          utcOffset: 0,
          type: 'user',
          active: true,
          bio: 'ops',
          canViewAllInfo: false,
        },
        success: true,
      }),
    );
  });

  it('an admin sees e-mails, roles and the last login; oneself also services, the password as true', async () => {
    const fake = makeFake({ scenario: PEOPLE });
    const admin = await getAs(fake.app, 'admin', `${INFO}?userId=aliceUserId000001`);
    expect(admin.body.user).toEqual({
      _id: 'aliceUserId000001',
      name: 'alice',
      username: 'alice',
      status: 'away',
      utcOffset: 0,
      type: 'user',
      active: true,
      bio: 'ops',
      emails: [{ address: 'alice@example.com', verified: true }],
      statusConnection: 'offline',
      lastLogin: '2025-12-30T09:00:00.000Z',
      roles: ['user'],
      canViewAllInfo: true,
    });
    const self = await getAs(fake.app, 'alice', `${INFO}?userId=alice`);
    expect(self.body.user).toMatchObject({ services: { password: true }, canViewAllInfo: true });
    expect(JSON.stringify(self.body)).not.toMatch(/alice-pw|secretField/);
  });

  it("includeUserRooms=true: oneself's subscriptions as rooms, by t then name; another's only with view-other-user-channels", async () => {
    const app = makeFake({ scenario: PEOPLE }).app;
    const own = await getAs(app, 'bob', `${INFO}?username=bob&includeUserRooms=true`);
    expect(own.status).toBe(200);
    const rooms = own.body.user.rooms as Record<string, unknown>[];
    expect(rooms.map((r) => [r.t, r.name, r.rid])).toEqual([
      ['c', 'club', 'clubRoomId0000001'],
      ['c', 'general', 'GENERAL'],
    ]);
    // the projection: _id, rid, name, t, unread, and roles where the subscription has them
    expect(Object.keys(rooms[0] ?? {}).sort()).toEqual(['_id', 'name', 'rid', 'roles', 't', 'unread']);
    expect(Object.keys(rooms[1] ?? {}).sort()).toEqual(['_id', 'name', 'rid', 't', 'unread']);
    // bob may not see alice's rooms: the user alone; an admin sees them
    expect(
      (await getAs(app, 'bob', `${INFO}?username=alice&includeUserRooms=true`)).body.user,
    ).not.toHaveProperty('rooms');
    const admin = await getAs(app, 'admin', `${INFO}?username=alice&includeUserRooms=true`);
    expect(admin.body.user.rooms.map((r: { name: string }) => r.name)).toEqual([
      'general',
      'random',
      'secret',
    ]);
    expect((await getAs(app, 'bob', `${INFO}?username=bob`)).body.user).not.toHaveProperty('rooms');
  });

  it('refusals: no key, an empty value, an unknown user, an unknown key', async () => {
    const app = makeFake().app;
    const none = await getAs(app, 'bob', INFO);
    expect([none.status, none.body]).toEqual([
      400,
      {
        success: false,
        error:
          "must have required property 'userId'\n must have required property 'username'\n must have required property 'importId'\n must have required property 'email'\n must have required property 'freeSwitchExtension'\n must match a schema in anyOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ]);
    expect((await getAs(app, 'bob', `${INFO}?userId=`)).body).toEqual({
      success: false,
      error: 'Invalid search query.',
    });
    expect((await getAs(app, 'bob', `${INFO}?username=zed`)).body).toEqual({
      success: false,
      error: 'User not found.',
    });
    expect((await getAs(app, 'bob', `${INFO}?importId=x`)).body).toEqual({
      success: false,
      error: 'User not found.',
    });
    const seven = await getAs(makeFake({ profile: '7.10' }).app, 'bob', INFO);
    expect(seven.body.error).toBe(
      "must have required property 'userId'\n must have required property 'username'\n must have required property 'importId'\n must match a schema in anyOf [invalid-params]",
    );
  });
});

describe('GET /api/v1/users.info on the 0.49 line', () => {
  it('by userId alone: its own words for a missing userId and an unknown one; a username is not read', async () => {
    const { app } = makeFake({ profile: '0.49' });
    const found = await getAs(app, 'bob', `${INFO}?userId=aliceUserId000001`);
    expect(found.status).toBe(200);
    expect(found.body.user.username).toBe('alice');
    for (const query of ['', '?userId=', '?username=alice']) {
      const res = await getAs(app, 'bob', `${INFO}${query}`);
      expect([res.status, res.body]).toEqual([
        400,
        { success: false, error: 'The query parameter "userId" must be supplied.' },
      ]);
    }
    const unknown = await getAs(app, 'bob', `${INFO}?userId=alice`);
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { success: false, error: 'No user was found with the id of "alice"' },
    ]);
  });
});

describe('GET /api/v1/users.list', () => {
  it('every user, deactivated and bots too, by username; what a user sees of each', async () => {
    const res = await getAs(makeFake({ scenario: PEOPLE }).app, 'bob', `${LIST}?count=2`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        users: [
          {
            _id: 'adminUserId000001',
            name: 'admin',
            username: 'admin',
            status: 'offline',
            active: true,
            type: 'user',
            nameInsensitive: 'admin',
          },
          {
            _id: 'aliceUserId000001',
            name: 'alice',
            username: 'alice',
            status: 'away',
            active: true,
            type: 'user',
            nameInsensitive: 'alice',
          },
        ],
        count: 2,
        offset: 0,
        total: 6,
        success: true,
      }),
    );
  });

  it('an admin sees e-mails, roles and last logins; query and sort work on what the caller sees', async () => {
    const app = makeFake({ scenario: UNSAFE }).app;
    const res = await getAs(app, 'admin', `${LIST}?query=${encodeURIComponent('{"active":false}')}`);
    expect(res.body.users).toEqual([
      {
        _id: 'offUserId00000001',
        name: 'gone',
        username: 'gone',
        emails: [{ address: 'gone@example.com', verified: true }],
        roles: ['user'],
        status: 'offline',
        active: false,
        type: 'user',
        nameInsensitive: 'gone',
      },
    ]);
    const sorted = await getAs(app, 'bob', `${LIST}?sort=${encodeURIComponent('{"username":-1}')}&count=1`);
    expect(sorted.body.users.map((u: { username: string }) => u.username)).toEqual(['robot']);
    const hidden = await getAs(app, 'bob', `${LIST}?query=${encodeURIComponent('{"roles":"admin"}')}`);
    expect(hidden.body.total).toBe(0);
  });

  it('fields adds to the default fields or takes some out; it never narrows them to the ones named', async () => {
    const app = makeFake({ scenario: UNSAFE }).app;
    const list = async (fields: object) =>
      (
        await getAs(
          app,
          'bob',
          `${LIST}?count=2&offset=1&fields=${encodeURIComponent(JSON.stringify(fields))}`,
        )
      ).body.users[0];
    const plain = {
      _id: 'aliceUserId000001',
      name: 'alice',
      username: 'alice',
      status: 'away',
      active: true,
      type: 'user',
      nameInsensitive: 'alice',
    };
    expect(await list({ username: 1 })).toEqual(plain);
    expect(await list({ bio: 1 })).toEqual({ ...plain, bio: 'ops' });
    // what the caller may not see is not added
    expect(await list({ emails: 1 })).toEqual(plain);
    const { status: _status, ...withoutStatus } = plain;
    expect(await list({ status: 0 })).toEqual(withoutStatus);
  });

  it('8.4 on, an unknown parameter is refused; 7.x ignored it', async () => {
    const res = await getAs(makeFake().app, 'bob', `${LIST}?status=online`);
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
    expect((await getAs(makeFake({ profile: '7.10' }).app, 'bob', `${LIST}?status=online`)).status).toBe(200);
  });
});
