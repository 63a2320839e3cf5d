/**
 * The command's limit on the old generation's growth (src/heap-growth.ts): 30% from the start
 * unless node was given its own factor; once the server listens, at least 40 MiB of room past
 * what a full collection kept, never less than 30% nor more than V8's own 4×. Its effect on
 * memory and CPU is measured by `npm run bench` (the 100k world's memory after a test load, the
 * realtime and creation rows), not here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  HEAP_GROWING_PERCENT,
  HEAP_HEADROOM_BYTES,
  adaptHeapGrowth,
  growthInForce,
  growingPercentFor,
  limitHeapGrowth,
  stopAdaptingHeapGrowth,
  userSetsGrowth,
  withStartFlags,
} from '../src/heap-growth';
import { DIST } from './support/build';

const MB = 1024 * 1024;

afterEach(() => stopAdaptingHeapGrowth());

describe('the heap growth limit', () => {
  it('is left to node when node was started with its own --heap-growing-percent', () => {
    expect(userSetsGrowth([])).toBe(false);
    expect(userSetsGrowth(['--max-old-space-size=512', '--enable-source-maps'])).toBe(false);
    expect(userSetsGrowth(['--heap-growing-percent=80'])).toBe(true);
    expect(userSetsGrowth(['--heap_growing_percent=80'])).toBe(true);
    expect(userSetsGrowth(['--heap-growing-percent'])).toBe(true);
    // another flag that only starts the same way is not the user's choice of this one
    expect(userSetsGrowth(['--heap-growing-percentage=80'])).toBe(false);
  });

  it('gives a small heap 40 MiB of room (at most 4×) and a large one 30%, in steps of ten', () => {
    expect(HEAP_GROWING_PERCENT).toBe(30);
    expect(HEAP_HEADROOM_BYTES).toBe(40 * MB);
    // 10 MB kept: 40 MB of room would be 400%, past V8's own largest factor
    expect(growingPercentFor(10 * MB)).toBe(300);
    expect(growingPercentFor(0)).toBe(300);
    expect(growingPercentFor(40 * MB)).toBe(100);
    // 70 MB (a world of 100,000 channels): 57.1% → 60
    expect(growingPercentFor(70 * MB)).toBe(60);
    // past 133 MB the headroom is under 30%: 30% it is
    expect(growingPercentFor(134 * MB)).toBe(30);
    expect(growingPercentFor(1024 * MB)).toBe(30);
  });

  it('writes the code cache with the flags of the start that will read it', () => {
    // each start in a process of its own, as the command's (within one process V8 compiles a
    // source it has compiled before from memory, and never checks the kept code's flags)
    const program = join(mkdtempSync(join(tmpdir(), 'rcf-heap-')), 'program.js');
    writeFileSync(program, `module.exports = ${JSON.stringify('x'.repeat(64))}.length;\n`);
    const start = (dir: string, mode: 'read' | 'keep adapted' | 'keep with start flags'): boolean => {
      const script = `
        const growth = require(${JSON.stringify(join(DIST, 'heap-growth.js'))});
        const { runWithCodeCache } = require(${JSON.stringify(join(DIST, 'code-cache.js'))});
        const [file, dir, mode] = process.argv.slice(1);
        growth.limitHeapGrowth([]);
        const run = runWithCodeCache(file, dir);
        // a small heap once the server listens: 300%, not the start's 30%
        growth.adaptTo(10 * 1024 * 1024);
        if (mode === 'keep adapted') run.keep();
        if (mode === 'keep with start flags') growth.withStartFlags(() => run.keep());
        process.stdout.write(String(run.fromCache));`;
      const result = spawnSync(process.execPath, ['-e', script, program, dir, mode], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      if (result.status !== 0) throw new Error(`exited ${String(result.status)}: ${result.stderr}`);
      return result.stdout === 'true';
    };
    const withFlags = mkdtempSync(join(tmpdir(), 'rcf-heap-cache-'));
    expect(start(withFlags, 'keep with start flags')).toBe(false);
    expect(start(withFlags, 'read')).toBe(true);
    // kept under the adapted factor, the next start's V8 refuses it (what withStartFlags prevents)
    const adapted = mkdtempSync(join(tmpdir(), 'rcf-heap-cache-'));
    expect(start(adapted, 'keep adapted')).toBe(false);
    expect(start(adapted, 'read')).toBe(false);
  });

  it('sets and adapts nothing for a node given its own factor; 30%, then adapting, without one', () => {
    limitHeapGrowth(['--heap-growing-percent=80']);
    adaptHeapGrowth();
    expect(growthInForce()).toEqual({ percent: 0, adapting: false });
    expect(withStartFlags(() => 'written')).toBe('written');
    // a command without one: 30% from the start, adapting once the server listens
    limitHeapGrowth([]);
    expect(growthInForce()).toEqual({ percent: 30, adapting: false });
    adaptHeapGrowth();
    expect(growthInForce()).toEqual({ percent: 30, adapting: true });
    stopAdaptingHeapGrowth();
    expect(growthInForce()).toEqual({ percent: 0, adapting: false });
  });
});
