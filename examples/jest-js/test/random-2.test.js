const { useSession } = require('rocketchat-fake/jest');

const session = useSession(); // before: create · afterEach: reset · after: end

async function login(url, user, password) {
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  const { data } = await res.json();
  return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId, 'Content-Type': 'application/json' };
}

test('file 2: #random becomes read-only in this file alone', async () => {
  const headers = await login(session.url, 'admin', 'admin');
  const res = await fetch(`${session.url}/api/v1/channels.setReadOnly`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ roomName: 'random', readOnly: true }),
  });
  expect(res.status).toBe(200);
  const { channels } = await session.changes();
  expect(channels.changed.map((c) => c.after.name).join()).toBe('random');
});

test('file 2: the next test starts from the scenario again', async () => {
  const random = (await session.state()).channels.find((c) => c.name === 'random');
  expect(random.ro).toBe(false);
});
