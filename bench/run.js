// npm run bench: every performance goal of the project as a ratio against its baseline, measured
// side by side (alternating rounds, medians) on this machine, printed as one table; then the same
// measures against peers installed only under bench/: json-server 1.0 beta, and WireMock 3 (its
// standalone jar from the wiremock npm package, on the machine's Java; left out if there is none).
const { spawn, spawnSync } = require('node:child_process');
const { writeFileSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const http = require('node:http');
const autocannon = require('autocannon');

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const BARE = join(__dirname, 'bare-server.js');
const { createFakeServer } = require(join(ROOT, 'dist', 'index.js'));
const TMP = mkdtempSync(join(tmpdir(), 'rcf-bench-'));
// every fake the bench starts keeps its resolved worlds here, not in the user's world cache
process.env.ROCKETCHAT_FAKE_WORLD_CACHE = join(TMP, 'worlds');
// and its compiled code here (src/code-cache.ts): the bench's first start compiles, as the first
// start after an install or upgrade does, and the starts after it take the kept code
process.env.ROCKETCHAT_FAKE_CODE_CACHE = join(TMP, 'code');
// the worlds, answers and WireMock's files (tens of MB) go when the bench ends, however it ends
process.on('exit', () => rmSync(TMP, { recursive: true, force: true }));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// the throughput rows take more, shorter rounds (9 of 2 s each side, not 5 of 3): on a shared
// machine the speed of both servers drifts by half within seconds, and a round's ratio is only as
// good as its two runs are close in time; more rounds make the median ratio steadier run to run
const THROUGHPUT_ROUNDS = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? Math.max(9, ROUNDS));
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
// the cold start rows against the bare server take 11 alternating rounds and the median of each
// round's own ratio, as the throughput rows do: a start takes a fifth of a second, and here either
// server's start moves between 95 and 220 ms from one spawn to the next; over 66 alternating pairs
// whose median ratio was 1.20, windows of 5 rounds read 0.91-1.42, windows of 11 read 1.08-1.25
const START_ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? Math.max(11, ROUNDS));
const TOKEN = { 'X-Auth-Token': 'bench-token', 'X-User-Id': 'benchAdmin0000001' };
const rows = [];
/** Lines printed under the table: what explains a row (the throughput rows' CPU a request). */
const notes = [];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => Number(process.hrtime.bigint()) / 1e6;

function world(channels, integrations, messages = 0) {
  const file = join(TMP, `world-${channels}-${integrations}-${messages}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      seed: 1,
      users: [{ _id: 'benchAdmin0000001', username: 'admin', password: 'admin', roles: ['admin'] }],
      channels: [
        { _id: 'GENERAL', name: 'general' },
        { name: 'random', ro: false },
      ],
      tokens: [{ username: 'admin', authToken: 'bench-token' }],
      generate: { channels, integrations, messages },
    }),
  );
  return file;
}

/** Spawns a server command; resolves {url, child, ms} once its URL line is printed and GET path answers 200. */
function launch(args, path = '/__admin/health', env = process.env) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    // the server's diagnostics pass through, but for the inspector's address each start prints
    child.stderr.on('data', (d) => {
      const text = d.toString().replace(/^\[rocketchat-fake\] inspector: .*\n/gm, '');
      if (text) process.stderr.write(text);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    let seen = false;
    child.stdout.on('data', (d) => {
      // the first URL line only: a later line must not ask again, nor take away the exit listener
      // a kill() has added meanwhile
      const m = seen ? null : /http:\/\/[\d.]+:\d+/.exec(d.toString());
      if (!m) return;
      seen = true;
      http.get(`${m[0]}${path}`, (res) => {
        res.resume();
        res.on('end', () => {
          child.removeAllListeners('exit');
          resolve({ url: m[0], child, ms: now() - t0 });
        });
      });
    });
  });
}

const kill = (child) => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));

function record(figure, fake, base, ratio, goal, ok, unit) {
  rows.push({
    figure,
    fake: `${fake.toFixed(unit === 'req/s' ? 0 : 1)} ${unit}`,
    base: base === undefined ? '' : `${base.toFixed(unit === 'req/s' ? 0 : 1)} ${unit}`,
    ratio: ratio.toFixed(2),
    goal,
    ok: ok ? 'yes' : 'NO',
  });
}

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve) => {
    const server = require('node:net').createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a peer that prints no URL: polls GET path on the given port until it answers 200. */
function launchOnPort(args, port, path, command = process.execPath) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    const poll = () => {
      const req = http.get({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        if (res.statusCode !== 200) return setTimeout(poll, 2);
        res.on('end', () => {
          child.removeAllListeners('exit');
          resolve({ url: `http://127.0.0.1:${port}`, child, ms: now() - t0 });
        });
      });
      req.on('error', () => setTimeout(poll, 2));
    };
    poll();
  });
}

/** Cold start of the fake (default scenario) against a peer's, alternating rounds, one row. */
async function peerColdStart(name, startPeer, rounds) {
  const fake = [];
  const peer = [];
  for (let i = 0; i < rounds; i += 1) {
    const p = await startPeer();
    peer.push(p.ms);
    await kill(p.child);
    const f = await launch([CLI, '--port', '0']);
    fake.push(f.ms);
    await kill(f.child);
  }
  const ratio = median(fake) / median(peer);
  record(`peer: cold start vs ${name}`, median(fake), median(peer), ratio, '< 1', ratio < 1, 'ms');
}

/** json-server 1.0 beta, installed only under bench/, side by side with the fake. */
async function peers() {
  const bin = join(__dirname, 'node_modules', 'json-server', 'lib', 'bin.js');
  const db = join(TMP, 'db.json');
  const channels = Array.from({ length: 60 }, (_, i) => ({
    id: String(i),
    name: `channel-${i}`,
    t: 'c',
    msgs: i,
  }));
  writeFileSync(db, JSON.stringify({ channels }));
  const startJsonServer = async () => {
    const port = await freePort();
    return launchOnPort([bin, db, '--port', String(port)], port, '/channels');
  };
  await peerColdStart('json-server 1.0 beta', startJsonServer, ROUNDS);
  const p = await startJsonServer();
  const f = await launch([CLI, '--port', '0', '--fixtures', world(60, 10)]);
  const pr = await cannon(`${p.url}/channels?_page=1&_per_page=50`, {});
  const fr = await cannon(`${f.url}/api/v1/channels.list?count=50`, { headers: TOKEN });
  record('peer: list 50 vs json-server 1.0 beta (req/s)', fr, pr, fr / pr, '> 1', fr > pr, 'req/s');
  await Promise.all([kill(p.child), kill(f.child)]);
}

