import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD, getAs, makeFake } from './support/fake';
import { FORBIDDEN, ROOM_NOT_FOUND, ROOM_PARAM_MISSING } from '../src/verify/expected';

const PATH = '/api/v1/channels.getIntegrations';

function ids(body: { integrations: { _id: string }[] }): string[] {
  return body.integrations.map((i) => i._id);
}

describe('GET /api/v1/channels.getIntegrations', () => {
  it("lists the room's integrations and all_public_channels ones, oldest first", async () => {
    const res = await getAs(makeFake().app, 'admin', `${PATH}?roomName=general`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.getIntegrations');
    expect(ids(res.body)).toEqual(['integAll000000001', 'integBoth00000001', 'integGeneral00001']);
    expect(res.body).toMatchObject({ count: 3, offset: 0, total: 3, success: true });
  });

  it('returns the full integration wire shape, defaults filled', async () => {
    const res = await getAs(
      makeFake().app,
      'admin',
      `${PATH}?roomId=GENERAL&query=${encodeURIComponent('{"name":"general-hook"}')}`,
    );
    expect(res.body.integrations).toEqual([
      {
        _id: 'integGeneral00001',
        type: 'webhook-outgoing',
        event: 'sendMessage',
        enabled: true,
        name: 'general-hook',
        username: 'admin',
        userId: 'admin',
        alias: '',
        avatar: '',
        channel: ['#general'],
        triggerWords: [],
        urls: [],
        token: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
        script: '',
        scriptEnabled: false,
        scriptCompiled: '',
        scriptError: null,
        impersonateUser: false,
        _createdAt: '2025-01-03T00:00:00.000Z',
        _createdBy: { _id: 'adminUserId000001', username: 'admin' },
        _updatedAt: '2025-01-03T00:00:00.000Z',
      },
    ]);
  });

  it.each([
    ['absent', '', ['integAll000000001', 'integBoth00000001']],
    ['"true"', '&includeAllPublicChannels=true', ['integAll000000001', 'integBoth00000001']],
    ['"false"', '&includeAllPublicChannels=false', ['integBoth00000001']],
    ['"1" (not exactly "true")', '&includeAllPublicChannels=1', ['integBoth00000001']],
    ['empty', '&includeAllPublicChannels=', ['integBoth00000001']],
  ])('includeAllPublicChannels %s', async (_name, param, expected) => {
    const res = await getAs(makeFake().app, 'admin', `${PATH}?roomName=random${param}`);
    expect(ids(res.body)).toEqual(expected);
  });

  it('archived channels are allowed', async () => {
    const res = await getAs(makeFake().app, 'admin', `${PATH}?roomName=attic`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['integAll000000001', 'integAttic0000001']);
  });

  it('checks the permission first, whatever the parameters', async () => {
    const fake = makeFake();
    for (const who of ['alice', 'gina', 'robot'] as const) {
      for (const query of ['', '?roomName=nope', '?roomName=general', '?count=abc&sort=%7B']) {
        const res = await getAs(fake.app, who, `${PATH}${query}`);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
  });

  it('7.x: a missing room parameter is 400 error-roomid-param-not-provided', async () => {
    for (const query of ['', '?roomId=', '?roomName=', '?count=5']) {
      const res = await getAs(makeFake({ profile: '7.10' }).app, 'admin', `${PATH}${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(ROOM_PARAM_MISSING);
    }
  });

  it("8.8 on: the typed query refuses no room key; an empty one is the route's own 400", async () => {
    for (const query of ['', '?count=5']) {
      const res = await getAs(makeFake().app, 'admin', `${PATH}${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        errorType: 'error-invalid-params',
        error:
          "must have required property 'roomId'\nmust have required property 'roomName'\nmust match a schema in anyOf",
      });
    }
    for (const query of ['?roomId=', '?roomName=']) {
      const res = await getAs(makeFake().app, 'admin', `${PATH}${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(ROOM_PARAM_MISSING);
    }
  });

  it('an unknown room, or one that is not t:"c", is 400 error-room-not-found', async () => {
    for (const query of ['?roomName=nope', '?roomId=nope', '?roomName=secret', '?roomId=privateRoomId0001']) {
      const res = await getAs(makeFake().app, 'admin', `${PATH}${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(ROOM_NOT_FOUND);
    }
  });

  it('lenient mode finds private rooms (to 8.7; 8.8 then lets in only their members)', async () => {
    const res = await getAs(
      makeFake({ lenient: true, profile: '7.10' }).app,
      'admin',
      `${PATH}?roomName=secret`,
    );
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['integAll000000001', 'integSecret000001']);
    const checked = await getAs(makeFake({ lenient: true }).app, 'admin', `${PATH}?roomName=secret`);
    expect([checked.status, checked.body]).toEqual([403, { success: false, error: 'unauthorized' }]);
  });

  it('with only manage-own-* permissions, only the caller\u2019s integrations', async () => {
    const fake = makeFake({
      scenario: { ...WORLD, permissions: { 'manage-own-outgoing-integrations': ['admin', 'user'] } },
    });
    const res = await getAs(fake.app, 'alice', `${PATH}?roomName=general`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['integBoth00000001']);
    expect((await getAs(fake.app, 'gina', `${PATH}?roomName=general`)).status).toBe(403);
  });

  describe("who reads what: Rocket.Chat 7's rule over the four manage-*-integrations permissions", () => {
    // the WORLD's integrations on general are all outgoing: integAll and integGeneral by admin,
    // integBoth by alice; bob (a user) gets the permissions under test, alice the own ones where named
    type Roles = NonNullable<ScenarioInput['permissions']>;
    const as = async (permissions: Roles, who: 'alice' | 'bob' | 'admin') => {
      const fake = makeFake({ scenario: { ...WORLD, permissions } });
      return getAs(fake.app, who, `${PATH}?roomName=general`);
    };

    it('manage-outgoing-integrations reads every outgoing webhook', async () => {
      const res = await as({ 'manage-outgoing-integrations': ['admin', 'user'] }, 'bob');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
    });

    it('manage-incoming-integrations alone reads every incoming one: no outgoing webhook', async () => {
      const res = await as({ 'manage-incoming-integrations': ['admin', 'user'] }, 'bob');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ integrations: [], total: 0 });
    });

    it('manage-own-incoming-integrations alone: none of the caller\u2019s outgoing ones either', async () => {
      const res = await as({ 'manage-own-incoming-integrations': ['admin', 'user'] }, 'alice');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
    });

    it('both manage-own-* read only the caller\u2019s own, even beside manage-outgoing-integrations', async () => {
      const res = await as(
        {
          'manage-outgoing-integrations': ['admin', 'user'],
          'manage-own-outgoing-integrations': ['admin', 'user'],
          'manage-own-incoming-integrations': ['admin', 'user'],
        },
        'alice',
      );
      expect(ids(res.body)).toEqual(['integBoth00000001']);
    });

    it('manage-integrations (the 0.49 name) grants nothing in 7.x: without the four, 403', async () => {
      const bob = await as({ 'manage-integrations': ['admin', 'user'] }, 'bob');
      expect(bob.status).toBe(403);
      expect(bob.body).toEqual(FORBIDDEN);
      const none = {
        'manage-outgoing-integrations': [],
        'manage-incoming-integrations': [],
        'manage-own-outgoing-integrations': [],
        'manage-own-incoming-integrations': [],
      };
      const admin = await as(none, 'admin');
      expect(admin.status).toBe(403);
      expect(admin.body).toEqual(FORBIDDEN);
    });
  });

  describe('incoming webhooks beside outgoing ones', () => {
    // general: outgoing integAll (admin, 01-01), integBoth (alice, 01-02), integGeneral (admin, 01-03);
    // incoming inAlice (alice, 01-04) and inAdmin (admin, 01-05). random: integAll, integBoth, inRandom (bob).
    const BOTH_KINDS: ScenarioInput = {
      ...WORLD,
      integrations: [
        ...(WORLD.integrations ?? []),
        {
          _id: 'inAlice0000000001',
          type: 'webhook-incoming',
          name: 'alice-incoming',
          channel: ['#general'],
          username: 'robot',
          alias: 'Alice bot',
          _createdAt: '2025-01-04T00:00:00.000Z',
          _createdBy: { username: 'alice' },
        },
        {
          _id: 'inAdmin0000000001',
          type: 'webhook-incoming',
          name: 'admin-incoming',
          channel: ['#general'],
          _createdAt: '2025-01-05T00:00:00.000Z',
        },
        {
          _id: 'inRandom000000001',
          type: 'webhook-incoming',
          name: 'random-incoming',
          channel: ['#random', '@alice'],
          _createdAt: '2025-01-06T00:00:00.000Z',
          _createdBy: { username: 'bob' },
        },
      ],
    };
    type Roles = NonNullable<ScenarioInput['permissions']>;
    const NONE: Roles = {
      'manage-outgoing-integrations': [],
      'manage-incoming-integrations': [],
      'manage-own-outgoing-integrations': [],
      'manage-own-incoming-integrations': [],
    };
    const list = (who: 'admin' | 'alice' | 'bob', permissions: Roles = {}, room = 'general') =>
      getAs(makeFake({ scenario: { ...BOTH_KINDS, permissions } }).app, who, `${PATH}?roomName=${room}`);

    it('lists both kinds, oldest first; an incoming webhook has its own wire shape', async () => {
      const res = await list('admin');
      expect(res.status).toBe(200);
      expect(res.body).toMatchShape('channels.getIntegrations');
      expect(ids(res.body)).toEqual([
        'integAll000000001',
        'integBoth00000001',
        'integGeneral00001',
        'inAlice0000000001',
        'inAdmin0000000001',
      ]);
      expect(res.body.integrations[3]).toEqual({
        _id: 'inAlice0000000001',
        type: 'webhook-incoming',
        enabled: true,
        name: 'alice-incoming',
        username: 'robot',
        userId: 'robot',
        alias: 'Alice bot',
        avatarUrl: '',
        emoji: '',
        channel: ['#general'],
        token: expect.stringMatching(/^[23456789A-HJ-NP-Za-km-z]{48}$/),
        script: '',
        scriptEnabled: false,
        overrideDestinationChannelEnabled: false,
        _createdAt: '2025-01-04T00:00:00.000Z',
        _createdBy: { _id: 'aliceUserId000001', username: 'alice' },
        _updatedAt: '2025-01-04T00:00:00.000Z',
      });
    });

    describe("Rocket.Chat's own three cases (tests/end-to-end/api/channels.ts)", () => {
      it('an admin with manage-incoming-integrations sees the incoming webhook a user created', async () => {
        const res = await list('admin');
        expect(ids(res.body)).toContain('inAlice0000000001');
      });

      it('with manage-own-incoming-integrations instead, the admin no longer sees it', async () => {
        const res = await list('admin', { 'manage-incoming-integrations': [] });
        expect(res.status).toBe(200);
        // both manage-own-* are left, so the second rule applies over manage-outgoing-integrations:
        // the admin's own integrations of both kinds, nobody else's
        expect(ids(res.body)).toEqual(['integAll000000001', 'integGeneral00001', 'inAdmin0000000001']);
      });

      it('none of the four permissions: 403, whatever the room holds', async () => {
        const res = await list('admin', NONE);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      });
    });

    // alice, a user, is given the permissions named (granted to the user role); the others stay admin-only
    it.each<[string, (keyof Roles)[], string[]]>([
      [
        'all outgoing and all incoming: everything',
        ['manage-outgoing-integrations', 'manage-incoming-integrations'],
        [
          'integAll000000001',
          'integBoth00000001',
          'integGeneral00001',
          'inAlice0000000001',
          'inAdmin0000000001',
        ],
      ],
      [
        'all four: everything (the first rule wins)',
        [
          'manage-outgoing-integrations',
          'manage-incoming-integrations',
          'manage-own-outgoing-integrations',
          'manage-own-incoming-integrations',
        ],
        [
          'integAll000000001',
          'integBoth00000001',
          'integGeneral00001',
          'inAlice0000000001',
          'inAdmin0000000001',
        ],
      ],
      [
        'both own: the caller\u2019s own of each kind',
        ['manage-own-outgoing-integrations', 'manage-own-incoming-integrations'],
        ['integBoth00000001', 'inAlice0000000001'],
      ],
      [
        'both own beside all incoming: still only the caller\u2019s own',
        [
          'manage-incoming-integrations',
          'manage-own-outgoing-integrations',
          'manage-own-incoming-integrations',
        ],
        ['integBoth00000001', 'inAlice0000000001'],
      ],
      [
        'all outgoing only',
        ['manage-outgoing-integrations'],
        ['integAll000000001', 'integBoth00000001', 'integGeneral00001'],
      ],
      ['all incoming only', ['manage-incoming-integrations'], ['inAlice0000000001', 'inAdmin0000000001']],
      ['own outgoing only', ['manage-own-outgoing-integrations'], ['integBoth00000001']],
      ['own incoming only', ['manage-own-incoming-integrations'], ['inAlice0000000001']],
      [
        'all outgoing and own incoming',
        ['manage-outgoing-integrations', 'manage-own-incoming-integrations'],
        ['integAll000000001', 'integBoth00000001', 'integGeneral00001', 'inAlice0000000001'],
      ],
      [
        'all incoming and own outgoing',
        ['manage-incoming-integrations', 'manage-own-outgoing-integrations'],
        ['integBoth00000001', 'inAlice0000000001', 'inAdmin0000000001'],
      ],
      [
        'all outgoing and own outgoing: all outgoing',
        ['manage-outgoing-integrations', 'manage-own-outgoing-integrations'],
        ['integAll000000001', 'integBoth00000001', 'integGeneral00001'],
      ],
    ])('the union rule: %s', async (_name, granted, expected) => {
      const permissions: Roles = {};
      for (const name of granted) permissions[name] = ['admin', 'user'];
      const res = await list('alice', permissions);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual(expected);
      expect(res.body).toMatchObject({ count: expected.length, total: expected.length });
    });

    it.each([
      ['absent', '', ['integAll000000001', 'integBoth00000001', 'inRandom000000001']],
      [
        '"true"',
        '&includeAllPublicChannels=true',
        ['integAll000000001', 'integBoth00000001', 'inRandom000000001'],
      ],
      ['"false"', '&includeAllPublicChannels=false', ['integBoth00000001', 'inRandom000000001']],
    ])(
      'includeAllPublicChannels %s with both kinds (incoming ones are never "all_public_channels")',
      async (_n, param, expected) => {
        const fake = makeFake({ scenario: BOTH_KINDS });
        const res = await getAs(fake.app, 'admin', `${PATH}?roomName=random${param}`);
        expect(ids(res.body)).toEqual(expected);
      },
    );

    it('a caller without any of the four gets 403 even when the room holds only incoming webhooks', async () => {
      const res = await list('bob', {}, 'random');
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    });

    it('query and fields work over both kinds', async () => {
      const fake = makeFake({ scenario: BOTH_KINDS });
      const q = encodeURIComponent('{"type":"webhook-incoming"}');
      const f = encodeURIComponent('{"type":1,"avatarUrl":1,"urls":1}');
      const res = await getAs(fake.app, 'admin', `${PATH}?roomName=general&query=${q}&fields=${f}`);
      expect(res.body.integrations).toEqual([
        { _id: 'inAlice0000000001', type: 'webhook-incoming', avatarUrl: '' },
        { _id: 'inAdmin0000000001', type: 'webhook-incoming', avatarUrl: '' },
      ]);
      expect(res.body.total).toBe(2);
    });
  });

  it('paginates, sorts, filters and projects like channels.list', async () => {
    const fake = makeFake();
    const page = await getAs(fake.app, 'admin', `${PATH}?roomName=general&count=1&offset=1`);
    expect(ids(page.body)).toEqual(['integBoth00000001']);
    expect(page.body).toMatchObject({ count: 1, offset: 1, total: 3 });
    const sorted = await getAs(
      fake.app,
      'admin',
      `${PATH}?roomName=general&sort=${encodeURIComponent('{"name":1}')}`,
    );
    expect(sorted.body.integrations.map((i: { name: string }) => i.name)).toEqual([
      'all-hook',
      'both-hook',
      'general-hook',
    ]);
    const projected = await getAs(
      fake.app,
      'admin',
      `${PATH}?roomName=general&count=1&fields=${encodeURIComponent('{"name":1}')}`,
    );
    expect(projected.body.integrations).toEqual([{ _id: 'integAll000000001', name: 'all-hook' }]);
    const filtered = await getAs(
      fake.app,
      'admin',
      `${PATH}?roomName=general&query=${encodeURIComponent('{"name":{"$regex":"^b"}}')}`,
    );
    expect(ids(filtered.body)).toEqual(['integBoth00000001']);
    expect(filtered.body.total).toBe(1);
  });

  it('8.8 on: the typed query refuses bad paging before the room is looked up', async () => {
    const fake = makeFake();
    for (const room of ['general', 'nope']) {
      const res = await getAs(fake.app, 'admin', `${PATH}?roomName=${room}&count=x`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        errorType: 'error-invalid-params',
        error: 'must be number',
      });
    }
  });

  it('7.x: bad paging and JSON parameters after the room is found', async () => {
    const fake = makeFake({ profile: '7.10' });
    const count = await getAs(fake.app, 'admin', `${PATH}?roomName=general&count=x`);
    expect(count.body).toEqual({
      success: false,
      error: 'must be number [invalid-params]',
      errorType: 'invalid-params',
    });
    const query = await getAs(
      fake.app,
      'admin',
      `${PATH}?roomName=general&query=${encodeURIComponent('{"$where":"1"}')}`,
    );
    expect(query.body.errorType).toBe('error-invalid-query');
    const beforeRoom = await getAs(fake.app, 'admin', `${PATH}?roomName=nope&count=x`);
    expect(beforeRoom.body.errorType).toBe('error-room-not-found');
  });
});
