import { join } from 'node:path';

import request from 'supertest';

import { createFakeServer } from '../src/server';
import { AS, WORLD, makeFake } from './support/fake';
import { resourceNotFound } from '../src/verify/expected';

const RANDOM_RO = (state: { channels: { name: string; ro?: boolean }[] }) =>
  state.channels.find((c) => c.name === 'random')?.ro;

describe('sessions over HTTP', () => {
  it('POST /__admin/sessions creates an isolated copy of the baseline under /s/<id>/', async () => {
    const fake = makeFake();
    const created = await request(fake.app).post('/__admin/sessions');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^\w{17}$/),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/s\/\w{17}$/),
    });
    const base = `/s/${created.body.id}`;

    const set = await request(fake.app)
      .post(`${base}/api/v1/channels.setReadOnly`)
      .set(AS.admin)
      .send({ roomName: 'random', readOnly: true });
    expect(set.status).toBe(200);
    expect(set.body.channel._updatedAt).toBe('2026-01-01T00:00:01.000Z');

    const sessionState = await request(fake.app).get(`${base}/__admin/state`);
    expect(RANDOM_RO(sessionState.body)).toBe(true);
    expect(RANDOM_RO(fake.state())).toBe(false);
    expect(fake.state().clock).toBe('2026-01-01T00:00:00.000Z');

    const list = await request(fake.app).get(`${base}/api/v1/channels.list`).set(AS.bob);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(5);

    await request(fake.app).post(`${base}/__admin/reset`).expect(200);
    expect(RANDOM_RO((await request(fake.app).get(`${base}/__admin/state`)).body)).toBe(false);
  });

  it('a session has its own login tokens', async () => {
    const fake = makeFake();
    const { id } = (await request(fake.app).post('/__admin/sessions')).body;
    const login = await request(fake.app)
      .post(`/s/${id}/api/v1/login`)
      .send({ username: 'bob', password: 'bob-pw' });
    const headers = { 'X-Auth-Token': login.body.data.authToken, 'X-User-Id': login.body.data.userId };
    expect((await request(fake.app).get(`/s/${id}/api/v1/me`).set(headers)).status).toBe(200);
    expect((await request(fake.app).get('/api/v1/me').set(headers)).status).toBe(401);
  });

  it('takes a scenario, a fixtures file name, or an id', async () => {
    const fake = createFakeServer();
    const withScenario = await request(fake.app)
      .post('/__admin/sessions')
      .send({ id: 'mine', scenario: { users: [{ username: 'solo', password: 'pw' }] } });
    expect(withScenario.status).toBe(201);
    expect(withScenario.body.id).toBe('mine');
    const state = await request(fake.app).get('/s/mine/__admin/state');
    expect(state.body.users.map((u: { username: string }) => u.username)).toEqual(['solo']);

    const withFile = await request(fake.app)
      .post('/__admin/sessions')
      .send({ fixtures: 'examples/minimal.json' });
    expect(withFile.status).toBe(201);
    const fileState = await request(fake.app).get(`/s/${withFile.body.id}/__admin/state`);
    expect(fileState.body.channels.map((c: { name: string }) => c.name)).toEqual(['general']);
  });

  it.each([
    [{ id: 'bad id!' }, '$.id'],
    [{ fixtures: '../package.json' }, '$.fixtures'],
    [{ fixtures: 'nope.json' }, '$'],
    [{ scenario: { users: [{ username: 'x' }] } }, '$.scenario.users[0].password'],
    [{ scenario: [] }, undefined],
    [{ colour: 'blue' }, '$.colour'],
  ])('refuses %j with 400 and creates nothing', async (body, path) => {
    const fake = makeFake();
    const res = await request(fake.app).post('/__admin/sessions').send(body);
    expect(res.status).toBe(400);
    if (path) expect(res.body.problems.map((p: { path: string }) => p.path)).toContain(path);
    expect((await request(fake.app).get('/__admin/sessions')).body).toEqual({ sessions: [] });
  });

  it('a refused session is named as one: its scenario\u2019s problems where they were sent, a taken id', async () => {
    const fake = makeFake();
    const bad = await request(fake.app)
      .post('/__admin/sessions')
      .send({ scenario: { users: [{ username: 'x' }] } });
    expect(bad.body.error).toMatch(
      /^\[rocketchat-fake\] invalid session POST \/__admin\/sessions \(1 problem\)/,
    );
    await request(fake.app).post('/__admin/sessions').send({ id: 'one' }).expect(201);
    const taken = await request(fake.app).post('/__admin/sessions').send({ id: 'one' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      error:
        '[rocketchat-fake] invalid session POST /__admin/sessions (1 problem): $.id: session "one" exists',
      problems: [{ path: '$.id', message: 'session "one" exists' }],
    });
  });

  it('a fixtures file that is not there says where it was looked for, without the server\u2019s path', async () => {
    const fake = makeFake();
    const res = await request(fake.app).post('/__admin/sessions').send({ fixtures: 'nope.json' });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        path: '$',
        message:
          'no such file in the package\'s fixtures/, where a server started without a fixtures file looks (e.g. examples/minimal.json); or send the scenario itself as "scenario"',
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(process.cwd());
  });

  it('a server started with a fixtures file looks next to it', async () => {
    const fake = createFakeServer({
      fixtures: join(__dirname, '..', 'fixtures', 'examples', 'minimal.json'),
    });
    const res = await request(fake.app).post('/__admin/sessions').send({ fixtures: 'nope.json' });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        path: '$',
        message:
          'no such file next to the server\'s fixtures file; or send the scenario itself as "scenario"',
      },
    ]);
    // a file that is there: the examples folder's own
    const ok = await request(fake.app)
      .post('/__admin/sessions')
      .send({ fixtures: 'read-only-workflow.json' });
    expect(ok.status).toBe(201);
  });

  it('a duplicate id is refused', async () => {
    const fake = makeFake();
    await request(fake.app).post('/__admin/sessions').send({ id: 'one' }).expect(201);
    const again = await request(fake.app).post('/__admin/sessions').send({ id: 'one' });
    expect(again.status).toBe(400);
    expect(again.body.problems).toEqual([{ path: '$.id', message: 'session "one" exists' }]);
  });

  it('lists sessions; DELETE ends one, after which its URLs answer 404', async () => {
    const fake = makeFake();
    await request(fake.app).post('/__admin/sessions').send({ id: 'a' });
    await request(fake.app).post('/__admin/sessions').send({ id: 'b' });
    const listed = await request(fake.app).get('/__admin/sessions');
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toEqual(['a', 'b']);
    expect(listed.body.sessions[0].url).toMatch(/\/s\/a$/);

    expect((await request(fake.app).delete('/__admin/sessions/a')).body).toEqual({ status: 'ok' });
    const api = await request(fake.app).get('/s/a/api/v1/channels.list').set(AS.admin);
    expect(api.status).toBe(404);
    expect(api.body).toEqual(resourceNotFound);
    const admin = await request(fake.app).get('/s/a/__admin/state');
    expect(admin.status).toBe(404);
    expect(admin.body).toEqual({ error: 'No session "a"', problems: [] });
    expect(admin.body.problems).toEqual([]);
    const again = await request(fake.app).delete('/__admin/sessions/a');
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'No session "a"', problems: [] });
    expect((await request(fake.app).get('/s/b/__admin/health')).status).toBe(200);
  });

  it('sessions and shutdown exist only at the root', async () => {
    const fake = makeFake();
    await request(fake.app).post('/__admin/sessions').send({ id: 'a' });
    expect((await request(fake.app).post('/s/a/__admin/sessions')).status).toBe(404);
    expect((await request(fake.app).get('/s/a/__admin/sessions')).status).toBe(404);
    expect((await request(fake.app).post('/s/a/__admin/shutdown')).status).toBe(404);
  });

  it('a session with --admin-token needs the token too', async () => {
    const fake = makeFake({ adminToken: 't' });
    const auth = { Authorization: 'Bearer t' };
    await request(fake.app).post('/__admin/sessions').set(auth).send({ id: 'a' }).expect(201);
    expect((await request(fake.app).get('/s/a/__admin/state')).status).toBe(401);
    expect((await request(fake.app).get('/s/a/__admin/state').set(auth)).status).toBe(200);
  });
});