/** WireMock 3 (its standalone jar, from the wiremock npm package under bench/), on this machine's Java. */
async function wiremock() {
  const jar = join(__dirname, 'node_modules', 'wiremock', 'build', 'wiremock-standalone-3.13.2.jar');
  const java = spawnSync('java', ['-version']);
  if (java.error || java.status !== 0) {
    console.error('[bench] no java on PATH: the WireMock rows are left out');
    return;
  }
  const startWireMock = async () => {
    const port = await freePort();
    return launchOnPort(
      // its mappings and files in the bench's own directory, not the current one
      [
        '-jar',
        jar,
        '--port',
        String(port),
        '--disable-banner',
        '--root-dir',
        mkdtempSync(join(TMP, 'wiremock-')),
      ],
      port,
      '/__admin/health',
      'java',
    );
  };
  await peerColdStart('WireMock 3.13', startWireMock, Math.max(3, Math.ceil(ROUNDS / 2)));
  // the same channels.list bytes: the fake computes them, WireMock replays them from a stub
  const f = await launch([CLI, '--port', '0', '--fixtures', world(60, 10)]);
  const p = await startWireMock();
  const listPath = '/api/v1/channels.list?count=50';
  const bytes = await fetchBytes(`${f.url}${listPath}`, { headers: TOKEN });
  await fetch(`${p.url}/__admin/mappings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      request: { method: 'GET', url: listPath },
      response: {
        status: 200,
        body: bytes.toString('utf8'),
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      },
    }),
  });
  await cannon(`${p.url}${listPath}`, { headers: TOKEN }); // the JVM's warm-up
  const pr = [];
  const fr = [];
  for (let i = 0; i < 2; i += 1) {
    pr.push(await cannon(`${p.url}${listPath}`, { headers: TOKEN }));
    fr.push(await cannon(`${f.url}${listPath}`, { headers: TOKEN }));
  }
  record(
    'peer: list 50 vs WireMock stub of the same bytes',
    median(fr),
    median(pr),
    median(fr) / median(pr),
    '> 1',
    median(fr) > median(pr),
    'req/s',
  );
  // a reset over HTTP after 10 changes: state changes on the fake, stub additions on WireMock
  // (its POST /__admin/reset drops stubs and journal, as the fake's drops changes and journal)
  const resetTimes = async (url, change) => {
    const times = [];
    for (let i = 0; i < 15; i += 1) {
      for (let k = 0; k < 10; k += 1) await change(k);
      const t0 = now();
      await (await fetch(`${url}/__admin/reset`, { method: 'POST' })).arrayBuffer();
      times.push(now() - t0);
    }
    return median(times);
  };
  const peerReset = await resetTimes(p.url, (k) =>
    fetchBytes(`${p.url}/__admin/mappings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ request: { method: 'GET', url: `/stub-${k}` }, response: { status: 200 } }),
    }),
  );
  const fakeReset = await resetTimes(f.url, (k) =>
    fetchBytes(`${f.url}/api/v1/channels.setReadOnly`, {
      method: 'POST',
      headers: { ...TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ roomName: 'random', readOnly: k % 2 === 0 }),
    }),
  );
  record(
    'peer: reset over HTTP vs WireMock',
    fakeReset,
    peerReset,
    fakeReset / peerReset,
    '< 1',
    fakeReset < peerReset,
    'ms',
  );
  await Promise.all([kill(f.child), kill(p.child)]);
}

/** The fake's start (spawn → first 200) on a scenario file: the median of ROUNDS starts. */
async function fakeStart(fixtures, args = []) {
  const times = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const f = await launch([CLI, '--port', '0', '--fixtures', fixtures, ...args]);
    times.push(f.ms);
    await kill(f.child);
  }
  return median(times);
}

/** The default scenario's cold start against the bare server's: alternating rounds, each round's own ratio. */
async function startVsBare(env = process.env) {
  const fake = [];
  const bare = [];
  const ratios = [];
  const one = async (args, options) => {
    const started = await launch(args, '/__admin/health', options);
    await kill(started.child);
    return started.ms;
  };
  for (let i = 0; i < START_ROUNDS; i += 1) {
    const fakeFirst = i % 2 === 1;
    const f0 = fakeFirst ? await one([CLI, '--port', '0'], env) : undefined;
    const b = await one([BARE], process.env);
    const f = f0 ?? (await one([CLI, '--port', '0'], env));
    fake.push(f);
    bare.push(b);
    ratios.push(f / b);
  }
  return { fake: median(fake), bare: median(bare), ratio: median(ratios) };
}

async function fetchBytes(url, init) {
  const res = await fetch(url, init);
  return Buffer.from(await res.arrayBuffer());
}

async function cannon(url, opts) {
  return (await cannonRun(url, opts)).requests.average;
}

async function cannonRun(url, opts) {
  return autocannon({
    url,
    connections: 10,
    duration: Number(process.env.BENCH_SECONDS ?? 3),
    ...opts,
  });
}

/** A process's CPU time so far (user + system), in µs, from /proc; undefined where there is none. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields of the line (the 12th and 13th after the name)
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The kernel's clock ticks a second (`getconf CLK_TCK`), 100 on Linux. */
const CLOCK_TICKS = 100;

/**
 * One throughput run, and the server's CPU time a request over it (from /proc): a figure that does
 * not depend on how fast the load generator is, printed beside the table.
 */
async function cannonCpu(server, url, opts) {
  const before = cpuMicros(server.child.pid);
  const result = await cannonRun(url, opts);
  const after = cpuMicros(server.child.pid);
  const cpu =
    before === undefined || after === undefined || result.requests.total === 0
      ? undefined
      : (after - before) / result.requests.total;
  return { rate: result.requests.average, cpu };
}

/**
 * A throughput row. `more`: `args`, the fake's extra arguments; `bodies`, a body per request (each
 * creation a new name; the bare server gets the same requests); `beforeFake`, an untimed step
 * before each of the fake's runs (a reset, so that every run starts from the same world).
 */
