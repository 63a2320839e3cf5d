import request from 'supertest';

import type { FakeServer } from '../src/server';
import { makeFake, postAs } from './support/fake';

/** An entity as the inspector's routes show it: passwords and tokens hidden, as the journal hides them. */
function hidden<T>(entity: T): T {
  return JSON.parse(
    JSON.stringify(entity, (key, value: unknown) =>
      /token|password|^resume$/i.test(key) && typeof value === 'string' ? '[redacted]' : value,
    ),
  ) as T;
}

/**
 * The inspector's tables, a page at a time: `GET /__admin/inspect/users` (by username),
 * `GET /__admin/inspect/world/:kind` (users, channels, integrations as `state()` shows them, and
 * which changed), `GET /__admin/inspect/changes` (what changed since the baseline, one row per
 * entity, `field: before → after`).
 */

let fake: FakeServer;
beforeEach(() => {
  fake = makeFake();
});

const USERS = [
  { _id: 'adminUserId000001', username: 'admin', name: 'admin', roles: ['admin'], active: true },
  { _id: 'aliceUserId000001', username: 'alice', name: 'alice', roles: ['user'], active: true },
  { _id: 'bobUserId00000001', username: 'bob', name: 'bob', roles: ['user'], active: true },
  { _id: 'guestUserId000001', username: 'gina', name: 'gina', roles: ['guest'], active: true },
  { _id: 'offUserId00000001', username: 'gone', name: 'gone', roles: ['user'], active: false },
  { _id: 'botUserId00000001', username: 'robot', name: 'robot', roles: ['bot'], active: true },
];

describe('GET /__admin/inspect/users', () => {
  it('pages the users by username; q finds a part of the username or name', async () => {
    expect((await request(fake.app).get('/__admin/inspect/users').expect(200)).body).toEqual({
      users: USERS,
      total: 6,
    });
    const carol = await request(fake.app)
      .post('/__admin/users')
      .send({ username: 'carol', name: 'Carol Robotham', password: 'c' })
      .expect(201);
    const page = await request(fake.app).get('/__admin/inspect/users?offset=2&count=2').expect(200);
    expect(page.body).toEqual({
      users: [
        USERS[2],
        { _id: carol.body._id, username: 'carol', name: 'Carol Robotham', roles: ['user'], active: true },
      ],
      total: 7,
    });
    const found = await request(fake.app).get('/__admin/inspect/users?q=ROBOT').expect(200);
    expect(found.body.users.map((u: { username: string }) => u.username)).toEqual(['carol', 'robot']);
    expect(found.body.total).toBe(2);
  });

  it('a renamed user moves to its new place', async () => {
    await postAs(fake.app, 'admin', '/api/v1/users.update', {
      userId: 'aliceUserId000001',
      data: { username: 'zoe' },
    }).expect(200);
    const res = await request(fake.app).get('/__admin/inspect/users').expect(200);
    expect(res.body.users.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'bob',
      'gina',
      'gone',
      'robot',
      'zoe',
    ]);
  });

  it('refuses a bad query with the control API envelope', async () => {
    const res = await request(fake.app).get('/__admin/inspect/users?count=x').expect(400);
    expect(res.body).toEqual({
      error: '"count" must be a whole number from 1 to 500',
      problems: [{ path: '$.count', message: '"count" must be a whole number from 1 to 500' }],
    });
    expect((await request(fake.app).get('/__admin/inspect/users?offset=-1')).status).toBe(400);
    expect((await request(fake.app).get('/__admin/inspect/users?user=bob')).body.error).toBe(
      'unknown query "user"; use q, offset, count',
    );
  });
});