describe('programmatic sessions', () => {
  it('fake.session() has the lifecycle and inspection members', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const session = fake.session();
    expect(session.url).toBe(`${fake.url}/s/${session.id}`);
    const res = await fetch(`${session.url}/api/v1/channels.setType`, {
      method: 'POST',
      headers: { ...AS.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomName: 'random', type: 'p' }),
    });
    expect(res.status).toBe(200);
    expect(session.state().channels.find((c) => c.name === 'random')?.t).toBe('p');
    expect(fake.state().channels.find((c) => c.name === 'random')?.t).toBe('c');
    expect(session.requests({ path: '/api/v1/channels.setType' })).toHaveLength(1);
    expect(fake.requests()).toHaveLength(0);
    await session.reset();
    expect(session.state().channels.find((c) => c.name === 'random')?.t).toBe('c');
    await session.load({ users: [{ username: 'solo', password: 'x' }] });
    expect(session.state().users).toHaveLength(1);
    await session.close();
    expect((await fetch(`${session.url}/__admin/health`)).status).toBe(404);
    await fake.stop();
  });

  it('a session of a large world shares the baseline: its state is equal, its changes are its own', () => {
    const fake = createFakeServer({ scenario: { ...WORLD, generate: { channels: 2000 } } });
    const sessions = Array.from({ length: 50 }, () => fake.session());
    expect(sessions[49]?.state()).toEqual(fake.state());
    sessions[0]?.addChannel({ name: 'only-in-zero' });
    expect(sessions[1]?.state().channels.some((c) => c.name === 'only-in-zero')).toBe(false);
    expect(fake.state().channels.some((c) => c.name === 'only-in-zero')).toBe(false);
  });
});

