/**
 * A team's life after its making: `teams.update`, `teams.delete` (with `roomsToRemove`),
 * `teams.convertToChannel`, and a channel made a team (`channels.convertToTeam`), per release
 * line, each refusal exact and changing nothing.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import { Ddp } from './support/ddp';
import { snapshot, type Who } from './support/rooms';
import { TEAM_ANSWER_KEYS } from './support/teams';

const BOB = 'bobUserId00000001';

function post(fake: FakeServer, who: Who, route: string, body: object): request.Test {
  return request(fake.app).post(`/api/v1/${route}`).set(AS[who]).send(body);
}

function get(fake: FakeServer, who: Who, route: string, query: Record<string, string>): request.Test {
  return request(fake.app).get(`/api/v1/${route}`).query(query).set(AS[who]);
}

/** alice's public team `crew` with bob, random and secret (alice's) in it. */
async function crew(
  profile: ProfileId = '8.9',
): Promise<{ fake: FakeServer; teamId: string; roomId: string }> {
  const fake = makeFake({ profile });
  const res = await post(fake, 'alice', 'teams.create', { name: 'crew', type: 0 });
  expect(res.status).toBe(200);
  const { _id: teamId, roomId } = res.body.team as { _id: string; roomId: string };
  await post(fake, 'alice', 'teams.addMembers', { teamId, members: [{ userId: BOB }] }).expect(200);
  await post(fake, 'alice', 'teams.addRooms', {
    teamId,
    rooms: ['randomRoomId00001', 'privateRoomId0001'],
  }).expect(200);
  return { fake, teamId, roomId };
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
const FRAMEWORK_403 = plain(
  'User does not have the permissions required for this action [error-unauthorized]',
);
const messagesOf = (fake: FakeServer, rid: string): [string | undefined, string, string][] =>
  (fake.state().messages ?? []).filter((m) => m.rid === rid).map((m) => [m.t, m.msg, m.u.username]);

describe('POST /api/v1/teams.delete', () => {
  it('erases the rooms named and the main room, frees the others, and the team is gone', async () => {
    const { fake, teamId, roomId } = await crew();
    await post(fake, 'alice', 'chat.sendMessage', {
      message: { rid: 'privateRoomId0001', msg: 'hush' },
    }).expect(200);
    const res = await post(fake, 'alice', 'teams.delete', {
      teamId,
      roomsToRemove: ['privateRoomId0001', 'GENERAL'],
    });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    const state = fake.state();
    expect(state.teams ?? []).toEqual([]);
    const names = state.channels.map((c) => c.name);
    expect(names).not.toContain('crew');
    expect(names).not.toContain('secret');
    expect(names).toContain('general');
    const random = roomOf(fake, 'random');
    expect(random).not.toHaveProperty('teamId');
    expect((state.messages ?? []).filter((m) => m.rid === 'privateRoomId0001' || m.rid === roomId)).toEqual(
      [],
    );
    expect(fake.changes().channels.removed.map((c) => c._id)).toEqual(['privateRoomId0001']);
    expect(fake.changes().channels.added.map((c) => c._id)).not.toContain(roomId);
    // as the real server answers after it
    expect((await get(fake, 'alice', 'teams.info', { teamId })).body).toEqual(plain('Team not found'));
    const info = await get(fake, 'alice', 'channels.info', { roomId });
    expect(info.status).toBe(400);
    expect(info.body.errorType).toBe('error-room-not-found');
    expect((await get(fake, 'bob', 'subscriptions.getOne', { roomId })).body.subscription).toBeNull();
    expect((await get(fake, 'alice', 'teams.list', {})).body.total).toBe(0);
    // gone from the lists and from bob's rooms
    const listed = await get(fake, 'alice', 'channels.list', { count: '0' });
    expect(listed.body.channels.map((c: { name: string }) => c.name)).not.toContain('crew');
    const bobs = await get(fake, 'bob', 'rooms.get', {});
    expect(bobs.body.update.map((r: { _id: string }) => r._id)).not.toContain(roomId);
    // the name is free again, and a new room takes no id a room still has
    const again = await post(fake, 'alice', 'teams.create', { name: 'crew', type: 1 });
    expect(again.status).toBe(200);
    expect(new Set(fake.state().channels.map((c) => c._id)).size).toBe(fake.state().channels.length);
    // a reset brings the scenario back
    fake.reset();
    expect(roomOf(fake, 'secret')._id).toBe('privateRoomId0001');
  });

  it('refuses: the body, the team, the permission; nothing changes', async () => {
    const { fake, teamId } = await crew();
    await expectRefusals(fake, [
      [
        'alice',
        'teams.delete',
        {},
        400,
        ajv(
          "must have required property 'teamId'\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      ['alice', 'teams.delete', { teamId: 'nope' }, 400, plain('team-does-not-exist')],
      ['bob', 'teams.delete', { teamId }, 403, plain('unauthorized')],
    ]);
    // eraseRoom's own rule: delete-c in each room erased (news is the admin's), checked before any erasing
    await post(fake, 'admin', 'teams.addRooms', { teamId, rooms: ['newsRoomId0000001'] }).expect(200);
    const NOT_ALLOWED = {
      success: false,
      error: 'Not allowed [error-not-allowed]',
      errorType: 'error-not-allowed',
      details: { method: 'eraseRoom' },
    };
    await expectRefusals(fake, [
      [
        'alice',
        'teams.delete',
        { teamId, roomsToRemove: ['privateRoomId0001', 'newsRoomId0000001'] },
        400,
        NOT_ALLOWED,
      ],
      ['alice', 'teams.convertToChannel', { teamId, roomsToRemove: ['newsRoomId0000001'] }, 400, NOT_ALLOWED],
    ]);
    await post(fake, 'admin', 'teams.delete', { teamId, roomsToRemove: ['newsRoomId0000001'] }).expect(200);
    expect(fake.state().channels.map((c) => c.name)).not.toContain('news');
    const old = makeFake({ profile: '0.49' });
    expect((await post(old, 'alice', 'teams.delete', { teamId: 'x' })).status).toBe(404);
  });
});

describe('teams.delete over the realtime API', () => {
  it('tells each member that its subscription to an erased room is gone', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const created = await post(fake, 'alice', 'teams.create', { name: 'crew', type: 0 });
    const { _id: teamId, roomId } = created.body.team as { _id: string; roomId: string };
    await post(fake, 'alice', 'teams.addMembers', { teamId, members: [{ userId: BOB }] }).expect(200);
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      await ddp.call('login', { resume: 'bob-token' });
      await ddp.sub('stream-notify-user', `${BOB}/subscriptions-changed`, false);
      await post(fake, 'alice', 'teams.delete', { teamId }).expect(200);
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

describe('POST /api/v1/teams.convertToChannel', () => {
  it('7.0 on: the rooms named erased and told, the conversion told; the main room stays a plain channel', async () => {
    const { fake, teamId, roomId } = await crew();
    const res = await post(fake, 'alice', 'teams.convertToChannel', {
      teamName: 'crew',
      roomsToRemove: ['privateRoomId0001'],
    });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().teams ?? []).toEqual([]);
    const main = roomOf(fake, 'crew');
    expect(main._id).toBe(roomId);
    for (const key of ['teamId', 'teamMain', 'teamDefault']) {
      expect(main).not.toHaveProperty(key);
      expect(roomOf(fake, 'random')).not.toHaveProperty(key);
    }
    expect(fake.state().channels.map((c) => c.name)).not.toContain('secret');
    expect(messagesOf(fake, roomId).slice(-2)).toEqual([
      ['user-deleted-room-from-team', 'secret', 'alice'],
      ['user-converted-to-channel', 'crew', 'alice'],
    ]);
    expect((await get(fake, 'alice', 'teams.info', { teamId })).body).toEqual(plain('Team not found'));
  });

  it('6.x: no message; refusals: the team, the permission', async () => {
    const { fake, teamId, roomId } = await crew('6');
    await expectRefusals(fake, [
      ['alice', 'teams.convertToChannel', { teamId: 'nope' }, 400, plain('team-does-not-exist')],
      ['bob', 'teams.convertToChannel', { teamId }, 403, plain('unauthorized')],
      [
        'alice',
        'teams.convertToChannel',
        { teamId, roomsToRemove: [] },
        400,
        ajv(
          "must NOT have fewer than 1 items\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
    ]);
    const before = messagesOf(fake, roomId).length;
    await post(fake, 'alice', 'teams.convertToChannel', { teamId }).expect(200);
    expect(messagesOf(fake, roomId)).toHaveLength(before);
    expect(roomOf(fake, 'secret')).not.toHaveProperty('teamId');
  });
});

describe('POST /api/v1/teams.update', () => {
  it('renames and retypes the team and its main room (r, room_changed_privacy)', async () => {
    const { fake, teamId, roomId } = await crew();
    const res = await post(fake, 'alice', 'teams.update', { teamId, data: { name: 'squad', type: 1 } });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().teams?.[0]).toMatchObject({ name: 'squad', type: 1 });
    expect(roomOf(fake, 'squad')).toMatchObject({ _id: roomId, fname: 'squad', t: 'p' });
    expect(messagesOf(fake, roomId).slice(-2)).toEqual([
      ['r', 'squad', 'alice'],
      ['room_changed_privacy', 'private', 'alice'],
    ]);
    const info = await get(fake, 'bob', 'teams.info', { teamName: 'squad' });
    expect(info.body.teamInfo).toMatchObject({ _id: teamId, name: 'squad', type: 1 });
    const sub = await get(fake, 'bob', 'subscriptions.getOne', { roomId });
    expect(sub.body.subscription).toMatchObject({ name: 'squad', t: 'p' });
  });

  it('refuses: the body (ajv from 5.x), the team, the permission, the room name’s rules; nothing changes', async () => {
    const { fake, teamId } = await crew('5');
    await expectRefusals(fake, [
      [
        'alice',
        'teams.update',
        { teamId: 't' },
        400,
        ajv(
          "must have required property 'data'\n must have required property 'teamName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'teams.update',
        { teamId: 't', data: {} },
        400,
        ajv(
          "must have required property 'name'\n must have required property 'type'\n must match a schema in anyOf",
        ),
      ],
      ['alice', 'teams.update', { teamId: 'nope', data: { type: 1 } }, 400, plain('team-does-not-exist')],
      ['bob', 'teams.update', { teamId, data: { type: 1 } }, 403, plain('unauthorized')],
    ]);
    // saveRoomName's getValidRoomName: a room has the name
    await expectRefusals(fake, [
      [
        'alice',
        'teams.update',
        { teamId, data: { name: 'general' } },
        400,
        {
          success: false,
          error: "A channel with name 'general' exists [error-duplicate-channel-name]",
          errorType: 'error-duplicate-channel-name',
          details: { function: 'RocketChat.getValidRoomName', channel_name: 'general' },
        },
      ],
    ]);
  });
});

describe('POST /api/v1/channels.convertToTeam', () => {
  it('makes a channel a team’s main room: its members the team’s, the caller its owner, user-converted-to-team', async () => {
    const fake = makeFake({ profile: '8.9' });
    await post(fake, 'bob', 'channels.join', { roomId: 'randomRoomId00001' }).expect(200);
    const res = await post(fake, 'alice', 'channels.convertToTeam', { channelName: 'random' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.convertToTeam');
    const { team } = res.body as { team: Record<string, unknown> };
    expect(Object.keys(team)).toEqual(TEAM_ANSWER_KEYS);
    expect(team).toMatchObject({
      name: 'random',
      type: 0,
      createdBy: { _id: 'aliceUserId000001', username: 'alice' },
      roomId: 'randomRoomId00001',
    });
    expect(roomOf(fake, 'random')).toMatchObject({ teamMain: true, teamId: team._id });
    expect(messagesOf(fake, 'randomRoomId00001').at(-1)).toEqual([
      'user-converted-to-team',
      'random',
      'alice',
    ]);
    const members = await get(fake, 'bob', 'teams.members', { teamId: team._id as string });
    expect(
      members.body.members.map((m: { user: { username: string }; roles?: string[] }) => [
        m.user.username,
        m.roles,
      ]),
    ).toEqual([
      ['bob', undefined],
      ['alice', ['owner']],
    ]);
    // a team main room's name is a team's: it cannot be converted again
    await expectRefusals(fake, [
      [
        'alice',
        'channels.convertToTeam',
        { channelId: 'randomRoomId00001' },
        400,
        plain('team-name-already-exists'),
      ],
    ]);
  });

  it('refuses per release line (8.6 on: create-team first, then the channel and edit-room in it)', async () => {
    const fake = makeFake({ profile: '8.9' });
    await expectRefusals(fake, [
      ['gina', 'channels.convertToTeam', {}, 403, FRAMEWORK_403],
      [
        'alice',
        'channels.convertToTeam',
        {},
        400,
        ajv(
          "must have required property 'channelId'\n must have required property 'channelName'\n must match exactly one schema in oneOf",
        ),
      ],
      [
        'alice',
        'channels.convertToTeam',
        { channelName: 'nope' },
        400,
        {
          success: false,
          error:
            'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
          errorType: 'error-room-not-found',
        },
      ],
      ['bob', 'channels.convertToTeam', { channelName: 'random' }, 403, plain('unauthorized')],
    ]);
    // 7.x: the framework's create-team, the empty names, edit-room only for channelId
    const seven = makeFake({ profile: '7.10' });
    await expectRefusals(seven, [
      ['gina', 'channels.convertToTeam', { channelId: 'randomRoomId00001' }, 403, FRAMEWORK_403],
      [
        'alice',
        'channels.convertToTeam',
        { channelId: '' },
        400,
        plain('The parameter "channelId" or "channelName" is required'),
      ],
      ['bob', 'channels.convertToTeam', { channelId: 'randomRoomId00001' }, 403, plain('unauthorized')],
    ]);
    expect((await post(seven, 'bob', 'channels.convertToTeam', { channelName: 'random' })).status).toBe(200);
    // 6.x: the handler's bare 403
    const six = makeFake({ profile: '6' });
    await expectRefusals(six, [
      ['gina', 'channels.convertToTeam', { channelId: 'x' }, 403, plain('unauthorized')],
    ]);
    // 5.x: create-team and edit-room held globally
    const five = makeFake({ profile: '5' });
    await expectRefusals(five, [
      ['alice', 'channels.convertToTeam', { channelId: 'randomRoomId00001' }, 403, plain('unauthorized')],
    ]);
    expect(
      (await post(five, 'admin', 'channels.convertToTeam', { channelId: 'randomRoomId00001' })).status,
    ).toBe(200);
    const old = makeFake({ profile: '0.49' });
    expect(
      (await post(old, 'admin', 'channels.convertToTeam', { channelId: 'randomRoomId00001' })).status,
    ).toBe(404);
  });
});
