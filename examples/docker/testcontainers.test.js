// rocketchat-fake under Testcontainers for Node (npm install --save-dev testcontainers), with
// node:test; the same calls work in a Jest or Vitest beforeAll. `rocketchat-fake` is the image
// built from its Dockerfile (docker build -t rocketchat-fake .).
const { after, before, test } = require('node:test');
const assert = require('node:assert/strict');
const { GenericContainer, Wait } = require('testcontainers');

let container;
let url;

before(async () => {
  container = await new GenericContainer('rocketchat-fake')
    .withExposedPorts(3000)
    .withEnvironment({ ADMIN_USERNAME: 'admin', ADMIN_PASS: 'secret' })
    .withWaitStrategy(Wait.forHttp('/api/info', 3000).forStatusCode(200))
    .start();
  url = `http://${container.getHost()}:${container.getMappedPort(3000)}`;
});

after(async () => {
  await container?.stop();
});

test('the admin from ADMIN_USERNAME and ADMIN_PASS logs in', async () => {
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: 'secret' }),
  });
  assert.equal(login.status, 200);
  const { data } = await login.json();
  const me = await fetch(`${url}/api/v1/me`, {
    headers: { 'X-User-Id': data.userId, 'X-Auth-Token': data.authToken },
  });
  assert.equal((await me.json()).username, 'admin');
});
