import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { lazy } from '../lazy';
import type { World } from '../types';
import { compiledWorld } from './compiled';
import { ScenarioError } from './problems';
import type * as ResolveModule from './resolve';
import type { ResolveOptions } from './resolve';
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

/** Reads, validates and builds the world of a scenario file (the compiled one, when it has one). */
export function loadScenarioFile(file: string, options: Omit<ResolveOptions, 'source'> = {}): World {
  const text = readText(file);
  return (
    compiledWorld(text, options.seed) ??
    resolveModule().resolveScenario(parseText(file, text), { ...options, source: file })
  );
}

/** Validates and builds the world the options describe. Throws ScenarioError naming every problem. */
export function buildWorld(options: WorldSource = {}): World {
  const seed = options.seed;
  if (options.scenario !== undefined)
    return resolveModule().resolveScenario(options.scenario, { source: 'scenario', seed });
  return loadScenarioFile(options.fixtures ?? DEFAULT_FIXTURES, { seed });
}
