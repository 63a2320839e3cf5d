/**
 * Teams (Rocket.Chat 5 on), where they change an answer: who may see a team's public channel
 * (`canAccessRoom`: channels.info from 7, channels.getIntegrations from 8.8), which team rooms
 * `channels.list` shows, a main room's change of type changing its team's, and the scenario's
 * `teams` block with the rooms' `teamId` and `teamMain`.
 */
import request from 'supertest';

import { resolveScenario } from '../src/scenario/resolve';
import type { ScenarioInput } from '../src/scenario/schema';
import type { ProfileId } from '../src/types';
import { WORLD, getAs, makeFake, postAs } from './support/fake';
import { scenarioProblems } from './support/problems';

const INFO = '/api/v1/channels.info';
const INTEGRATIONS = '/api/v1/channels.getIntegrations';
const LIST = '/api/v1/channels.list';
const UNAUTHORIZED = { success: false, error: 'unauthorized' };

/**
 * WORLD plus two teams. `eng` is private: alice is its member, its main room `eng` is `p`, and its
 * public channel `eng-chat` has bob in it (not a team member). `ops` is public: its main room
 * `ops` and its channel `ops-chat` are alice's. robot (a bot: view-c-room) is in neither team, and
 * gina (a guest: no view-c-room) neither. Users and bots may read outgoing integrations here.
 */
const TEAMS: ScenarioInput = {
  ...WORLD,
  permissions: { 'manage-outgoing-integrations': ['admin', 'user', 'bot', 'guest'] },
  teams: [
    { _id: 'engTeamId00000001', name: 'eng', type: 'private', members: ['alice'] },
    { name: 'ops', members: ['alice', 'Bob'] },
  ],
  channels: [
    ...(WORLD.channels ?? []),
    {
      _id: 'engRoomId00000001',
      name: 'eng',
      t: 'p',
      teamId: 'eng',
      teamMain: true,
      usernames: ['alice', 'admin'],
      u: { username: 'alice' },
    },
    { _id: 'engChatRoomId0001', name: 'eng-chat', teamId: 'engTeamId00000001', usernames: ['bob'] },
    { _id: 'opsRoomId00000001', name: 'ops', teamId: 'ops', teamMain: true, usernames: ['alice'] },
    { _id: 'opsChatRoomId0001', name: 'ops-chat', teamId: 'ops', usernames: ['alice'] },
  ],
  integrations: [
    ...(WORLD.integrations ?? []),
    { _id: 'integEngChat00001', name: 'eng-hook', channel: ['#eng-chat'] },
    { _id: 'integOpsChat00001', name: 'ops-hook', channel: ['#ops-chat'] },
  ],
};

function names(body: { channels: { name: string }[] }): string[] {
  return body.channels.map((c) => c.name);
}

