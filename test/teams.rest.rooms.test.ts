/**
 * The teams' rooms: `teams.addRooms`, `teams.removeRoom`, `teams.updateRoom`, `teams.listRooms`,
 * per release line (their validators, their permissions), each refusal exact and changing nothing.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import type { ScenarioInput } from '../src/scenario/schema';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import { snapshot, type Who } from './support/rooms';

function post(fake: FakeServer, who: Who, route: string, body: object): request.Test {
  return request(fake.app).post(`/api/v1/${route}`).set(AS[who]).send(body);
}

function get(fake: FakeServer, who: Who, route: string, query: Record<string, string>): request.Test {
  return request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);
}

/** A fake with alice's public team `crew` (alice alone), or the team type given. */
async function withTeam(
  profile: ProfileId = '8.9',
  scenario: ScenarioInput = WORLD,
  type: 0 | 1 = 0,
): Promise<{ fake: FakeServer; teamId: string; roomId: string }> {
  const fake = makeFake({ profile, scenario });
  const res = await post(fake, 'alice', 'teams.create', { name: 'crew', type });
  expect(res.status).toBe(200);
  return { fake, teamId: res.body.team._id, roomId: res.body.team.roomId };
}

type Case = [Who, string, object, number, object];

/** Each case answered exactly, and none changes anything. */
async function expectRefusals(fake: FakeServer, cases: readonly Case[]): Promise<void> {
  const before = snapshot(fake);
  for (const [who, route, body, status, answer] of cases) {
    const res = await post(fake, who, route, body);
    expect({ route, body, status: res.status, answer: res.body }).toEqual({ route, body, status, answer });
  }
  expect(snapshot(fake)).toBe(before);
}

const ONE_OF = {
  success: false,
  error: 'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation',
};
const ajv = (error: string): object => ({
  success: false,
  error: `${error} [invalid-params]`,
  errorType: 'invalid-params',
});