async function throughput(name, path, init, goal, fixtures = world(20, 10), more = {}) {
  const fake = await launch([CLI, '--port', '0', '--lenient', '--fixtures', fixtures, ...(more.args ?? [])]);
  const bytes = await fetchBytes(`${fake.url}${path}`, init);
  const bodyFile = join(TMP, `${name}.json`);
  writeFileSync(bodyFile, bytes);
  const bare = await launch([BARE, bodyFile]);
  const opts = { method: init.method ?? 'GET', headers: init.headers, body: init.body };
  if (more.bodies) opts.requests = [{ setupRequest: (req) => ({ ...req, body: more.bodies() }) }];
  const before = async (server) => {
    if (server === fake && more.beforeFake) await more.beforeFake(fake.url);
  };
  // both servers warm first (a second each, not counted): the rows measure steady throughput, not
  // the JIT compiling the first thousand requests
  await cannon(`${bare.url}${path}`, { ...opts, duration: 1 });
  await before(fake);
  await cannon(`${fake.url}${path}`, { ...opts, duration: 1 });
  const f = [];
  const b = [];
  const ratios = [];
  const cpu = { fake: [], bare: [] };
  // THROUGHPUT_ROUNDS rounds; each round runs both side by side (which goes first
  // alternates), and the ratio is the median of the rounds' own ratios: the machine's speed drifts
  // between rounds (the bare server's own figure moves by half on a shared machine), not within one
  for (let i = 0; i < Math.max(3, THROUGHPUT_ROUNDS); i += 1) {
    const first = i % 2 === 0 ? bare : fake;
    const second = first === bare ? fake : bare;
    await before(first);
    const one = await cannonCpu(first, `${first.url}${path}`, { ...opts, duration: THROUGHPUT_SECONDS });
    await before(second);
    const two = await cannonCpu(second, `${second.url}${path}`, { ...opts, duration: THROUGHPUT_SECONDS });
    const [fakeRun, bareRun] = first === bare ? [two, one] : [one, two];
    const [fakeRps, bareRps] = [fakeRun.rate, bareRun.rate];
    if (fakeRun.cpu !== undefined && bareRun.cpu !== undefined) {
      cpu.fake.push(fakeRun.cpu);
      cpu.bare.push(bareRun.cpu);
    }
    f.push(fakeRps);
    b.push(bareRps);
    ratios.push(fakeRps / bareRps);
  }
  await Promise.all([kill(fake.child), kill(bare.child)]);
  const ratio = median(ratios);
  record(`throughput ${name}`, median(f), median(b), ratio, `>= ${goal}`, ratio >= goal, 'req/s');
  if (cpu.fake.length > 0)
    notes.push(
      `throughput ${name}: CPU a request (user + system, from /proc) fake ${median(cpu.fake).toFixed(0)} µs, bare ${median(cpu.bare).toFixed(0)} µs (bare ÷ fake ${(median(cpu.bare) / median(cpu.fake)).toFixed(2)})`,
    );
}

async function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The scale rows; with `fileOnly`, just the large world's file (for the embedded rows). */
async function scale(fileOnly = false) {
  const small = world(100, 20);
  const large = world(100_000, 20_000);
  if (fileOnly) return large;
  const list = (url, offset) =>
    cannon(`${url}/api/v1/channels.list?count=50&offset=${offset}&sort=%7B%22name%22%3A-1%7D`, {
      headers: TOKEN,
    });
  const s = await launch([CLI, '--port', '0', '--lenient', '--fixtures', small]);
  const l = await launch([CLI, '--port', '0', '--lenient', '--fixtures', large]);
  const memory = await rss(l.child.pid);
  const smallTotal = 100 * 0.85;
  const sr = [];
  const lr = [];
  for (let i = 0; i < 2; i += 1) {
    sr.push(await list(s.url, Math.floor(smallTotal) - 60));
    lr.push(await list(l.url, 84_000));
  }
  const pageRatio = median(sr) / median(lr);
  record(
    'page near the end, 100k vs 100 channels (cost)',
    median(lr),
    median(sr),
    pageRatio,
    '<= 3',
    pageRatio <= 3,
    'req/s',
  );
  const resets = async (url) => {
    const times = [];
    for (let i = 0; i < 15; i += 1) {
      for (let k = 0; k < 10; k += 1) {
        await fetch(`${url}/api/v1/channels.setReadOnly`, {
          method: 'POST',
          headers: { ...TOKEN, 'Content-Type': 'application/json' },
          body: JSON.stringify({ roomName: 'random', readOnly: k % 2 === 0 }),
        });
      }
      const t0 = now();
      await fetch(`${url}/__admin/reset`, { method: 'POST' });
      times.push(now() - t0);
    }
    return median(times);
  };
  const rs = await resets(s.url);
  const rl = await resets(l.url);
  record('reset after 10 changes, 100k vs 100 channels', rl, rs, rl / rs, '<= 3', rl / rs <= 3, 'ms');
  await changeThenLook(s.url, l.url, Math.floor(smallTotal) - 60, 1000);
  record(
    'memory with 100k channels, 20k integrations',
    memory,
    undefined,
    memory / 400,
    '<= 1 (400 MB)',
    memory <= 400,
    'MB',
  );
  await memoryAfterLoad(l);
  await Promise.all([kill(s.child), kill(l.child)]);
  // generated at every start, as on a first run
  const startSmall = await fakeStart(small, ['--no-world-cache']);
  const startLarge = await fakeStart(large, ['--no-world-cache']);
  const r = startLarge / startSmall;
  record('start-up, 100k vs 100 channels', startLarge, startSmall, r, '<= 10', r <= 10, 'ms');
  // the 100k world again, read back from the world cache the servers above filled (the bench's
  // own directory), against the same 100-channel start-up as the row above; the 100-channel world
  // read back from the cache too is the last figure (it then loads neither zod nor faker)
  const cachedLarge = await fakeStart(large);
  const c = cachedLarge / startSmall;
  record(
    'start-up with a cached world, 100k vs 100 channels',
    cachedLarge,
    startSmall,
    c,
    '<= 5',
    c <= 5,
    'ms',
  );
  const cachedSmall = await fakeStart(small);
  const both = cachedLarge / cachedSmall;
  record(
    'the same, the 100 channels read back from the cache too',
    cachedLarge,
    cachedSmall,
    both,
    '<= 10',
    both <= 10,
    'ms',
  );
  return large;
}

