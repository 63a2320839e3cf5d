import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { lazy } from '../lazy';
import type { World } from '../types';
import type { WorldCacheSetting } from './cache';
import { cacheWorld, cachedWorld, worldCacheDir } from './cache';
import { compiledWorld } from './compiled';
import { ScenarioError } from './problems';
import { shareNestedValues } from './share';
import type * as ResolveModule from './resolve';
import type { ScenarioInput } from './schema';

/** Validation and resolution (zod, faker): not loaded when a compiled world stands in. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const resolveModule = lazy(() => require('./resolve') as typeof ResolveModule);

/** Where a world comes from: a scenario document, else a file (default: the shipped default). */
export interface WorldSource {
  /** a scenario file; default: the shipped `fixtures/default.json` (ignored when `scenario` is given) */
  fixtures?: string;
  /** a scenario document, instead of a file */
  scenario?: ScenarioInput;
  /** overrides the scenario's `seed` */
  seed?: number;
  /**
   * where resolved worlds of scenarios that generate entities are kept between runs (a directory),
   * or `false` for nowhere; default: `ROCKETCHAT_FAKE_WORLD_CACHE`, else `<tmpdir>/rocketchat-fake/worlds`
   */
  worldCache?: WorldCacheSetting;
}

/** The scenario `npm start` and `createFakeServer()` use when given none. */
export const DEFAULT_FIXTURES = join(__dirname, '..', '..', 'fixtures', 'default.json');

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScenarioError(file, [
      { path: '$', message: `cannot read the file: ${(error as Error).message}` },
    ]);
  }
}

function parseText(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ScenarioError(file, [{ path: '$', message: `not valid JSON: ${(error as Error).message}` }]);
  }
}

/** Reads and parses a scenario file; an unreadable file or bad JSON is a {@link ScenarioError} too. */
export function readScenarioFile(file: string): unknown {
  return parseText(file, readText(file));
}

/** Whether a scenario asks for generated entities (the costly part, and what the cache keeps). */
function generates(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const generate = (input as { generate?: unknown }).generate;
  if (typeof generate !== 'object' || generate === null) return false;
  return Object.values(generate).some((n) => typeof n === 'number' && n > 0);
}

/** The world of a scenario text: from the cache, else resolved (and kept, when it generates). */
function resolveText(
  text: string,
  input: () => unknown,
  source: string,
  options: Pick<WorldSource, 'seed' | 'worldCache'>,
): World {
  const dir = worldCacheDir(options.worldCache);
  const cached = cachedWorld(dir, text, options.seed);
  if (cached) return cached;
  const scenario = input();
  const world = shareNestedValues(resolveModule().resolveScenario(scenario, { source, seed: options.seed }));
  if (generates(scenario)) cacheWorld(dir, text, options.seed, world);
  return world;
}

/**
 * Reads, validates and builds the world of a scenario file: the compiled one when the build made
 * one for this text, else a cached one, else resolved.
 */
export function loadScenarioFile(
  file: string,
  options: Omit<WorldSource, 'fixtures' | 'scenario'> = {},
): World {
  const text = readText(file);
  return compiledWorld(text, options.seed) ?? resolveText(text, () => parseText(file, text), file, options);
}

/** Validates and builds the world the options describe. Throws ScenarioError naming every problem. */
export function buildWorld(options: WorldSource = {}): World {
  const { scenario, seed } = options;
  if (scenario !== undefined) {
    let text: string | undefined;
    try {
      text = JSON.stringify(scenario);
    } catch {
      text = undefined; // not JSON (a cycle, a BigInt): resolution reports it
    }
    if (text === undefined) return resolveModule().resolveScenario(scenario, { source: 'scenario', seed });
    return resolveText(text, () => scenario, 'scenario', options);
  }
  return loadScenarioFile(options.fixtures ?? DEFAULT_FIXTURES, options);
}
