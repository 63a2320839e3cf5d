/**
 * The teams' members after the team's making: `teams.removeMember`, `teams.leave`,
 * `teams.updateMember`, `teams.listRoomsOfUser`, per release line, each refusal exact and changing
 * nothing.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import { Ddp } from './support/ddp';
import { snapshot, type Who } from './support/rooms';

const BOB = 'bobUserId00000001';
const ROBOT = 'botUserId00000001';

function post(fake: FakeServer, who: Who, route: string, body: object): request.Test {
  return request(fake.app).post(`/api/v1/${route}`).set(AS[who]).send(body);
}

function get(fake: FakeServer, who: Who, route: string, query: Record<string, string>): request.Test {
  return request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);
}

/** alice's public team `crew` with bob and robot, and random (alice's) in it. */
async function withCrew(fake: FakeServer): Promise<{ teamId: string; roomId: string }> {
  const res = await post(fake, 'alice', 'teams.create', { name: 'crew', type: 0 });
  expect(res.status).toBe(200);
  const { _id: teamId, roomId } = res.body.team as { _id: string; roomId: string };
  await post(fake, 'alice', 'teams.addMembers', {
    teamId,
    members: [{ userId: BOB }, { userId: ROBOT }],
  }).expect(200);
  await post(fake, 'alice', 'teams.addRooms', { teamId, rooms: ['randomRoomId00001'] }).expect(200);
  return { teamId, roomId };
}

async function crew(
  profile: ProfileId = '8.9',
): Promise<{ fake: FakeServer; teamId: string; roomId: string }> {
  const fake = makeFake({ profile });
  return { fake, ...(await withCrew(fake)) };
}

type Case = [Who, string, object, number, object];

async function expectRefusals(fake: FakeServer, cases: readonly Case[]): Promise<void> {
  const before = snapshot(fake);
  for (const [who, route, body, status, answer] of cases) {
    const res = await post(fake, who, route, body);
    expect({ route, body, status: res.status, answer: res.body }).toEqual({ route, body, status, answer });
  }
  expect(snapshot(fake)).toBe(before);
}

const ajv = (error: string): object => ({
  success: false,
  error: `${error} [invalid-params]`,
  errorType: 'invalid-params',
});
const plain = (error: string): object => ({ success: false, error });
const messagesOf = (fake: FakeServer, rid: string): [string | undefined, string, string][] =>
  (fake.state().messages ?? []).filter((m) => m.rid === rid).map((m) => [m.t, m.msg, m.u.username]);

