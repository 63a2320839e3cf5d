/**
 * The code cache of the `rocketchat-fake` command (src/code-cache.ts, src/cli.ts): the second
 * start takes V8's compiled code from the first instead of compiling again; a file that is not
 * ours, not V8's or not for this code is passed over; the command's start is one file of ours.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { codeCacheDir } from '../src/code-cache';
import { CLI, DIST } from './support/build';

const scratch = (): string => mkdtempSync(join(tmpdir(), 'rcf-code-'));
const kept = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.code'));

/** A CommonJS module that uses what `require` gives a module. */
function moduleFile(marker: string): string {
  const file = join(scratch(), 'program.js');
  writeFileSync(
    file,
    `#!/usr/bin/env node\n'use strict';\nconst { join } = require('node:path');\n` +
      `function twice(n) { return n * 2; }\n` +
      `const line = Number(/program\\.js:(\\d+)/.exec(new Error().stack)[1]);\n` +
      `module.exports = { marker: ${JSON.stringify(marker)}, where: join(__dirname, 'x'), file: __filename, four: twice(2), self: this === module.exports, line };\n`,
  );
  return file;
}

/**
 * runWithCodeCache (the built module) in a process of its own, as each start is (within one
 * process V8 compiles a source it has compiled before from memory, and never reads the file);
 * `keep` says whether the run then keeps its code.
 */
function run(file: string, dir: string | undefined, keep = true, flags: string[] = []) {
  const script = `
    const { runWithCodeCache } = require(${JSON.stringify(join(DIST, 'code-cache.js'))});
    const [file, dir, keep] = process.argv.slice(1);
    const run = runWithCodeCache(file, dir === '' ? undefined : dir);
    const kept = keep === 'keep' ? run.keep() : null;
    process.stdout.write(JSON.stringify({ fromCache: run.fromCache, exports: run.exports, kept }));`;
  const args = [...flags, '-e', script, file, dir ?? '', keep ? 'keep' : ''];
  // a run that never ends fails here, not by hanging the worker (spawnSync holds its event loop)
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0)
    throw new Error(`exited ${String(result.status)} (${String(result.signal)}): ${result.stderr}`);
  return JSON.parse(result.stdout) as { fromCache: boolean; exports: unknown; kept: boolean | null };
}