describe('POST /api/v1/teams.addRooms', () => {
  it('moves the caller’s rooms into the team: teamId set, a public one told in the main room', async () => {
    const { fake, teamId, roomId } = await withTeam();
    const random = roomOf(fake, 'random');
    const secret = roomOf(fake, 'secret');
    const res = await post(fake, 'alice', 'teams.addRooms', {
      teamId,
      rooms: ['privateRoomId0001', 'randomRoomId00001'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('teams.addRooms');
    // the documents as found (the world's order), teamId set on them
    const { usernames: _r, joinCode: _rj, ...randomView } = random as Record<string, unknown>;
    const { usernames: _s, joinCode: _sj, ...secretView } = secret as Record<string, unknown>;
    expect(res.body.rooms.map((r: { _id: string }) => r._id)).toEqual([
      'randomRoomId00001',
      'privateRoomId0001',
    ]);
    expect(res.body.rooms[0]).toMatchObject({ ...randomView, teamId });
    expect(res.body.rooms[1]).toMatchObject({ ...secretView, teamId });
    expect(Object.keys(res.body.rooms[0]).at(-1)).toBe('teamId');
    expect(roomOf(fake, 'random').teamId).toBe(teamId);
    expect(roomOf(fake, 'secret').teamId).toBe(teamId);
    const messages = (fake.state().messages ?? []).filter((m) => m.rid === roomId);
    expect(messages.map((m) => [m.t, m.msg, m.u.username])).toEqual([
      ['user-added-room-to-team', 'random', 'alice'],
    ]);
    expect(roomOf(fake, 'crew').msgs).toBe(1);
    const changed = fake.changes().channels.changed.map((c) => c._id);
    expect(changed).toEqual(expect.arrayContaining(['randomRoomId00001', 'privateRoomId0001']));
    // the team lists them; bob, outside the team, sees only the public one
    const alices = await get(fake, 'alice', 'teams.listRooms', { teamId });
    expect(alices.status).toBe(200);
    expect(alices.body).toMatchShape('teams.listRooms');
    expect(alices.body.rooms.map((r: { name: string }) => r.name)).toEqual(['random', 'secret']);
    const bobs = await get(fake, 'bob', 'teams.listRooms', { teamName: 'crew' });
    expect(bobs.body).toMatchObject({ total: 1, count: 1, offset: 0, success: true });
    expect(bobs.body.rooms.map((r: { name: string }) => r.name)).toEqual(['random']);
    // teams.list counts them with the main room
    const list = await get(fake, 'alice', 'teams.list', {});
    expect(list.body.teams[0].rooms).toBe(3);
  });

  it('refuses (8.9): the body (ajv), the team, the permission, the rooms; nothing changes', async () => {
    const { fake, teamId } = await withTeam();
    await post(fake, 'alice', 'teams.addRooms', { teamId, rooms: ['randomRoomId00001'] }).expect(200);
    await expectRefusals(fake, [
      [
        'alice',
        'teams.addRooms',
        { teamId },
        400,
        ajv(
          "must have required property 'rooms'\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'teams.addRooms',
        { teamId, rooms: [] },
        400,
        ajv(
          "must NOT have fewer than 1 items\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'teams.addRooms',
        { teamId: 'nope', rooms: ['x'] },
        400,
        { success: false, error: 'team-does-not-exist' },
      ],
      [
        'bob',
        'teams.addRooms',
        { teamId, rooms: ['clubRoomId0000001'] },
        403,
        { success: false, error: 'error-no-permission-team-channel' },
      ],
      [
        'alice',
        'teams.addRooms',
        { teamId, rooms: ['nope'] },
        400,
        { success: false, error: 'invalid-room' },
      ],
      [
        'alice',
        'teams.addRooms',
        { teamId, rooms: ['privateRoomId0001', 'privateRoomId0001'] },
        400,
        { success: false, error: 'invalid-room' },
      ],
      // admin may add rooms to any team, but not a group it cannot see
      [
        'admin',
        'teams.addRooms',
        { teamId, rooms: ['privateRoomId0001'] },
        400,
        { success: false, error: 'invalid-room' },
      ],
      [
        'alice',
        'teams.addRooms',
        { teamId, rooms: ['randomRoomId00001'] },
        400,
        { success: false, error: 'room-already-on-team' },
      ],
      // the caller must own each room, even an admin
      [
        'alice',
        'teams.addRooms',
        { teamId, rooms: ['privateRoomId0001', 'clubRoomId0000001'] },
        400,
        { success: false, error: 'error-no-owner-channel' },
      ],
      [
        'admin',
        'teams.addRooms',
        { teamId, rooms: ['clubRoomId0000001'] },
        400,
        { success: false, error: 'error-no-owner-channel' },
      ],
    ]);
  });

  it('refuses per release line: check() to 8.5 (5.x: two of them); the permission add-team-channel to 6.x, move-room-to-team from 7.0', async () => {
    const seven = await withTeam('7.10');
    await expectRefusals(seven.fake, [
      ['alice', 'teams.addRooms', { teamId: seven.teamId }, 400, ONE_OF],
      ['alice', 'teams.addRooms', { teamId: seven.teamId, rooms: 'x' }, 400, ONE_OF],
    ]);
    const five = await withTeam('5');
    await expectRefusals(five.fake, [
      ['alice', 'teams.addRooms', { rooms: ['x'] }, 400, ONE_OF],
      [
        'alice',
        'teams.addRooms',
        { teamId: five.teamId },
        400,
        { success: false, error: "Match error: Missing key 'rooms'" },
      ],
      [
        'alice',
        'teams.addRooms',
        { teamId: five.teamId, rooms: [1] },
        400,
        { success: false, error: 'Match error: Expected string, got number in field rooms[0]' },
      ],
    ]);
    // the owner without move-room-to-team: 6.x asks add-team-channel, 7.0 on move-room-to-team
    const scenario = { ...WORLD, permissions: { 'move-room-to-team': ['admin'] } } as ScenarioInput;
    const six = await withTeam('6', scenario);
    await post(six.fake, 'alice', 'teams.addRooms', {
      teamId: six.teamId,
      rooms: ['randomRoomId00001'],
    }).expect(200);
    const seventy = await withTeam('7.0', scenario);
    await expectRefusals(seventy.fake, [
      [
        'alice',
        'teams.addRooms',
        { teamId: seventy.teamId, rooms: ['randomRoomId00001'] },
        403,
        { success: false, error: 'error-no-permission-team-channel' },
      ],
    ]);
    const old = makeFake({ profile: '0.49' });
    expect((await post(old, 'alice', 'teams.addRooms', { teamId: 'x', rooms: ['y'] })).status).toBe(404);
  });
});

describe('POST /api/v1/teams.removeRoom', () => {
  it('takes a room out of the team: teamId and teamDefault dropped, a public one told in the main room', async () => {
    const { fake, teamId, roomId } = await withTeam();
    await post(fake, 'alice', 'teams.addRooms', {
      teamId,
      rooms: ['randomRoomId00001', 'privateRoomId0001'],
    }).expect(200);
    await post(fake, 'alice', 'teams.updateRoom', { roomId: 'randomRoomId00001', isDefault: true }).expect(
      200,
    );
    expect(roomOf(fake, 'random')).toMatchObject({ teamId, teamDefault: true });
    const res = await post(fake, 'alice', 'teams.removeRoom', {
      teamName: 'crew',
      roomId: 'randomRoomId00001',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('teams.removeRoom');
    expect(res.body.room).toMatchObject({ _id: 'randomRoomId00001', name: 'random' });
    expect(res.body.room).not.toHaveProperty('teamId');
    expect(res.body.room).not.toHaveProperty('teamDefault');
    const random = roomOf(fake, 'random');
    expect(random).not.toHaveProperty('teamId');
    expect(random).not.toHaveProperty('teamDefault');
    await post(fake, 'alice', 'teams.removeRoom', { teamId, roomId: 'privateRoomId0001' }).expect(200);
    const messages = (fake.state().messages ?? []).filter((m) => m.rid === roomId);
    expect(messages.map((m) => [m.t, m.msg])).toEqual([
      ['user-added-room-to-team', 'random'],
      ['user-removed-room-from-team', 'random'],
    ]);
    expect((await get(fake, 'alice', 'teams.listRooms', { teamId })).body.total).toBe(0);
  });

  it('refuses: the body (ajv from 5.x), the team, the permission (403), the room; nothing changes', async () => {
    const { fake, teamId } = await withTeam();
    await post(fake, 'alice', 'teams.addRooms', { teamId, rooms: ['randomRoomId00001'] }).expect(200);
    await expectRefusals(fake, [
      [
        'alice',
        'teams.removeRoom',
        { teamId },
        400,
        ajv(
          "must have required property 'roomId'\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'teams.removeRoom',
        { teamId: 'nope', roomId: 'x' },
        400,
        { success: false, error: 'team-does-not-exist' },
      ],
      [
        'bob',
        'teams.removeRoom',
        { teamId, roomId: 'randomRoomId00001' },
        403,
        { success: false, error: 'unauthorized' },
      ],
      [
        'alice',
        'teams.removeRoom',
        { teamId, roomId: 'nope' },
        400,
        { success: false, error: 'invalid-room' },
      ],
      [
        'alice',
        'teams.removeRoom',
        { teamId, roomId: 'GENERAL' },
        400,
        { success: false, error: 'room-not-on-that-team' },
      ],
    ]);
    const five = await withTeam('5');
    await expectRefusals(five.fake, [
      [
        'alice',
        'teams.removeRoom',
        { teamName: 'crew', roomId: 'x', extra: 1 },
        400,
        ajv(
          "must have required property 'teamId'\n must NOT have additional properties\n must match exactly one schema in oneOf",
        ),
      ],
    ]);
  });
});

describe('POST /api/v1/teams.updateRoom', () => {
  it('makes a team room a default one: the team’s members join it (au by the caller)', async () => {
    const { fake, teamId } = await withTeam();
    await post(fake, 'alice', 'teams.addMembers', {
      teamId,
      members: [{ userId: 'bobUserId00000001' }],
    }).expect(200);
    await post(fake, 'alice', 'teams.addRooms', { teamId, rooms: ['randomRoomId00001'] }).expect(200);
    const before = roomOf(fake, 'random');
    const res = await post(fake, 'alice', 'teams.updateRoom', {
      roomId: 'randomRoomId00001',
      isDefault: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('teams.updateRoom');
    expect(res.body.room).toMatchObject({
      _id: 'randomRoomId00001',
      teamId,
      teamDefault: true,
      usersCount: before.usersCount + 1,
    });
    const random = roomOf(fake, 'random');
    expect(random).toMatchObject({ teamDefault: true, usernames: [...before.usernames, 'bob'] });
    const messages = (fake.state().messages ?? []).filter(
      (m) => m.rid === 'randomRoomId00001' && m.t !== undefined,
    );
    expect(messages.map((m) => [m.t, m.msg, m.u.username])).toEqual([['au', 'bob', 'alice']]);
    // a member added later joins the default room too (addMembersToDefaultRooms)
    await post(fake, 'alice', 'teams.addMembers', {
      teamId,
      members: [{ userId: 'botUserId00000001' }],
    }).expect(200);
    expect(roomOf(fake, 'random').usernames).toEqual([...before.usernames, 'bob', 'robot']);
    expect(
      (fake.state().messages ?? [])
        .filter((m) => m.rid === 'randomRoomId00001' && m.t === 'au')
        .map((m) => m.msg),
    ).toEqual(['bob', 'robot']);
    const autoJoin = await get(fake, 'bob', 'teams.listRooms', { teamId, type: 'autoJoin' });
    expect(autoJoin.body.rooms.map((r: { name: string }) => r.name)).toEqual(['random']);
    // not default again: nobody leaves
    const off = await post(fake, 'alice', 'teams.updateRoom', {
      roomId: 'randomRoomId00001',
      isDefault: false,
    });
    expect(off.body.room).toMatchObject({ teamDefault: false });
    expect(roomOf(fake, 'random').usernames).toContain('bob');
    expect((await get(fake, 'bob', 'teams.listRooms', { teamId, type: 'autoJoin' })).body.total).toBe(0);
  });

  it('refuses per release line: ajv from 8.6, check() before; the room, its team, the permission', async () => {
    const { fake, teamId } = await withTeam();
    await post(fake, 'alice', 'teams.addRooms', { teamId, rooms: ['randomRoomId00001'] }).expect(200);
    await expectRefusals(fake, [
      ['alice', 'teams.updateRoom', { roomId: 'a' }, 400, ajv("must have required property 'isDefault'")],
      [
        'alice',
        'teams.updateRoom',
        { roomId: 'nope', isDefault: true },
        400,
        { success: false, error: 'invalid-room' },
      ],
      [
        'alice',
        'teams.updateRoom',
        { roomId: 'GENERAL', isDefault: true },
        400,
        { success: false, error: 'room-not-on-team' },
      ],
      [
        'bob',
        'teams.updateRoom',
        { roomId: 'randomRoomId00001', isDefault: true },
        403,
        { success: false, error: 'unauthorized' },
      ],
    ]);
    const seven = await withTeam('7.10');
    await expectRefusals(seven.fake, [
      [
        'alice',
        'teams.updateRoom',
        { roomId: 'a' },
        400,
        { success: false, error: "Match error: Missing key 'isDefault'" },
      ],
      [
        'alice',
        'teams.updateRoom',
        { roomId: 'a', isDefault: 'yes' },
        400,
        { success: false, error: 'Match error: Expected boolean, got string in field isDefault' },
      ],
    ]);
  });
});

describe('GET /api/v1/teams.listRooms', () => {
  it('refuses: the query per release line, the team, a private team to outsiders', async () => {
    const { fake, teamId } = await withTeam('8.9', WORLD, 1);
    const cases: [Who, Record<string, string>, number, object][] = [
      ['alice', { teamId, fields: '{}' }, 400, ajv('must NOT have additional properties')],
      ['alice', { teamId: 'nope' }, 400, { success: false, error: 'team-does-not-exist' }],
      ['bob', { teamId }, 400, { success: false, error: 'user-not-on-private-team' }],
    ];
    for (const [who, query, status, answer] of cases) {
      const res = await get(fake, who, 'teams.listRooms', query);
      expect({ query, status: res.status, answer: res.body }).toEqual({ query, status, answer });
    }
    // view-all-teams lists a private team's rooms (none but its main room, which is never listed)
    expect((await get(fake, 'admin', 'teams.listRooms', { teamId })).body).toEqual({
      rooms: [],
      total: 0,
      count: 0,
      offset: 0,
      success: true,
    });
    const seven = await withTeam('7.10');
    const res = await get(seven.fake, 'alice', 'teams.listRooms', {});
    expect([res.status, res.body]).toEqual([400, ONE_OF]);
    const old = makeFake({ profile: '0.49' });
    expect((await get(old, 'alice', 'teams.listRooms', { teamId: 'x' })).status).toBe(404);
  });

  it('filters by name and pages', async () => {
    const { fake, teamId } = await withTeam();
    await post(fake, 'alice', 'teams.addRooms', {
      teamId,
      rooms: ['randomRoomId00001', 'privateRoomId0001'],
    }).expect(200);
    const named = await get(fake, 'alice', 'teams.listRooms', { teamId, filter: ' SEC ' });
    expect(named.body.rooms.map((r: { name: string }) => r.name)).toEqual(['secret']);
    const paged = await get(fake, 'alice', 'teams.listRooms', { teamId, offset: '1', count: '1' });
    expect(paged.body).toMatchObject({ total: 2, count: 1, offset: 1 });
    expect(paged.body.rooms.map((r: { name: string }) => r.name)).toEqual(['secret']);
  });
});