describe('the world a teams scenario resolves to', () => {
  it('has its teams: teamId by name resolved to the _id, the type from the main room, members as the users are named', () => {
    const world = resolveScenario(TEAMS);
    const ops = world.teams?.[1];
    expect(ops?._id).toMatch(/^[23456789A-HJ-NP-Za-km-z]{17}$/);
    expect(world.teams).toEqual([
      {
        _id: 'engTeamId00000001',
        name: 'eng',
        type: 1,
        roomId: 'engRoomId00000001',
        members: ['alice'],
      },
      { _id: ops?._id, name: 'ops', type: 0, roomId: 'opsRoomId00000001', members: ['alice', 'bob'] },
    ]);
    expect(resolveScenario(TEAMS).teams?.[1]?._id).toBe(ops?._id);
    const rooms = world.channels.filter((c) => c.teamId !== undefined);
    expect(rooms.map((c) => [c.name, c.teamId, c.teamMain])).toEqual([
      ['eng', 'engTeamId00000001', true],
      ['eng-chat', 'engTeamId00000001', undefined],
      ['ops', ops?._id, true],
      ['ops-chat', ops?._id, undefined],
    ]);
  });

  it('a team without a main room is public unless it says otherwise; a world without teams has no teams key', () => {
    const users = WORLD.users;
    expect(resolveScenario({ users, teams: [{ name: 'a' }] }).teams).toEqual([
      { _id: expect.any(String), name: 'a', type: 0, members: [] },
    ]);
    expect(resolveScenario({ users, teams: [{ name: 'b', type: 1 }] }).teams?.[0]?.type).toBe(1);
    expect(resolveScenario(WORLD)).not.toHaveProperty('teams');
    expect(makeFake().state()).not.toHaveProperty('teams');
  });

  it('the team fields show in channels.info and channels.list', async () => {
    const fake = makeFake({ scenario: TEAMS });
    const info = await getAs(fake.app, 'alice', `${INFO}?roomName=ops-chat`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchShape('channels.info');
    expect(info.body.channel).toMatchObject({ name: 'ops-chat', teamId: fake.state().teams?.[1]?._id });
    const list = await getAs(fake.app, 'alice', `${LIST}?query=${encodeURIComponent('{"name":"ops"}')}`);
    expect(list.body).toMatchShape('channels.list');
    expect(list.body.channels[0]).toMatchObject({ name: 'ops', teamMain: true });
  });
});

describe('who may see a public channel of a team (canAccessRoom)', () => {
  const matrix: [string, 'alice' | 'bob' | 'robot' | 'gina', number][] = [
    ['a member of the private team, not of the room', 'alice', 200],
    ['a member of the room, not of the private team', 'bob', 200],
    ['an outsider with view-c-room', 'robot', 403],
  ];

  describe.each<[ProfileId, string]>([
    ['7.10', INFO],
    ['8.9', INFO],
    ['8.9', INTEGRATIONS],
  ])('%s %s', (profile, path) => {
    it.each(matrix)('in a private team: %s (%s) gets %i', async (_label, who, status) => {
      const fake = makeFake({ scenario: TEAMS, profile });
      const res = await getAs(fake.app, who, `${path}?roomName=eng-chat`);
      expect(res.status).toBe(status);
      if (status === 403) expect(res.body).toEqual(UNAUTHORIZED);
      else expect(res.body).toMatchShape(path === INFO ? 'channels.info' : 'channels.getIntegrations');
    });

    it('in a public team: an outsider with view-c-room gets 200, one without it (a guest) 403', async () => {
      const fake = makeFake({ scenario: TEAMS, profile });
      const robot = await getAs(fake.app, 'robot', `${path}?roomName=ops-chat`);
      expect(robot.status).toBe(200);
      const gina = await getAs(fake.app, 'gina', `${path}?roomName=ops-chat`);
      expect(gina.status).toBe(403);
      expect(gina.body).toEqual(UNAUTHORIZED);
    });
  });

  it('getIntegrations answers each caller: a page kept for a team member is not sent to an outsider', async () => {
    const fake = makeFake({ scenario: TEAMS, profile: '8.9' });
    const query = `${INTEGRATIONS}?roomName=eng-chat&includeAllPublicChannels=false`;
    const alice = await getAs(fake.app, 'alice', query);
    expect(alice.status).toBe(200);
    expect(alice.body).toEqual({
      integrations: [expect.objectContaining({ _id: 'integEngChat00001' })],
      count: 1,
      offset: 0,
      total: 1,
      success: true,
    });
    const robot = await getAs(fake.app, 'robot', query);
    expect(robot.status).toBe(403);
    expect(robot.body).toEqual(UNAUTHORIZED);
  });

  it('before 7 channels.info checks no access, and before 8.8 getIntegrations neither', async () => {
    const six = await getAs(
      makeFake({ scenario: TEAMS, profile: '6' }).app,
      'robot',
      `${INFO}?roomName=eng-chat`,
    );
    expect(six.status).toBe(200);
    const seven = makeFake({ scenario: TEAMS, profile: '7.10' });
    expect((await getAs(seven.app, 'robot', `${INTEGRATIONS}?roomName=eng-chat`)).status).toBe(200);
  });

  it('a private main room is not found by channels.*, as any private room', async () => {
    const res = await getAs(makeFake({ scenario: TEAMS }).app, 'alice', `${INFO}?roomName=eng`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error:
        'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
      errorType: 'error-room-not-found',
    });
  });
});

