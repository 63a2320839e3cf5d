// Writes dist/index.mjs: an ES module entry that re-exports the CommonJS build, so `import` and
// `require` share one module instance and one set of types.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const names = Object.keys(require(join(dist, 'index.js'))).filter((n) => n !== '__esModule');
const body = `import cjs from './index.js';\n${names.map((n) => `export const ${n} = cjs.${n};`).join('\n')}\n`;
writeFileSync(join(dist, 'index.mjs'), body);
writeFileSync(join(dist, 'index.d.mts'), "export * from './index.js';\n");

// rocketchat-fake/vitest: an ES module, so that its `import 'vitest'` is the instance Vitest runs
// (a require() of it would load a second one whose hooks reach no suite)
const { mkdirSync } = require('node:fs');
mkdirSync(join(dist, 'vitest'), { recursive: true });
writeFileSync(
  join(dist, 'vitest', 'index.mjs'),
  `import { afterAll, afterEach, beforeAll } from 'vitest';
import runners from '../runners/session.js';

/** The file's own session on the shared server, on Vitest's beforeAll, afterEach and afterAll. */
export function useSession(options = {}) {
  return runners.useSession({ before: beforeAll, afterEach, after: afterAll }, options);
}
`,
);
writeFileSync(
  join(dist, 'vitest', 'index.d.mts'),
  `import type { TestSession, UseSessionOptions } from '../runners/session.js';

export type { TestSession, UseSessionOptions } from '../runners/session.js';
/**
 * The file's own session on the shared server, on Vitest's beforeAll, afterEach and afterAll;
 * \`keepLogins: true\`: the resets after each test keep a bot connected for the whole file logged in.
 */
export declare function useSession(options?: UseSessionOptions): TestSession;
`,
);
