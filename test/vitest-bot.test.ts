/**
 * Under a real Vitest run (globalSetup `rocketchat-fake/vitest/global-setup`, `useSession` from
 * `rocketchat-fake/vitest`), a bot connected once in `beforeAll` stays logged in through the
 * per-test resets when the session asks for `keepLogins`: each test's message reaches it over its
 * one socket, the socket is never closed, and the run exits 0.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const MODULES = join(ROOT, 'node_modules');

jest.setTimeout(120_000);

const BOT_FILE = `import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { useSession } from 'rocketchat-fake/vitest';

const session = useSession({ keepLogins: true });
let socket;
let closes = 0;
const seen = [];
const waiting = [];

function send(frame) {
  socket.send(JSON.stringify(frame));
}
function next(match) {
  const found = seen.find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => waiting.push({ match, resolve }));
}

beforeAll(async () => {
  socket = new WebSocket(session.url.replace(/^http/, 'ws') + '/websocket');
  socket.on('close', () => (closes += 1));
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data));
    seen.push(frame);
    for (const w of waiting.splice(0)) (w.match(frame) ? w.resolve(frame) : waiting.push(w));
  });
  await new Promise((resolve) => socket.once('open', resolve));
  send({ msg: 'connect', version: '1', support: ['1'] });
  await next((f) => f.msg === 'connected');
  send({ msg: 'method', id: 'login', method: 'login', params: [{ user: { username: 'deploy-bot' }, password: 'deploy-bot' }] });
  const login = await next((f) => f.msg === 'result' && f.id === 'login');
  expect(login.error).toBeUndefined();
  send({ msg: 'sub', id: 'general', name: 'stream-room-messages', params: ['GENERAL', false] });
  await next((f) => f.msg === 'ready');
});

afterAll(() => {
  expect(closes).toBe(0);
  socket.close();
});

async function postAsAlice(text) {
  const login = await fetch(session.url + '/api/v1/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'alice', password: 'alice' }),
  });
  const { data } = await login.json();
  const res = await fetch(session.url + '/api/v1/chat.postMessage', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-User-Id': data.userId, 'X-Auth-Token': data.authToken },
    body: JSON.stringify({ roomId: 'GENERAL', text }),
  });
  expect(res.status).toBe(200);
}

const reaches = (text) => (f) =>
  f.msg === 'changed' && f.collection === 'stream-room-messages' && f.fields.args[0].msg === text;

for (const name of ['first', 'second', 'third']) {
  test(name + ' test: the bot still gets the message over its one socket', async () => {
    await postAsAlice('hello from the ' + name + ' test');
    await next(reaches('hello from the ' + name + ' test'));
    // the reset after the previous test took the world back: only this test's message is there
    const history = await (await fetch(session.url + '/__admin/state')).json();
    const texts = (history.messages ?? []).filter((m) => m.rid === 'GENERAL').map((m) => m.msg);
    expect(texts.filter((t) => t.startsWith('hello from'))).toEqual(['hello from the ' + name + ' test']);
  });
}
`;

describe('a bot connected for a whole Vitest file', () => {
  it('survives the per-test resets of useSession({ keepLogins: true }): three tests, one socket, exit 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-vitest-bot-'));
    mkdirSync(join(dir, 'node_modules'));
    // Vitest and ws from this project's install, and the package itself as a consumer resolves it
    symlinkSync(join(MODULES, 'vitest'), join(dir, 'node_modules', 'vitest'));
    symlinkSync(join(MODULES, 'ws'), join(dir, 'node_modules', 'ws'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'rocketchat-fake'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'bot-file', private: true, type: 'module' }),
    );
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      "export default { test: { globalSetup: ['rocketchat-fake/vitest/global-setup'] } };\n",
    );
    writeFileSync(join(dir, 'bot.test.mjs'), BOT_FILE);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_')));
    const run = spawnSync(
      process.execPath,
      [
        join(MODULES, 'vitest', 'vitest.mjs'),
        'run',
        '--root',
        dir,
        '--config',
        join(dir, 'vitest.config.mjs'),
      ],
      { cwd: dir, encoding: 'utf8', env: { ...env, CI: 'true' } },
    );
    // eslint-disable-next-line no-control-regex -- Vitest colours its summary
    const output = `${run.stdout}${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
    expect({ status: run.status, output }).toEqual({
      status: 0,
      output: expect.stringMatching(/Tests\s+3 passed \(3\)/),
    });
  });
});
