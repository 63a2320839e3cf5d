/**
 * The journal's byte budgets must bound what it really keeps: a 256 K excerpt of a long answer
 * once kept the whole answer alive (a V8 slice is a view of its string), so a client reading large
 * pages with a change after each (no page cache to share them) took the server out of memory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { detachedStart } from '../src/journal/journal';
import { CLI } from './support/build';

/** Logs in, then reads every channel in one page and changes a room, PAGES times; fails loudly on any refusal. */
const CLIENT = `
const B = process.env.ROCKETCHAT_URL;
const PAGES = Number(process.env.PAGES);
(async () => {
  const json = { 'content-type': 'application/json' };
  const login = await (await fetch(B + '/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ user: 'admin', password: 'admin' }) })).json();
  const h = { 'X-User-Id': login.data.userId, 'X-Auth-Token': login.data.authToken, ...json };
  let chars = 0;
  for (let i = 0; i < PAGES; i++) {
    const page = await fetch(B + '/api/v1/channels.list?count=0', { headers: h });
    chars = (await page.text()).length;
    const change = await fetch(B + '/api/v1/channels.setReadOnly', { method: 'POST', headers: h, body: JSON.stringify({ roomName: 'general', readOnly: i % 2 === 0 }) });
    await change.text();
    if (page.status !== 200 || change.status !== 200) throw new Error('page ' + i + ': ' + page.status + ' ' + change.status);
  }
  console.log('read ' + PAGES + ' pages of ' + chars + ' characters');
})().catch((e) => { console.error('client: ' + e.message); process.exit(1); });
`;

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the journal keeps what its budgets count', () => {
  it('60 pages of 1.7 MB with a change after each, under a 96 MB heap: the server lives and answers every page', async () => {
    // the hostile run was 60 pages of 6.8 MB under a 256 MB heap; a quarter of each keeps the test quick
    const dir = mkdtempSync(join(tmpdir(), 'rcf-memory-'));
    const scenario = join(dir, 'wide.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        seed: 7,
        generate: { channels: 5000 },
        users: [{ _id: 'rocket.cat.admin', username: 'admin', password: 'admin', roles: ['admin'] }],
        channels: [
          { _id: 'GENERAL', name: 'general', t: 'c', u: { _id: 'rocket.cat.admin', username: 'admin' } },
        ],
      }),
    );
    const client = join(dir, 'client.js');
    writeFileSync(client, CLIENT);
    const result = await run(
      [
        '--max-old-space-size=96',
        CLI,
        '--port',
        '0',
        '--fixtures',
        scenario,
        '-c',
        `"${process.execPath}" "${client}"`,
      ],
      { PAGES: '60', ROCKETCHAT_FAKE_CODE_CACHE: 'off' },
    );
    expect(result.stderr).not.toMatch(/heap out of memory|client:/);
    expect(result.stdout).toMatch(/read 60 pages of 16\d{5} characters/);
    expect(result.code).toBe(0);
  });

  it('an excerpt is the start of the text, every UTF-16 code unit kept (a lone surrogate too)', () => {
    const text = `ab\uD83D\uDE00c\uD800${'x'.repeat(100)}`;
    expect(detachedStart(text, 5)).toBe('ab\uD83D\uDE00c');
    expect(detachedStart(text, 6)).toBe('ab\uD83D\uDE00c\uD800');
    expect(detachedStart(text, 3)).toBe('ab\uD83D');
    expect(detachedStart('short', 10)).toBe('short');
  });
});