describe('channels.list and team rooms', () => {
  it('lists a team room only to those in its usernames, whatever the team type; total counts what the caller sees', async () => {
    const fake = makeFake({ scenario: TEAMS });
    const robot = await getAs(fake.app, 'robot', LIST);
    expect(robot.status).toBe(200);
    expect(robot.body).toMatchShape('channels.list');
    expect(names(robot.body)).toEqual(['attic', 'club', 'general', 'news', 'random']);
    expect(robot.body).toMatchObject({ count: 5, offset: 0, total: 5 });
    const alice = await getAs(fake.app, 'alice', LIST);
    expect(names(alice.body)).toEqual(['attic', 'club', 'general', 'news', 'ops', 'ops-chat', 'random']);
    expect(alice.body).toMatchObject({ count: 7, offset: 0, total: 7 });
    const bob = await getAs(fake.app, 'bob', `${LIST}?count=2&offset=2`);
    expect(names(bob.body)).toEqual(['eng-chat', 'general']);
    expect(bob.body).toMatchObject({ count: 2, offset: 2, total: 6 });
  });

  it('a world without teams lists every public channel to every caller with view-c-room, the same bytes', async () => {
    const fake = makeFake();
    const alice = await getAs(fake.app, 'alice', LIST);
    const robot = await getAs(fake.app, 'robot', LIST);
    expect(names(alice.body)).toEqual(['attic', 'club', 'general', 'news', 'random']);
    expect(alice.body).toMatchObject({ count: 5, offset: 0, total: 5 });
    expect(robot.text).toBe(alice.text);
  });

  it('a team room added to a running world is filtered from then on', async () => {
    const scenario: ScenarioInput = { ...WORLD, teams: [{ name: 'ops', members: ['alice'] }] };
    const fake = makeFake({ scenario });
    expect((await getAs(fake.app, 'robot', LIST)).body.total).toBe(5);
    const added = await request(fake.app)
      .post('/__admin/channels')
      .send({ name: 'side', teamId: 'ops', usernames: ['alice'] });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'side', teamId: fake.state().teams?.[0]?._id });
    const robot = await getAs(fake.app, 'robot', LIST);
    expect(names(robot.body)).toEqual(['attic', 'club', 'general', 'news', 'random']);
    const alice = await getAs(fake.app, 'alice', LIST);
    expect(names(alice.body)).toEqual(['attic', 'club', 'general', 'news', 'random', 'side']);
    expect(alice.body.total).toBe(6);
  });

  it('profile 5 filters them already; 0.49 predates teams and lists every public channel', async () => {
    const five = await getAs(makeFake({ scenario: TEAMS, profile: '5' }).app, 'robot', `${LIST}?count=0`);
    expect(names(five.body)).toEqual(['attic', 'club', 'general', 'news', 'random']);
    const old = await getAs(makeFake({ scenario: TEAMS, profile: '0.49' }).app, 'robot', `${LIST}?count=0`);
    expect(names(old.body)).toEqual([
      'attic',
      'club',
      'eng-chat',
      'general',
      'news',
      'ops',
      'ops-chat',
      'random',
    ]);
  });
});

describe("a main room's change of type changes its team's", () => {
  it('channels.setType of a public main room makes the team private: an outsider loses the access; a reset gives it back', async () => {
    const fake = makeFake({ scenario: TEAMS });
    const opsId = fake.state().teams?.[1]?._id;
    expect((await getAs(fake.app, 'robot', `${INFO}?roomName=ops-chat`)).status).toBe(200);
    const res = await postAs(fake.app, 'admin', '/api/v1/channels.setType', { roomName: 'ops', type: 'p' });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ name: 'ops', t: 'p', teamMain: true, teamId: opsId });
    expect(fake.state().teams?.[1]).toEqual({
      _id: opsId,
      name: 'ops',
      type: 1,
      roomId: 'opsRoomId00000001',
      members: ['alice', 'bob'],
    });
    const robot = await getAs(fake.app, 'robot', `${INFO}?roomName=ops-chat`);
    expect(robot.status).toBe(403);
    expect(robot.body).toEqual(UNAUTHORIZED);
    // a team member still may
    expect((await getAs(fake.app, 'bob', `${INFO}?roomName=ops-chat`)).status).toBe(200);
    await fake.reset();
    expect(fake.state().teams?.[1]?.type).toBe(0);
    expect((await getAs(fake.app, 'robot', `${INFO}?roomName=ops-chat`)).status).toBe(200);
  });

  it('groups.setType of a private main room makes the team public', async () => {
    const fake = makeFake({ scenario: TEAMS, profile: '8.9' });
    expect((await getAs(fake.app, 'robot', `${INTEGRATIONS}?roomName=eng-chat`)).status).toBe(403);
    const res = await postAs(fake.app, 'admin', '/api/v1/groups.setType', { roomName: 'eng', type: 'c' });
    expect(res.status).toBe(200);
    expect(fake.state().teams?.[0]?.type).toBe(0);
    expect((await getAs(fake.app, 'robot', `${INTEGRATIONS}?roomName=eng-chat`)).status).toBe(200);
  });

  it('a room that is not a main room leaves its team as it is', async () => {
    const fake = makeFake({ scenario: TEAMS });
    const before = fake.state().teams;
    const res = await postAs(fake.app, 'admin', '/api/v1/channels.setType', {
      roomName: 'ops-chat',
      type: 'p',
    });
    expect(res.status).toBe(200);
    expect(fake.state().teams).toEqual(before);
  });
});

