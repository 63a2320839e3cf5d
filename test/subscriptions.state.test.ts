import request from 'supertest';

import type { FakeServer } from '../src/server';
import { createFakeServer } from '../src/server';
import { AS, WORLD, getAs, makeFake, postAs } from './support/fake';
import { scenarioProblems } from './support/problems';

/**
 * Subscription states in the control API: `state()` exports those that differ from the derived
 * ones as a scenario's `subscriptions`, a scenario loads them as its baseline, and `changes()`
 * reports them as a kind of their own.
 */

const POST = '/api/v1/chat.postMessage';
const READ = '/api/v1/subscriptions.read';
const USERS = Object.keys(AS) as (keyof typeof AS)[];

/** What every user is answered about their subscriptions and rooms: `subscriptions.get`, each `getOne`, `rooms.get`. */
async function answers(fake: FakeServer): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const who of USERS) {
    const subs = await getAs(fake.app, who, '/api/v1/subscriptions.get');
    out[`${who} subscriptions.get`] = subs.body;
    for (const { rid } of subs.body.update as { rid: string }[])
      out[`${who} getOne ${rid}`] = (
        await getAs(fake.app, who, `/api/v1/subscriptions.getOne?roomId=${rid}`)
      ).body;
    out[`${who} rooms.get`] = (await getAs(fake.app, who, '/api/v1/rooms.get')).body;
  }
  return out;
}

/** alice mentions bob in general, bob reads it, alice writes to bob directly, bob mentions @all. */
async function converse(fake: FakeServer): Promise<void> {
  await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'hello @bob' }).expect(200);
  await postAs(fake.app, 'bob', READ, { rid: 'GENERAL' }).expect(200);
  await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'and @bob again' }).expect(200);
  await postAs(fake.app, 'alice', POST, { channel: '@bob', text: 'psst' }).expect(200);
  await postAs(fake.app, 'admin', POST, { roomId: 'GENERAL', text: 'hi @all' }).expect(200);
}

const DIRECT = 'aliceUserId000001bobUserId00000001';

describe('state(): subscription states', () => {
  it('an untouched world has no "subscriptions"', () => {
    expect(Object.keys(makeFake().state())).not.toContain('subscriptions');
  });

  it('exports the states that differ from the derived ones, by room _id then username', async () => {
    const fake = makeFake();
    await converse(fake);
    expect(fake.state().subscriptions).toEqual([
      {
        rid: 'GENERAL',
        username: 'admin',
        ls: '2026-01-01T00:00:06.000Z',
        _updatedAt: '2026-01-01T00:00:06.000Z',
      },
      {
        rid: 'GENERAL',
        username: 'alice',
        alert: true,
        unread: 1,
        groupMentions: 1,
        ls: '2026-01-01T00:00:03.000Z',
        _updatedAt: '2026-01-01T00:00:06.000Z',
      },
      {
        rid: 'GENERAL',
        username: 'bob',
        alert: true,
        unread: 2,
        userMentions: 1,
        groupMentions: 1,
        ls: '2026-01-01T00:00:02.000Z',
        _updatedAt: '2026-01-01T00:00:06.000Z',
      },
      {
        rid: DIRECT,
        username: 'alice',
        ls: '2026-01-01T00:00:05.000Z',
        _updatedAt: '2026-01-01T00:00:05.000Z',
      },
      { rid: DIRECT, username: 'bob', alert: true, unread: 1, _updatedAt: '2026-01-01T00:00:05.000Z' },
    ]);
  });

  it('loads back (GET /__admin/state → PUT /__admin/scenario) with the same answers for every user', async () => {
    const fake = makeFake();
    await converse(fake);
    const before = await answers(fake);
    const state = (await request(fake.app).get('/__admin/state').expect(200)).body;
    const other = createFakeServer({ scenario: { users: [{ username: 'x', password: 'x' }] } });
    await request(other.app).put('/__admin/scenario').send(state).expect(200);
    expect(await answers(other)).toEqual(before);
    expect(other.state()).toEqual(fake.state());
    expect(
      JSON.stringify((before['bob getOne GENERAL'] as { subscription: unknown }).subscription),
    ).toContain('"alert":true,"unread":2,"userMentions":1,"groupMentions":1');
  });
});

