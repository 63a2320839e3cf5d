import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CODE_DIR } from '../paths';
import type { World } from '../types';

/**
 * Resolved worlds shipped with the package, found by the SHA-256 of the scenario text they came
 * from. The build resolves the default scenario once (scripts/compile-worlds.js) into
 * `worlds/<sha256>.json`, so that a start with that exact text and no seed override neither
 * validates nor generates, and so loads neither zod nor faker. Any other text finds no file (one
 * failed open, nothing read) and is resolved as usual: a compiled world never stands in for another.
 */
export const COMPILED_WORLDS_DIR = join(CODE_DIR, 'scenario', 'worlds');

export interface CompiledWorld {
  format: 1;
  world: World;
}

export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The file the compiled world of this scenario text would be in. */
export function compiledWorldFile(text: string, dir = COMPILED_WORLDS_DIR): string {
  return join(dir, `${digestOf(text)}.json`);
}

/** A fresh copy of the compiled world of exactly this scenario text, if there is one. */
export function compiledWorld(
  text: string,
  seed: number | undefined,
  dir = COMPILED_WORLDS_DIR,
): World | undefined {
  if (seed !== undefined) return undefined;
  let compiled: CompiledWorld;
  try {
    compiled = JSON.parse(readFileSync(compiledWorldFile(text, dir), 'utf8')) as CompiledWorld;
  } catch {
    return undefined; // none for this text (or running from source), or unreadable: resolve instead
  }
  return compiled.format === 1 ? compiled.world : undefined;
}