describe('runWithCodeCache', () => {
  it('compiles on the first run and keeps only when asked; the next run takes the kept code and runs the module as require would', () => {
    const dir = join(scratch(), 'code');
    const file = moduleFile('a');
    // line: where the stack trace says the module's fifth line is (the wrapper adds none)
    const expected = { marker: 'a', where: join(file, '..', 'x'), file, four: 4, self: true, line: 5 };
    expect(run(file, dir, false)).toEqual({ fromCache: false, exports: expected, kept: null });
    expect(kept(dir)).toEqual([]);
    expect(run(file, dir)).toEqual({ fromCache: false, exports: expected, kept: true });
    expect(kept(dir)).toHaveLength(1);
    const name = kept(dir)[0] as string;
    expect(name).toMatch(/^[0-9a-f]{64}\.code$/);
    if (process.getuid !== undefined) {
      // private: only this user reads the directory or the file
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    }
    expect(run(file, dir, false)).toEqual({ fromCache: true, exports: expected, kept: null });
  });

  it('never takes code kept for other source: an edited file compiles afresh, into a file of its own', () => {
    const dir = scratch();
    expect(run(moduleFile('a'), dir).kept).toBe(true);
    const b = run(moduleFile('b'), dir);
    expect(b).toMatchObject({ fromCache: false, exports: { marker: 'b' }, kept: true });
    expect(kept(dir)).toHaveLength(2);
  });

  it('keeps code compiled under other V8 flags apart: each setting takes its own', () => {
    const dir = scratch();
    const file = moduleFile('a');
    expect(run(file, dir).fromCache).toBe(false);
    expect(run(file, dir, true, ['--max-semi-space-size=32'])).toMatchObject({
      fromCache: false,
      kept: true,
    });
    expect(kept(dir)).toHaveLength(2);
    expect(run(file, dir, false).fromCache).toBe(true);
    expect(run(file, dir, false, ['--max-semi-space-size=32']).fromCache).toBe(true);
  });

  it('passes over a kept file V8 does not take (damaged), runs anyway, and keeps good code in its place', () => {
    const dir = scratch();
    const file = moduleFile('a');
    run(file, dir);
    writeFileSync(join(dir, kept(dir)[0] as string), Buffer.alloc(4096, 7), { mode: 0o600 });
    expect(run(file, dir)).toMatchObject({ fromCache: false, exports: { marker: 'a', four: 4 }, kept: true });
    expect(run(file, dir, false).fromCache).toBe(true);
  });

  it('does not read a kept file others can write to, nor use a directory others can write to', () => {
    if (process.getuid === undefined) return; // no owners or mode bits to check on Windows
    const dir = scratch();
    const file = moduleFile('a');
    run(file, dir);
    const entry = join(dir, kept(dir)[0] as string);
    chmodSync(entry, 0o664);
    expect(run(file, dir, false).fromCache).toBe(false);
    chmodSync(entry, 0o600);
    expect(run(file, dir, false).fromCache).toBe(true);
    chmodSync(dir, 0o777);
    expect(run(file, dir)).toMatchObject({ fromCache: false, kept: false });
  });

  it('does not follow a link in place of the directory', () => {
    const real = scratch();
    const file = moduleFile('a');
    run(file, real);
    const link = join(scratch(), 'link');
    symlinkSync(real, link);
    expect(run(file, link)).toMatchObject({ fromCache: false, kept: false });
  });

  it('passes over a directory that cannot be made, also where Node\u2019s recursive mkdir never returns (under /proc)', () => {
    const file = moduleFile('a');
    expect(run(file, join(file, 'not-a-directory', 'code'))).toMatchObject({ fromCache: false, kept: false });
    if (existsSync('/proc/self')) {
      expect(run(file, '/proc/rocketchat-fake-code')).toMatchObject({
        fromCache: false,
        exports: { marker: 'a' },
        kept: false,
      });
    }
  });

  it('makes missing parents of its directory, all private', () => {
    const dir = join(scratch(), 'a', 'b', 'code');
    expect(run(moduleFile('a'), dir).kept).toBe(true);
    if (process.getuid !== undefined) {
      for (const made of [dir, join(dir, '..'), join(dir, '..', '..')])
        expect(statSync(made).mode & 0o777).toBe(0o700);
    }
  });

  it('with the cache off, compiles every time and keeps nothing', () => {
    const file = moduleFile('a');
    expect(run(file, undefined)).toMatchObject({ fromCache: false, exports: { marker: 'a' }, kept: false });
    expect(run(file, undefined)).toMatchObject({ fromCache: false, kept: false });
  });

  it('keeps at most four files, the most recently written', () => {
    const dir = scratch();
    for (const marker of ['a', 'b', 'c', 'd', 'e', 'f']) expect(run(moduleFile(marker), dir).kept).toBe(true);
    expect(kept(dir)).toHaveLength(4);
  });
});

describe('codeCacheDir', () => {
  it('is ROCKETCHAT_FAKE_CODE_CACHE when set, off for off/false/0/no, else under the temporary directory', () => {
    expect(codeCacheDir({ ROCKETCHAT_FAKE_CODE_CACHE: '/some/where' })).toBe('/some/where');
    for (const off of ['off', 'OFF', 'false', '0', 'no'])
      expect(codeCacheDir({ ROCKETCHAT_FAKE_CODE_CACHE: off })).toBeUndefined();
    // one per user, where there are user ids
    const own = process.getuid === undefined ? 'rocketchat-fake' : `rocketchat-fake-${process.getuid()}`;
    expect(codeCacheDir({})).toBe(join(tmpdir(), own, 'code'));
    expect(codeCacheDir({ ROCKETCHAT_FAKE_CODE_CACHE: '' })).toBe(join(tmpdir(), own, 'code'));
  });
});

