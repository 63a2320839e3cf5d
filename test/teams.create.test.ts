/**
 * `POST /api/v1/teams.create`: `create-team` first (the handler's bare 403 to 6.x, the
 * framework's from 7.0), the body (`check()` to 8.5, ajv from 8.6), the name rules, then the
 * team with its main room and its members' subscriptions. Teams came in 3.13: 0.49 answers 404.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { Ddp } from './support/ddp';
import { snapshot } from './support/rooms';
import { TEAM_ANSWER_KEYS } from './support/teams';

const CREATE = '/api/v1/teams.create';
const HEX24 = /^[0-9a-f]{24}$/;
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;
const PERMISSION_403 = {
  success: false,
  error: 'User does not have the permissions required for this action [error-unauthorized]',
};

function create(fake: FakeServer, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(CREATE).set(AS[who]).send(body);
}

/** What a refusal must leave as it was: the state and the changes. */
describe('POST /api/v1/teams.create (8.9)', () => {
  it('creates the team, its main room and the members’ subscriptions, and answers the team as stored', async () => {
    const fake = makeFake();
    const res = await create(fake, 'alice', {
      name: 'crew',
      type: 0,
      members: ['bob', 'guestUserId000001', 'nobody', 'gone'],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.team)).toEqual(TEAM_ANSWER_KEYS);
    expect(res.body).toEqual({
      team: {
        _id: expect.stringMatching(HEX24),
        name: 'crew',
        type: 0,
        createdAt: '2026-01-01T00:00:01.000Z',
        createdBy: { _id: 'aliceUserId000001', username: 'alice' },
        _updatedAt: '2026-01-01T00:00:01.000Z',
        roomId: expect.stringMatching(HEX24),
      },
      success: true,
    });
    expect(res.body).toMatchShape('teams.create');
    const { _id: teamId, roomId } = res.body.team as { _id: string; roomId: string };
    const state = fake.state();
    expect(state.teams).toEqual([
      {
        ...res.body.team,
        members: ['bob', 'gina', 'alice'],
        owners: ['alice'],
      },
    ]);
    expect(state.channels.find((c) => c._id === roomId)).toMatchObject({
      name: 'crew',
      t: 'c',
      teamMain: true,
      teamId,
      u: { _id: 'aliceUserId000001', username: 'alice' },
      usernames: ['alice', 'bob', 'gina'],
      usersCount: 3,
      msgs: 0,
    });
    expect(fake.changes().channels.added.map((c) => c.name)).toEqual(['crew']);
    const mine = await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId }).set(AS.alice);
    expect(mine.body.subscription).toMatchObject({ rid: roomId, name: 'crew', t: 'c', roles: ['owner'] });
    const bobs = await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId }).set(AS.bob);
    expect(bobs.body.subscription).toMatchObject({ rid: roomId, name: 'crew' });
    expect(bobs.body.subscription.roles).toBeUndefined();
    // a reset forgets it
    fake.reset();
    expect(fake.state().teams).toBeUndefined();
    expect(fake.state().channels.some((c) => c.name === 'crew')).toBe(false);
  });

  it('a private team (type 1) has a `p` main room; `owner` makes another user its owner', async () => {
    const fake = makeFake();
    const res = await create(fake, 'admin', { name: 'inner', type: 1, owner: 'bobUserId00000001' });
    expect(res.status).toBe(200);
    expect(res.body.team).toMatchObject({
      type: 1,
      createdBy: { _id: 'adminUserId000001', username: 'admin' },
    });
    const room = fake.state().channels.find((c) => c._id === res.body.team.roomId);
    expect(room).toMatchObject({ t: 'p', teamMain: true, u: { username: 'bob' }, usernames: ['bob'] });
    expect(fake.state().teams?.[0]).toMatchObject({ members: ['bob'], owners: ['bob'] });
  });

  it('tells each member of the new room over the realtime API', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      await ddp.call('login', { resume: 'bob-token' });
      await ddp.sub('stream-notify-user', 'bobUserId00000001/subscriptions-changed', false);
      await ddp.sub('stream-notify-user', 'bobUserId00000001/rooms-changed', false);
      const res = await create(fake, 'alice', { name: 'crew', type: 0, members: ['bob'] });
      const rid = res.body.team.roomId as string;
      const told = (event: string) => (f: Record<string, unknown>) =>
        f.msg === 'changed' &&
        (f.fields as { eventName?: string }).eventName === `bobUserId00000001/${event}`;
      const room = await ddp.next(told('rooms-changed'));
      expect((room.fields as { args: unknown[] }).args).toEqual([
        'inserted',
        expect.objectContaining({ _id: rid, teamMain: true }),
      ]);
      const sub = await ddp.next(told('subscriptions-changed'));
      expect((sub.fields as { args: unknown[] }).args).toEqual([
        'inserted',
        expect.objectContaining({ rid, name: 'crew' }),
      ]);
    } finally {
      await ddp.close();
      await fake.stop();
    }
  });

  it('refuses without create-team (403, before the body), changing nothing', async () => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await create(fake, 'gina', {});
    expect(res.status).toBe(403);
    expect(res.body).toEqual(PERMISSION_403);
    expect(snapshot(fake)).toBe(before);
  });

  it.each([
    [{ name: 'x' }, "must have required property 'type' [invalid-params]"],
    [{ name: 'x', type: 2 }, 'must be equal to one of the allowed values [invalid-params]'],
    [{ name: 'x', type: 0, sidepanel: {} }, 'must NOT have additional properties [invalid-params]'],
    [{ type: 0 }, "must have required property 'name' [invalid-params]"],
  ])('validates the body with ajv: %j', async (body, error) => {
    const fake = makeFake();
    const before = snapshot(fake);
    const res = await create(fake, 'alice', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error, errorType: 'invalid-params' });
    expect(snapshot(fake)).toBe(before);
  });

  it('coerces a type sent as a string (8.x ajv coerces types)', async () => {
    const res = await create(makeFake(), 'alice', { name: 'x', type: '1' });
    expect(res.status).toBe(200);
    expect(res.body.team.type).toBe(1);
  });

  it('refuses a name a team, a user or a room has, or one the room rules refuse, changing nothing', async () => {
    const fake = makeFake();
    expect((await create(fake, 'alice', { name: 'crew', type: 0 })).status).toBe(200);
    const before = snapshot(fake);
    for (const [name, error] of [
      ['crew', 'team-name-already-exists'],
      ['CREW', 'team-name-already-exists'],
      ['bob', 'team-name-already-exists'],
      ['admin', 'team-name-already-exists'],
      ['general', 'room-name-already-exists'],
      ['no spaces', 'error-team-creation'],
      ['', 'error-team-creation'],
    ]) {
      const res = await create(fake, 'alice', { name, type: 0 });
      expect({ name, status: res.status, body: res.body }).toEqual({
        name,
        status: 400,
        body: { success: false, error },
      });
    }
    const unknownOwner = await create(fake, 'alice', { name: 'other', type: 0, owner: 'nobody' });
    expect(unknownOwner.body).toEqual({ success: false, error: 'error-team-creation' });
    expect(snapshot(fake)).toBe(before);
  });

  it('refuses past teamsPerWorld, writing nothing', async () => {
    const fake = makeFake({ limits: { teamsPerWorld: 1 } });
    expect((await create(fake, 'alice', { name: 'one', type: 0 })).status).toBe(200);
    const before = snapshot(fake);
    const res = await create(fake, 'alice', { name: 'two', type: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error:
        'This world holds 1 teams, its teamsPerWorld limit: delete one before creating another [error-teams-limit]',
      errorType: 'error-teams-limit',
    });
    expect(snapshot(fake)).toBe(before);
  });
});

