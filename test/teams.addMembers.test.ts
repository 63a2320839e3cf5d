/**
 * `POST /api/v1/teams.addMembers`: the body (ajv, 5.x on), the team, `add-team-member` or
 * `edit-team-member` in the team's main room, then each new member in the team and in the main
 * room (`added-user-to-team` by the caller), in one commit; members already in are skipped.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { Ddp } from './support/ddp';
import { snapshot } from './support/rooms';

const ADD = '/api/v1/teams.addMembers';

function add(fake: FakeServer, who: keyof typeof AS, body: object): request.Test {
  return request(fake.app).post(ADD).set(AS[who]).send(body);
}

/** A fake with alice's public team `crew` (alice alone). */
async function withTeam(
  profile: ProfileId = '8.9',
): Promise<{ fake: FakeServer; teamId: string; roomId: string }> {
  const fake = makeFake({ profile });
  const res = await request(fake.app)
    .post('/api/v1/teams.create')
    .set(AS.alice)
    .send({ name: 'crew', type: 0 });
  expect(res.status).toBe(200);
  return { fake, teamId: res.body.team._id, roomId: res.body.team.roomId };
}

describe('POST /api/v1/teams.addMembers', () => {
  it('adds each member to the team and the main room, with an added-user-to-team message by the caller', async () => {
    const { fake, teamId, roomId } = await withTeam();
    const res = await add(fake, 'alice', {
      teamId,
      members: [{ userId: 'bobUserId00000001' }, { userId: 'botUserId00000001', roles: ['owner'] }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const state = fake.state();
    expect(state.teams?.[0]).toMatchObject({
      members: ['alice', 'bob', 'robot'],
      owners: ['alice', 'robot'],
    });
    const room = state.channels.find((c) => c._id === roomId);
    expect(room).toMatchObject({ usernames: ['alice', 'bob', 'robot'], usersCount: 3, msgs: 2 });
    const messages = (state.messages ?? []).filter((m) => m.rid === roomId);
    expect(messages.map((m) => [m.t, m.msg, m.u.username])).toEqual([
      ['added-user-to-team', 'bob', 'alice'],
      ['added-user-to-team', 'robot', 'alice'],
    ]);
    const bobs = await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId }).set(AS.bob);
    expect(bobs.body.subscription).toMatchObject({
      rid: roomId,
      open: true,
      alert: true,
      unread: 1,
      userMentions: 1,
      groupMentions: 0,
    });
    const members = await request(fake.app).get('/api/v1/teams.members').query({ teamId }).set(AS.bob);
    expect(
      members.body.members.map((m: { user: { username: string }; roles?: string[] }) => [
        m.user.username,
        m.roles,
      ]),
    ).toEqual([
      ['alice', ['owner']],
      ['bob', undefined],
      ['robot', ['owner']],
    ]);
    // again: already members, nothing changes
    const before = snapshot(fake);
    const again = await add(fake, 'alice', { teamName: 'crew', members: [{ userId: 'bobUserId00000001' }] });
    expect(again.body).toEqual({ success: true });
    expect(snapshot(fake)).toBe(before);
  });

  it('refuses: the body (ajv), an unknown team (before the permission), the permission (403); nothing changes', async () => {
    const { fake, teamId } = await withTeam();
    const before = snapshot(fake);
    const cases: [keyof typeof AS, object, number, object][] = [
      [
        'alice',
        { teamId },
        400,
        {
          success: false,
          error:
            "must have required property 'members'\n must have required property 'teamName'\n must match exactly one schema in oneOf [invalid-params]",
          errorType: 'invalid-params',
        },
      ],
      [
        'alice',
        { teamName: 'crew', members: [] },
        400,
        {
          success: false,
          error:
            "must have required property 'teamId'\n must NOT have fewer than 1 items\n must match exactly one schema in oneOf [invalid-params]",
          errorType: 'invalid-params',
        },
      ],
      [
        'bob',
        { teamId: 'nope', members: [{ userId: 'bobUserId00000001' }] },
        400,
        { success: false, error: 'team-does-not-exist' },
      ],
      [
        'bob',
        { teamId, members: [{ userId: 'bobUserId00000001' }] },
        403,
        { success: false, error: 'unauthorized' },
      ],
    ];
    for (const [who, body, status, answer] of cases) {
      const res = await add(fake, who, body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status, answer });
    }
    expect(snapshot(fake)).toBe(before);
    // an admin may (add-team-member)
    expect((await add(fake, 'admin', { teamId, members: [{ userId: 'bobUserId00000001' }] })).status).toBe(
      200,
    );
  });

  it('tells the new member of its subscription over the realtime API', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const created = await request(fake.app)
      .post('/api/v1/teams.create')
      .set(AS.alice)
      .send({ name: 'crew', type: 0 });
    const { _id: teamId, roomId } = created.body.team as { _id: string; roomId: string };
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      await ddp.call('login', { resume: 'bob-token' });
      await ddp.sub('stream-notify-user', 'bobUserId00000001/subscriptions-changed', false);
      await add(fake, 'alice', { teamId, members: [{ userId: 'bobUserId00000001' }] });
      const sub = await ddp.next(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName?: string }).eventName === 'bobUserId00000001/subscriptions-changed',
      );
      expect((sub.fields as { args: unknown[] }).args).toEqual([
        'inserted',
        expect.objectContaining({ rid: roomId, name: 'crew' }),
      ]);
    } finally {
      await ddp.close();
      await fake.stop();
    }
  });

  it('5.x serves it; 0.49 answers 404', async () => {
    const { fake, teamId } = await withTeam('5');
    expect((await add(fake, 'alice', { teamId, members: [{ userId: 'bobUserId00000001' }] })).status).toBe(
      200,
    );
    const old = makeFake({ profile: '0.49' });
    expect(
      (await add(old, 'alice', { teamId: 'x', members: [{ userId: 'bobUserId00000001' }] })).status,
    ).toBe(404);
  });
});
