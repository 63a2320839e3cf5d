// The inspector page's own cost: script time in the browser per refresh, with a full journal (1,000
// entries, requests and realtime frames) and a world of 100,000 channels, measured in headless
// Chromium (Debian's `chromium`, driven by playwright-core) as CDP's Performance.getMetrics
// ScriptDuration before and after each refresh. A refresh is the page opened (its first reads and
// paint, each view) and the page following one change live (a post, as the shown view reads it).
// Goal: each under 50 ms.
//
// bench/run.js runs it as a row (`inspectorRows({ record })`); `node bench/inspector.js` (after
// `npm run build`) runs it alone and prints the figures.
/* global document -- the functions handed to the page run in it */
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((p) =>
  existsSync(p),
);
const GOAL_MS = 50;
const SETTLE_MS = 300;
const TOKEN = { 'X-Auth-Token': 'bench-token', 'X-User-Id': 'benchAdmin0000001' };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A world of 100k channels and a journal of 1,000 entries: REST calls and a realtime bot's frames. */
async function busyFake() {
  const { createFakeServer } = require(join(ROOT, 'dist', 'index.js'));
  const { WebSocket } = require('ws');
  const fake = createFakeServer({
    // the realtime bot follows messages: on the wall clock, as a real bot is run (no warning)
    clock: 'now',
    scenario: {
      seed: 1,
      users: [{ _id: 'benchAdmin0000001', username: 'admin', password: 'admin', roles: ['admin'] }],
      channels: [{ _id: 'GENERAL', name: 'general' }],
      tokens: [{ username: 'admin', authToken: 'bench-token' }],
      generate: { channels: 100_000 },
    },
  });
  await fake.start(0);
  const post = (route, body) =>
    fetch(`${fake.url}/api/v1/${route}`, {
      method: 'POST',
      headers: { ...TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  // a realtime bot: each sendMessage is 3 frames or more (the call, the stream event, the result)
  const socket = new WebSocket(`${fake.url.replace('http', 'ws')}/websocket`);
  await new Promise((resolve) => socket.once('open', resolve));
  let answered = 0;
  let waiting;
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.msg === 'result' || frame.msg === 'connected' || frame.msg === 'ready') {
      answered += 1;
      waiting?.();
    }
  });
  const until = (n) =>
    new Promise((resolve) => {
      waiting = () => answered >= n && resolve();
      waiting();
    });
  const send = (frame) => socket.send(JSON.stringify(frame));
  send({ msg: 'connect', version: '1', support: ['1'] });
  await until(1);
  send({ msg: 'method', id: 'login', method: 'login', params: [{ resume: 'bench-token' }] });
  await until(2);
  send({ msg: 'sub', id: 'sub', name: 'stream-room-messages', params: ['GENERAL', false] });
  await until(3);
  for (let k = 0; k < 150; k += 1) {
    send({
      msg: 'method',
      id: `m${k}`,
      method: 'sendMessage',
      params: [{ rid: 'GENERAL', msg: `bot ${k}` }],
    });
    await until(4 + k);
  }
  for (let k = 0; fake.requests().length < 1000 && k < 2000; k += 1) {
    if (k % 3 === 0) await post('chat.postMessage', { roomId: 'GENERAL', text: `rest ${k}` });
    else await fetch(`${fake.url}/api/v1/channels.list?count=5&offset=${k}`, { headers: TOKEN });
  }
  return { fake, socket, post };
}

/**
 * Whether the page shows a view read (`text` null) or a post of `text` followed live. Runs in the
 * page (its Content Security Policy allows no string evaluated as code).
 */
