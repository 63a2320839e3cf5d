import { readFileSync } from 'node:fs';

import { packageFile } from '../paths';

/**
 * This package's version (its package.json, two folders up from here in src/ and in dist/): what
 * contracts and the control API's OpenAPI document say made them.
 *
 * Layer: world.
 */
export function packageVersion(): string {
  const file = packageFile('package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
