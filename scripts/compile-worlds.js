// Resolves the default scenario (and the first-boot world) once, at build time, into dist/scenario/worlds/<sha256>.json,
// named by the SHA-256 of the text it came from (see src/scenario/compiled.ts): a start with the
// default scenario then loads neither zod nor faker.
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const { DEFAULT_FIXTURES, FIRST_BOOT_FIXTURES } = require(join(dist, 'scenario', 'load.js'));
const { resolveScenario } = require(join(dist, 'scenario', 'resolve.js'));
const { COMPILED_WORLDS_DIR, compiledWorldFile } = require(join(dist, 'scenario', 'compiled.js'));

mkdirSync(COMPILED_WORLDS_DIR, { recursive: true });
for (const file of [DEFAULT_FIXTURES, FIRST_BOOT_FIXTURES]) {
  const text = readFileSync(file, 'utf8');
  const world = resolveScenario(JSON.parse(text), { source: file });
  writeFileSync(compiledWorldFile(text), JSON.stringify({ format: 1, world }));
}
