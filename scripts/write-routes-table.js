// Writes the chat routes' tables from the routes' declarations in the built operation table
// (npm run routes-table): docs/reference.md's route table, between <!-- routes:table --> and
// <!-- /routes:table -->, and the README's summary of what the fake serves, between
// <!-- routes:summary --> and <!-- /routes:summary -->, with the number of REST routes in its
// opening. test/declarations.test.ts compares both.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const { OPERATIONS } = require('../dist/operations/table.js');
const { readmeWithRoutes, referenceWithRoutes } = require('../dist/operations/route-docs.js');

const ROOT = join(__dirname, '..');
const files = [
  [join(ROOT, 'docs', 'reference.md'), referenceWithRoutes],
  [join(ROOT, 'README.md'), readmeWithRoutes],
];
for (const [file, write] of files) writeFileSync(file, write(readFileSync(file, 'utf8'), OPERATIONS));
execFileSync(
  process.execPath,
  [require.resolve('prettier/bin/prettier.cjs'), '--write', ...files.map(([file]) => file)],
  { stdio: 'inherit' },
);
