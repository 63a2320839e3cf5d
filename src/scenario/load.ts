import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { World } from '../store/types';
import { ScenarioError } from './problems';
import type { ResolveOptions } from './resolve';
import { resolveScenario } from './resolve';

/** The scenario `npm start` and `createFakeServer()` use when given none. */
export const DEFAULT_FIXTURES = join(__dirname, '..', '..', 'fixtures', 'default.json');

/** Reads and parses a scenario file; an unreadable file or bad JSON is a {@link ScenarioError} too. */
export function readScenarioFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScenarioError(file, [
      { path: '$', message: `cannot read the file: ${(error as Error).message}` },
    ]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ScenarioError(file, [{ path: '$', message: `not valid JSON: ${(error as Error).message}` }]);
  }
}

/** Reads, validates and builds the world of a scenario file. */
export function loadScenarioFile(file: string, options: Omit<ResolveOptions, 'source'> = {}): World {
  return resolveScenario(readScenarioFile(file), { ...options, source: file });
}
