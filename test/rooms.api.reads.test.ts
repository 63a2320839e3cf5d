/**
 * The reads of rooms-api: `rooms.info` (any room, archived refused, the swapped not-allowed, the
 * team and its main room from 6.x), `rooms.nameExists`, `rooms.adminRooms`
 * (`view-room-administration`, filter, types, paging) and the pickers
 * (`rooms.autocomplete.channelAndPrivate`, `.withPagination`, `.availableForTeams`), each per
 * release line: 0.49's 404, the routes' own checks to 7.x, 8.x's typed validators.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { snapshot, type Who } from './support/rooms';

function get(fake: FakeServer, who: Who, route: string, query: object = {}): request.Test {
  return request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);
}

async function answered(
  fake: FakeServer,
  who: Who,
  route: string,
  query: object,
): Promise<[number, Record<string, unknown>]> {
  const before = snapshot(fake);
  const res = await get(fake, who, route, query);
  // a read changes nothing, answered or refused
  expect(snapshot(fake)).toBe(before);
  return [res.status, res.body as Record<string, unknown>];
}

const NOT_FOUND_404 = { success: false, error: 'Resource not found' };
const PARAM_REQUIRED = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
  errorType: 'error-roomid-param-not-provided',
};
const ROOM_NOT_FOUND = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const ATTIC_ARCHIVED = {
  success: false,
  error: 'The channel, attic, is archived [error-room-archived]',
  errorType: 'error-room-archived',
};

/** WORLD with a public team `ops`: its main room `ops` and its channel `ops-chat` (alice owns both). */
const TEAMS: ScenarioInput = {
  ...WORLD,
  teams: [{ name: 'ops', members: ['alice', 'bob'] }],
  channels: [
    ...(WORLD.channels ?? []),
    {
      _id: 'opsRoomId00000001',
      name: 'ops',
      teamId: 'ops',
      teamMain: true,
      usernames: ['alice', 'bob'],
      u: { username: 'alice' },
    },
    {
      _id: 'opsChatRoomId0001',
      name: 'ops-chat',
      fname: 'Ops Chat',
      teamId: 'ops',
      usernames: ['alice'],
      u: { username: 'alice' },
    },
  ],
};

const GENERAL = {
  _id: 'GENERAL',
  name: 'general',
  t: 'c',
  usernames: ['admin', 'alice', 'bob'],
  usersCount: 3,
  msgs: 0,
  u: { _id: 'adminUserId000001', username: 'admin' },
  ts: '2026-01-01T00:00:00.000Z',
  sysMes: true,
  _updatedAt: '2026-01-01T00:00:00.000Z',
  joinCodeRequired: false,
  muted: [],
};