describe('state() of a world with teams', () => {
  it.each(['8.9', '0.49'] as const)(
    '%s: loads back as it is, also after a team changed type',
    async (profile) => {
      const fake = makeFake({ scenario: TEAMS, profile });
      const initial = fake.state();
      await fake.load(initial);
      expect(fake.state()).toEqual(initial);
      const res = await postAs(fake.app, 'admin', '/api/v1/channels.setType', {
        roomId: 'opsRoomId00000001',
        type: 'p',
      });
      expect(res.status).toBe(200);
      const changed = fake.state();
      expect(changed.teams?.[1]?.type).toBe(1);
      await fake.load(changed);
      expect(fake.state()).toEqual(changed);
    },
  );
});

describe('scenario problems of teams, each at its path, in one report', () => {
  const users = WORLD.users;

  it('unknown team, unknown and repeated members, a second main room, a main room of the wrong type, teamMain without teamId, a repeated name', () => {
    expect(
      scenarioProblems({
        users,
        teams: [
          { _id: 'opsTeam', name: 'ops', type: 'public', members: ['alice', 'zed', 'ALICE'] },
          { name: 'ops' },
        ],
        channels: [
          { name: 'a', teamId: 'nope' },
          { _id: 'bRoomId', name: 'b', t: 'p', teamId: 'ops', teamMain: true },
          { name: 'c', teamId: 'opsTeam', teamMain: true },
          { name: 'd', teamMain: false },
        ],
      }),
    ).toEqual([
      '$.teams[0].members[1]: no user "zed" in users',
      '$.teams[0].members[2]: duplicate member "ALICE"',
      '$.teams[1].name: duplicate team name "ops"',
      '$.channels[0].teamId: no team "nope" in teams',
      `$.channels[1].t: team "ops" is public: its main room's t must be "c", not "p"`,
      '$.channels[2].teamMain: team "ops" already has a main room (_id "bRoomId")',
      '$.channels[3].teamMain: "teamMain" needs "teamId"',
    ]);
  });

  it('a typo in a team is refused with a suggestion, and the rest is still checked', () => {
    expect(
      scenarioProblems({
        users,
        teams: [{ name: 'ops', memebers: ['alice'], private: true }],
        channels: [
          { name: 'a', teamId: 'ops' },
          { name: 'b', teamId: 'nope' },
          { name: 'c', team: 'ops' },
        ],
        team: [],
      }),
    ).toEqual([
      '$.channels[2].team: unknown key "team"; did you mean "teamId"?',
      '$.teams[0].memebers: unknown key "memebers"; did you mean "members"?',
      '$.teams[0].private: unknown key "private"; did you mean "type"?',
      '$.team: unknown key "team"; did you mean "teams"?',
      '$.channels[1].teamId: no team "nope" in teams',
    ]);
  });

  it('a type that is no team type, and a roomId that is not the main room', () => {
    expect(
      scenarioProblems({
        users,
        teams: [
          { name: 'x', type: 'secret' },
          { name: 'y', roomId: 'nowhere' },
        ],
      }),
    ).toEqual([
      '$.teams[0].type: Invalid option: expected one of "public"|"private"|0|1',
      '$.teams[1].roomId: "nowhere" is not the team\'s main room: no room has teamMain and this teamId',
    ]);
  });

  it('a channel added to a running world: teamId by name, an unknown team refused, a second main room refused', async () => {
    const fake = makeFake({ scenario: TEAMS });
    const before = fake.state();
    const bad = await request(fake.app)
      .post('/__admin/channels')
      .send({ name: 'x', teamId: 'nope', teamMain: true });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([{ path: '$.teamId', message: 'no team "nope" in teams' }]);
    expect(() => fake.addChannel({ name: 'y', teamId: 'ops', teamMain: true })).toThrow(
      'addChannel(): $.teamMain: team "ops" already has a main room (_id "opsRoomId00000001")',
    );
    expect(() => fake.addChannel({ name: 'z', teamMain: true })).toThrow(
      'addChannel(): $.teamMain: "teamMain" needs "teamId"',
    );
    expect(fake.state()).toEqual(before);
  });

  it('a main room added to a team without one becomes its main room; its t must be the team type', async () => {
    const scenario: ScenarioInput = { ...WORLD, teams: [{ name: 'lab', type: 'private' }] };
    const fake = makeFake({ scenario });
    expect(() => fake.addChannel({ name: 'lab', teamId: 'lab', teamMain: true })).toThrow(
      `addChannel(): $.t: team "lab" is private: its main room's t must be "p", not "c"`,
    );
    const room = fake.addChannel({ name: 'lab', t: 'p', teamId: 'lab', teamMain: true });
    expect(fake.state().teams?.[0]).toMatchObject({ name: 'lab', type: 1, roomId: room._id });
    const state = fake.state();
    await fake.load(state);
    expect(fake.state()).toEqual(state);
  });
});
