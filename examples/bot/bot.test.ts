import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeServer } from 'rocketchat-fake';

const fake = createFakeServer();

// the bot under test: answers `!ping` with a pong for whoever asked
const bot = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const { user_name } = JSON.parse(body);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ text: `pong, @${user_name}` }));
  });
});

beforeAll(async () => {
  await fake.start();
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
});
beforeEach(() => {
  fake.addIntegration({
    type: 'webhook-outgoing',
    name: 'pong',
    channel: ['#general'],
    triggerWords: ['!ping'],
    urls: [`http://127.0.0.1:${(bot.address() as AddressInfo).port}/`],
    username: 'deploy-bot',
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await fake.stop();
  await new Promise((resolve) => bot.close(resolve));
});

test('the bot answers !ping in #general', async () => {
  const login = await fetch(`${fake.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'alice', password: 'alice' }),
  });
  const { data } = await login.json();
  const headers = {
    'X-Auth-Token': data.authToken,
    'X-User-Id': data.userId,
    'Content-Type': 'application/json',
  };
  await fetch(`${fake.url}/api/v1/chat.postMessage`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ channel: '#general', text: '!ping' }),
  });

  // each webhook call and what became of it (the default world's own webhooks are recorded too)
  const deliveries = await fake.waitForDeliveries();
  expect(deliveries.find((d) => d.integration === 'pong')).toMatchObject({ status: 200, outcome: 'replied' });
  const history = await fetch(`${fake.url}/api/v1/channels.history?roomName=general&count=1`, { headers });
  const [reply] = (await history.json()).messages;
  expect(reply).toMatchObject({ msg: 'pong, @alice', u: { username: 'deploy-bot' } });
});
