/**
 * Start-up loads only what the first request needs (src/lazy.ts), and the default scenario starts
 * from the world compiled at build time (src/scenario/compiled.ts), which must be exactly the
 * world resolving the scenario gives.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { compiledWorld, compiledWorldFile, digestOf } from '../src/scenario/compiled';
import { DEFAULT_FIXTURES } from '../src/scenario/load';
import { resolveScenario } from '../src/scenario/resolve';

const ROOT = join(__dirname, '..');

describe('the compiled default world', () => {
  const text = readFileSync(DEFAULT_FIXTURES, 'utf8');

  it('is shipped by the build, named by its text\u2019s SHA-256, and is exactly what resolving gives', () => {
    const file = compiledWorldFile(text, join(ROOT, 'dist', 'scenario', 'worlds'));
    expect(file).toMatch(new RegExp(`${digestOf(text)}\\.json$`));
    const compiled = JSON.parse(readFileSync(file, 'utf8'));
    expect(compiled.world).toStrictEqual(resolveScenario(JSON.parse(text), { source: DEFAULT_FIXTURES }));
  });

  it('stands in only for the exact text it was compiled from, without a seed override', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-compiled-'));
    const world = resolveScenario({ users: [{ username: 'x', password: 'x' }] });
    writeFileSync(compiledWorldFile('{"a":1}', dir), JSON.stringify({ format: 1, world }));
    expect(compiledWorld('{"a":1}', undefined, dir)).toStrictEqual(world);
    expect(compiledWorld('{"a":1} ', undefined, dir)).toBeUndefined();
    expect(compiledWorld('{"a":1}', 1, dir)).toBeUndefined();
    writeFileSync(compiledWorldFile('{"a":1}', dir), '{"format":1,');
    expect(compiledWorld('{"a":1}', undefined, dir)).toBeUndefined();
    expect(compiledWorld('{"a":1}', undefined, join(dir, 'missing'))).toBeUndefined();
  });
});

describe('what start-up loads (the built package, in a fresh process)', () => {
  it('loads neither Express nor zod nor faker, nor the pass-through or the validators, until needed', () => {
    const script = `
      const { createFakeServer } = require('./dist/index.js');
      const heavy = () => Object.keys(require.cache)
        .map((k) => /node_modules[\\\\/](express|body-parser|zod|@faker-js[\\\\/]faker)[\\\\/]/.exec(k)?.[1])
        .filter(Boolean).filter((m, i, all) => all.indexOf(m) === i).sort();
      (async () => {
        const out = {};
        const fake = createFakeServer();
        const url = await fake.start();
        out.started = heavy();
        // the pass-through (only with a target) and the releases' validators (after the first health)
        const { join, relative, sep } = require('node:path');
        out.startedOwn = Object.keys(require.cache)
          .map((k) => relative(join(process.cwd(), 'dist'), k).split(sep).join('/'))
          .filter((k) => k === 'proxy/passthrough.js' || k === 'operations/schemas.js').sort();
        const health = await fetch(url + '/__admin/health');
        out.health = [health.status, await health.text()];
        const login = await (await fetch(url + '/api/v1/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ user: 'admin', password: 'admin' }),
        })).json();
        const post = await fetch(url + '/api/v1/channels.setReadOnly', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-User-Id': login.data.userId, 'X-Auth-Token': login.data.authToken },
          body: JSON.stringify({ roomName: 'general', readOnly: true }),
        });
        out.post = post.status;
        out.afterRequests = heavy().filter((m) => m === 'zod' || m === '@faker-js/faker');
        out.compiledState = JSON.stringify(createFakeServer().state());
        out.resolvedState = JSON.stringify(createFakeServer({ seed: 1, worldCache: false }).state());
        out.afterResolving = heavy();
        await fake.stop();
        process.stdout.write(JSON.stringify(out));
      })();
    `;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(out.started).toEqual([]);
    expect(out.startedOwn).toEqual([]);
    expect(out.health).toEqual([200, '{"status":"ok","profile":"8.9"}']);
    expect(out.post).toBe(200);
    expect(out.afterRequests).toEqual([]);
    // the default scenario's own seed is 1: the same world, once compiled and once resolved
    expect(out.resolvedState).toBe(out.compiledState);
    expect(out.afterResolving).toEqual(['@faker-js/faker', 'body-parser', 'express', 'zod']);
  });
});
