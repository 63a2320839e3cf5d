import { createFakeServer } from '../src/server';
import { ScenarioError } from '../src/scenario/problems';
import { WORLD } from './support/fake';

describe('createFakeServer', () => {
  it('start → url → reset → load → state → stop', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    expect(() => fake.url).toThrow(
      '[rocketchat-fake] url: the server is not started; await fake.start() first',
    );
    const url = await fake.start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.url).toBe(url);
    const headers = {
      'X-Auth-Token': 'admin-token',
      'X-User-Id': 'adminUserId000001',
      'Content-Type': 'application/json',
    };
    const set = await fetch(`${url}/api/v1/channels.setReadOnly`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ roomName: 'random', readOnly: true }),
    });
    expect(set.status).toBe(200);
    const login = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bob', password: 'bob-pw' }),
    });
    const { data } = (await login.json()) as { data: { authToken: string; userId: string } };
    expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(true);

    await fake.reset();
    expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(false);
    expect(fake.state().clock).toBe('2026-01-01T00:00:00.000Z');
    const stale = await fetch(`${url}/api/v1/me`, {
      headers: { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId },
    });
    expect(stale.status).toBe(401);
    const scenarioToken = await fetch(`${url}/api/v1/me`, { headers });
    expect(scenarioToken.status).toBe(200);

    await expect(fake.load({ users: [{ username: 'x' }] } as never)).rejects.toBeInstanceOf(ScenarioError);
    expect(fake.state().users).toHaveLength(6);
    await fake.load({ users: [{ username: 'solo', password: 'pw' }] });
    expect(fake.state().users.map((u) => u.username)).toEqual(['solo']);
    await fake.reset();
    expect(fake.state().users.map((u) => u.username)).toEqual(['solo']);

    await fake.stop();
    expect(() => fake.url).toThrow(/not started/);
    await expect(fetch(`${url}/api/info`)).rejects.toThrow();
  });

  it('state() is a deep copy', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    const state = fake.state();
    const [first] = state.channels;
    if (first) first.name = 'changed';
    expect(fake.state().channels[0]?.name).toBe('general');
  });

  it('two instances are independent', async () => {
    const a = createFakeServer({ scenario: WORLD });
    const b = createFakeServer({ scenario: WORLD });
    await Promise.all([a.start(), b.start()]);
    expect(a.url).not.toBe(b.url);
    await fetch(`${a.url}/api/v1/channels.setType`, {
      method: 'POST',
      headers: {
        'X-Auth-Token': 'admin-token',
        'X-User-Id': 'adminUserId000001',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ roomName: 'random', type: 'p' }),
    });
    expect(a.state().channels.find((c) => c.name === 'random')?.t).toBe('p');
    expect(b.state().channels.find((c) => c.name === 'random')?.t).toBe('c');
    await Promise.all([a.stop(), b.stop()]);
  });
});

describe('baselines shared within a process', () => {
  it('a second fake of the same scenario starts from an equal world, and each changes alone', async () => {
    const a = createFakeServer({ scenario: WORLD });
    const b = createFakeServer({ scenario: WORLD });
    expect(b.state()).toEqual(a.state());
    a.addChannel({ name: 'only-a' });
    await b.reset();
    expect(b.state().channels.some((c) => c.name === 'only-a')).toBe(false);
    const c = createFakeServer({ scenario: { ...WORLD, seed: 99 } });
    expect(c.state().seed).toBe(99);
    expect(() => createFakeServer({ scenario: { users: [{ username: 'x' }] } as never })).toThrow(/password/);
    expect(() => createFakeServer({ scenario: { users: [{ username: 'x' }] } as never })).toThrow(/password/);
  });
});