function shown({ view, text }) {
  if (document.getElementById('live').textContent !== 'on') return false;
  const has = (id, t) => (document.getElementById(id).textContent || '').includes(t);
  // a row drawn before the post (see `mark`) is not the post's
  const fresh = (selector) => {
    const rows = document.querySelectorAll(selector);
    return rows.length > 0 && !rows[0].dataset.old;
  };
  if (view === 'requests')
    return text === null
      ? document.querySelectorAll('#journal tbody tr[data-seq]').length >= 500
      : fresh('#journal tbody tr') &&
          document.querySelector('#journal tbody tr').children[2].textContent === 'POST';
  if (view === 'chat')
    return text === null ? document.querySelectorAll('#chat .msg').length > 0 : has('chat', text);
  if (view === 'changes')
    return text === null ? document.querySelectorAll('#changes li.change').length > 0 : has('changes', text);
  return (
    document.querySelectorAll('#channels tbody tr[data-name]').length === 50 &&
    (text === null || fresh('#channels tbody tr'))
  );
}

/** Marks the rows drawn so far, so that `shown` can tell them from those drawn after. */
function mark() {
  for (const tr of document.querySelectorAll('#journal tbody tr, #channels tbody tr')) tr.dataset.old = '1';
}

/** The script time (ms) the page spends while `work` runs and until `done` holds in it. */
async function scriptTime(page, cdp, work, done, arg) {
  if (arg.text !== null) await page.evaluate(mark);
  const before = await metric(cdp);
  await work();
  await page.waitForFunction(done, arg, { polling: 20 });
  // what the change set off after it showed (the reads a burst of events starts, 60 ms later) counts too
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return (await metric(cdp)) - before;
}
async function metric(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration').value * 1000;
}

/**
 * The rows: the page opened on each view, and a live change followed on each, with 1,000 journal
 * entries and 100k channels. `record(figure, value, base, ratio, goal, ok, unit)` as bench/run.js's.
 */
async function inspectorRows({ record }) {
  if (!CHROMIUM) {
    console.warn('bench/inspector.js: no Chromium (/usr/bin/chromium): the inspector rows are left out');
    return;
  }
  const { chromium } = require('playwright-core');
  const { fake, socket, post } = await busyFake();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const opened = [];
    const live = [];
    let k = 0;
    for (const view of ['requests', 'chat', 'changes', 'world']) {
      for (let round = 0; round < 3; round += 1) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        opened.push(
          await scriptTime(page, cdp, () => page.goto(`${fake.url}/__admin/ui#${view}`), shown, {
            view,
            text: null,
          }),
        );
        // one post, followed live by the shown view
        k += 1;
        const text = `live ${k}`;
        live.push(
          await scriptTime(page, cdp, () => post('chat.postMessage', { roomId: 'GENERAL', text }), shown, {
            view,
            text,
          }),
        );
        await page.close();
      }
    }
    const open = median(opened);
    const follow = median(live);
    const worst = Math.max(...opened, ...live);
    record(
      'inspector: script time opening a view (1,000 journal entries, 100k channels)',
      open,
      undefined,
      open / GOAL_MS,
      `<= 1 (${GOAL_MS} ms)`,
      open <= GOAL_MS,
      'ms',
    );
    record(
      'inspector: script time following a change live (same world)',
      follow,
      undefined,
      follow / GOAL_MS,
      `<= 1 (${GOAL_MS} ms)`,
      follow <= GOAL_MS,
      'ms',
    );
    return { opened, live, worst };
  } finally {
    socket.close();
    await browser.close();
    await fake.stop();
  }
}

module.exports = { inspectorRows };

if (require.main === module) {
  const rows = [];
  const record = (figure, value, base, ratio, goal, ok, unit) =>
    rows.push({
      figure,
      value: `${value.toFixed(1)} ${unit}`,
      ratio: ratio.toFixed(2),
      goal,
      ok: ok ? 'yes' : 'NO',
    });
  inspectorRows({ record })
    .then((detail) => {
      console.table(rows);
      if (detail)
        console.log(
          'each refresh (ms): opened',
          detail.opened.map((x) => x.toFixed(1)).join(' '),
          '· live',
          detail.live.map((x) => x.toFixed(1)).join(' '),
        );
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
