// Runs against whatever server ROCKETCHAT_URL names: the fake in CI (npm run test:ci), a real
// Rocket.Chat elsewhere.
const { test } = require('node:test');
const assert = require('node:assert');

const url = process.env.ROCKETCHAT_URL;

test('the server answers a login and a channel list', async () => {
  assert.ok(url, 'ROCKETCHAT_URL is set (run npm run test:ci)');
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: 'admin' }),
  });
  assert.equal(res.status, 200);
  const { data } = await res.json();
  const list = await fetch(`${url}/api/v1/channels.list?count=5`, {
    headers: { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId },
  });
  assert.equal((await list.json()).success, true);
});
