// The bot of bot.js against the fake: connected once for the whole file, its answers checked
// through the fake's API. The per-test reset keeps logins, so the bot stays connected and logged
// in while the world goes back to its scenario before each test.
const { once } = require('node:events');
const { createFakeServer } = require('rocketchat-fake');
const { startBot } = require('./bot');

// the SDK drops every message not newer than the moment it started listening: the wall clock
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

/** Alice posts `text` in `channel`; resolves to the bot's answer once it has sent it. */
async function ask(channel, text) {
  const reply = once(bot.replies, 'reply');
  const res = await fetch(`${fake.url}/api/v1/chat.postMessage`, {
    method: 'POST',
    headers: alice,
    body: JSON.stringify({ channel: `#${channel}`, text }),
  });
  expect(res.status).toBe(200);
  const [sent] = await reply;
  return sent;
}

/** The last `count` messages of a channel, newest first, as Alice reads them over REST. */
async function history(channel, count) {
  const res = await fetch(`${fake.url}/api/v1/channels.history?roomName=${channel}&count=${count}`, {
    headers: alice,
  });
  const { messages } = await res.json();
  return messages.map((m) => [m.u.username, m.msg]);
}

const members = (channel) => fake.state().channels.find((c) => c.name === channel).usernames;

beforeAll(async () => {
  await fake.start();
  bot = await startBot({ url: fake.url, username: 'deploy-bot', password: 'deploy-bot', rooms: ['random'] });
});
afterEach(() => fake.reset({ keepLogins: true }));
afterAll(async () => {
  await bot.stop();
  await fake.stop();
});

beforeEach(async () => {
  alice = await login('alice', 'alice');
});

test('the bot has joined #random and answers !ping there', async () => {
  expect(members('random')).toContain('deploy-bot');
  const sent = await ask('random', '!ping');
  expect(sent).toMatchObject({ msg: 'pong, @alice', rid: 'random.channel.01' });
  expect(await history('random', 2)).toEqual([
    ['deploy-bot', 'pong, @alice'],
    ['alice', '!ping'],
  ]);
});

test('after the reset the world is the scenario again and the bot is still logged in', async () => {
  // the reset undid the bot's join and its messages; its login and its socket stayed
  expect(members('random')).not.toContain('deploy-bot');
  expect(await history('random', 10)).toEqual([]);
  // #general has the bot in the scenario itself: it answers there without joining
  await ask('general', '!ping');
  expect(await history('general', 1)).toEqual([['deploy-bot', 'pong, @alice']]);
  // and it can join #random again
  await bot.join('random');
  expect(members('random')).toContain('deploy-bot');
  await ask('random', '!ping');
  expect(await history('random', 1)).toEqual([['deploy-bot', 'pong, @alice']]);
});

test('every realtime call the bot made is in the journal beside the REST calls', async () => {
  await ask('general', '!ping');
  const calls = fake
    .requests({ method: 'DDP' })
    .filter((e) => e.query.direction === 'in' && e.body.msg === 'method')
    .map((e) => e.body.method);
  expect(calls).toContain('sendMessage');
});