describe('GET /__admin/inspect/world/:kind', () => {
  it('pages an entity kind as state() shows it, by name, and says which rows changed', async () => {
    await postAs(fake.app, 'admin', '/api/v1/channels.setTopic', {
      roomId: 'randomRoomId00001',
      topic: 'fun',
    }).expect(200);
    const added = await request(fake.app)
      .post('/__admin/channels')
      .send({ name: 'zebra', u: { username: 'admin' } })
      .expect(201);
    const state = fake.state();
    const rooms = await request(fake.app).get('/__admin/inspect/world/channels?offset=4&count=3').expect(200);
    const byId = (id: string): unknown => state.channels.find((c) => c._id === id);
    expect(rooms.body).toEqual({
      rows: [byId('randomRoomId00001'), byId('privateRoomId0001'), byId(added.body._id)],
      total: 7,
      changed: { randomRoomId00001: 'changed', [added.body._id]: 'added' },
    });
    const users = await request(fake.app).get('/__admin/inspect/world/users?q=bo').expect(200);
    expect(users.body).toEqual({
      rows: [hidden(state.users[2]), hidden(state.users[3])],
      total: 2,
      changed: {},
    });
    const hooks = await request(fake.app).get('/__admin/inspect/world/integrations?count=2').expect(200);
    const named = [...state.integrations].sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(hooks.body).toEqual({
      rows: named.slice(0, 2).map(hidden),
      total: state.integrations.length,
      changed: {},
    });
    // no password or token leaves through the inspector's routes (state() keeps them, to load back)
    expect(JSON.stringify(users.body)).not.toMatch(/"password":"(?!\[redacted\])/);
    expect(JSON.stringify(hooks.body)).not.toMatch(/"token":"(?!\[redacted\])/);
    const bad = await request(fake.app).get('/__admin/inspect/world/messages').expect(400);
    expect(bad.body.error).toBe('The kind is one of users, channels, integrations, not "messages"');
  });
});

describe('GET /__admin/inspect/changes', () => {
  it('one row per entity changed, field: before → after, the newest first', async () => {
    expect((await request(fake.app).get('/__admin/inspect/changes').expect(200)).body).toEqual({
      changes: [],
      total: 0,
    });
    await postAs(fake.app, 'admin', '/api/v1/channels.setTopic', {
      roomId: 'randomRoomId00001',
      topic: 'fun',
    }).expect(200);
    await postAs(fake.app, 'admin', '/api/v1/users.update', {
      userId: 'bobUserId00000001',
      data: { name: 'Robert' },
    }).expect(200);
    const topic = fake.state().messages?.at(-1)?._id as string;
    const res = await request(fake.app).get('/__admin/inspect/changes').expect(200);
    expect(res.body).toEqual({
      changes: [
        {
          kind: 'users',
          _id: 'bobUserId00000001',
          label: 'bob',
          op: 'changed',
          fields: [{ field: 'name', before: 'bob', after: 'Robert' }],
        },
        {
          kind: 'channels',
          _id: 'randomRoomId00001',
          label: 'random',
          op: 'changed',
          fields: [
            { field: 'msgs', before: 5, after: 6 },
            { field: 'topic', after: 'fun' },
          ],
        },
        {
          kind: 'messages',
          _id: topic,
          label: 'admin: fun',
          op: 'added',
          fields: [
            { field: 'rid', after: 'randomRoomId00001' },
            { field: 'u', after: { _id: 'adminUserId000001', username: 'admin', name: 'admin' } },
            { field: 'msg', after: 'fun' },
            { field: 't', after: 'room_changed_topic' },
            { field: 'ts', after: '2026-01-01T00:00:01.000Z' },
          ],
        },
      ],
      total: 3,
    });
    const second = await request(fake.app).get('/__admin/inspect/changes?offset=1&count=1').expect(200);
    expect(second.body).toEqual({ changes: [res.body.changes[1]], total: 3 });
  });

  it('a push token registered since the baseline is a row named by its owner and app', async () => {
    await postAs(fake.app, 'admin', '/api/v1/push.token', {
      type: 'gcm',
      value: 'device-token-1',
      appName: 'chat.rocket.android',
    }).expect(200);
    const res = await request(fake.app).get('/__admin/inspect/changes').expect(200);
    const tokens = (res.body.changes as { kind: string }[]).filter((row) => row.kind === 'pushTokens');
    expect(tokens).toEqual([
      expect.objectContaining({
        label: 'admin / chat.rocket.android',
        op: 'added',
        fields: expect.arrayContaining([
          { field: 'username', after: 'admin' },
          { field: 'appName', after: 'chat.rocket.android' },
          // a device's push token is a secret too: said, not shown
          { field: 'token', after: '[redacted]' },
        ]),
      }),
    ]);
  });

  it('a password changed is said to have changed, never shown', async () => {
    await postAs(fake.app, 'admin', '/api/v1/users.update', {
      userId: 'bobUserId00000001',
      data: { password: 'a-new-secret-1' },
    }).expect(200);
    const res = await request(fake.app).get('/__admin/inspect/changes').expect(200);
    const bob = (res.body.changes as { _id: string; fields: unknown[] }[]).find(
      (row) => row._id === 'bobUserId00000001',
    );
    expect(bob?.fields).toContainEqual({ field: 'password', before: '[redacted]', after: '[redacted]' });
    expect(JSON.stringify(res.body)).not.toContain('a-new-secret-1');
  });

  it('a system message without text is named by its type', async () => {
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
      roomId: 'randomRoomId00001',
      readOnly: true,
    }).expect(200);
    const res = await request(fake.app).get('/__admin/inspect/changes').expect(200);
    const added = (res.body.changes as { kind: string; label: string; op: string }[]).filter(
      (row) => row.kind === 'messages',
    );
    expect(added).toEqual([expect.objectContaining({ label: 'admin: (room-set-read-only)', op: 'added' })]);
  });
});
