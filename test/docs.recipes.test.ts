/**
 * The shell recipes of docs/python.md's "Any language" section, run as written: each `curl` line
 * of its control API block against a started fake (`$ROCKETCHAT_URL` its URL, `@world.json` the
 * shipped example scenario with personal access tokens), each answering 2xx with JSON.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';

const ROOT = join(__dirname, '..');

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One `curl -s [-X M] "<url>" [-H 'k: v'] [-d '<json>' | -d @file]` line, its comment dropped. */
function parseCurl(line: string, base: string, files: Record<string, string>): Curl {
  const command = line.replace(/\s+#.*$/, '').trim();
  const method = /-X (\w+)/.exec(command)?.[1] ?? 'GET';
  const url = (/"(\$ROCKETCHAT_URL[^"]*)"/.exec(command)?.[1] ?? '').replace('$ROCKETCHAT_URL', base);
  const headers = Object.fromEntries(
    [...command.matchAll(/-H '([^:]+): ([^']*)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const data = /-d (?:'([^']*)'|@(\S+))/.exec(command);
  const body = data?.[1] ?? (data?.[2] !== undefined ? files[data[2]] : undefined);
  return { method, url, headers, ...(body !== undefined ? { body } : {}) };
}

describe('docs/python.md: the control API over HTTP, as any language drives it', () => {
  let fake: FakeServer | undefined;
  afterEach(async () => {
    await fake?.stop();
    fake = undefined;
  });

  it('every curl line of the block answers 2xx with JSON', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'python.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Any language'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.startsWith('curl '));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    fake = createFakeServer();
    await fake.start(0);
    const world = readFileSync(join(ROOT, 'fixtures', 'examples', 'personal-access-tokens.json'), 'utf8');
    const answers: [string, number, string][] = [];
    for (const line of lines) {
      const curl = parseCurl(line, fake.url, { 'world.json': world });
      const res = await fetch(curl.url, {
        method: curl.method,
        headers: curl.headers,
        ...(curl.body !== undefined ? { body: curl.body } : {}),
      });
      answers.push([line, res.status, res.headers.get('content-type') ?? '']);
    }
    for (const [line, status, type] of answers) {
      expect({ line, ok: status >= 200 && status < 300 }).toEqual({ line, ok: true });
      if (status !== 204)
        expect({ line, type }).toEqual({ line, type: expect.stringMatching(/json/) as string });
    }
    // the scenario the block put in place is the world now (the default scenario has no ci-bot)
    expect(fake.state().users.map((u) => u._id)).toContain('ciBotUserId000001');
  });
});