describe('GET /api/v1/rooms.info', () => {
  it('answers any room the caller may access, by id or by name, as stored (8.9)', async () => {
    const fake = makeFake();
    const [status, body] = await answered(fake, 'bob', 'rooms.info', { roomId: 'GENERAL' });
    expect([status, body]).toEqual([200, { room: GENERAL, success: true }]);
    expect(body).toMatchShape('rooms.info');
    // a group by name, for its member; the join code never shows
    const secret = await answered(fake, 'alice', 'rooms.info', { roomName: 'secret' });
    expect(secret[0]).toBe(200);
    expect((secret[1].room as Record<string, unknown>)._id).toBe('privateRoomId0001');
    const club = await answered(fake, 'bob', 'rooms.info', { roomName: 'club' });
    expect(Object.keys(club[1].room as object)).not.toContain('joinCode');
    expect(club[1]).toMatchShape('rooms.info');
  });

  it('a direct room, for its members', async () => {
    const fake = makeFake();
    const dm = await request(fake.app).post('/api/v1/im.create').send({ username: 'bob' }).set(AS.alice);
    const rid = dm.body.room._id as string;
    const [status, body] = await answered(fake, 'bob', 'rooms.info', { roomId: rid });
    expect([status, body]).toEqual([
      200,
      {
        room: {
          _id: rid,
          t: 'd',
          usernames: ['alice', 'bob'],
          usersCount: 2,
          msgs: 0,
          ts: '2026-01-01T00:00:01.000Z',
          uids: ['aliceUserId000001', 'bobUserId00000001'],
          _updatedAt: '2026-01-01T00:00:01.000Z',
        },
        success: true,
      },
    ]);
    expect(body).toMatchShape('rooms.info');
    expect(await answered(fake, 'robot', 'rooms.info', { roomId: rid })).toEqual([
      400,
      { success: false, error: 'not-allowed', errorType: 'Not Allowed' },
    ]);
  });

  it.each(['5', '6', '7', '8.9'] as ProfileId[])(
    '%s: the refusals (no room, none found, archived, not allowed)',
    async (profile) => {
      const fake = makeFake({ profile });
      expect(await answered(fake, 'bob', 'rooms.info', {})).toEqual([400, PARAM_REQUIRED]);
      expect(await answered(fake, 'bob', 'rooms.info', { roomName: 'nope' })).toEqual([400, ROOM_NOT_FOUND]);
      expect(await answered(fake, 'admin', 'rooms.info', { roomId: 'archivedRoomId001' })).toEqual([
        400,
        ATTIC_ARCHIVED,
      ]);
      // a group the caller is not in is found, then refused with the failure's arguments swapped
      expect(await answered(fake, 'bob', 'rooms.info', { roomName: 'secret' })).toEqual([
        400,
        { success: false, error: 'not-allowed', errorType: 'Not Allowed' },
      ]);
    },
  );

  it('to 6.x the first non-blank of roomId and roomName; from 7.x roomId wins when given, even empty', async () => {
    const six = makeFake({ profile: '6' });
    expect((await answered(six, 'bob', 'rooms.info', { roomId: '', roomName: 'general' }))[0]).toBe(200);
    expect(await answered(six, 'bob', 'rooms.info', { roomId: ' ' })).toEqual([400, PARAM_REQUIRED]);
    const seven = makeFake({ profile: '7' });
    expect(await answered(seven, 'bob', 'rooms.info', { roomId: '', roomName: 'general' })).toEqual([
      400,
      ROOM_NOT_FOUND,
    ]);
    expect(await answered(seven, 'bob', 'rooms.info', { roomId: '' })).toEqual([400, ROOM_NOT_FOUND]);
    expect(await answered(seven, 'bob', 'rooms.info', { roomId: '', roomName: '' })).toEqual([
      400,
      PARAM_REQUIRED,
    ]);
  });

  it('0.49 has no rooms.info: 404', async () => {
    expect(await answered(makeFake({ profile: '0.49' }), 'bob', 'rooms.info', { roomId: 'GENERAL' })).toEqual(
      [404, NOT_FOUND_404],
    );
  });

  it("from 6.x a team's room carries its team, and a room not the main room its main room as parent", async () => {
    const fake = makeFake({ scenario: TEAMS, profile: '7' });
    const teamId = fake.state().teams?.[0]?._id;
    const team = { _id: teamId, name: 'ops', type: 0, roomId: 'opsRoomId00000001' };
    const chat = await answered(fake, 'alice', 'rooms.info', { roomName: 'ops-chat' });
    expect(chat[1]).toEqual({
      room: expect.objectContaining({ _id: 'opsChatRoomId0001', teamId }),
      team,
      parent: { _id: 'opsRoomId00000001', name: 'ops', t: 'c' },
      success: true,
    });
    expect(Object.keys(chat[1])).toEqual(['room', 'team', 'parent', 'success']);
    expect(chat[1]).toMatchShape('rooms.info');
    const main = await answered(fake, 'alice', 'rooms.info', { roomName: 'ops' });
    expect(main[1]).toEqual({
      room: expect.objectContaining({ _id: 'opsRoomId00000001', teamMain: true }),
      team,
      success: true,
    });
    // 5.x: the room alone
    const five = await answered(makeFake({ scenario: TEAMS, profile: '5' }), 'alice', 'rooms.info', {
      roomName: 'ops-chat',
    });
    expect(Object.keys(five[1])).toEqual(['room', 'success']);
  });
});

