// Writes the table of the chat routes into docs/reference.md, between <!-- routes:table --> and
// <!-- /routes:table -->, from the routes' declarations in the built operation table
// (npm run routes-table).
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const { OPERATIONS } = require('../dist/operations/table.js');
const { routeTable } = require('../dist/operations/route-docs.js');

const file = join(__dirname, '..', 'docs', 'reference.md');
const text = readFileSync(file, 'utf8');
const marked = /(<!-- routes:table -->)[\s\S]*?(<!-- \/routes:table -->)/;
if (!marked.test(text)) throw new Error('docs/reference.md has no <!-- routes:table --> markers');
writeFileSync(
  file,
  text.replace(marked, (_m, open, close) => `${open}\n\n${routeTable(OPERATIONS)}\n\n${close}`),
);
execFileSync(process.execPath, [require.resolve('prettier/bin/prettier.cjs'), '--write', file], {
  stdio: 'inherit',
});
