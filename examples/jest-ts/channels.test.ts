import { createFakeServer } from 'rocketchat-fake';

// the default scenario; or createFakeServer({ fixtures: 'test/world.json' }) or ({ scenario: {…} })
const fake = createFakeServer();

beforeAll(() => fake.start()); // a free port on 127.0.0.1
afterEach(() => fake.reset()); // the world, the clock and login tokens back to the scenario
afterAll(() => fake.stop()); // closes every connection

async function login(user: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${fake.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  const { data } = await res.json();
  return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId };
}

test('a client logs in and lists channels', async () => {
  const headers = await login('admin', 'admin');
  const res = await fetch(`${fake.url}/api/v1/channels.list?count=100`, { headers });
  const body = await res.json();
  expect(body.channels.map((c: { name: string }) => c.name)).toContain('general');
});

test('a client makes a channel read-only', async () => {
  const headers = { ...(await login('admin', 'admin')), 'Content-Type': 'application/json' };
  const res = await fetch(`${fake.url}/api/v1/channels.setReadOnly`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ roomName: 'random', readOnly: true }),
  });
  expect(res.status).toBe(200);
  expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(true);
});

test('each test starts from the scenario again', () => {
  expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(false);
});
