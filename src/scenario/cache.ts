import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

import type { World } from '../types';

/**
 * Resolved worlds kept on disk, so that a scenario resolved once (the same text and seed, by the
 * same code) is not generated again: a 100,000-channel world then starts by reading one file
 * instead of running faker 120,000 times. Content-addressed: a file is named by the SHA-256 of
 * the scenario text, the seed override and a fingerprint of the code that resolves scenarios
 * (this folder's files and faker's version), so an edit of the generator or an upgrade never
 * serves a stale world. Only scenarios that generate entities are kept (the others resolve in
 * milliseconds). Best effort: a cache that cannot be read or written is passed over, never an
 * error.
 *
 * Where: the `worldCache` option, else `ROCKETCHAT_FAKE_WORLD_CACHE`, else
 * `<tmpdir>/rocketchat-fake/worlds`; `false` (or `off` in the variable) turns it off.
 */

/**
 * The format of a cached world: `{format, world}` in V8's serialization format, which reads back a
 * 100,000-channel world about a quarter faster than JSON.parse reads its JSON. It depends on the
 * V8 version, which is part of the fingerprint.
 */
const FORMAT = 2;
/** How many worlds the cache keeps; the least recently written go first. */
const MAX_WORLDS = 16;

/** The `worldCache` setting: a directory, `false` (off), or the default. */
export type WorldCacheSetting = string | false | undefined;

/** The cache directory the setting names, or `undefined` when the cache is off. */
export function worldCacheDir(setting: WorldCacheSetting): string | undefined {
  if (setting === false) return undefined;
  if (setting !== undefined) return setting;
  const fromEnv = process.env.ROCKETCHAT_FAKE_WORLD_CACHE;
  if (fromEnv !== undefined && fromEnv !== '') {
    return ['off', 'false', '0', 'no'].includes(fromEnv.toLowerCase()) ? undefined : fromEnv;
  }
  return join(tmpdir(), 'rocketchat-fake', 'worlds');
}

let fingerprint: string | undefined;

/** The code that turns a scenario into a world: this folder's modules, the store modules it uses, faker's version. */
function codeFingerprint(): string {
  if (fingerprint === undefined) {
    const hash = createHash('sha256');
    for (const name of readdirSync(__dirname).sort()) {
      if (/\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
        hash.update(name).update(readFileSync(join(__dirname, name)));
    }
    // the store's modules a scenario's world is built with: default permissions, ids, threads, teams
    for (const module of [
      '../store/permissions',
      '../store/message-text',
      '../store/threads',
      '../store/teams',
    ])
      hash.update(readFileSync(require.resolve(module)));
    const faker = require.resolve('@faker-js/faker/package.json');
    hash.update((JSON.parse(readFileSync(faker, 'utf8')) as { version: string }).version);
    hash.update(process.versions.v8);
    fingerprint = hash.digest('hex');
  }
  return fingerprint;
}

function fileFor(dir: string, text: string, seed: number | undefined): string {
  const digest = createHash('sha256')
    .update(`${FORMAT}\0${codeFingerprint()}\0${seed ?? ''}\0`)
    .update(text)
    .digest('hex');
  return join(dir, `${digest}.world`);
}

/** Owned by this user and writable by nobody else (no group or other write bit). */
function ours(stats: Stats): boolean {
  // Windows has no owners or mode bits to speak of (libuv reports 0o666/0o777): nothing to check
  if (process.getuid === undefined) return true;
  return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
}

const warned = new Set<string>();

/** Says once per directory why the cache passes it over (it is best effort, never an error). */
function passOver(dir: string, why: string): false {
  if (!warned.has(dir)) {
    warned.add(dir);
    process.stderr.write(`[rocketchat-fake] world cache ${dir} not used: ${why}\n`);
  }
  return false;
}

/**
 * Whether the directory is ours to trust: a real directory (not a link), which this user owns and
 * nobody else can write, made private if it did not exist. Anything else is passed over: another
 * user could plant a world there.
 */
function usable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = lstatSync(dir);
    if (!stats.isDirectory()) return passOver(dir, 'it is not a directory (a link?)');
    if (!ours(stats)) return passOver(dir, 'another user owns it, or others can write to it (chmod go-w)');
    return true;
  } catch {
    return false;
  }
}

/** A cached file's bytes: opened without following a link, and only a regular file that is ours. */
function readOurs(file: string): Buffer | undefined {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const stats = fstatSync(fd);
    return stats.isFile() && ours(stats) ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The cached world of this scenario text and seed, if there is one (a fresh copy). */
export function cachedWorld(
  dir: string | undefined,
  text: string,
  seed: number | undefined,
): World | undefined {
  if (dir === undefined) return undefined;
  try {
    const file = fileFor(dir, text, seed);
    if (!usable(dir)) return undefined;
    const bytes = readOurs(file);
    if (bytes === undefined) return undefined;
    const cached = deserialize(bytes) as { format?: unknown; world?: unknown } | null;
    const world = cached?.format === FORMAT ? cached.world : undefined;
    return typeof world === 'object' && world !== null ? (world as World) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a resolved world for this scenario text and seed (written whole, then renamed into place). */
export function cacheWorld(
  dir: string | undefined,
  text: string,
  seed: number | undefined,
  world: World,
): void {
  if (dir === undefined || !usable(dir)) return;
  const file = fileFor(dir, text, seed);
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    // a new file of a random name, never an existing one (a planted link is not followed)
    writeFileSync(partial, serialize({ format: FORMAT, world }), { mode: 0o600, flag: 'wx' });
    renameSync(partial, file);
    prune(dir);
  } catch {
    try {
      unlinkSync(partial);
    } catch {
      // nothing was written
    }
  }
}

/** Drops the least recently written worlds beyond {@link MAX_WORLDS}. */
function prune(dir: string): void {
  const worlds = readdirSync(dir)
    .filter((name) => /^[0-9a-f]{64}\.world$/.test(name))
    .map((name) => ({ file: join(dir, name), at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of worlds.slice(MAX_WORLDS)) unlinkSync(file);
}
