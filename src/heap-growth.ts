import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it
 * collects again, as the command sets it: 30%, where V8 itself picks up to 4× on a server that
 * spends little time collecting. A world of 100,000 channels keeps about 70 MB; with V8's own
 * factor its process grew from 200 to over 300 MB under a test load of resets and list pages
 * (garbage waiting for a collection the limit put off); with this one it stays near 200 MB, for a
 * full collection (tens of milliseconds, mostly concurrent) each time about a third of the kept
 * size has been promoted. A small world's heap stays under V8's first limit and is not affected.
 *
 * Only the command sets it: an embedded server leaves its host process's V8 alone.
 *
 * Layer: base. Node's V8 module only.
 */
export const HEAP_GROWING_PERCENT = 30;

/** The V8 flag the command sets, or undefined when node was started with its own. */
export function heapGrowthFlag(execArgv: readonly string[]): string | undefined {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg))) return undefined;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/**
 * Sets the growth limit for this process, unless node was given one. Called first thing, before
 * any code is compiled: V8's code cache checks its flags, and every start sets the same ones.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  const flag = heapGrowthFlag(execArgv);
  if (flag !== undefined) setFlagsFromString(flag);
}
