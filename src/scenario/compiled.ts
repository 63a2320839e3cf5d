import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { World } from '../store/types';

/**
 * Resolved worlds shipped with the package. The build resolves the default scenario once
 * (scripts/compile-worlds.js) and stores the world with the SHA-256 of the scenario text it came
 * from, so that a start with that exact text and no seed override neither validates nor
 * generates, and so loads neither zod nor faker. A scenario whose text differs by one byte is
 * resolved as usual: the compiled world can never stand in for another.
 */
export const COMPILED_WORLD_FILE = join(__dirname, 'default.world.json');

export interface CompiledWorld {
  format: 1;
  /** hex SHA-256 of the scenario file's text */
  sha256: string;
  world: World;
}

export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A fresh copy of the compiled world of exactly this scenario text, if there is one. */
export function compiledWorld(
  text: string,
  seed: number | undefined,
  file = COMPILED_WORLD_FILE,
): World | undefined {
  if (seed !== undefined) return undefined;
  let compiled: CompiledWorld;
  try {
    compiled = JSON.parse(readFileSync(file, 'utf8')) as CompiledWorld;
  } catch {
    return undefined; // not built (running from source), or unreadable: resolve instead
  }
  return compiled.format === 1 && compiled.sha256 === digestOf(text) ? compiled.world : undefined;
}
