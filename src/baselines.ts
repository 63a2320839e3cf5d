import { statSync } from 'node:fs';
import { resolve } from 'node:path';

import { DEFAULT_FIXTURES, FIRST_BOOT_FIXTURES, buildWorld } from './scenario/load';
import type { FakeOptions } from './options';
import type { Baseline } from './store/baseline';
import { buildBaseline } from './store/baseline';

/**
 * Baselines are frozen and never change, so fakes built from the same scenario in one process
 * share one: the second `createFakeServer()` of a test run neither validates nor generates again.
 * A scenario file is known by its path, size and modification time; a document by its JSON.
 */
const MAX_ENTRIES = 8;
const cache = new Map<string, Baseline>();

function keyOf(options: FakeOptions): string | undefined {
  const seed = options.seed ?? '';
  // first boot with a scenario or a file is refused by buildWorld: nothing to cache
  if (options.firstBoot === true && (options.scenario !== undefined || options.fixtures !== undefined))
    return undefined;
  if (options.scenario !== undefined) {
    try {
      return `doc|${seed}|${JSON.stringify(options.scenario)}`;
    } catch {
      return undefined;
    }
  }
  try {
    const file = resolve(
      options.firstBoot === true ? FIRST_BOOT_FIXTURES : (options.fixtures ?? DEFAULT_FIXTURES),
    );
    const stat = statSync(file);
    return `file|${seed}|${file}|${stat.size}|${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** The baseline the options describe, built once per process (throws ScenarioError when invalid). */
export function baselineFor(options: FakeOptions): Baseline {
  const key = keyOf(options);
  const cached = key === undefined ? undefined : cache.get(key);
  if (cached) return cached;
  const baseline = buildBaseline(buildWorld(options));
  if (key !== undefined) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, baseline);
  }
  return baseline;
}
