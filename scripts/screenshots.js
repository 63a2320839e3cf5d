// npm run screenshots: the inspector's main views at 1280×800, as docs/ shows them
// (docs/inspector-requests.png, docs/inspector-chat.png, docs/inspector-changes.png). Starts a
// fake on a small scenario (from dist/: npm run screenshots builds first), drives a short session
// (a realtime bot that subscribes and posts, people posting, replying in a thread, reacting,
// pinning, editing, deleting, a channel set read-only), and photographs each view in headless
// Chromium (Debian's `chromium`, driven by playwright-core).
/* global document -- the functions handed to the page run in it */
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { WebSocket } = require('ws');

const ROOT = join(__dirname, '..');
const { createFakeServer } = require(join(ROOT, 'dist', 'index.js'));
const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((p) =>
  existsSync(p),
);

const SCENARIO = {
  seed: 49,
  clock: '2026-03-02T09:00:00.000Z',
  users: [
    { _id: 'aliceUserId000001', username: 'alice', name: 'Alice Martin', password: 'alice-pw' },
    { _id: 'bobUserId00000001', username: 'bob', name: 'Bob Stone', password: 'bob-pw' },
    {
      _id: 'deployBotUserId01',
      username: 'deploy-bot',
      name: 'Deploy bot',
      password: 'bot-pw',
      roles: ['bot'],
    },
  ],
  channels: [
    { _id: 'GENERAL', name: 'general', u: { username: 'alice' }, usernames: ['alice', 'bob', 'deploy-bot'] },
    {
      _id: 'releasesRoomId001',
      name: 'releases',
      u: { username: 'bob' },
      usernames: ['alice', 'bob', 'deploy-bot'],
    },
    {
      _id: 'randomRoomId00001',
      name: 'random',
      ro: false,
      u: { username: 'alice' },
      usernames: ['alice', 'bob'],
    },
  ],
  tokens: [
    { username: 'alice', authToken: 'alice-token' },
    { username: 'bob', authToken: 'bob-token' },
    { username: 'deploy-bot', authToken: 'bot-token' },
  ],
};
const AS = {
  alice: { 'X-Auth-Token': 'alice-token', 'X-User-Id': 'aliceUserId000001' },
  bob: { 'X-Auth-Token': 'bob-token', 'X-User-Id': 'bobUserId00000001' },
};

async function rest(fake, who, route, body) {
  const res = await fetch(`${fake.url}/api/v1/${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...AS[who], ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await res.json();
  if (!answer.success) throw new Error(`${route} as ${who}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A realtime bot: connects, logs in with its token, subscribes to a room's messages, posts. */
async function bot(fake) {
  const socket = new WebSocket(`${fake.url.replace('http', 'ws')}/websocket`);
  const frames = [];
  const waiters = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data));
    frames.push(frame);
    for (const w of waiters.splice(0)) if (!w(frame)) waiters.push(w);
  });
  const next = (match) =>
    new Promise((resolve) => {
      const found = frames.find(match);
      if (found) resolve(found);
      else
        waiters.push((f) => {
          if (!match(f)) return false;
          resolve(f);
          return true;
        });
    });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = (frame) => socket.send(JSON.stringify(frame));
  send({ msg: 'connect', version: '1', support: ['1'] });
  await next((f) => f.msg === 'connected');
  send({ msg: 'method', id: '1', method: 'login', params: [{ resume: 'bot-token' }] });
  await next((f) => f.msg === 'result' && f.id === '1');
  send({ msg: 'sub', id: 's2', name: 'stream-room-messages', params: ['releasesRoomId001', false] });
  await next((f) => f.msg === 'ready');
  send({
    msg: 'method',
    id: '3',
    method: 'sendMessage',
    params: [{ rid: 'releasesRoomId001', msg: 'Deployed v2.4.1 to staging' }],
  });
  await next((f) => f.msg === 'result' && f.id === '3');
  await next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
  return socket;
}

(async () => {
  if (!CHROMIUM) throw new Error('no Chromium found: apt-get install -y chromium');
  const fake = createFakeServer({ scenario: SCENARIO });
  await fake.start(0);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${fake.url}/__admin/ui`);
    await page.waitForFunction(() => document.getElementById('live').textContent === 'on');

    // a short session: REST posts, a thread, a reaction, a pin, an edit, a deletion, a setting
    const hello = await rest(fake, 'alice', 'chat.postMessage', {
      roomId: 'releasesRoomId001',
      text: 'Who is shipping v2.4.1 today?',
    });
    await rest(fake, 'bob', 'chat.postMessage', {
      roomId: 'releasesRoomId001',
      tmid: hello.message._id,
      text: 'The deploy bot is on it, staging first.',
    });
    await rest(fake, 'bob', 'chat.react', { messageId: hello.message._id, emoji: ':rocket:' });
    const socket = await bot(fake);
    const notes = await rest(fake, 'bob', 'chat.postMessage', {
      roomId: 'releasesRoomId001',
      text: 'Release notes are in the wiki',
    });
    await rest(fake, 'bob', 'chat.update', {
      roomId: 'releasesRoomId001',
      msgId: notes.message._id,
      text: 'Release notes are in the wiki (updated)',
    });
    await rest(fake, 'bob', 'chat.pinMessage', { messageId: notes.message._id });
    const oops = await rest(fake, 'alice', 'chat.postMessage', {
      roomId: 'releasesRoomId001',
      text: 'oops, wrong room',
    });
    await rest(fake, 'alice', 'chat.delete', { roomId: 'releasesRoomId001', msgId: oops.message._id });
    await rest(fake, 'bob', 'channels.setTopic', {
      roomId: 'releasesRoomId001',
      topic: 'v2.4.1 this week',
    });
    await rest(fake, 'alice', 'channels.setReadOnly', { roomName: 'random', readOnly: true });

    // the realtime rows, the bot's `sendMessage` call opened beside the list
    await page.waitForSelector('#journal tr[data-msg="changed"]');
    await page.selectOption('#filter-method', 'DDP');
    await page.click('#journal tr[data-msg="method"]:has-text("sendMessage")');
    await page.waitForFunction(() =>
      document.getElementById('details').textContent.includes('"sendMessage"'),
    );
    await page.screenshot({ path: join(ROOT, 'docs', 'inspector-requests.png') });

    // the chat as alice reads it
    await page.click('#tabs button[data-view="chat"]');
    await page.selectOption('#chat-user', 'alice');
    await page.click('#rooms li[data-rid="releasesRoomId001"]');
    await page.waitForSelector('#chat .msg details.thread');
    await page.click('#chat .msg details.thread summary');
    await page.screenshot({ path: join(ROOT, 'docs', 'inspector-chat.png') });

    // what changed since the baseline
    await page.click('#tabs button[data-view="changes"]');
    await page.waitForSelector('#changes li.change');
    const open = await page.$('#changes li.change .fields li:has(b:text-is("lastMessage")) button.open');
    if (open) await open.click();
    await page.screenshot({ path: join(ROOT, 'docs', 'inspector-changes.png') });
    socket.close();
    console.log('docs/inspector-requests.png, docs/inspector-chat.png, docs/inspector-changes.png written');
  } finally {
    await browser.close();
    await fake.stop();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
