/**
 * `groups.convertToTeam`: a private group made a team's main room (the private twin of
 * `channels.convertToTeam`), per release line, each refusal exact and changing nothing; 0.49 has no
 * teams (404).
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import { AS, makeFake, roomOf } from './support/fake';
import { snapshot, type Who } from './support/rooms';
import { TEAM_ANSWER_KEYS } from './support/teams';

const SECRET = 'privateRoomId0001';

function post(fake: FakeServer, who: Who, body: object): request.Test {
  return request(fake.app).post('/api/v1/groups.convertToTeam').set(AS[who]).send(body);
}

type Case = [Who, object, number, object];

async function expectRefusals(fake: FakeServer, cases: readonly Case[]): Promise<void> {
  const before = snapshot(fake);
  for (const [who, body, status, answer] of cases) {
    const res = await post(fake, who, body);
    expect({ body, status: res.status, answer: res.body }).toEqual({ body, status, answer });
  }
  expect(snapshot(fake)).toBe(before);
}

const plain = (error: string): object => ({ success: false, error });
const REQUIRED = plain('The parameter "roomId" or "roomName" is required');
const PARAM_NOT_PROVIDED = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-room-param-not-provided]',
  errorType: 'error-room-param-not-provided',
};
const GROUP_NOT_FOUND = {
  success: false,
  error: 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const messagesOf = (fake: FakeServer, rid: string): [string | undefined, string, string][] =>
  (fake.state().messages ?? []).filter((m) => m.rid === rid).map((m) => [m.t, m.msg, m.u.username]);

describe('POST /api/v1/groups.convertToTeam', () => {
  it('makes a group a private team’s main room: its members the team’s, the caller its owner', async () => {
    const fake = makeFake({ profile: '8.9' });
    await request(fake.app)
      .post('/api/v1/groups.invite')
      .set(AS.alice)
      .send({ roomId: SECRET, userId: 'bobUserId00000001' })
      .expect(200);
    expect(fake.state().teams ?? []).toEqual([]);
    const res = await post(fake, 'alice', { roomName: 'secret' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('groups.convertToTeam');
    const { team } = res.body as { team: Record<string, unknown> };
    expect(Object.keys(team)).toEqual(TEAM_ANSWER_KEYS);
    expect(team).toMatchObject({
      name: 'secret',
      type: 1,
      createdBy: { _id: 'aliceUserId000001', username: 'alice' },
      roomId: SECRET,
    });
    expect(roomOf(fake, 'secret')).toMatchObject({ t: 'p', teamMain: true, teamId: team._id });
    expect((fake.state().teams ?? []).map((t) => [t._id, t.name, t.type, t.roomId])).toEqual([
      [team._id, 'secret', 1, SECRET],
    ]);
    expect(messagesOf(fake, SECRET).at(-1)).toEqual(['user-converted-to-team', 'secret', 'alice']);
    const members = await request(fake.app)
      .get('/api/v1/teams.members')
      .query({ teamId: team._id as string })
      .set(AS.bob);
    expect(
      members.body.members.map((m: { user: { username: string }; roles?: string[] }) => [
        m.user.username,
        m.roles,
      ]),
    ).toEqual([
      ['bob', undefined],
      ['alice', ['owner']],
    ]);
    // the team's name is taken now: converting again is refused, and changes nothing
    await expectRefusals(fake, [['alice', { roomId: SECRET }, 400, plain('team-name-already-exists')]]);
  });

  it.each(['5', '6', '7.10', '8.5'] as const)('converts by roomId on %s', async (profile) => {
    const fake = makeFake({ profile });
    const res = await post(fake, 'alice', { roomId: SECRET });
    expect(res.status).toBe(200);
    expect(res.body.team).toMatchObject({ name: 'secret', type: 1, roomId: SECRET });
    expect(roomOf(fake, 'secret')).toMatchObject({ teamMain: true, teamId: res.body.team._id });
  });

  it('refuses from 6.x on: a key given empty, then the group’s lookup, then create-team and edit-room in it', async () => {
    for (const profile of ['6', '7.10', '8.9'] as const) {
      const fake = makeFake({ profile });
      await expectRefusals(fake, [
        ['alice', { roomId: '' }, 400, REQUIRED],
        ['alice', { roomId: SECRET, roomName: '' }, 400, REQUIRED],
        ['alice', {}, 400, PARAM_NOT_PROVIDED],
        ['alice', { roomName: 'nope' }, 400, GROUP_NOT_FOUND],
        ['alice', { roomName: 'random' }, 400, GROUP_NOT_FOUND],
        ['bob', { roomId: SECRET }, 400, GROUP_NOT_FOUND],
        ['gina', { roomId: SECRET }, 400, GROUP_NOT_FOUND],
      ]);
    }
  });

  it('refuses a member without edit-room, or without create-team, in the group (the bare 403)', async () => {
    for (const profile of ['5', '6', '7.10', '8.9'] as const) {
      const fake = makeFake({ profile });
      for (const userId of ['bobUserId00000001', 'guestUserId000001'])
        await request(fake.app)
          .post('/api/v1/groups.invite')
          .set(AS.alice)
          .send({ roomId: SECRET, userId })
          .expect(200);
      await expectRefusals(fake, [
        ['bob', { roomId: SECRET }, 403, plain('unauthorized')],
        ['gina', { roomName: 'secret' }, 403, plain('unauthorized')],
      ]);
    }
  });

  it('5.x: neither roomId nor roomName is the route’s own refusal; an empty one beside a name passes', async () => {
    const fake = makeFake({ profile: '5' });
    await expectRefusals(fake, [
      ['alice', {}, 400, REQUIRED],
      ['alice', { roomId: '', roomName: '' }, 400, REQUIRED],
      ['alice', { roomName: 'nope' }, 400, GROUP_NOT_FOUND],
    ]);
    const res = await post(fake, 'alice', { roomId: '', roomName: 'secret' });
    expect([res.status, res.body.team?.roomId]).toEqual([200, SECRET]);
  });

  it('is not served on 0.49 (no teams)', async () => {
    const fake = makeFake({ profile: '0.49' });
    const before = snapshot(fake);
    const res = await post(fake, 'alice', { roomId: SECRET });
    expect(res.status).toBe(404);
    expect(snapshot(fake)).toBe(before);
    expect(roomOf(fake, 'secret')).not.toHaveProperty('teamMain');
  });
});
