import request from 'supertest';

import { createFakeServer } from '../src/server';
import { AS, WORLD, getAs, makeFake, postAs } from './support/fake';

describe('control API /__admin', () => {
  it('GET /__admin/health', async () => {
    const res = await request(makeFake().app).get('/__admin/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', profile: '8.9' });
  });

  it('POST /__admin/reset: data, clock and login tokens back to the baseline; scenario tokens stay', async () => {
    const fake = makeFake();
    const baseline = fake.state();
    await postAs(fake.app, 'admin', '/api/v1/channels.setType', { roomName: 'random', type: 'p' }).expect(
      200,
    );
    const login = await request(fake.app).post('/api/v1/login').send({ username: 'bob', password: 'bob-pw' });
    const loginHeaders = { 'X-Auth-Token': login.body.data.authToken, 'X-User-Id': login.body.data.userId };
    expect(fake.state()).not.toEqual(baseline);

    const res = await request(fake.app).post('/__admin/reset');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(fake.state()).toEqual(baseline);
    expect((await request(fake.app).get('/api/v1/me').set(loginHeaders)).status).toBe(401);
    expect((await request(fake.app).get('/api/v1/me').set(AS.bob)).status).toBe(200);
  });

  it('GET /__admin/state is the current state, and loads back unchanged', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
      roomName: 'random',
      readOnly: true,
    }).expect(200);
    const state = await request(fake.app).get('/__admin/state');
    expect(state.status).toBe(200);
    expect(state.body).toEqual(fake.state());
    const other = makeFake();
    await request(other.app).put('/__admin/scenario').send(state.body).expect(200);
    expect(other.state()).toEqual(fake.state());
  });

  describe('PUT /__admin/scenario', () => {
    it('validates whole: every problem, by JSON path, and no change', async () => {
      const fake = makeFake();
      const before = fake.state();
      const res = await request(fake.app)
        .put('/__admin/scenario')
        .send({ users: [{ username: 'a' }], channels: [{ name: 'x', u: { username: 'zed' } }] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        '[rocketchat-fake] invalid scenario PUT /__admin/scenario (2 problems): $.users[0].password: Invalid input: expected string, received undefined (and 1 more in "problems")',
      );
      // shape and reference problems in one report
      expect(res.body.problems).toEqual([
        { path: '$.users[0].password', message: 'Invalid input: expected string, received undefined' },
        { path: '$.channels[0].u', message: 'no user "zed" in users' },
      ]);
      expect(fake.state()).toEqual(before);
      const refs = await request(fake.app)
        .put('/__admin/scenario')
        .send({ channels: [{ name: 'x', u: { username: 'zed' } }] });
      expect(refs.body.problems).toEqual([{ path: '$.channels[0].u', message: 'no user "zed" in users' }]);
    });

    it('a valid scenario becomes the baseline and the current state', async () => {
      const fake = makeFake();
      const res = await request(fake.app)
        .put('/__admin/scenario')
        .send({
          users: [{ username: 'solo', password: 'pw' }],
          channels: [{ name: 'one' }],
          generate: { channels: 2 },
        });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', users: 1, channels: 3, integrations: 0 });
      await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', { roomName: 'one', readOnly: true });
      await request(fake.app).post('/__admin/reset').expect(200);
      expect(fake.state().users.map((u) => u.username)).toEqual(['solo']);
    });

    it.each([
      ['a JSON array', '[]'],
      ['malformed JSON', '{"users": ['],
    ])('refuses %s with 400 {error, problems}', async (_name, body) => {
      const fake = makeFake();
      const res = await request(fake.app)
        .put('/__admin/scenario')
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), problems: [] });
    });
  });

  describe('POST /__admin/users | channels | integrations', () => {
    it('adds a user with defaults filled; it can log in; the clock moves one second', async () => {
      const fake = makeFake();
      const res = await request(fake.app)
        .post('/__admin/users')
        .send({ username: 'carol', password: 'c-pw' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(/^[23456789A-HJ-NP-Za-km-z]{17}$/),
        username: 'carol',
        password: 'c-pw',
        name: 'carol',
        emails: [{ address: 'carol@example.com', verified: true }],
        roles: ['user'],
        active: true,
      });
      expect(fake.state().clock).toBe('2026-01-01T00:00:01.000Z');
      const login = await request(fake.app)
        .post('/api/v1/login')
        .send({ username: 'carol', password: 'c-pw' });
      expect(login.status).toBe(200);
      expect(login.body.data.userId).toBe(res.body._id);
    });

    it('adds a channel stamped with the change time, ro false, and lists it', async () => {
      const fake = makeFake();
      const res = await request(fake.app)
        .post('/__admin/channels')
        .send({ name: 'launch', u: { username: 'alice' } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'launch',
        t: 'c',
        ro: false,
        u: { _id: 'aliceUserId000001', username: 'alice' },
        usernames: ['alice'],
        ts: '2026-01-01T00:00:01.000Z',
        _updatedAt: '2026-01-01T00:00:01.000Z',
      });
      const list = await getAs(
        fake.app,
        'bob',
        `/api/v1/channels.list?query=${encodeURIComponent('{"name":"launch"}')}`,
      );
      expect(list.body.channels).toHaveLength(1);
      const edit = await postAs(fake.app, 'alice', '/api/v1/channels.setReadOnly', {
        roomName: 'launch',
        readOnly: true,
      });
      expect(edit.body.channel._updatedAt).toBe('2026-01-01T00:00:02.000Z');
    });

    it('adds an integration that getIntegrations then returns', async () => {
      const fake = makeFake();
      const res = await request(fake.app)
        .post('/__admin/integrations')
        .send({ name: 'new-hook', channel: ['#news'] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'new-hook',
        type: 'webhook-outgoing',
        _createdAt: '2026-01-01T00:00:01.000Z',
        _createdBy: { _id: 'adminUserId000001', username: 'admin' },
      });
      const got = await getAs(fake.app, 'admin', '/api/v1/channels.getIntegrations?roomName=news');
      expect(got.body.integrations.map((i: { name: string }) => i.name)).toContain('new-hook');
    });

    it('POST /__admin/integrations adds an incoming webhook too, the kind by "type"', async () => {
      const fake = makeFake();
      const res = await request(fake.app)
        .post('/__admin/integrations')
        .send({
          type: 'webhook-incoming',
          name: 'ci',
          channel: ['#news'],
          _createdBy: { username: 'alice' },
        });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(/^[23456789A-HJ-NP-Za-km-z]{17}$/),
        type: 'webhook-incoming',
        enabled: true,
        name: 'ci',
        username: 'alice',
        userId: 'alice',
        alias: '',
        avatarUrl: '',
        emoji: '',
        channel: ['#news'],
        token: expect.stringMatching(/^[23456789A-HJ-NP-Za-km-z]{48}$/),
        script: '',
        scriptEnabled: false,
        overrideDestinationChannelEnabled: false,
        _createdAt: '2026-01-01T00:00:01.000Z',
        _createdBy: { _id: 'aliceUserId000001', username: 'alice' },
        _updatedAt: '2026-01-01T00:00:01.000Z',
      });
      expect(fake.state().integrations.at(-1)).toEqual(res.body);
      const got = await getAs(fake.app, 'admin', '/api/v1/channels.getIntegrations?roomName=news');
      expect(got.body.integrations.at(-1)).toEqual(res.body);
    });

    it('made-up ids are deterministic: the same adds on two fakes give the same ids', async () => {
      const ids = async (): Promise<string[]> => {
        const fake = makeFake();
        const a = await request(fake.app).post('/__admin/channels').send({ name: 'one' });
        const b = await request(fake.app).post('/__admin/users').send({ username: 'two', password: 'x' });
        return [a.body._id, b.body._id];
      };
      expect(await ids()).toEqual(await ids());
    });

    it.each([
      [
        '/__admin/users',
        { username: 'alice', password: 'x' },
        [{ path: '$.username', message: 'duplicate username "alice"' }],
      ],
      [
        '/__admin/users',
        { username: 'x' },
        [{ path: '$.password', message: 'Invalid input: expected string, received undefined' }],
      ],
      [
        '/__admin/users',
        { username: 'x', password: 'x', roles: ['root'] },
        [
          {
            path: '$.roles[0]',
            message:
              'unknown role "root": a global role (admin, user, bot, app, guest, anonymous, livechat-agent, livechat-manager)',
          },
        ],
      ],
      [
        '/__admin/channels',
        { name: 'general' },
        [{ path: '$.name', message: 'duplicate channel name "general"' }],
      ],
      [
        '/__admin/channels',
        { name: 'x', _id: 'GENERAL' },
        [{ path: '$._id', message: 'duplicate channel _id "GENERAL"' }],
      ],
      [
        '/__admin/channels',
        { name: 'x', u: { username: 'zed' } },
        [{ path: '$.u', message: 'no user "zed" in users' }],
      ],
      [
        '/__admin/channels',
        { name: 'x', usernames: ['zed'] },
        [{ path: '$.usernames[0]', message: 'no user "zed" in users' }],
      ],
      [
        '/__admin/integrations',
        { channel: ['#nope'] },
        [
          {
            path: '$.channel[0]',
            message:
              '"#nope" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
          },
        ],
      ],
      [
        '/__admin/integrations',
        { type: 'webhook-incoming', channel: ['all_public_channels'], event: 'sendMessage' },
        [
          { path: '$.channel[0]', message: 'starts with "#" (a room) or "@" (a user)' },
          {
            path: '$.event',
            message: '"event" is a field of outgoing webhooks; an incoming one has none',
          },
        ],
      ],
      [
        '/__admin/integrations',
        { _createdBy: { _id: 'nope' } },
        [{ path: '$._createdBy', message: 'no user with _id "nope" in users' }],
      ],
      [
        '/__admin/integrations',
        { type: 'webhook-incoming', channel: ['#general'], username: 'ghost' },
        [{ path: '$.username', message: 'no user "ghost" in users' }],
      ],
      [
        '/__admin/channels',
        JSON.parse('{"name":"x","__proto__":{"admin":true}}'),
        [{ path: '$.__proto__', message: 'the key "__proto__" is not allowed' }],
      ],
    ])('POST %s %j is 400 naming each problem, and changes nothing', async (path, body, problems) => {
      const fake = makeFake();
      const before = fake.state();
      const res = await request(fake.app).post(path).send(body);
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual(problems);
      // named by what was sent: `invalid user POST /__admin/users (1 problem):`
      const what = { '/__admin/users': 'user', '/__admin/channels': 'channel' }[path] ?? 'integration';
      expect(res.body.error).toMatch(
        new RegExp(`^\\[rocketchat-fake\\] invalid ${what} POST \\/__admin\\/\\w+ `),
      );
      expect(fake.state()).toEqual(before);
    });
  });

  describe('clock', () => {
    it('PUT /__admin/clock sets or advances; the next change is stamped one second later', async () => {
      const fake = makeFake();
      const set = await request(fake.app).put('/__admin/clock').send({ now: '2030-05-05T10:00:00Z' });
      expect(set.body).toEqual({ now: '2030-05-05T10:00:00.000Z' });
      const advanced = await request(fake.app).put('/__admin/clock').send({ advanceMs: 60_000 });
      expect(advanced.body).toEqual({ now: '2030-05-05T10:01:00.000Z' });
      expect((await request(fake.app).get('/__admin/clock')).body).toEqual({
        now: '2030-05-05T10:01:00.000Z',
        warnings: [],
      });
      const res = await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
        roomName: 'random',
        readOnly: true,
      });
      expect(res.body.channel._updatedAt).toBe('2030-05-05T10:01:01.000Z');
      await request(fake.app).post('/__admin/reset');
      expect(fake.clock.now()).toBe('2026-01-01T00:00:00.000Z');
    });

    it.each([
      [{}],
      [{ now: 'tomorrow' }],
      [{ now: 5 }],
      [{ advanceMs: 1.5 }],
      [{ advanceMs: '1000' }],
      [{ now: '2030-01-01T00:00:00Z', advanceMs: 1 }],
      [{ advanceMs: 9e15 }],
      // dates a scenario's clock would refuse: the state must load back
      [{ advanceMs: -1_000_000_000_000_000 }],
      [{ advanceMs: 8_000_000_000_000_000 }],
      [{ now: '2027-02-30T00:00:00.000Z' }],
      [{ now: '2027-02-29T00:00:00Z' }],
    ])('refuses %j with 400 and leaves the clock', async (body) => {
      const fake = makeFake();
      const res = await request(fake.app).put('/__admin/clock').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(fake.clock.now()).toBe('2026-01-01T00:00:00.000Z');
    });
  });

  it('the clock in code refuses what the route refuses, saying what it takes', () => {
    const fake = makeFake();
    const refusal = (act: () => void): string => {
      try {
        act();
        return 'taken';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const iso = (v: unknown): string =>
      `control-invalid: The fake clock is set to an ISO 8601 time such as 2026-01-01T00:00:00.000Z, not ${JSON.stringify(v)}`;
    for (const value of ['2027-02-30T00:00:00.000Z', '2027-01-01', 'nope', 5, null])
      expect(refusal(() => fake.clock.set(value as string))).toBe(iso(value));
    for (const value of [1.5, '10', Number.NaN])
      expect(refusal(() => fake.clock.advance(value as number))).toBe(
        `control-invalid: The fake clock advances by whole milliseconds, not ${typeof value === 'number' ? String(value) : JSON.stringify(value)}`,
      );
    expect(refusal(() => fake.clock.advance(-1e15))).toBe(
      'control-invalid: The fake clock stays between 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
    );
    expect(fake.clock.now()).toBe('2026-01-01T00:00:00.000Z');
    fake.clock.set('2028-02-29T10:00:00+02:00');
    expect(fake.clock.now()).toBe('2028-02-29T08:00:00.000Z');
  });

  it('a control body that is JSON but no object says so; broken JSON says where; nothing changes', async () => {
    const fake = makeFake();
    for (const body of ['null', '"fault"', '5', '[1]']) {
      const res = await request(fake.app)
        .post('/__admin/faults')
        .set('Content-Type', 'application/json')
        .send(body);
      expect([res.status, res.body]).toEqual([
        400,
        { error: 'The body must be a JSON object', problems: [] },
      ]);
    }
    const broken = await request(fake.app)
      .post('/__admin/faults')
      .set('Content-Type', 'application/json')
      .send('{bad');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/^Invalid JSON body: /);
    expect(fake.faults()).toEqual([]);
  });

  it('an unknown control route is 404, a wrong method 405, both as {error, problems}', async () => {
    const fake = makeFake();
    const missing = await request(fake.app).get('/__admin/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'No control route GET /__admin/nope', problems: [] });
    const wrong = await request(fake.app).get('/__admin/reset');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.body).toEqual({ error: 'Method GET is not allowed here; use POST', problems: [] });
  });

  describe('--admin-token / adminToken', () => {
    const fake = makeFake({ adminToken: 's3cret' });
    it('every route but GET health needs the bearer token', async () => {
      expect((await request(fake.app).get('/__admin/health')).status).toBe(200);
      for (const [method, path] of [
        ['get', '/__admin/state'],
        ['post', '/__admin/reset'],
        ['put', '/__admin/clock'],
        ['get', '/__admin/nope'],
      ] as const) {
        const none = await request(fake.app)[method](path);
        expect(none.status).toBe(401);
        expect(none.body).toEqual({
          error: 'The control API needs "Authorization: Bearer <admin token>"',
          problems: [],
        });
        expect((await request(fake.app)[method](path).set('Authorization', 'Bearer wrong')).status).toBe(401);
      }
      const ok = await request(fake.app).get('/__admin/state').set('Authorization', 'Bearer s3cret');
      expect(ok.status).toBe(200);
      // the scheme's name in any case, as HTTP says
      const lower = await request(fake.app).get('/__admin/state').set('Authorization', 'bearer s3cret');
      expect(lower.status).toBe(200);
      // the inspector's page needs no token (its calls do), with or without a final slash
      for (const path of ['/__admin/ui', '/__admin/ui/']) {
        const page = await request(fake.app).get(path);
        expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      }
    });
  });

  it('POST /__admin/shutdown stops a started server', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    const url = await fake.start();
    const res = await fetch(`${url}/__admin/shutdown`, { method: 'POST' });
    expect(await res.json()).toEqual({ status: 'stopping' });
    await fake.whenStopped();
    await expect(fetch(`${url}/__admin/health`)).rejects.toThrow();
  });

  it('the programmatic API is the same implementation', async () => {
    const fake = makeFake();
    const room = fake.addChannel({ name: 'prog' });
    expect(room.ts).toBe('2026-01-01T00:00:01.000Z');
    fake.clock.advance(1000);
    const user = fake.addUser({ username: 'prog', password: 'p' });
    expect(fake.state().users.at(-1)).toEqual(user);
    expect(fake.clock.now()).toBe('2026-01-01T00:00:03.000Z');
    expect(() => fake.addIntegration({ channel: ['#missing'] })).toThrow(/addIntegration\(\)/);
  });
});
