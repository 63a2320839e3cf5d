import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * This package's version (its package.json, two folders up from here in src/ and in dist/): what
 * contracts and the control API's OpenAPI document say made them.
 *
 * Layer: world.
 */
export function packageVersion(): string {
  const file = join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