describe('POST /api/v1/teams.create by release line', () => {
  it.each(['7', '7.0', '8.5'] as ProfileId[])(
    '%s: the framework’s 403, then check()’s Match errors',
    async (profile) => {
      const fake = makeFake({ profile });
      expect((await create(fake, 'gina', {})).body).toEqual(PERMISSION_403);
      const cases: [object, string][] = [
        [{}, "Match error: Missing key 'name'"],
        [{ name: 'x' }, "Match error: Missing key 'type'"],
        [{ type: 0 }, "Match error: Missing key 'name'"],
        [
          { name: 'x', type: '0' },
          'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation in field type',
        ],
        [
          { name: 'x', type: 2 },
          'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation in field type',
        ],
        [{ name: 5, type: 0 }, 'Match error: Expected string, got number in field name'],
        [{ name: 'x', type: 0, members: 'bob' }, 'Match error: Expected array, got string in field members'],
      ];
      for (const [body, error] of cases) {
        const res = await create(fake, 'alice', body);
        expect({ body, status: res.status, answer: res.body }).toEqual({
          body,
          status: 400,
          answer: { success: false, error },
        });
      }
      const sidepanel = await create(fake, 'alice', { name: 'x', type: 0, sidepanel: { items: ['rooms'] } });
      expect(sidepanel.body).toEqual({ success: false, error: 'error-invalid-sidepanel' });
      const fine = await create(fake, 'alice', { name: 'x', type: 0, sidepanel: { items: ['channels'] } });
      expect(fine.status).toBe(200);
      expect(fake.state().teams?.map((t) => t.name)).toEqual(['x']);
    },
  );

  it.each(['5', '6'] as ProfileId[])('%s: the handler’s bare 403', async (profile) => {
    const res = await create(makeFake({ profile }), 'gina', { name: 'x', type: 0 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'unauthorized' });
  });

  it('5: Meteor ids, members by id only; 6: ObjectIds, members by username too', async () => {
    const five = makeFake({ profile: '5' });
    const res5 = await create(five, 'alice', {
      name: 'crew',
      type: 0,
      members: ['bob', 'guestUserId000001'],
    });
    expect(res5.status).toBe(200);
    expect(res5.body.team._id).toMatch(METEOR_ID);
    expect(res5.body.team.roomId).toMatch(METEOR_ID);
    expect(five.state().channels.find((c) => c.name === 'crew')?.usernames).toEqual(['alice', 'gina']);
    const six = makeFake({ profile: '6' });
    const res6 = await create(six, 'alice', { name: 'crew', type: 0, members: ['bob'] });
    expect(res6.body.team._id).toMatch(HEX24);
    expect(six.state().channels.find((c) => c.name === 'crew')?.usernames).toEqual(['alice', 'bob']);
  });

  it('0.49 knew no teams: 404', async () => {
    const fake = makeFake({ profile: '0.49' });
    const before = snapshot(fake);
    const res = await create(fake, 'alice', { name: 'crew', type: 0 });
    expect(res.status).toBe(404);
    expect(snapshot(fake)).toBe(before);
  });
});