describe('POST /api/v1/teams.removeMember', () => {
  it('takes the member out of the team and its main room (removed-user-from-team), and out of the rooms named (ru)', async () => {
    const { fake, teamId, roomId } = await crew();
    await post(fake, 'bob', 'channels.join', { roomId: 'randomRoomId00001' }).expect(200);
    const res = await post(fake, 'alice', 'teams.removeMember', {
      teamId,
      userId: BOB,
      rooms: ['randomRoomId00001', 'GENERAL'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(fake.state().teams?.[0]?.members).toEqual(['alice', 'robot']);
    expect(roomOf(fake, 'crew').usernames).not.toContain('bob');
    expect(roomOf(fake, 'random').usernames).not.toContain('bob');
    // general is not the team's: bob stays
    expect(roomOf(fake, 'general').usernames).toContain('bob');
    expect(messagesOf(fake, roomId).at(-1)).toEqual(['removed-user-from-team', 'bob', 'alice']);
    expect(messagesOf(fake, 'randomRoomId00001').at(-1)).toEqual(['ru', 'bob', 'alice']);
    const sub = await get(fake, 'bob', 'subscriptions.getOne', { roomId });
    expect(sub.body.subscription).toBeNull();
    const members = await get(fake, 'alice', 'teams.members', { teamId });
    expect(members.body.total).toBe(2);
  });

  it('refuses: the body, the team, the permission, the user, the membership, the last owner; nothing changes', async () => {
    const { fake, teamId } = await crew();
    await expectRefusals(fake, [
      [
        'alice',
        'teams.removeMember',
        { teamId },
        400,
        ajv(
          "must have required property 'userId'\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'teams.removeMember',
        { teamId, userId: BOB, rooms: [] },
        400,
        ajv(
          "must NOT have fewer than 1 items\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      ['alice', 'teams.removeMember', { teamId: 'nope', userId: BOB }, 400, plain('team-does-not-exist')],
      ['bob', 'teams.removeMember', { teamId, userId: ROBOT }, 403, plain('unauthorized')],
      ['alice', 'teams.removeMember', { teamId, userId: 'nope' }, 400, plain('invalid-user')],
      ['alice', 'teams.removeMember', { teamId, userId: 'offUserId00000001' }, 400, plain('invalid-user')],
      [
        'alice',
        'teams.removeMember',
        { teamId, userId: 'guestUserId000001' },
        400,
        plain('member-does-not-exist'),
      ],
      [
        'alice',
        'teams.removeMember',
        { teamId, userId: 'aliceUserId000001' },
        400,
        plain('last-owner-can-not-be-removed'),
      ],
    ]);
    const old = makeFake({ profile: '0.49' });
    expect((await post(old, 'alice', 'teams.removeMember', { teamId: 'x', userId: BOB })).status).toBe(404);
  });

  it('tells the removed member its subscription is gone over the realtime API', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const { teamId, roomId } = await withCrew(fake);
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      await ddp.call('login', { resume: 'bob-token' });
      await ddp.sub('stream-notify-user', `${BOB}/subscriptions-changed`, false);
      await post(fake, 'alice', 'teams.removeMember', { teamId, userId: BOB }).expect(200);
      const frame = await ddp.next(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName?: string }).eventName === `${BOB}/subscriptions-changed`,
      );
      expect((frame.fields as { args: unknown[] }).args).toEqual([
        'removed',
        expect.objectContaining({ rid: roomId }),
      ]);
    } finally {
      await ddp.close();
      await fake.stop();
    }
  });
});

describe('POST /api/v1/teams.leave', () => {
  it('the caller leaves the team and its main room (ult), and the rooms named (ul)', async () => {
    const { fake, roomId } = await crew('6');
    await post(fake, 'bob', 'channels.join', { roomId: 'randomRoomId00001' }).expect(200);
    const res = await post(fake, 'bob', 'teams.leave', { teamName: 'crew', rooms: ['randomRoomId00001'] });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().teams?.[0]?.members).toEqual(['alice', 'robot']);
    expect(messagesOf(fake, roomId).at(-1)).toEqual(['ult', 'bob', 'bob']);
    expect(messagesOf(fake, 'randomRoomId00001').at(-1)).toEqual(['ul', 'bob', 'bob']);
    expect(roomOf(fake, 'random').usernames).not.toContain('bob');
  });

  it('refuses: the body, the team, a non-member, the last owner; nothing changes', async () => {
    const { fake, teamId } = await crew();
    await expectRefusals(fake, [
      [
        'bob',
        'teams.leave',
        { teamName: 'crew', userId: BOB, rooms: [] },
        400,
        ajv(
          "must have required property 'teamId'\n must NOT have additional properties\n must match exactly one schema in oneOf",
        ),
      ],
      ['bob', 'teams.leave', { teamId: 'nope' }, 400, plain('team-does-not-exist')],
      ['gina', 'teams.leave', { teamId }, 400, plain('member-does-not-exist')],
      ['alice', 'teams.leave', { teamId }, 400, plain('last-owner-can-not-be-removed')],
    ]);
  });
});

describe('POST /api/v1/teams.updateMember', () => {
  it('replaces the member’s roles in the team and in the main room', async () => {
    const { fake, teamId, roomId } = await crew();
    const res = await post(fake, 'alice', 'teams.updateMember', {
      teamId,
      member: { userId: BOB, roles: ['owner', 'moderator'] },
    });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().teams?.[0]?.owners).toEqual(['alice', 'bob']);
    const sub = await get(fake, 'bob', 'subscriptions.getOne', { roomId });
    expect(sub.body.subscription.roles).toEqual(['owner', 'moderator']);
    // now alice may leave: bob owns the team too; roles left out: none
    await post(fake, 'alice', 'teams.updateMember', { teamName: 'crew', member: { userId: BOB } }).expect(
      200,
    );
    expect(fake.state().teams?.[0]?.owners).toEqual(['alice']);
    expect((await get(fake, 'bob', 'subscriptions.getOne', { roomId })).body.subscription.roles).toEqual([]);
    // a user in neither: nothing changes
    const before = snapshot(fake);
    await post(fake, 'alice', 'teams.updateMember', {
      teamId,
      member: { userId: 'guestUserId000001', roles: ['owner'] },
    }).expect(200);
    expect(snapshot(fake)).toBe(before);
  });

  it('refuses: the body, the team, the permission; nothing changes', async () => {
    const { fake, teamId } = await crew();
    await expectRefusals(fake, [
      [
        'alice',
        'teams.updateMember',
        { teamId: 't' },
        400,
        ajv(
          "must have required property 'member'\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'teams.updateMember',
        { teamId: 'nope', member: { userId: BOB } },
        400,
        plain('team-does-not-exist'),
      ],
      [
        'bob',
        'teams.updateMember',
        { teamId, member: { userId: BOB, roles: ['owner'] } },
        403,
        plain('unauthorized'),
      ],
    ]);
  });
});

describe('GET /api/v1/teams.listRoomsOfUser', () => {
  it('lists the team’s rooms the user is in, each with isLastOwner; offset always 0', async () => {
    const { fake, teamId, roomId } = await crew();
    await post(fake, 'alice', 'teams.addRooms', { teamId, rooms: ['privateRoomId0001'] }).expect(200);
    const res = await get(fake, 'alice', 'teams.listRoomsOfUser', {
      teamId,
      userId: 'aliceUserId000001',
      offset: '1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('teams.listRoomsOfUser');
    expect(res.body).toMatchObject({ total: 3, count: 2, offset: 0, success: true });
    const all = await get(fake, 'alice', 'teams.listRoomsOfUser', { teamId, userId: 'aliceUserId000001' });
    expect(all.body.rooms.map((r: { _id: string; isLastOwner: boolean }) => [r._id, r.isLastOwner])).toEqual([
      ['randomRoomId00001', true],
      ['privateRoomId0001', true],
      [roomId, true],
    ]);
    // bob is only in the main room, and owns nothing; what he may delete: nothing
    const bobs = await get(fake, 'bob', 'teams.listRoomsOfUser', { teamName: 'crew', userId: BOB });
    expect(bobs.body.rooms.map((r: { _id: string; isLastOwner: boolean }) => [r._id, r.isLastOwner])).toEqual(
      [[roomId, false]],
    );
    const deletable = await get(fake, 'bob', 'teams.listRoomsOfUser', {
      teamId,
      userId: BOB,
      canUserDelete: 'true',
    });
    expect(deletable.body).toEqual({ rooms: [], total: 0, count: 0, offset: 0, success: true });
  });

  it('refuses per release line: the query, the team, another user without view-all-team-channels', async () => {
    const { fake, teamId } = await crew();
    const cases: [Who, Record<string, string>, number, object][] = [
      ['alice', { teamId: 'a' }, 400, ajv("must have required property 'userId'")],
      ['alice', { teamId: 'nope', userId: BOB }, 400, plain('team-does-not-exist')],
      ['bob', { teamId, userId: 'aliceUserId000001' }, 403, plain('unauthorized')],
    ];
    for (const [who, query, status, answer] of cases) {
      const res = await get(fake, who, 'teams.listRoomsOfUser', query);
      expect({ query, status: res.status, answer: res.body }).toEqual({ query, status, answer });
    }
    const seven = await crew('7.10');
    const res = await get(seven.fake, 'alice', 'teams.listRoomsOfUser', { teamId: seven.teamId });
    expect([res.status, res.body]).toEqual([400, plain("Match error: Missing key 'userId'")]);
  });
});

describe('channels.leave and channels.kick of a team’s main room', () => {
  it('leave: the member leaves the team too, with ult (not ul) in the main room', async () => {
    const { fake, roomId } = await crew();
    const res = await post(fake, 'bob', 'channels.leave', { roomId });
    expect(res.status).toBe(200);
    expect(fake.state().teams?.[0]?.members).toEqual(['alice', 'robot']);
    expect(roomOf(fake, 'crew').usernames).not.toContain('bob');
    expect(messagesOf(fake, roomId).at(-1)).toEqual(['ult', 'bob', 'bob']);
    expect(messagesOf(fake, roomId).filter(([t]) => t === 'ul')).toEqual([]);
  });

  it('kick: out of the team too, with removed-user-from-team by the kicker; another room keeps ru', async () => {
    const { fake, roomId } = await crew();
    const res = await post(fake, 'alice', 'channels.kick', { roomId, userId: ROBOT });
    expect(res.status).toBe(200);
    expect(fake.state().teams?.[0]?.members).toEqual(['alice', 'bob']);
    expect(messagesOf(fake, roomId).at(-1)).toEqual(['removed-user-from-team', 'robot', 'alice']);
    await post(fake, 'bob', 'channels.join', { roomId: 'randomRoomId00001' }).expect(200);
    await post(fake, 'alice', 'channels.kick', { roomId: 'randomRoomId00001', userId: BOB }).expect(200);
    expect(messagesOf(fake, 'randomRoomId00001').at(-1)).toEqual(['ru', 'bob', 'alice']);
    // bob is still the team's: only the main room's kick takes a member out of the team
    expect(fake.state().teams?.[0]?.members).toEqual(['alice', 'bob']);
  });
});