describe('GET /api/v1/rooms.nameExists', () => {
  it('whether a room of any kind has exactly that name, whoever may see it', async () => {
    const fake = makeFake();
    const [status, body] = await answered(fake, 'bob', 'rooms.nameExists', { roomName: 'secret' });
    expect([status, body]).toEqual([200, { exists: true, success: true }]);
    expect(body).toMatchShape('rooms.nameExists');
    expect(await answered(fake, 'bob', 'rooms.nameExists', { roomName: 'attic' })).toEqual([
      200,
      { exists: true, success: true },
    ]);
    expect(await answered(fake, 'bob', 'rooms.nameExists', { roomName: 'Secret' })).toEqual([
      200,
      { exists: false, success: true },
    ]);
  });

  it.each(['5', '6', '7'] as ProfileId[])('%s: the legacy validator', async (profile) => {
    const fake = makeFake({ profile });
    expect(await answered(fake, 'bob', 'rooms.nameExists', {})).toEqual([
      400,
      {
        success: false,
        error: "must have required property 'roomName' [invalid-params]",
        errorType: 'invalid-params',
      },
    ]);
    expect(await answered(fake, 'bob', 'rooms.nameExists', { roomName: 'x', other: '1' })).toEqual([
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
  });

  it("8.x: the typed query's refusal, no suffix; 0.49: 404", async () => {
    expect(await answered(makeFake({ profile: '8.5' }), 'bob', 'rooms.nameExists', {})).toEqual([
      400,
      { success: false, errorType: 'error-invalid-params', error: "must have required property 'roomName'" },
    ]);
    expect(
      await answered(makeFake({ profile: '0.49' }), 'bob', 'rooms.nameExists', { roomName: 'x' }),
    ).toEqual([404, NOT_FOUND_404]);
  });
});

const ADMIN_GENERAL = {
  _id: 'GENERAL',
  name: 'general',
  t: 'c',
  usernames: ['admin', 'alice', 'bob'],
  usersCount: 3,
  msgs: 0,
  u: { _id: 'adminUserId000001', username: 'admin' },
  ts: '2026-01-01T00:00:00.000Z',
  muted: [],
};

function names(body: Record<string, unknown>, key = 'rooms'): unknown[] {
  return (body[key] as { name?: string; _id: string }[]).map((room) => room.name ?? room._id);
}

describe('GET /api/v1/rooms.adminRooms', () => {
  it('every room with the administration fields, by default then name; a page of them', async () => {
    const fake = makeFake();
    const [status, body] = await answered(fake, 'admin', 'rooms.adminRooms', {});
    expect(status).toBe(200);
    expect(body).toMatchShape('rooms.adminRooms');
    expect(names(body)).toEqual(['attic', 'club', 'general', 'news', 'random', 'secret']);
    expect((body.rooms as unknown[])[2]).toEqual(ADMIN_GENERAL);
    expect([body.count, body.offset, body.total]).toEqual([6, 0, 6]);
    const page = await answered(fake, 'admin', 'rooms.adminRooms', { offset: 1, count: 2 });
    expect(names(page[1])).toEqual(['club', 'general']);
    expect([page[1].count, page[1].offset, page[1].total]).toEqual([2, 1, 6]);
    const sorted = await answered(fake, 'admin', 'rooms.adminRooms', { sort: '{"name":-1}', count: 2 });
    expect(names(sorted[1])).toEqual(['secret', 'random']);
  });

  it('filter: name or fname containing it, any case; a direct room by its members; types', async () => {
    const fake = makeFake({ scenario: TEAMS });
    await request(fake.app).post('/api/v1/im.create').send({ username: 'bob' }).set(AS.alice).expect(200);
    const filtered = await answered(fake, 'admin', 'rooms.adminRooms', { filter: ' CHAT ' });
    expect(names(filtered[1])).toEqual(['ops-chat']);
    const byMember = await answered(fake, 'admin', 'rooms.adminRooms', { filter: 'bob' });
    expect(names(byMember[1])).toEqual(['aliceUserId000001bobUserId00000001']);
    const groups = await answered(fake, 'admin', 'rooms.adminRooms', { 'types[]': 'p' });
    expect(names(groups[1])).toEqual(['secret']);
    const direct = await answered(fake, 'admin', 'rooms.adminRooms', { 'types[]': ['d', 'p'] });
    expect(names(direct[1])).toEqual(['aliceUserId000001bobUserId00000001', 'secret']);
    expect((direct[1].rooms as Record<string, unknown>[])[0]).toEqual({
      _id: 'aliceUserId000001bobUserId00000001',
      t: 'd',
      usernames: ['alice', 'bob'],
      usersCount: 2,
      msgs: 0,
      ts: '2026-01-01T00:00:01.000Z',
      uids: ['aliceUserId000001', 'bobUserId00000001'],
    });
    // a team's main room only with `teams`
    const all = await answered(fake, 'admin', 'rooms.adminRooms', { filter: 'ops' });
    expect(names(all[1])).toEqual(['ops-chat']);
    const teams = await answered(fake, 'admin', 'rooms.adminRooms', { filter: 'ops', types: ['teams'] });
    expect(names(teams[1])).toEqual(['ops']);
    const both = await answered(fake, 'admin', 'rooms.adminRooms', { filter: 'ops', types: ['teams', 'c'] });
    expect(names(both[1])).toEqual(['ops', 'ops-chat']);
  });

  it.each(['5', '6', '7', '8.5', '8.9'] as ProfileId[])(
    '%s: without view-room-administration, a plain 400 error-not-authorized (after the paging)',
    async (profile) => {
      const fake = makeFake({ profile });
      expect(await answered(fake, 'alice', 'rooms.adminRooms', {})).toEqual([
        400,
        { success: false, error: 'error-not-authorized' },
      ]);
      // the sort is read first
      expect(await answered(fake, 'alice', 'rooms.adminRooms', { sort: 'x' })).toEqual([
        400,
        {
          success: false,
          error: 'Invalid sort parameter provided: "x" [error-invalid-sort]',
          errorType: 'error-invalid-sort',
          details: { helperMethod: 'parseJsonQuery' },
        },
      ]);
    },
  );

  it('a scalar type is one type (7.x wraps it, 8.x coerces it); 8.x refuses an unknown key; 0.49: 404', async () => {
    for (const profile of ['7', '8.9'] as ProfileId[]) {
      const fake = makeFake({ profile });
      expect(names((await answered(fake, 'admin', 'rooms.adminRooms', { types: 'p' }))[1])).toEqual([
        'secret',
      ]);
    }
    expect(await answered(makeFake(), 'admin', 'rooms.adminRooms', { other: '1' })).toEqual([
      400,
      { success: false, errorType: 'error-invalid-params', error: 'must NOT have additional properties' },
    ]);
    expect((await answered(makeFake({ profile: '7' }), 'admin', 'rooms.adminRooms', { other: '1' }))[0]).toBe(
      200,
    );
    expect(await answered(makeFake({ profile: '0.49' }), 'admin', 'rooms.adminRooms', {})).toEqual([
      404,
      NOT_FOUND_404,
    ]);
  });
});

const SELECTOR_REQUIRED = { success: false, error: "The 'selector' param is required" };

describe('GET /api/v1/rooms.autocomplete.*', () => {
  it("channelAndPrivate: the caller's channels and groups whose name starts so, not archived, by name", async () => {
    const fake = makeFake();
    const [status, body] = await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', {
      selector: '{"name":""}',
    });
    expect([status, body]).toEqual([
      200,
      {
        items: [
          { _id: 'GENERAL', name: 'general', t: 'c' },
          { _id: 'randomRoomId00001', name: 'random', t: 'c' },
          { _id: 'privateRoomId0001', name: 'secret', t: 'p' },
        ],
        success: true,
      },
    ]);
    expect(body).toMatchShape('rooms.autocomplete.channelAndPrivate');
    const r = await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', {
      selector: '{"name":"R"}',
    });
    expect(r[1].items).toEqual([{ _id: 'randomRoomId00001', name: 'random', t: 'c' }]);
    // the admin is in attic, which is archived
    const admin = await answered(fake, 'admin', 'rooms.autocomplete.channelAndPrivate', { selector: '{}' });
    expect(names(admin[1], 'items')).toEqual(['general', 'news']);
  });

  it('withPagination: archived rooms too, a page, {items, total}', async () => {
    const fake = makeFake();
    const [status, body] = await answered(
      fake,
      'admin',
      'rooms.autocomplete.channelAndPrivate.withPagination',
      {
        selector: '{"name":""}',
        count: 2,
      },
    );
    expect([status, body]).toEqual([
      200,
      {
        items: [
          { _id: 'archivedRoomId001', name: 'attic', t: 'c' },
          { _id: 'GENERAL', name: 'general', t: 'c' },
        ],
        total: 3,
        success: true,
      },
    ]);
    expect(body).toMatchShape('rooms.autocomplete.channelAndPrivate.withPagination');
    const sorted = await answered(fake, 'admin', 'rooms.autocomplete.channelAndPrivate.withPagination', {
      selector: '{"name":""}',
      sort: '{"name":-1}',
      offset: 1,
    });
    expect(sorted[1]).toEqual({
      items: [
        { _id: 'GENERAL', name: 'general', t: 'c' },
        { _id: 'archivedRoomId001', name: 'attic', t: 'c' },
      ],
      total: 3,
      success: true,
    });
  });

  it('availableForTeams: the rooms the caller owns, in no team, whose name starts so', async () => {
    const fake = makeFake({ scenario: TEAMS });
    const [status, body] = await answered(fake, 'alice', 'rooms.autocomplete.availableForTeams', {
      name: '',
    });
    expect([status, body]).toEqual([
      200,
      {
        items: [
          { _id: 'randomRoomId00001', name: 'random', t: 'c' },
          { _id: 'privateRoomId0001', name: 'secret', t: 'p' },
        ],
        success: true,
      },
    ]);
    expect(body).toMatchShape('rooms.autocomplete.availableForTeams');
    // bob is in general, which the admin owns
    expect((await answered(fake, 'bob', 'rooms.autocomplete.availableForTeams', { name: 'c' }))[1]).toEqual({
      items: [{ _id: 'clubRoomId0000001', name: 'club', t: 'c' }],
      success: true,
    });
  });

  it.each(['5', '6', '7'] as ProfileId[])("%s: the routes' own checks", async (profile) => {
    const fake = makeFake({ profile });
    expect(await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', {})).toEqual([
      400,
      SELECTOR_REQUIRED,
    ]);
    expect(await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate.withPagination', {})).toEqual([
      400,
      SELECTOR_REQUIRED,
    ]);
    expect(await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', { selector: 'x' })).toEqual([
      400,
      { success: false, error: expect.stringMatching(/JSON/) },
    ]);
    expect(
      await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', { selector: 'null' }),
    ).toEqual([400, { success: false, error: "Cannot read properties of null (reading 'name')" }]);
    expect(
      await answered(fake, 'alice', 'rooms.autocomplete.availableForTeams', { name: ['a', 'b'] }),
    ).toEqual([400, { success: false, error: "The 'name' param is invalid" }]);
    // without a name: every room the caller owns
    expect((await answered(fake, 'alice', 'rooms.autocomplete.availableForTeams', {}))[0]).toBe(200);
  });

  it("8.x: the typed queries' refusals; 0.49: 404", async () => {
    const fake = makeFake({ profile: '8.5' });
    const invalid = (error: string): [number, object] => [
      400,
      { success: false, errorType: 'error-invalid-params', error },
    ];
    expect(await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', {})).toEqual(
      invalid("must have required property 'selector'"),
    );
    expect(
      await answered(fake, 'alice', 'rooms.autocomplete.channelAndPrivate', { selector: '{}', count: '1' }),
    ).toEqual(invalid('must NOT have additional properties'));
    expect(await answered(fake, 'alice', 'rooms.autocomplete.availableForTeams', {})).toEqual(
      invalid("must have required property 'name'"),
    );
    const old = makeFake({ profile: '0.49' });
    for (const route of [
      'rooms.autocomplete.channelAndPrivate',
      'rooms.autocomplete.channelAndPrivate.withPagination',
      'rooms.autocomplete.availableForTeams',
    ])
      expect(await answered(old, 'alice', route, { selector: '{}', name: '' })).toEqual([404, NOT_FOUND_404]);
  });
});
