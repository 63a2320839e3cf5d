#!/usr/bin/env node
/**
 * The `rocketchat-fake` command. It only starts the command-line program (cli-main.ts), which the
 * build links with every module of ours it uses into one file (scripts/bundle-cli.js), and runs it
 * with V8's code cache (code-cache.ts): on a start after the first, nothing is parsed or compiled
 * again. A start that could not use the cache keeps one for the next, once it listens.
 *
 * Layer: faces.
 */
import { join } from 'node:path';

import type * as CliMain from './cli-main';
import { codeCacheDir, runWithCodeCache } from './code-cache';
import { adaptHeapGrowth, limitHeapGrowth, withStartFlags } from './heap-growth';

/** After listening, a second for the first answers: what they compiled is kept too. */
const KEEP_AFTER_MS = 1000;

// the old generation's growth between full collections, before anything is compiled (src/heap-growth.ts)
limitHeapGrowth();

const run = runWithCodeCache(join(__dirname, 'cli-main.js'), codeCacheDir());
// once the server listens (its world loaded), the growth limit follows what each collection kept
void (run.exports as typeof CliMain).listening.then(adaptHeapGrowth);
if (!run.fromCache) {
  void (run.exports as typeof CliMain).listening.then(() => {
    // a second later, or at exit when that comes first (a CI step that starts, checks and stops);
    // never for a run that did not start a server (`--version`, a refused flag), whose code is
    // a fraction of a server's and would be taken by every start after it
    let kept = false;
    const keep = (): void => {
      if (kept) return;
      kept = true;
      // with the flags of the start that will read it (src/heap-growth.ts)
      withStartFlags(() => run.keep());
    };
    setTimeout(keep, KEEP_AFTER_MS).unref();
    process.once('exit', keep);
  });
}
