import { join } from 'node:path';

/**
 * Where the package's own files are. Modules find them from here, never from their own
 * `__dirname`: the command-line entry is bundled into one file (dist/cli-main.js, see
 * scripts/bundle-cli.js), where every module's `__dirname` is dist/. This module sits at the top
 * of src/, so its `__dirname` is the same folder in every layout: src/ when running from the
 * sources (tests), dist/ when built, and dist/ again inside the bundle.
 *
 * Layer: base. Imports nothing of ours.
 */

/** The folder of the compiled modules: `src` from the sources, `dist` when built. */
export const CODE_DIR = __dirname;

/** The package's root: package.json, fixtures/ and ui/. */
const PACKAGE_ROOT = join(__dirname, '..');

/** A file shipped with the package, by its path from the package's root. */
export function packageFile(...parts: string[]): string {
  return join(PACKAGE_ROOT, ...parts);
}
