/**
 * The world cache (src/scenario/cache.ts): a scenario that generates is resolved once and read back
 * the next time, byte for byte the same world; anything else about the cache is best effort.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

import { cacheWorld, cachedWorld, worldCacheDir } from '../src/scenario/cache';
import { buildWorld, loadScenarioFile } from '../src/scenario/load';
import { resolveScenario } from '../src/scenario/resolve';
import { createFakeServer } from '../src/server';
import { CLI } from './support/build';

const GENERATING = {
  seed: 4,
  users: [{ username: 'admin', password: 'pw', roles: ['admin' as const] }],
  channels: [{ name: 'general' }],
  generate: { users: 3, channels: 30, integrations: 5 },
};

const scratch = (): string => mkdtempSync(join(tmpdir(), 'rcf-cache-'));
const worldsIn = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.world'));

function scenarioFile(doc: object): string {
  const file = join(scratch(), 'world.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe('the world cache', () => {
  it('keeps a generating scenario once, and reads it back as the very same world', () => {
    const dir = scratch();
    const file = scenarioFile(GENERATING);
    const first = loadScenarioFile(file, { worldCache: dir });
    expect(worldsIn(dir)).toHaveLength(1);
    const name = worldsIn(dir)[0] as string;
    expect(name).toMatch(/^[0-9a-f]{64}\.world$/);
    const written = statSync(join(dir, name)).mtimeMs;
    const second = loadScenarioFile(file, { worldCache: dir });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(second)).toBe(JSON.stringify(resolveScenario(GENERATING, { source: file })));
    expect(statSync(join(dir, name)).mtimeMs).toBe(written);
    // a document as `scenario` is the same text as the file: the same entry
    expect(JSON.stringify(buildWorld({ scenario: GENERATING, worldCache: dir }))).toBe(JSON.stringify(first));
    expect(worldsIn(dir)).toHaveLength(1);
  });

  it('reads what it wrote: a file changed behind its back is what the next start gets', () => {
    const dir = scratch();
    const file = scenarioFile(GENERATING);
    const world = loadScenarioFile(file, { worldCache: dir });
    const entry = join(dir, worldsIn(dir)[0] as string);
    const marked = { ...world, channels: world.channels.slice(0, 1) };
    writeFileSync(entry, serialize({ format: 2, world: marked }));
    expect(loadScenarioFile(file, { worldCache: dir }).channels).toHaveLength(1);
  });

  it('another seed, another text or another format is another entry; broken entries are resolved again', () => {
    const dir = scratch();
    const file = scenarioFile(GENERATING);
    const world = loadScenarioFile(file, { worldCache: dir });
    loadScenarioFile(file, { worldCache: dir, seed: 9 });
    loadScenarioFile(scenarioFile({ ...GENERATING, seed: 5 }), { worldCache: dir });
    expect(worldsIn(dir)).toHaveLength(3);
    const broken = [
      Buffer.from('{"format":2,'),
      serialize({ format: 1, world }),
      serialize([]),
      serialize(null),
    ];
    for (const bytes of broken) {
      for (const name of worldsIn(dir)) writeFileSync(join(dir, name), bytes);
      expect(JSON.stringify(loadScenarioFile(file, { worldCache: dir }))).toBe(JSON.stringify(world));
    }
  });

  it('keeps nothing for a scenario that does not generate, or when it is off', () => {
    const dir = scratch();
    loadScenarioFile(scenarioFile({ users: [{ username: 'a', password: 'a' }], generate: { channels: 0 } }), {
      worldCache: dir,
    });
    expect(worldsIn(dir)).toEqual([]);
    expect(worldCacheDir(false)).toBeUndefined();
    const file = scenarioFile(GENERATING);
    expect(JSON.stringify(loadScenarioFile(file, { worldCache: false }))).toBe(
      JSON.stringify(resolveScenario(GENERATING, { source: file })),
    );
  });

  it('takes its place from the option, else ROCKETCHAT_FAKE_WORLD_CACHE (off turns it off), else the temp dir', () => {
    const saved = process.env.ROCKETCHAT_FAKE_WORLD_CACHE;
    try {
      expect(worldCacheDir('/some/dir')).toBe('/some/dir');
      process.env.ROCKETCHAT_FAKE_WORLD_CACHE = '/from/env';
      expect(worldCacheDir(undefined)).toBe('/from/env');
      for (const off of ['off', 'OFF', 'false', '0', 'no']) {
        process.env.ROCKETCHAT_FAKE_WORLD_CACHE = off;
        expect(worldCacheDir(undefined)).toBeUndefined();
      }
      delete process.env.ROCKETCHAT_FAKE_WORLD_CACHE;
      const own = process.getuid === undefined ? 'rocketchat-fake' : `rocketchat-fake-${process.getuid()}`;
      expect(worldCacheDir(undefined)).toBe(join(tmpdir(), own, 'worlds'));
    } finally {
      process.env.ROCKETCHAT_FAKE_WORLD_CACHE = saved;
    }
  });

  it('keeps the 16 most recently written worlds', () => {
    const dir = scratch();
    const world = resolveScenario({});
    for (let i = 0; i < 18; i += 1) {
      cacheWorld(dir, `{"n":${i}}`, undefined, world);
      // the one just written, dated in the past in writing order (one file-system tick could hold them all)
      const written = new Date(Date.now() - (100 - i) * 1000);
      for (const name of worldsIn(dir)) {
        const path = join(dir, name);
        if (statSync(path).mtimeMs > written.getTime()) utimesSync(path, written, written);
      }
    }
    expect(worldsIn(dir)).toHaveLength(16);
    expect(cachedWorld(dir, '{"n":0}', undefined)).toBeUndefined();
    expect(cachedWorld(dir, '{"n":1}', undefined)).toBeUndefined();
    expect(cachedWorld(dir, '{"n":17}', undefined)).toEqual(world);
  });

  it('a directory it cannot use is passed over: the world is resolved, nothing thrown', () => {
    const notADir = join(scratch(), 'file');
    writeFileSync(notADir, 'x');
    const file = scenarioFile(GENERATING);
    expect(JSON.stringify(loadScenarioFile(file, { worldCache: join(notADir, 'sub') }))).toBe(
      JSON.stringify(resolveScenario(GENERATING, { source: file })),
    );
  });

  it('makes its directory for this user alone', () => {
    const dir = join(scratch(), 'worlds');
    loadScenarioFile(scenarioFile(GENERATING), { worldCache: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, worldsIn(dir)[0] as string)).mode & 0o777).toBe(0o600);
  });

  it('createFakeServer({ worldCache }) and sessions from a fixtures file use it', () => {
    const dir = scratch();
    const file = scenarioFile(GENERATING);
    const fake = createFakeServer({ fixtures: file, worldCache: dir });
    expect(worldsIn(dir)).toHaveLength(1);
    writeFileSync(join(file, '..', 'other.json'), JSON.stringify({ ...GENERATING, seed: 8 }));
    fake.session({ fixtures: 'other.json' });
    expect(worldsIn(dir)).toHaveLength(2);
  });

  it('the CLI: --world-cache DIR keeps worlds there, --no-world-cache keeps none, both is a usage error', () => {
    const file = scenarioFile(GENERATING);
    const run = (args: string[], env: Record<string, string> = {}) =>
      execFileSync(process.execPath, [CLI, ...args], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
    const dir = scratch();
    const quit = ['-c', 'true', '--port', '0', '--fixtures', file];
    run([...quit, '--world-cache', dir]);
    expect(worldsIn(dir)).toHaveLength(1);
    const envDir = scratch();
    run([...quit, '--no-world-cache'], { ROCKETCHAT_FAKE_WORLD_CACHE: envDir });
    expect(worldsIn(envDir)).toEqual([]);
    run(quit, { ROCKETCHAT_FAKE_WORLD_CACHE: envDir });
    expect(worldsIn(envDir)).toHaveLength(1);
    expect(
      deserialize(readFileSync(join(envDir, worldsIn(envDir)[0] as string))).world.channels,
    ).toHaveLength(31);
    expect(() => run([...quit, '--no-world-cache', '--world-cache', dir])).toThrow(/not both/);
  });
});

describe('values shared between the entities of a kept world', () => {
  it('never reach a caller: state() and changes() hand out entities that share nothing', () => {
    const dir = scratch();
    const file = scenarioFile(GENERATING);
    createFakeServer({ fixtures: file, worldCache: dir });
    const fake = createFakeServer({ fixtures: file, worldCache: dir, lenient: true });
    const state = fake.state();
    const [a, b] = state.channels.filter((c) => c.u?.username === 'admin' && c.muted.length === 0);
    if (!a || !b) throw new Error('expected two generated rooms of the admin');
    a.muted.push('someone');
    (a.u as { username: string }).username = 'changed';
    a.usernames.push('someone');
    expect(b.muted).toEqual([]);
    expect(b.u?.username).toBe('admin');
    expect(fake.state().channels.find((c) => c._id === a._id)?.muted).toEqual([]);
  });

  it('resolveScenario() hands out a world that shares nothing', () => {
    const world = resolveScenario(GENERATING);
    const rooms = world.channels.filter((c) => c.u?.username === 'admin');
    expect(rooms.length).toBeGreaterThan(2);
    expect(rooms[1]?.muted).not.toBe(rooms[2]?.muted);
    expect(rooms[1]?.u).not.toBe(rooms[2]?.u);
  });
});
