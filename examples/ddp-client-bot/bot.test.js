// The bot of bot.js against the fake: connected once for the whole file, its answers checked
// through the fake's API. The per-test reset keeps logins, so the bot's socket stays open and
// logged in, following its streams, while the world goes back to its scenario before each test.
const { once } = require('node:events');
const { createFakeServer } = require('rocketchat-fake');
const { startBot } = require('./bot');

const fake = createFakeServer({ clock: 'now' });
let bot;
let alice;

/** Logs in over REST; answers the headers that authenticate as that user. */
async function login(user, password) {
  const res = await fetch(`${fake.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
  const { data } = await res.json();
  return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId, 'Content-Type': 'application/json' };
}

/** A REST call as Alice; answers the body. */
async function asAlice(method, path, body) {
  const res = await fetch(`${fake.url}/api/v1/${path}`, {
    method,
    headers: alice,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** Alice posts `text` in `channel`; resolves to the bot's answer once it has sent it. */
async function ask(channel, text) {
  const reply = once(bot.replies, 'reply');
  await asAlice('POST', 'chat.postMessage', { channel: `#${channel}`, text });
  const [sent] = await reply;
  return sent;
}

/** The last `count` messages of a channel, newest first, as [username, text]. */
async function history(channel, count) {
  const { messages } = await asAlice('GET', `channels.history?roomName=${channel}&count=${count}`);
  return messages.map((m) => [m.u.username, m.msg]);
}

beforeAll(async () => {
  await fake.start();
  bot = await startBot({ url: fake.url, username: 'deploy-bot', password: 'deploy-bot' });
});
beforeEach(async () => {
  alice = await login('alice', 'alice');
});
afterEach(() => fake.reset({ keepLogins: true }));
afterAll(async () => {
  await bot.stop();
  await fake.stop();
});

test('the bot is connected and logged in; its REST client is too', async () => {
  expect(bot.sdk.connection.status).toBe('connected');
  expect(bot.sdk.account.uid).toBe('bot.deploy.00003');
  const me = await bot.sdk.rest.get('/v1/me');
  expect(me).toMatchObject({ _id: 'bot.deploy.00003', username: 'deploy-bot' });
});

test('it hears #general on the room-messages stream and answers with a method call', async () => {
  const sent = await ask('general', '!ping');
  expect(sent).toMatchObject({ rid: 'GENERAL', msg: 'pong, @alice', u: { username: 'deploy-bot' } });
  expect(await history('general', 2)).toEqual([
    ['deploy-bot', 'pong, @alice'],
    ['alice', '!ping'],
  ]);
  // the call is in the fake's journal beside the REST calls
  const calls = fake
    .requests({ method: 'DDP' })
    .filter((e) => e.query.direction === 'in' && e.body.msg === 'method')
    .map((e) => e.body.method);
  expect(calls).toContain('sendMessage');
});

test('after the reset the world is the scenario again and the bot still answers', async () => {
  // the previous test's messages are gone; the bot's login and streams are not
  expect(await history('general', 10)).toEqual([]);
  await ask('general', '!ping');
  expect(await history('general', 1)).toEqual([['deploy-bot', 'pong, @alice']]);
});

test('a room made during the test: the bot follows it and answers there', async () => {
  const { channel } = await asAlice('POST', 'channels.create', { name: 'ops', members: ['deploy-bot'] });
  await bot.follow(channel._id);
  const sent = await ask('ops', '!ping');
  expect(sent).toMatchObject({ rid: channel._id, msg: 'pong, @alice' });
  expect(await history('ops', 1)).toEqual([['deploy-bot', 'pong, @alice']]);
});