describe('isolation under concurrency', () => {
  it('two sessions mutated in parallel end exactly as each would alone; the root is untouched', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const baseline = fake.state();
    const steps = (n: number, flavour: number) =>
      Array.from({ length: n }, (_, i) =>
        i % 3 === 0
          ? {
              path: '/api/v1/channels.setReadOnly',
              body: { roomName: i % 2 ? 'random' : 'general', readOnly: (i + flavour) % 4 < 2 },
            }
          : i % 3 === 1
            ? {
                path: '/api/v1/channels.setType',
                body: {
                  roomName: ['random', 'news', 'club'][(i + flavour) % 3],
                  type: (i + flavour) % 2 ? 'p' : 'c',
                },
              }
            : { path: '/api/v1/channels.list', body: undefined },
      );
    const run = async (base: string, plan: ReturnType<typeof steps>): Promise<void> => {
      for (const step of plan) {
        await fetch(`${base}${step.path}`, {
          method: step.body ? 'POST' : 'GET',
          headers: { ...AS.admin, 'Content-Type': 'application/json' },
          body: step.body ? JSON.stringify(step.body) : undefined,
        });
      }
    };
    const planA = steps(150, 0);
    const planB = steps(150, 1);
    const a = fake.session();
    const b = fake.session();
    await Promise.all([run(a.url, planA), run(b.url, planB)]);

    const aloneA = fake.session();
    await run(aloneA.url, planA);
    const aloneB = fake.session();
    await run(aloneB.url, planB);

    expect(a.state()).toEqual(aloneA.state());
    expect(b.state()).toEqual(aloneB.state());
    expect(a.state()).not.toEqual(b.state());
    expect(a.requests()).toHaveLength(150);
    expect(b.requests()).toHaveLength(150);
    expect(fake.state()).toEqual(baseline);
    await fake.stop();
  });
});
