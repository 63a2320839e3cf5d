/**
 * The teams read: `teams.info` (the access rule from 6.x), `teams.list` (the caller's teams),
 * `teams.listAll` (`view-all-teams`), `teams.members` (filters, the empty page of an outsider).
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, makeFake } from './support/fake';

function get(fake: FakeServer, who: keyof typeof AS, path: string, query: object = {}): request.Test {
  return request(fake.app).get(`/api/v1/${path}`).query(query).set(AS[who]);
}

/** A fake with a public team `open` (alice's, bob in it) and a private team `inner` (admin's, alone). */
async function withTeams(profile: ProfileId = '8.9'): Promise<{
  fake: FakeServer;
  open: Record<string, unknown>;
  inner: Record<string, unknown>;
}> {
  const fake = makeFake({ profile });
  const open = await request(fake.app)
    .post('/api/v1/teams.create')
    .set(AS.alice)
    .send({ name: 'open', type: 0, members: ['bobUserId00000001'] });
  const inner = await request(fake.app)
    .post('/api/v1/teams.create')
    .set(AS.admin)
    .send({ name: 'inner', type: 1 });
  expect([open.status, inner.status]).toEqual([200, 200]);
  return { fake, open: open.body.team, inner: inner.body.team };
}

describe('GET /api/v1/teams.info', () => {
  it('answers the stored team by id or by name (an empty teamId falls through to teamName)', async () => {
    const { fake, open } = await withTeams();
    const byId = await get(fake, 'bob', 'teams.info', { teamId: open._id });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ teamInfo: open, success: true });
    expect(byId.body).toMatchShape('teams.info');
    const byName = await get(fake, 'robot', 'teams.info', { teamName: 'open' });
    // a guest, without view-c-room, may not see the public main room
    expect((await get(fake, 'gina', 'teams.info', { teamName: 'open' })).status).toBe(403);
    expect(byName.body).toEqual({ teamInfo: open, success: true });
    const fellThrough = await get(makeFake({ profile: '7' }), 'alice', 'teams.info', {
      teamId: '',
      teamName: 'x',
    });
    expect(fellThrough.body).toEqual({ success: false, error: 'Team not found' });
  });

  it('refuses an outsider of a private team (403) unless view-all-teams; an unknown team is 400', async () => {
    const { fake, inner } = await withTeams();
    const outsider = await get(fake, 'alice', 'teams.info', { teamId: inner._id });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual({ success: false, error: 'unauthorized' });
    expect((await get(fake, 'admin', 'teams.info', { teamId: inner._id })).status).toBe(200);
    const unknown = await get(fake, 'alice', 'teams.info', { teamName: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, error: 'Team not found' });
  });

  it('8.9 validates the query with ajv; 7 with check()', async () => {
    const { fake } = await withTeams();
    const none = await get(fake, 'alice', 'teams.info');
    expect(none.body).toEqual({
      success: false,
      error:
        "must have required property 'teamId'\n must have required property 'teamName'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
    const both = await get(fake, 'alice', 'teams.info', { teamId: 'a', teamName: 'b' });
    expect(both.body.error).toBe('must match exactly one schema in oneOf [invalid-params]');
    const extra = await get(fake, 'alice', 'teams.info', { teamId: 'a', fields: '{}' });
    expect(extra.body.error).toBe('must NOT have additional properties [invalid-params]');
    const seven = await get(makeFake({ profile: '7' }), 'alice', 'teams.info');
    expect(seven.status).toBe(400);
    expect(seven.body).toEqual({
      success: false,
      error: 'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation',
    });
  });

  it('5.x shows any team to any user; 0.49 answers 404', async () => {
    const { fake, inner } = await withTeams('5');
    const res = await get(fake, 'alice', 'teams.info', { teamId: inner._id });
    expect(res.body).toEqual({ teamInfo: inner, success: true });
    expect((await get(makeFake({ profile: '0.49' }), 'alice', 'teams.info', { teamName: 'x' })).status).toBe(
      404,
    );
  });
});

