/**
 * `teams.autocomplete`: the teams' main rooms whose name starts so (any case), public teams and the
 * caller's private ones, ten at most, by name; rest-typings' `name` check per release line; 0.49
 * has no teams (404).
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, makeFake, roomOf } from './support/fake';
import { snapshot, type Who } from './support/rooms';

function get(fake: FakeServer, who: Who, query: Record<string, string>): request.Test {
  return request(fake.app).get('/api/v1/teams.autocomplete').query(query).set(AS[who]);
}

async function createTeam(
  fake: FakeServer,
  name: string,
  type: 0 | 1,
): Promise<{ _id: string; roomId: string }> {
  const res = await request(fake.app).post('/api/v1/teams.create').set(AS.alice).send({ name, type });
  expect(res.status).toBe(200);
  return res.body.team as { _id: string; roomId: string };
}

/** alice's public team `crew` and private team `Cabal` (bob in neither). */
async function world(profile: ProfileId = '8.9'): Promise<{ fake: FakeServer; crew: object; cabal: object }> {
  const fake = makeFake({ profile });
  const crew = await createTeam(fake, 'crew', 0);
  const cabal = await createTeam(fake, 'Cabal', 1);
  return {
    fake,
    crew: { _id: crew.roomId, fname: 'crew', name: 'crew', t: 'c', teamId: crew._id },
    cabal: { _id: cabal.roomId, fname: 'Cabal', name: 'Cabal', t: 'p', teamId: cabal._id },
  };
}

const ajv = (error: string): object => ({
  success: false,
  error: `${error} [invalid-params]`,
  errorType: 'invalid-params',
});

describe('GET /api/v1/teams.autocomplete', () => {
  it('answers the main rooms whose name starts so, any case: public teams and the caller’s private ones', async () => {
    const { fake, crew, cabal } = await world();
    const before = snapshot(fake);
    const alice = await get(fake, 'alice', { name: 'c' });
    expect([alice.status, alice.body]).toEqual([200, { teams: [cabal, crew], success: true }]);
    expect(alice.body).toMatchShape('teams.autocomplete');
    expect(Object.keys(alice.body.teams[0])).toEqual(['_id', 'fname', 'name', 't', 'teamId']);
    // bob is in neither team: the public one only
    expect((await get(fake, 'bob', { name: 'C' })).body).toEqual({ teams: [crew], success: true });
    expect((await get(fake, 'alice', { name: 'CR' })).body).toEqual({ teams: [crew], success: true });
    // the start of the name, the text escaped and trimmed
    expect((await get(fake, 'alice', { name: 'rew' })).body).toEqual({ teams: [], success: true });
    expect((await get(fake, 'alice', { name: 'c.ew' })).body).toEqual({ teams: [], success: true });
    expect((await get(fake, 'alice', { name: ' cr ' })).body).toEqual({ teams: [crew], success: true });
    // rooms that are not a team's main room are not teams
    expect((await get(fake, 'alice', { name: 'secret' })).body).toEqual({ teams: [], success: true });
    expect(snapshot(fake)).toBe(before);
  });

  it('shows a private team to its members, and a group made a team', async () => {
    const { fake, cabal } = await world();
    const { teamId } = cabal as { teamId: string };
    await request(fake.app)
      .post('/api/v1/teams.addMembers')
      .set(AS.alice)
      .send({ teamId, members: [{ userId: 'bobUserId00000001' }] })
      .expect(200);
    expect((await get(fake, 'bob', { name: 'cab' })).body).toEqual({ teams: [cabal], success: true });
    const converted = await request(fake.app)
      .post('/api/v1/groups.convertToTeam')
      .set(AS.alice)
      .send({ roomName: 'secret' });
    expect(converted.status).toBe(200);
    expect(roomOf(fake, 'secret')).toMatchObject({ teamMain: true });
    expect((await get(fake, 'alice', { name: 'sec' })).body).toEqual({
      teams: [{ _id: 'privateRoomId0001', name: 'secret', t: 'p', teamId: converted.body.team._id }],
      success: true,
    });
    expect((await get(fake, 'bob', { name: 'sec' })).body).toEqual({ teams: [], success: true });
  });

  it('answers ten at most, by name', async () => {
    const fake = makeFake({ profile: '7.10' });
    const names = ['t12', 't03', 't11', 't01', 't10', 't05', 't02', 't09', 't04', 't08', 't07', 't06'];
    for (const name of names) await createTeam(fake, name, 0);
    const res = await get(fake, 'bob', { name: 't' });
    expect(res.status).toBe(200);
    expect(res.body.teams.map((t: { name: string }) => t.name)).toEqual([
      't01',
      't02',
      't03',
      't04',
      't05',
      't06',
      't07',
      't08',
      't09',
      't10',
    ]);
  });

  it('sorts by name as the database does (code units: capitals first)', async () => {
    const { fake } = await world('6');
    await createTeam(fake, 'CZAR', 0);
    const res = await get(fake, 'alice', { name: 'c' });
    expect(res.body.teams.map((t: { name: string }) => t.name)).toEqual(['CZAR', 'Cabal', 'crew']);
  });

  it('checks name per release line (8.6 on: not empty)', async () => {
    for (const profile of ['5', '6', '7.10', '8.5', '8.9'] as const) {
      const { fake } = await world(profile);
      const before = snapshot(fake);
      const missing = await get(fake, 'alice', {});
      expect([profile, missing.status, missing.body]).toEqual([
        profile,
        400,
        ajv("must have required property 'name'"),
      ]);
      const extra = await get(fake, 'alice', { name: 'c', teamId: 'x' });
      expect([profile, extra.status, extra.body]).toEqual([
        profile,
        400,
        ajv('must NOT have additional properties'),
      ]);
      const empty = await get(fake, 'bob', { name: '' });
      if (profile === '8.9')
        expect([empty.status, empty.body]).toEqual([400, ajv('must NOT have fewer than 1 characters')]);
      else expect([profile, empty.status, empty.body.teams.length]).toEqual([profile, 200, 1]);
      expect(snapshot(fake)).toBe(before);
    }
  });

  it('is not served on 0.49 (no teams)', async () => {
    const fake = makeFake({ profile: '0.49' });
    expect((await get(fake, 'alice', { name: 'c' })).status).toBe(404);
  });
});
