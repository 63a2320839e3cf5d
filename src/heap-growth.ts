import type * as PerfHooks from 'node:perf_hooks';
import type { PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it
 * collects again, as the command sets it: 30% while the world loads, then, once the server listens,
 * at least {@link HEAP_HEADROOM_BYTES} of room and never more than 30% once the kept size is large
 * (V8 itself picks up to 4× on a server that spends little time collecting).
 *
 * Why: a world of 100,000 channels keeps about 70 MB; with V8's own factor its process grew from
 * 200 to over 300 MB under a test load of resets and list pages (garbage waiting for a collection
 * the limit put off), and a large scenario's load makes much garbage. A flat 30% held those near
 * 200-220 MB, but on a small, growing heap (a run of `users.create`, posts over the realtime API)
 * it made a full collection every few megabytes: 15-30% more CPU a request. With the headroom, a
 * small heap is collected about as often as V8 would, and a large one within about a third of its
 * kept size.
 *
 * The factor is worked out again after each full collection from what it kept (a
 * `PerformanceObserver` of `gc` entries), and takes effect at V8's next limit. V8's code cache
 * checks the flags a start set, and a flag changed since would make the kept code useless to the
 * next start: {@link withStartFlags} puts the start's value back while the command writes it.
 *
 * Only the command sets it: an embedded server leaves its host process's V8 alone; so does a
 * command whose node was given `--heap-growing-percent` of its own.
 *
 * Layer: base. Node's V8 and performance modules only.
 */
export const HEAP_GROWING_PERCENT = 30;

/** The least room the old generation has past what the last full collection kept: 40 MiB. */
export const HEAP_HEADROOM_BYTES = 40 * 1024 * 1024;

/** The most: V8's own largest factor (4×). */
const HEAP_GROWING_PERCENT_MAX = 300;

/** The percent for a heap that kept `keptBytes` at its last full collection (a multiple of 10). */
export function growingPercentFor(keptBytes: number): number {
  const forHeadroom = (100 * HEAP_HEADROOM_BYTES) / Math.max(keptBytes, 1);
  const percent = Math.max(HEAP_GROWING_PERCENT, Math.min(HEAP_GROWING_PERCENT_MAX, forHeadroom));
  // in steps of ten: V8's flags are not set again for a kept size that moved a little
  return Math.ceil(percent / 10) * 10;
}

/** Whether node was started with its own `--heap-growing-percent` (then the command sets none). */
export function userSetsGrowth(execArgv: readonly string[]): boolean {
  return execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg));
}

/** A `gc` entry's kind (Node's types do not declare its `detail`). */
function gcKind(entry: PerformanceEntry): number | undefined {
  const detail = (entry as PerformanceEntry & { detail?: { kind?: unknown } }).detail;
  return typeof detail?.kind === 'number' ? detail.kind : undefined;
}

/** The percent in force: {@link HEAP_GROWING_PERCENT} from the start until adapted. */
let current = 0;
let watching: PerformanceObserver | undefined;

/** V8's flag, set to `percent` (the percent in force stays as this module counts it). */
function setV8Percent(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

function setPercent(percent: number): void {
  if (percent === current) return;
  current = percent;
  setV8Percent(percent);
}

/**
 * Sets the growth limit for this process at start ({@link HEAP_GROWING_PERCENT}, while the world
 * loads), unless node was given one. Called first thing, before any code is compiled: V8's code
 * cache checks its flags, and every start sets the same ones.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (userSetsGrowth(execArgv)) return;
  setPercent(HEAP_GROWING_PERCENT);
}

/**
 * From now on (the server listens: its world is loaded), sets V8's growth factor after each full
 * collection for what it kept. Nothing when node was given its own factor, or the start set none.
 */
export function adaptHeapGrowth(): void {
  if (watching !== undefined || current === 0) return;
  // loaded here, once the server listens, not at start (eleven of node's modules, about 0.75 ms)
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred, as src/lazy.ts does
  const { PerformanceObserver: Observer, constants } = require('node:perf_hooks') as typeof PerfHooks;
  watching = new Observer((list) => {
    const major = list.getEntries().some((entry) => gcKind(entry) === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (major) adaptTo(getHeapStatistics().used_heap_size);
  });
  watching.observe({ entryTypes: ['gc'] });
}

/** Sets the factor for a heap that kept `keptBytes` at its last full collection (what each one calls). */
export function adaptTo(keptBytes: number): void {
  setPercent(growingPercentFor(keptBytes));
}

/**
 * Runs `write` (the code cache's) with V8's growth factor as the start set it, then puts back the
 * one in force: the cache is checked against the flags of the start that reads it.
 */
export function withStartFlags<T>(write: () => T): T {
  const inForce = current;
  if (inForce === 0 || inForce === HEAP_GROWING_PERCENT) return write();
  setV8Percent(HEAP_GROWING_PERCENT);
  try {
    return write();
  } finally {
    setV8Percent(inForce);
  }
}

/** The percent this module has set (0: none, V8's own), and whether it adapts (tests). */
export function growthInForce(): { percent: number; adapting: boolean } {
  return { percent: current, adapting: watching !== undefined };
}

/** Stops adapting, and puts back V8's own factor (tests). */
export function stopAdaptingHeapGrowth(): void {
  watching?.disconnect();
  watching = undefined;
  setPercent(0);
}