describe('GET /api/v1/teams.list and teams.listAll', () => {
  it('teams.list: only the caller’s teams (an admin’s too), with rooms and numberOfUsers, a page', async () => {
    const { fake, open, inner } = await withTeams();
    const bobs = await get(fake, 'bob', 'teams.list');
    expect(bobs.status).toBe(200);
    expect(bobs.body).toEqual({
      teams: [{ ...open, rooms: 1, numberOfUsers: 2 }],
      total: 1,
      count: 1,
      offset: 0,
      success: true,
    });
    expect(bobs.body).toMatchShape('teams.list');
    const admins = await get(fake, 'admin', 'teams.list');
    expect(admins.body.teams).toEqual([{ ...inner, rooms: 1, numberOfUsers: 1 }]);
    const none = await get(fake, 'gina', 'teams.list');
    expect(none.body).toEqual({ teams: [], total: 0, count: 0, offset: 0, success: true });
  });

  it('teams.listAll: every team, a page; view-all-teams or 403 per release line', async () => {
    const { fake, open, inner } = await withTeams();
    const all = await get(fake, 'admin', 'teams.listAll', { offset: 1, count: 1 });
    expect(all.body).toEqual({
      teams: [{ ...inner, rooms: 1, numberOfUsers: 1 }],
      total: 2,
      count: 1,
      offset: 1,
      success: true,
    });
    expect((await get(fake, 'admin', 'teams.listAll')).body.teams.map((t: { _id: string }) => t._id)).toEqual(
      [open._id, inner._id],
    );
    const refused = await get(fake, 'alice', 'teams.listAll');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      error: 'User does not have the permissions required for this action [error-unauthorized]',
    });
    const six = await get(makeFake({ profile: '6' }), 'alice', 'teams.listAll');
    expect(six.status).toBe(403);
    expect(six.body).toEqual({ success: false, error: 'unauthorized' });
  });
});

describe('GET /api/v1/teams.members', () => {
  it('lists the members in the order they joined, the owner with its role; filters by username, name, status', async () => {
    const { fake, open } = await withTeams();
    const res = await get(fake, 'bob', 'teams.members', { teamId: open._id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      members: [
        {
          user: { _id: 'bobUserId00000001', username: 'bob', name: 'bob', status: 'offline' },
          createdBy: { _id: 'aliceUserId000001', username: 'alice' },
          createdAt: open.createdAt,
        },
        {
          user: { _id: 'aliceUserId000001', username: 'alice', name: 'alice', status: 'offline' },
          roles: ['owner'],
          createdBy: { _id: 'aliceUserId000001', username: 'alice' },
          createdAt: open.createdAt,
        },
      ],
      total: 2,
      count: 2,
      offset: 0,
      success: true,
    });
    expect(res.body).toMatchShape('teams.members');
    const byName = await get(fake, 'bob', 'teams.members', { teamName: 'open', username: 'LIC' });
    expect(byName.body.members.map((m: { user: { username: string } }) => m.user.username)).toEqual([
      'alice',
    ]);
    const online = await get(fake, 'bob', 'teams.members', { teamName: 'open', status: 'online' });
    expect(online.body).toMatchObject({ members: [], total: 0 });
    const paged = await get(fake, 'bob', 'teams.members', { teamName: 'open', offset: 1, count: 1 });
    expect(paged.body).toMatchObject({ total: 2, count: 1, offset: 1 });
  });

  it('an outsider gets an empty page; view-all-teams sees all; an unknown team is 400', async () => {
    const { fake, inner } = await withTeams();
    const outsider = await get(fake, 'alice', 'teams.members', { teamId: inner._id });
    expect(outsider.body).toEqual({ members: [], total: 0, count: 0, offset: 0, success: true });
    const admin = await get(fake, 'admin', 'teams.members', { teamName: 'open' });
    expect(admin.body).toMatchObject({ total: 2, count: 2 });
    const unknown = await get(fake, 'alice', 'teams.members', { teamId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, error: 'team-does-not-exist' });
  });

  it('7: check() wants status as a list', async () => {
    const { fake } = await withTeams('7');
    const plain = await get(fake, 'bob', 'teams.members', { teamName: 'open', status: 'online' });
    expect(plain.body).toEqual({
      success: false,
      error: 'Match error: Expected array, got string in field status',
    });
    const listed = await request(fake.app)
      .get('/api/v1/teams.members?teamName=open&status[]=offline')
      .set(AS.bob);
    expect(listed.body).toMatchObject({ total: 2, success: true });
  });
});
