import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as V8Module from 'node:v8';

import { lazy } from '../lazy';
import { CODE_DIR } from '../paths';
import { keepDir, readOurs, usableDir, writeOurs } from '../private-files';
import type { World } from '../types';

/** V8's serializer (about 4 ms to load): only a scenario that generates reads or writes a world. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const v8Module = lazy(() => require('node:v8') as typeof V8Module);

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
 * `<tmpdir>/rocketchat-fake-<uid>/worlds`; `false` (or `off` in the variable) turns it off.
 */

/**
 * The format of a cached world: `{format, world}` in V8's serialization format, which reads back a
 * 100,000-channel world about a quarter faster than JSON.parse reads its JSON. It depends on the
 * V8 version, which is part of the fingerprint.
 */
const FORMAT = 2;
/** How many worlds the cache keeps; the least recently written go first. */
const MAX_WORLDS = 16;
/** The name of a cached world's file. */
const WORLD_FILE = /^[0-9a-f]{64}\.world$/;

/** The `worldCache` setting: a directory, `false` (off), or the default. */
export type WorldCacheSetting = string | false | undefined;

/** The cache directory the setting names, or `undefined` when the cache is off. */
export function worldCacheDir(setting: WorldCacheSetting): string | undefined {
  if (setting === false) return undefined;
  if (setting !== undefined) return setting;
  return keepDir('worlds', process.env.ROCKETCHAT_FAKE_WORLD_CACHE);
}

let fingerprint: string | undefined;

/** The code that turns a scenario into a world: this folder's modules, the store modules it uses, faker's version. */
function codeFingerprint(): string {
  if (fingerprint === undefined) {
    const hash = createHash('sha256');
    // from the compiled modules' folder (src/paths.ts), also when this code runs bundled
    const folder = join(CODE_DIR, 'scenario');
    for (const name of readdirSync(folder).sort()) {
      if (/\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'))
        hash.update(name).update(readFileSync(join(folder, name)));
    }
    // the store's modules a scenario's world is built with: default permissions, ids, threads, teams
    for (const module of ['permissions', 'message-text', 'threads', 'teams'])
      hash.update(readFileSync(require.resolve(join(CODE_DIR, 'store', module))));
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

/** The cached world of this scenario text and seed, if there is one (a fresh copy). */
export function cachedWorld(
  dir: string | undefined,
  text: string,
  seed: number | undefined,
): World | undefined {
  if (dir === undefined) return undefined;
  try {
    const file = fileFor(dir, text, seed);
    if (!usableDir('world cache', dir)) return undefined;
    const bytes = readOurs(file);
    if (bytes === undefined) return undefined;
    const cached = v8Module().deserialize(bytes) as { format?: unknown; world?: unknown } | null;
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
  if (dir === undefined || !usableDir('world cache', dir)) return;
  let bytes: Buffer;
  try {
    bytes = v8Module().serialize({ format: FORMAT, world });
  } catch {
    return; // not kept: the world is resolved again next time
  }
  writeOurs(fileFor(dir, text, seed), bytes, WORLD_FILE, MAX_WORLDS);
}
