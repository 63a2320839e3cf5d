/**
 * `rocketchat-fake record` against a second fake standing in for a live server: read-only calls,
 * a scenario the fake loads, the same read calls answered the same, no secret written, and the
 * pass-through's answers added as stubs with --stubs-from.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createFakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import { CLI } from './support/build';
import { AS, WORLD } from './support/fake';

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

describe('rocketchat-fake record', () => {
  it('writes a scenario of what the account sees; loaded, it answers the same reads; nothing secret, nothing written there', async () => {
    const live = createFakeServer({ scenario: WORLD });
    const target = await live.start(0);
    // a client run through a fake with pass-through, whose answers become stubs
    const front = createFakeServer({ proxyUnmodelled: target });
    await front.start(0);
    live.stub({
      request: { path: '/api/v1/livechat/rooms' },
      response: { body: { rooms: [], success: true } },
    });
    await fetch(`${front.url}/api/v1/livechat/rooms`);
    // an incoming webhook: its token is a secret
    live.addIntegration({
      _id: 'recordHook0000001',
      type: 'webhook-incoming',
      name: 'ci',
      channel: ['#general'],
      username: 'robot',
      token: 'secret-hook-token',
    });
    live.clearRequests();
    const dir = mkdtempSync(join(tmpdir(), 'rcf-record-'));
    const out = join(dir, 'recorded.json');
    try {
      const recorded = await run(
        ['record', '--target', target, '--user', 'admin', '--out', out, '--stubs-from', front.url],
        { ROCKETCHAT_RECORD_PASSWORD: 'admin-pw' },
      );
      expect(recorded.err).toMatch(
        /^\[rocketchat-fake\] recorded 6 users, 5 rooms, \d+ integrations, 1 stubs to /,
      );
      expect(recorded.code).toBe(0);
      // read-only: a login, then GETs
      const calls = live.requests().map((e) => `${e.method} ${e.path}`);
      expect(calls[0]).toBe('POST /api/v1/login');
      expect(calls.slice(1).every((c) => c.startsWith('GET '))).toBe(true);
      expect(live.changes().channels).toEqual({ added: [], changed: [], removed: [] });
      // no secret: passwords, login tokens and webhook tokens are placeholders
      const text = readFileSync(out, 'utf8');
      for (const secret of ['admin-pw', 'alice-pw', 'admin-token', 'alice-token'])
        expect(text).not.toContain(secret);
      expect(text).not.toContain('secret-hook-token');
      expect(text).toContain('"token": "REDACTED"');
      const scenario = JSON.parse(text) as ScenarioInput & { stubs: unknown[] };
      expect(scenario.stubs).toEqual([
        {
          request: { method: 'GET', path: '/api/v1/livechat/rooms' },
          response: {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
            body: { rooms: [], success: true },
          },
        },
      ]);
      // it loads, and the same reads answer the same (tokens for the test's own calls added)
      const copy = createFakeServer({ scenario: { ...scenario, tokens: WORLD.tokens } });
      await copy.start(0);
      try {
        for (const path of ['/api/v1/channels.list?count=100', '/api/v1/users.list?count=100']) {
          const [a, b] = await Promise.all(
            [target, copy.url].map(async (base) =>
              (await fetch(`${base}${path}`, { headers: AS.admin })).text(),
            ),
          );
          expect(b).toBe(a);
        }
        const hooks = async (base: string): Promise<unknown> =>
          (
            await fetch(`${base}/api/v1/channels.getIntegrations?roomId=GENERAL`, { headers: AS.admin })
          ).json();
        const redacted = (body: unknown): unknown =>
          JSON.parse(JSON.stringify(body).replace(/"token":"[^"]*"/g, '"token":"REDACTED"'));
        expect(await hooks(copy.url)).toEqual(redacted(await hooks(target)));
      } finally {
        await copy.stop();
      }
    } finally {
      await front.stop();
      await live.stop();
    }
  });

  it('refuses a missing target or password, and a login the server refuses, by name', async () => {
    const usage = await run(['record', '--user', 'admin']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('record needs --target URL, --user U and a password');
    const live = createFakeServer({ scenario: WORLD });
    const target = await live.start(0);
    try {
      const refused = await run(['record', '--target', target, '--user', 'admin', '--password', 'wrong']);
      expect(refused.code).toBe(1);
      expect(refused.err).toBe('[rocketchat-fake] record: cannot log in as "admin" (HTTP 401)\n');
    } finally {
      await live.stop();
    }
    const help = await run(['record', '--help']);
    expect(help.out).toMatch(/^Usage: rocketchat-fake record --target URL/);
  });
});
