import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

import { keepDir, readOurs, usableDir, writeOurs } from './private-files';

/**
 * V8's code cache for the command-line entry: what V8 compiled on one start, kept on disk, so the
 * next start deserializes it instead of parsing and compiling half a megabyte of JavaScript again
 * (about half of what a start spends on top of a bare `node:http` server, docs/performance.md).
 * Node 22 offers this as `module.enableCompileCache()`; Node 20 does not, so it is done here, the
 * way `v8-compile-cache` does it: one `vm.Script` with `cachedData`.
 *
 * A kept file is named by the SHA-256 of the code and of the Node version, platform and flags it
 * was compiled with, so an upgrade never meets an old file (V8 checks only the source's length,
 * its own version and its flags; a file it rejects is written again). It sits in a directory only this user can write to
 * (src/private-files.ts). Best effort: a cache that cannot be read or written is passed over.
 *
 * Where: `ROCKETCHAT_FAKE_CODE_CACHE` (a directory, or `off`), else `<tmpdir>/rocketchat-fake-<uid>/code`.
 *
 * Layer: base. Imports only base.
 */

/** How many compiled files the cache keeps (one per version of the code and of Node). */
const MAX_FILES = 4;
const CODE_FILE = /^[0-9a-f]{64}\.code$/;

/** The directory the environment names, or `undefined` when the code cache is off. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return keepDir('code', env.ROCKETCHAT_FAKE_CODE_CACHE);
}

/** A CommonJS module run from a `vm.Script`, and how its compiled code was come by. */
export interface CachedRun {
  /** what the module exported */
  exports: unknown;
  /** true when V8 took the compiled code from the cache instead of compiling */
  fromCache: boolean;
  /**
   * Writes what V8 has compiled so far (the later, the more: functions compile when first
   * called) for the next start; false when nothing was written (cache off or not writable).
   */
  keep(): boolean;
}

type ModuleFunction = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** What a kept file is named by: the code, and the Node version, platform and flags it is compiled with. */
function codeKey(source: string): string {
  return (
    createHash('sha256')
      // V8 refuses code compiled under other flags: a run with other flags keeps its own
      .update(`${process.version}\0${process.platform}\0${process.arch}\0`)
      .update(`${process.execArgv.join('\0')}\0${process.env.NODE_OPTIONS ?? ''}\0`)
      .update(source)
      .digest('hex')
  );
}

/** Runs the CommonJS file `file` as `require` would, with its compiled code from `dir` if kept there. */
export function runWithCodeCache(file: string, dir: string | undefined): CachedRun {
  // a `#!` line is a syntax error inside the function wrapper
  const source = readFileSync(file, 'utf8').replace(/^#!/, '//');
  const kept = dir === undefined ? undefined : { dir, file: join(dir, `${codeKey(source)}.code`) };
  const cachedData =
    kept !== undefined && usableDir('code cache', kept.dir) ? readOurs(kept.file) : undefined;
  // the wrapper on a line of its own, counted as line 0: stack traces give the file's own lines
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {\n${source}\n})`,
    cachedData === undefined
      ? { filename: file, lineOffset: -1 }
      : { filename: file, lineOffset: -1, cachedData },
  );
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true;
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as ModuleFunction;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    fromCache,
    keep: () =>
      kept !== undefined &&
      usableDir('code cache', kept.dir) &&
      writeOurs(kept.file, script.createCachedData(), CODE_FILE, MAX_FILES),
  };
}