describe('scenario "subscriptions"', () => {
  const GIVEN = {
    ...WORLD,
    subscriptions: [
      { rid: 'general', username: 'bob', alert: true, unread: 3, userMentions: 2 },
      { rid: 'club', username: 'bob', ls: null },
    ],
  };

  it('sets the states it gives (rid by name or _id); a reset returns to them', async () => {
    const fake = createFakeServer({ scenario: GIVEN });
    const view = async (): Promise<unknown> =>
      (await getAs(fake.app, 'bob', '/api/v1/subscriptions.get')).body.update.map(
        (s: Record<string, unknown>) => [s.rid, s.alert, s.unread, s.userMentions, s.ls ?? null],
      );
    const loaded = [
      ['GENERAL', true, 3, 2, null],
      ['clubRoomId0000001', false, 0, 0, null],
    ];
    expect(await view()).toEqual(loaded);
    expect(fake.state().subscriptions).toEqual([
      { rid: 'GENERAL', username: 'bob', alert: true, unread: 3, userMentions: 2 },
      { rid: 'clubRoomId0000001', username: 'bob', ls: null },
    ]);
    await postAs(fake.app, 'bob', READ, { rid: 'GENERAL' }).expect(200);
    expect(await view()).toEqual([
      ['GENERAL', false, 0, 0, '2026-01-01T00:00:01.000Z'],
      ['clubRoomId0000001', false, 0, 0, null],
    ]);
    await request(fake.app).post('/__admin/reset').expect(200);
    expect(await view()).toEqual(loaded);
    expect(fake.changes().subscriptions).toEqual({ added: [], changed: [], removed: [] });
  });

  it('refuses unknown rooms and users, non-members, wrong types, repeats and unknown keys, by JSON path', () => {
    expect(
      scenarioProblems({
        ...WORLD,
        subscriptions: [
          { rid: 'nowhere', username: 'bob' },
          { rid: 'general', username: 'zed' },
          { rid: 'secret', username: 'bob' },
          { rid: 'general', username: 'bob', unread: -1, alert: 'yes', ls: 'today' },
          { rid: 'general', username: 'alice', unread: 1 },
          { rid: 'GENERAL', username: 'alice', open: false },
          { room: 'general', username: 'bob' },
        ],
        subscription: [],
      }),
    ).toEqual([
      '$.subscriptions[3].alert: Invalid input: expected boolean, received string',
      '$.subscriptions[3].unread: Too small: expected number to be >=0',
      '$.subscriptions[3].ls: Invalid ISO datetime',
      '$.subscriptions[6].rid: Invalid input: expected string, received undefined',
      '$.subscriptions[6].room: unknown key "room"; did you mean "rid"?',
      '$.subscription: unknown key "subscription"; did you mean "subscriptions"?',
      '$.subscriptions[0].rid: no room "nowhere" in channels (by _id or name) or directs (by _id)',
      '$.subscriptions[1].username: no user "zed" in users',
      '$.subscriptions[2].username: "bob" is not a member of private group "secret": only its members have a subscription',
      '$.subscriptions[5]: a second subscription of "alice" to channel "general" (the first is subscriptions[4]): one per room and member',
    ]);
  });
});

describe('scenario "subscriptions" beside problems of shape', () => {
  it('a room or user with a bad field still counts: no false problem cascades into subscriptions', () => {
    expect(
      scenarioProblems({
        users: [
          { username: 'alice', password: 'a' },
          { username: 'bob', password: 'b', roles: ['boss'] },
        ],
        channels: [{ _id: 'C', name: 'gen', usernames: ['alice', 'bob'], ro: 1 }],
        subscriptions: [
          { rid: 'gen', username: 'bob', unread: 1 },
          { rid: 'C', username: 'alice', unread: 1 },
          { rid: 'gen', username: 'carol' },
        ],
      }),
    ).toEqual([
      '$.channels[0].ro: Invalid input: expected boolean, received number',
      '$.users[1].roles[0]: unknown role "boss": a global role (admin, user, bot, app, guest, anonymous, livechat-agent, livechat-manager)',
      '$.subscriptions[2].username: no user "carol" in users',
    ]);
  });
});

describe('changes(): subscriptions, a kind of their own', () => {
  it('subscriptions.read shows in GET /__admin/state?diff=baseline', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'hello @bob' }).expect(200);
    const diff = async (): Promise<Record<string, unknown>> =>
      (await request(fake.app).get('/__admin/state?diff=baseline').expect(200)).body;
    const before = await diff();
    await postAs(fake.app, 'bob', READ, { rid: 'GENERAL' }).expect(200);
    const after = await diff();
    expect(after).not.toEqual(before);
    const { subscriptions, ...rest } = after;
    expect(rest).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'subscriptions')));
    const bob = {
      _id: '6955b9003a4cfc90a1d6c05d',
      open: true,
      alert: false,
      unread: 0,
      userMentions: 0,
      groupMentions: 0,
      ts: '2026-01-01T00:00:00.000Z',
      rid: 'GENERAL',
      name: 'general',
      t: 'c',
      u: { _id: 'bobUserId00000001', username: 'bob', name: 'bob' },
      _updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(
      (before.subscriptions as { changed: { _id: string; fields: string[] }[] }).changed.map((c) => [
        c._id,
        c.fields,
      ]),
    ).toEqual([
      ['6955b9003a4cfc90a118db4d', ['alert', '_updatedAt']],
      ['6955b9003a4cfc90a149c3ce', ['_updatedAt', 'ls']],
      ['6955b9003a4cfc90a1d6c05d', ['alert', 'unread', 'userMentions', '_updatedAt']],
    ]);
    expect(subscriptions).toEqual({
      added: [],
      changed: [
        ...(before.subscriptions as { changed: unknown[] }).changed.slice(0, 2),
        {
          _id: bob._id,
          fields: ['_updatedAt', 'ls'],
          before: bob,
          after: { ...bob, ls: '2026-01-01T00:00:02.000Z', _updatedAt: '2026-01-01T00:00:02.000Z' },
        },
      ],
      removed: [],
    });
  });

  it("a join (a post to a public channel) adds one, a new direct room two; the room's owner is alerted", async () => {
    const fake = makeFake();
    await postAs(fake.app, 'bob', POST, { channel: '#random', text: 'hi' }).expect(200);
    await postAs(fake.app, 'alice', '/api/v1/im.create', { username: 'bob' }).expect(200);
    const { added, changed, removed } = fake.changes().subscriptions;
    expect(added.map((s) => [s.rid, s.u.username, s.open, s.alert, s.unread])).toEqual([
      [DIRECT, 'alice', true, false, 0],
      [DIRECT, 'bob', false, false, 0],
      ['randomRoomId00001', 'bob', true, false, 0],
    ]);
    expect(changed.map((c) => [c.after.rid, c.after.u.username, c.fields])).toEqual([
      ['randomRoomId00001', 'alice', ['alert', '_updatedAt']],
    ]);
    expect(removed).toEqual([]);
  });
});