const post = (url, path, body) =>
  fetchBytes(`${url}/api/v1/${path}`, {
    method: 'POST',
    headers: { ...TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** One change to the room `random`: by turns its read-only flag and its type (the server is lenient). */
const changeRoom = (url, k) =>
  k % 2 === 0
    ? post(url, 'channels.setReadOnly', { roomName: 'random', readOnly: k % 4 === 0 })
    : post(url, 'channels.setType', { roomName: 'random', type: k % 4 === 1 ? 'p' : 'c' });

/** How long `look` takes, timed alone, each time after `before` (untimed); the median of 30. */
async function timedAfter(before, look) {
  const times = [];
  for (let k = 0; k < 30; k += 1) {
    await before(k);
    const t0 = now();
    await look();
    times.push(now() - t0);
  }
  return median(times);
}

/** The step tests take most, change then look, on the large world against the small one. */
async function changeThenLook(smallUrl, largeUrl, smallOffset, largeOffset) {
  const listAt = (offset) => (url) =>
    fetchBytes(`${url}/api/v1/channels.list?count=50&offset=${offset}`, { headers: TOKEN });
  const hooks = (url) =>
    fetchBytes(`${url}/api/v1/channels.getIntegrations?roomName=general&count=50`, { headers: TOKEN });
  const rows = [
    ['channels.list right after a change', (url, k) => changeRoom(url, k), listAt],
    [
      'first channels.list after a reset',
      async (url, k) => {
        for (let i = 0; i < 10; i += 1) await changeRoom(url, k * 10 + i);
        await fetchBytes(`${url}/__admin/reset`, { method: 'POST' });
      },
      listAt,
    ],
    ['getIntegrations right after a change', (url, k) => changeRoom(url, k), () => hooks],
  ];
  for (const [name, before, look] of rows) {
    const small = await timedAfter(
      (k) => before(smallUrl, k),
      () => look(smallOffset)(smallUrl),
    );
    const large = await timedAfter(
      (k) => before(largeUrl, k),
      () => look(largeOffset)(largeUrl),
    );
    record(`${name}, 100k vs 100 channels`, large, small, large / small, '<= 3', large / small <= 3, 'ms');
  }
}

/**
 * The messaging rows: a page of history right after a post, on a world of 100,000 messages (about
 * half of them in the room read) against one of 100, each step timed alone; then the memory of the
 * large world after the work.
 */
async function messaging() {
  const s = await launch([CLI, '--port', '0', '--fixtures', world(10, 0, 100)]);
  const l = await launch([CLI, '--port', '0', '--fixtures', world(10, 0, 100_000)]);
  const postTo = (url, k) => post(url, 'chat.postMessage', { roomId: 'GENERAL', text: `message ${k}` });
  const page = (url) => () =>
    fetchBytes(`${url}/api/v1/channels.history?roomId=GENERAL&count=50&offset=50`, { headers: TOKEN });
  const small = await timedAfter((k) => postTo(s.url, k), page(s.url));
  const large = await timedAfter((k) => postTo(l.url, k), page(l.url));
  record(
    'channels.history page after a post, 100k vs 100 messages',
    large,
    small,
    large / small,
    '<= 3',
    large / small <= 3,
    'ms',
  );
  const memory = await rss(l.child.pid);
  record('memory with 100k messages', memory, undefined, memory / 300, '<= 1 (300 MB)', memory <= 300, 'MB');
  await Promise.all([kill(s.child), kill(l.child)]);
}

/** A DDP client of one socket: frames in order, a waiter for the next matching one. */
function ddpSocket(url) {
  const WebSocket = require('ws');
  const ws = new WebSocket(url);
  const waiters = [];
  const client = {
    ws,
    /** every frame received, for the counters */
    onFrame: () => undefined,
    next: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
  ws.on('message', (data) => {
    const text = String(data);
    client.onFrame(text);
    if (waiters.length === 0) return;
    const frame = JSON.parse(text);
    const at = waiters.findIndex((w) => w.match(frame));
    if (at >= 0) waiters.splice(at, 1)[0].resolve({ frame, text });
  });
  return new Promise((resolve) => ws.once('open', () => resolve(client)));
}

/** The time from sending a REST post to the stream frame on the socket, median of `n`. */
async function deliveryLatency(base, client, n) {
  const times = [];
  for (let k = 0; k < n; k += 1) {
    const arrived = client.next((f) => f.msg === 'changed');
    const t0 = now();
    await post(base, 'chat.postMessage', { roomId: 'GENERAL', text: `realtime ${k}` });
    await arrived;
    times.push(now() - t0);
  }
  return median(times);
}

/** Method calls answered per second over one socket, `total` of them with `window` in flight. */
function frameRate(client, frameOf, total, window) {
  return new Promise((resolve) => {
    let sent = 0;
    let done = 0;
    const t0 = now();
    client.onFrame = (text) => {
      if (!text.includes('"result"')) return;
      done += 1;
      if (done === total) resolve((total * 1000) / (now() - t0));
      else if (sent < total) client.send(frameOf((sent += 1)));
    };
    for (; sent < Math.min(window, total);) client.send(frameOf((sent += 1)));
  });
}

/**
 * The realtime rows: a REST post's delivery to a DDP subscriber, and sendMessage calls answered
 * per second over one socket, each against a bare ws server sending the fake's own bytes.
 */
async function realtime() {
  const fake = await launch([CLI, '--port', '0', '--fixtures', world(10, 0, 0)]);
  const ws = `${fake.url.replace('http', 'ws')}/websocket`;
  const c = await ddpSocket(ws);
  c.send({ msg: 'connect', version: '1', support: ['1'] });
  await c.next((f) => f.msg === 'connected');
  c.send({ msg: 'method', id: 'login', method: 'login', params: [{ resume: 'bench-token' }] });
  await c.next((f) => f.msg === 'result' && f.id === 'login');
  c.send({ msg: 'sub', id: 'general', name: 'stream-room-messages', params: ['GENERAL', false] });
  await c.next((f) => f.msg === 'ready');
  // the fake's own bytes for the baseline: a stream frame and a method's result
  const pushedArrives = c.next((f) => f.msg === 'changed');
  await post(fake.url, 'chat.postMessage', { roomId: 'GENERAL', text: 'realtime sample' });
  const pushedFile = join(TMP, 'realtime-pushed.json');
  writeFileSync(pushedFile, (await pushedArrives).text);
  const method = (k) =>
    `{"msg":"method","id":"${k}","method":"sendMessage","params":[{"rid":"GENERAL","msg":"over ddp ${k}"}]}`;
  // every frame a sendMessage brings back on this socket (its stream frame, `updated`, `result`):
  // the baseline answers each method frame with the same frames, so both send the same bytes
  const answerFrames = [];
  c.onFrame = (text) => answerFrames.push(text);
  const answerArrives = c.next((f) => f.msg === 'result' && f.id === 'sample');
  c.send(method('sample'));
  await answerArrives;
  c.onFrame = () => undefined;
  const answerFiles = answerFrames.map((text, k) => {
    const file = join(TMP, `realtime-answer-${k}.json`);
    writeFileSync(file, text);
    return file;
  });
  const bare = await launch([join(__dirname, 'bare-ws.js'), pushedFile, ...answerFiles], '/');
  const b = await ddpSocket(`${bare.url.replace('http', 'ws')}/`);
  const latency = [];
  const rate = [];
  for (let i = 0; i < Math.max(3, ROUNDS); i += 1) {
    const fakeMs = await deliveryLatency(fake.url, c, 200);
    const bareMs = await deliveryLatency(bare.url, b, 200);
    latency.push({ fakeMs, bareMs, ratio: bareMs / fakeMs });
    const fakeRate = await frameRate(c, method, 5000, 64);
    const bareRate = await frameRate(b, method, 5000, 64);
    rate.push({ fakeRate, bareRate, ratio: fakeRate / bareRate });
  }
  const mid = (list, key) => median(list.map((x) => x[key]));
  const latencyRatio = mid(latency, 'ratio');
  record(
    'realtime: REST post → DDP subscriber (latency, baseline ÷ fake)',
    mid(latency, 'fakeMs'),
    mid(latency, 'bareMs'),
    latencyRatio,
    '>= 0.5',
    latencyRatio >= 0.5,
    'ms',
  );
  const rateRatio = mid(rate, 'ratio');
  record(
    'realtime: sendMessage answered over one socket',
    mid(rate, 'fakeRate'),
    mid(rate, 'bareRate'),
    rateRatio,
    '>= 0.5',
    rateRatio >= 0.5,
    'req/s',
  );
  c.ws.close();
  b.ws.close();
  await Promise.all([kill(fake.child), kill(bare.child)]);
}

/**
 * Memory after what tests do, read after the work: 30 rounds of 10 changes, a reset and a list;
 * 20 rounds of one change and one list; 20 sessions created, changed, listed and closed. The
 * same load again must not grow it.
 */
async function memoryAfterLoad(server) {
  const { url } = server;
  const list = (base, offset = 1000) =>
    fetchBytes(`${base}/api/v1/channels.list?count=50&offset=${offset}`, { headers: TOKEN });
  const load = async () => {
    for (let round = 0; round < 30; round += 1) {
      for (let k = 0; k < 10; k += 1) await changeRoom(url, round * 10 + k);
      await fetchBytes(`${url}/__admin/reset`, { method: 'POST' });
      await list(url);
    }
    for (let k = 0; k < 20; k += 1) {
      await changeRoom(url, k);
      await list(url);
    }
    for (let k = 0; k < 20; k += 1) {
      const session = JSON.parse(
        (await fetchBytes(`${url}/__admin/sessions`, { method: 'POST' })).toString('utf8'),
      );
      for (let c = 0; c < 5; c += 1) {
        await changeRoom(session.url, c);
        await list(session.url, 5000 * c);
      }
      await fetchBytes(`${url}/__admin/sessions/${session.id}`, { method: 'DELETE' });
    }
    await fetchBytes(`${url}/__admin/reset`, { method: 'POST' });
  };
  await load();
  const first = await rss(server.child.pid);
  await load();
  await load();
  const third = await rss(server.child.pid);
  record(
    'memory after a test load, 100k channels (RSS)',
    first,
    undefined,
    first / 300,
    '<= 1 (300 MB)',
    first <= 300,
    'MB',
  );
  record(
    'memory after the same load twice more',
    third,
    first,
    third / first,
    '<= 1.1',
    third / first <= 1.1,
    'MB',
  );
}

async function embedded(largeFile) {
  const express = require(join(ROOT, 'node_modules', 'express'));
  const cycleFake = async () => {
    const t0 = now();
    const fake = createFakeServer();
    const url = await fake.start();
    await (await fetch(`${url}/api/info`)).arrayBuffer();
    await fake.stop();
    return now() - t0;
  };
  const cycleExpress = async () => {
    const t0 = now();
    const app = express();
    app.get('/api/info', (_req, res) => res.json({ version: '7.0.0', success: true }));
    const server = await new Promise((r) => {
      const s = app.listen(0, '127.0.0.1', () => r(s));
    });
    await (await fetch(`http://127.0.0.1:${server.address().port}/api/info`)).arrayBuffer();
    await new Promise((r) => {
      server.close(r);
      server.closeAllConnections();
    });
    return now() - t0;
  };
  await cycleFake();
  await cycleExpress();
  const f = [];
  const e = [];
  for (let i = 0; i < 15; i += 1) {
    e.push(await cycleExpress());
    f.push(await cycleFake());
  }
  const ratio = median(f) / median(e);
  record(
    'embedded start → response → stop vs bare Express',
    median(f),
    median(e),
    ratio,
    '<= 1.5',
    ratio <= 1.5,
    'ms',
  );
  const big = createFakeServer({ fixtures: largeFile });
  const t0 = now();
  for (let i = 0; i < 100; i += 1) big.session();
  const perSession = (now() - t0) / 100;
  record(
    'create a session on the 100k world (each, of 100)',
    perSession,
    undefined,
    perSession / 5,
    '<= 1 (5 ms)',
    perSession <= 5,
    'ms',
  );
}

/** Set once every figure is measured: a run that stops short must not pass for a met one. */
let finished = false;
process.on('beforeExit', () => {
  if (finished) return;
  console.error('[bench] stopped before the table was printed: a measurement never settled');
  process.exit(2);
});

/**
 * The worst request within the documented bounds (64 field conditions, each a regex RE2 runs in
 * linear time, and a sort on 32 keys) against a plain list page, on a 20,000-room world: each
 * request at a new offset, so no page comes from the cache.
 */
async function worstCase() {
  const fake = await launch([CLI, '--port', '0', '--lenient', '--fixtures', world(20_000, 100)]);
  const fields = [
    'ts',
    '_updatedAt',
    'name',
    'fname',
    'usersCount',
    'msgs',
    't',
    'ro',
    'topic',
    'u.username',
  ];
  const sort = Object.fromEntries(
    Array.from({ length: 32 }, (_, i) => [
      `${fields[i % fields.length]}${'.x'.repeat(Math.floor(i / fields.length))}`,
      i % 2 ? 1 : -1,
    ]),
  );
  const query = {
    $or: Array.from({ length: 64 }, (_, i) => ({ ts: { $regex: `^(([\\d:.TZ-]+)+)+!${i}$` } })),
  };
  const enc = (o) => encodeURIComponent(JSON.stringify(o));
  const worst = `count=50&sort=${enc(sort)}&query=${enc(query)}`;
  const plain = `count=50&sort=${enc({ name: -1 })}`;
  const time = async (params, offset) => {
    const started = now();
    const res = await fetch(`${fake.url}/api/v1/channels.list?${params}&offset=${offset}`, {
      headers: TOKEN,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`worst case: ${res.status}`);
    return now() - started;
  };
  const p = [];
  const w = [];
  for (let i = 0; i < 15 * Math.max(1, ROUNDS); i += 1) {
    p.push(await time(plain, i + 1));
    w.push(await time(worst, i + 1));
  }
  await kill(fake.child);
  const ratio = median(w) / median(p);
  record(
    'worst request in bounds vs a plain page, 20k channels',
    median(w),
    median(p),
    ratio,
    '<= 10',
    ratio <= 10,
    'ms',
  );
}

/**
 * The worst realtime frame within the bounds (src/limits.ts): a `sendMessage` call just under
 * `ddpFrameBytes`, nested exactly `ddpFrameDepth` deep and holding just under `ddpFrameValues`
 * values, its `customFields` a chain of objects down to an array of strings written as `\u00e9`
 * escapes (the slowest text to parse, byte for byte, once the values are bounded); the method takes
 * it (customFields is an object) and stores the message. Against a plain `sendMessage` on the same
 * socket, each timed from its send to its `result`, alternating.
 */
async function worstFrame() {
  const { DEFAULT_LIMITS } = require(join(ROOT, 'dist', 'limits.js'));
  const bytes = DEFAULT_LIMITS.ddpFrameBytes;
  const depth = DEFAULT_LIMITS.ddpFrameDepth;
  const values = DEFAULT_LIMITS.ddpFrameValues;
  const fake = await launch([CLI, '--port', '0', '--fixtures', world(10, 0, 0)]);
  const c = await ddpSocket(`${fake.url.replace('http', 'ws')}/websocket`);
  c.send({ msg: 'connect', version: '1', support: ['1'] });
  await c.next((f) => f.msg === 'connected');
  c.send({ msg: 'method', id: 'login', method: 'login', params: [{ resume: 'bench-token' }] });
  await c.next((f) => f.msg === 'result' && f.id === 'login');
  const plain = (id) =>
    `{"msg":"method","id":"${id}","method":"sendMessage","params":[{"rid":"GENERAL","msg":"plain ${id}"}]}`;
  // the frame, params and the message are 3 levels; the chain of objects and its array the rest
  const chain = depth - 4;
  // the frame's own values (about 12) and the chain's (two each) leave the rest to the array's strings
  const strings = values - 2 * chain - 16;
  const worst = (id) => {
    const head = `{"msg":"method","id":"${id}","method":"sendMessage","params":[{"rid":"GENERAL","msg":"worst ${id}","customFields":${'{"a":'.repeat(chain)}[`;
    const tail = `]${'}'.repeat(chain)}}]}`;
    const room = bytes - 64 - head.length - tail.length;
    const escapes = Math.floor((room / strings - 3) / 6);
    const item = `"${'\\u00e9'.repeat(escapes)}"`;
    return `${head}${Array(strings).fill(item).join(',')}${tail}`;
  };
  const sample = worst('w-sample');
  if (Buffer.byteLength(sample) >= bytes) throw new Error('worst frame: over the frame bound');
  const time = async (text, id) => {
    const answered = c.next((f) => f.msg === 'result' && f.id === id);
    const t0 = now();
    c.send(text);
    const { frame } = await answered;
    if (frame.error) throw new Error(`worst frame: ${JSON.stringify(frame.error)}`);
    return now() - t0;
  };
  await time(sample, 'w-sample');
  const p = [];
  const w = [];
  for (let i = 0; i < 15 * Math.max(1, ROUNDS); i += 1) {
    p.push(await time(plain(`p${i}`), `p${i}`));
    w.push(await time(worst(`w${i}`), `w${i}`));
  }
  c.ws.close();
  await kill(fake.child);
  const ratio = median(w) / median(p);
  record(
    `realtime: worst frame in bounds (${Math.round(bytes / 1024)} KB, ${depth} deep, ${values} values) vs a plain sendMessage`,
    median(w),
    median(p),
    ratio,
    '<= 10',
    ratio <= 10,
    'ms',
  );
}

/** A world with `users` members besides the admin (`member1`…), for the creation rows. */
function creationWorld(channels, integrations, users = 20) {
  const file = join(TMP, `creation-${channels}-${integrations}-${users}.json`);
  const members = Array.from({ length: users }, (_, i) => ({ username: `member${i + 1}`, password: 'pw' }));
  writeFileSync(
    file,
    JSON.stringify({
      seed: 1,
      users: [
        { _id: 'benchAdmin0000001', username: 'admin', password: 'admin', roles: ['admin'] },
        ...members,
      ],
      channels: [
        { _id: 'GENERAL', name: 'general', default: true },
        { name: 'random', ro: false },
      ],
      tokens: [{ username: 'admin', authToken: 'bench-token' }],
      generate: { channels, integrations },
    }),
  );
  return file;
}

/** The creation rows' bounds, raised so a run of creations is measured, not refused. */
const CREATION_LIMITS = ['--limit', 'usersPerWorld=1000000', '--limit', 'roomsPerWorld=1000000'];

let created = 0;
/** A new user's body, a new name each call. */
const newUser = () => {
  created += 1;
  return JSON.stringify({
    username: `bench.user.${created}`,
    email: `bench.user.${created}@example.com`,
    name: `Bench User ${created}`,
    password: 'bench-password',
  });
};
/** A new public room's body with two members, a new name each call. */
const newRoom = () => {
  created += 1;
  return JSON.stringify({ name: `bench-room-${created}`, members: ['member1', 'member2'] });
};

/**
 * The creation rows: `users.create` and `channels.create` (with members) against the bare server;
 * 1,000 users and 1,000 rooms created in the 100k-channel world against the 100-channel world; a
 * reset after 1,000 creations against one after 10; the memory after the same creations and reset
 * three times.
 */
async function creation() {
  const json = { ...TOKEN, 'Content-Type': 'application/json' };
  const reset = (url) => fetchBytes(`${url}/__admin/reset`, { method: 'POST' });
  const more = (bodies) => ({ args: CREATION_LIMITS, bodies, beforeFake: reset });
  await throughput(
    'POST users.create',
    '/api/v1/users.create',
    { method: 'POST', headers: json, body: newUser() },
    0.5,
    creationWorld(20, 10),
    more(newUser),
  );
  await throughput(
    'POST channels.create, 2 members',
    '/api/v1/channels.create',
    { method: 'POST', headers: json, body: newRoom() },
    0.5,
    creationWorld(20, 10),
    more(newRoom),
  );
  const small = await launch([
    CLI,
    '--port',
    '0',
    '--lenient',
    '--fixtures',
    creationWorld(100, 20),
    ...CREATION_LIMITS,
  ]);
  const large = await launch([
    CLI,
    '--port',
    '0',
    '--lenient',
    '--fixtures',
    creationWorld(100_000, 20_000),
    ...CREATION_LIMITS,
  ]);
  // n users and n rooms, ten at a time (as a suite's setup runs), timed whole
  const create = async (url, n) => {
    const t0 = now();
    for (let k = 0; k < n; k += 10) {
      const batch = [];
      for (let j = k; j < Math.min(n, k + 10); j += 1) {
        batch.push(
          fetchBytes(`${url}/api/v1/users.create`, { method: 'POST', headers: json, body: newUser() }),
        );
        batch.push(
          fetchBytes(`${url}/api/v1/channels.create`, { method: 'POST', headers: json, body: newRoom() }),
        );
      }
      await Promise.all(batch);
    }
    return now() - t0;
  };
  const smallTimes = [];
  const largeTimes = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    smallTimes.push(await create(small.url, 1000));
    await reset(small.url);
    largeTimes.push(await create(large.url, 1000));
    await reset(large.url);
  }
  const c = median(largeTimes) / median(smallTimes);
  record(
    'create 1,000 users + 1,000 rooms, 100k vs 100 channels',
    median(largeTimes),
    median(smallTimes),
    c,
    '<= 3',
    c <= 3,
    'ms',
  );
  // a reset after 1,000 creations (of each) against a reset after 10, in the large world
  const resetAfter = async (n) => {
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await create(large.url, n);
      const t0 = now();
      await reset(large.url);
      times.push(now() - t0);
    }
    return median(times);
  };
  const after10 = await resetAfter(10);
  const after1000 = await resetAfter(1000);
  record(
    'reset after 1,000 creations vs after 10, 100k channels',
    after1000,
    after10,
    after1000 / after10,
    '<= 3',
    after1000 / after10 <= 3,
    'ms',
  );
  // the same creations and reset three times: what the first left is all that stays
  await create(large.url, 1000);
  await reset(large.url);
  const first = await rss(large.child.pid);
  for (let k = 0; k < 2; k += 1) {
    await create(large.url, 1000);
    await reset(large.url);
  }
  const third = await rss(large.child.pid);
  record(
    'memory after 1,000 creations + reset, third vs first',
    third,
    first,
    third / first,
    '<= 1.1',
    third / first <= 1.1,
    'MB',
  );
  await Promise.all([kill(small.child), kill(large.child)]);
}

/**
 * A world for the bots' rows: `messages` listed messages in #general, each by the admin and, with
 * `reactions`, carrying a reaction of two users; `generated` more generated ones. The first listed
 * message is `benchMessage0` (a reaction's or a thread's target).
 */
function botsWorld(messages, { reactions = false, generated = 0 } = {}) {
  const file = join(TMP, `bots-${messages}-${reactions}-${generated}.json`);
  const listed = Array.from({ length: messages }, (_, i) => ({
    _id: `benchMessage${i}`,
    rid: 'GENERAL',
    u: { username: 'admin' },
    msg: `message ${i} with a reaction or two`,
    ...(reactions ? { reactions: { ':+1:': { usernames: ['admin', 'member1'] } } } : {}),
  }));
  writeFileSync(
    file,
    JSON.stringify({
      seed: 1,
      users: [
        { _id: 'benchAdmin0000001', username: 'admin', password: 'admin', roles: ['admin'] },
        { username: 'member1', password: 'pw' },
      ],
      channels: [{ _id: 'GENERAL', name: 'general', usernames: ['admin', 'member1'] }],
      tokens: [{ username: 'admin', authToken: 'bench-token' }],
      messages: listed,
      generate: { messages: generated },
    }),
  );
  return file;
}

/** The rows of what bots and apps do: reactions, threads, uploads, and the memory they take. */
async function bots() {
  // each call toggles the admin's :+1: on one message: a write, a change event, a stream frame
  await throughput(
    'POST chat.react',
    '/api/v1/chat.react',
    {
      method: 'POST',
      headers: { ...TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messageId: 'benchMessage0', emoji: ':smile:' }),
    },
    0.5,
    botsWorld(1),
  );
  const memoryOf = await launch([CLI, '--port', '0', '--fixtures', botsWorld(100_000, { reactions: true })]);
  // the messages read once (as a client's first page does), then the memory after the work
  await fetchBytes(`${memoryOf.url}/api/v1/channels.history?roomId=GENERAL&count=100`, { headers: TOKEN });
  const memory = await rss(memoryOf.child.pid);
  record(
    'memory with 100k messages carrying reactions',
    memory,
    undefined,
    memory / 300,
    '<= 1 (300 MB)',
    memory <= 300,
    'MB',
  );
  await kill(memoryOf.child);
  await threadPage();
  await upload();
}

/** A thread's page right after a reply, on a world of 100,000 messages against one of 100, each step timed alone. */
async function threadPage() {
  const s = await launch([CLI, '--port', '0', '--fixtures', botsWorld(1, { generated: 100 })]);
  const l = await launch([CLI, '--port', '0', '--fixtures', botsWorld(1, { generated: 100_000 })]);
  const reply = (url, k) =>
    post(url, 'chat.postMessage', { roomId: 'GENERAL', tmid: 'benchMessage0', text: `reply ${k}` });
  const page = (url) => () =>
    fetchBytes(`${url}/api/v1/chat.getThreadMessages?tmid=benchMessage0&count=50`, { headers: TOKEN });
  const small = await timedAfter((k) => reply(s.url, k), page(s.url));
  const large = await timedAfter((k) => reply(l.url, k), page(l.url));
  record(
    'chat.getThreadMessages page after a reply, 100k vs 100 messages',
    large,
    small,
    large / small,
    '<= 3',
    large / small <= 3,
    'ms',
  );
  await Promise.all([kill(s.child), kill(l.child)]);
}

/**
 * Uploading a 1 MB file (`rooms.media`, multipart) against a bare node:http server reading the
 * same request, one at a time (the uploads are kept: the world's upload budget is reset, untimed,
 * every 16), as the median of each's own time; the row's figures are uploads a second.
 */
async function upload() {
  const fake = await launch([CLI, '--port', '0', '--fixtures', botsWorld(1)]);
  const bytes = Buffer.alloc(1024 * 1024, 'rocketchat-fake ');
  const form = () => {
    const data = new FormData();
    data.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'bench.bin');
    return data;
  };
  const send = (url) =>
    fetchBytes(`${url}/api/v1/rooms.media/GENERAL`, { method: 'POST', headers: TOKEN, body: form() });
  const sample = await send(fake.url);
  const bodyFile = join(TMP, 'upload-answer.json');
  writeFileSync(bodyFile, sample);
  const bare = await launch([BARE, bodyFile]);
  const timed = async (url, k) => {
    if (url === fake.url && k % 16 === 0) await fetchBytes(`${fake.url}/__admin/reset`, { method: 'POST' });
    const t0 = now();
    await send(url);
    return now() - t0;
  };
  const f = [];
  const b = [];
  for (let k = 0; k < 64; k += 1) {
    b.push(await timed(bare.url, k));
    f.push(await timed(fake.url, k));
  }
  const fakeRate = 1000 / median(f);
  const bareRate = 1000 / median(b);
  const ratio = fakeRate / bareRate;
  record('upload of a 1 MB file (rooms.media)', fakeRate, bareRate, ratio, '>= 0.5', ratio >= 0.5, 'req/s');
  await Promise.all([kill(fake.child), kill(bare.child)]);
}

/** `BENCH_ONLY=scale` (or a comma list of start, throughput, creation, messaging, realtime, realtime-worst, bots, scale, worst, embedded, peers, wiremock) runs only those. */
const only = (group) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(group);

(async () => {
  if (only('start')) {
    const start = await startVsBare();
    record(
      'cold start: spawn → first 200 (default scenario)',
      start.fake,
      start.bare,
      start.ratio,
      '<= 1.5',
      start.ratio <= 1.5,
      'ms',
    );
    // the first start after an install or an upgrade, when nothing compiled is kept yet: it parses
    // and compiles the program (one file, about 530 KB), which the row above does not
    const first = await startVsBare({ ...process.env, ROCKETCHAT_FAKE_CODE_CACHE: 'off' });
    record(
      'cold start, first after install (no code cache)',
      first.fake,
      first.bare,
      first.ratio,
      '<= 2',
      first.ratio <= 2,
      'ms',
    );
  }
  if (only('throughput')) {
    await throughput('GET channels.list?count=50', '/api/v1/channels.list?count=50', { headers: TOKEN }, 0.5);
    await throughput(
      'POST channels.setReadOnly',
      '/api/v1/channels.setReadOnly',
      {
        method: 'POST',
        headers: { ...TOKEN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ roomName: 'random', readOnly: true }),
      },
      0.5,
    );
    await throughput(
      'POST chat.postMessage, 100k messages',
      '/api/v1/chat.postMessage',
      {
        method: 'POST',
        headers: { ...TOKEN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ roomId: 'GENERAL', text: 'hello from the bench' }),
      },
      0.5,
      world(10, 0, 100_000),
    );
  }
  if (only('creation')) await creation();
  if (only('messaging')) await messaging();
  if (only('realtime')) await realtime();
  if (only('bots')) await bots();
  if (only('worst')) await worstCase();
  if (only('realtime-worst')) await worstFrame();
  // the inspector page's script time per refresh in headless Chromium (bench/inspector.js)
  if (only('inspector')) await require('./inspector').inspectorRows({ record });
  const large = only('scale') || only('embedded') ? await scale(!only('scale')) : undefined;
  if (only('embedded')) await embedded(large);
  if (only('peers')) await peers();
  if (only('wiremock')) await wiremock();
  const header = {
    figure: 'figure',
    fake: 'rocketchat-fake',
    base: 'baseline',
    ratio: 'ratio',
    goal: 'goal',
    ok: 'met',
  };
  const width = (k) => Math.max(header[k].length, ...rows.map((r) => r[k].length));
  const cols = ['figure', 'fake', 'base', 'ratio', 'goal', 'ok'];
  const line = (r) => `| ${cols.map((k) => String(r[k]).padEnd(width(k))).join(' | ')} |`;
  finished = true;
  const os = require('node:os');
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${ROUNDS} rounds (cold start ${START_ROUNDS}, throughput ${THROUGHPUT_ROUNDS} of ${THROUGHPUT_SECONDS} s), medians`,
  );
  console.log(line(header));
  console.log(`| ${cols.map((k) => '-'.repeat(width(k))).join(' | ')} |`);
  for (const r of rows) console.log(line(r));
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  process.exit(rows.every((r) => r.ok === 'yes') ? 0 : 1);
})().catch((error) => {
  console.error(error);
  process.exit(2);
});
