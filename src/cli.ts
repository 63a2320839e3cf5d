#!/usr/bin/env node
/**
 * The `rocketchat-fake` command. It only starts the command-line program (cli-main.ts), which the
 * build links with every module of ours it uses into one file (scripts/bundle-cli.js), and runs it
 * with V8's code cache (code-cache.ts): on a start after the first, nothing is parsed or compiled
 * again. Once the start is done, a start that could not use the cache keeps one for the next.
 *
 * Layer: faces.
 */
import { join } from 'node:path';

import { codeCacheDir, runWithCodeCache } from './code-cache';

/** By then the start is over (listening, first answers sent), and what it compiled is kept with it. */
const KEEP_AFTER_MS = 1000;

const run = runWithCodeCache(join(__dirname, 'cli-main.js'), codeCacheDir());
if (!run.fromCache) {
  // after the start, or at exit when that comes first (a CI step that starts, checks and stops)
  let kept = false;
  const keep = (): void => {
    if (kept) return;
    kept = true;
    run.keep();
  };
  setTimeout(keep, KEEP_AFTER_MS).unref();
  process.once('exit', keep);
}