/** Starts the command with these extra environment variables; resolves once GET /__admin/health answered. */
function started(env: NodeJS.ProcessEnv, preload?: string) {
  return new Promise<{ stop: () => Promise<void>; stderr: () => string }>((resolve, reject) => {
    const args = preload === undefined ? [CLI, '--port', '0'] : ['--require', preload, CLI, '--port', '0'];
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${err}`)));
    child.stdout.once('data', (d: Buffer) => {
      const url = /http:\/\/[\d.]+:\d+/.exec(d.toString())?.[0];
      void fetch(`${url}/__admin/health`).then(async (res) => {
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        child.removeAllListeners('exit');
        resolve({
          stderr: () => err,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }, reject);
    });
  });
}

describe('the rocketchat-fake command and its code cache', () => {
  it('keeps its compiled code when it stops, and the next start takes it (the file is not written again)', async () => {
    const dir = join(scratch(), 'code');
    const env = { ROCKETCHAT_FAKE_CODE_CACHE: dir };
    const first = await started(env);
    await first.stop();
    expect(kept(dir)).toHaveLength(1);
    const entry = join(dir, kept(dir)[0] as string);
    const written = statSync(entry);
    const second = await started(env);
    await second.stop();
    // taken, not rejected: a rejected file would have been written again at exit
    expect(kept(dir)).toHaveLength(1);
    expect(statSync(entry).ino).toBe(written.ino);
    expect(statSync(entry).mtimeMs).toBe(written.mtimeMs);
  });

  it('keeps it without waiting for the stop, once the start is over', async () => {
    const dir = join(scratch(), 'code');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { mode: 0o700 });
    const appeared = new Promise<void>((resolve) => {
      const watcher = watch(dir, () => {
        if (kept(dir).length > 0) {
          watcher.close();
          resolve();
        }
      });
    });
    const fake = await started({ ROCKETCHAT_FAKE_CODE_CACHE: dir });
    await appeared;
    expect(kept(dir)).toHaveLength(1);
    await fake.stop();
  });

  it('keeps nothing for a run that starts no server (--version, a refused flag)', () => {
    const dir = join(scratch(), 'code');
    const env = { ...process.env, ROCKETCHAT_FAKE_CODE_CACHE: dir };
    const version = spawnSync(process.execPath, [CLI, '--version'], { env, encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const refused = spawnSync(process.execPath, [CLI, '--port', 'x'], { env, encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(kept(dir)).toEqual([]);
  });

  it('with ROCKETCHAT_FAKE_CODE_CACHE=off, keeps nothing and makes no directory', async () => {
    const parent = scratch();
    const fake = await started({ ROCKETCHAT_FAKE_CODE_CACHE: 'off', TMPDIR: parent });
    await fake.stop();
    expect(readdirSync(parent)).toEqual([]);
  });

  it('starts from one file of ours, and loads no package until a request needs it', async () => {
    // the modules loaded when the server starts listening, written by a preload
    const dir = scratch();
    const preload = join(dir, 'preload.js');
    const out = join(dir, 'loaded.json');
    writeFileSync(
      preload,
      `const net = require('node:net'); const listen = net.Server.prototype.listen;
       net.Server.prototype.listen = function (...args) {
         require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache)));
         return listen.apply(this, args);
       };`,
    );
    const fake = await started({ ROCKETCHAT_FAKE_CODE_CACHE: join(dir, 'code') }, preload);
    await fake.stop();
    const { readFileSync } = await import('node:fs');
    const loaded = (JSON.parse(readFileSync(out, 'utf8')) as string[]).filter((f) => f !== preload);
    const dist = join(CLI, '..');
    expect(loaded.filter((f) => !f.startsWith(dist))).toEqual([]);
    // cli-main.js (the bundle) runs from a vm.Script, not through require; heap-growth.js sets a
    // V8 flag before anything is compiled (src/heap-growth.ts), so it cannot be in the bundle
    expect(loaded.map((f) => f.slice(dist.length + 1)).sort()).toEqual([
      'cli.js',
      'code-cache.js',
      'heap-growth.js',
      'private-files.js',
    ]);
  });
});
