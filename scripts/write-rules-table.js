// Writes the table of the rules `rocketchat-fake verify` checks into docs/verify.md, between
// <!-- verify:rules --> and <!-- /verify:rules -->, from the built suite (npm run rules-table).
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const { CHECKS } = require('../dist/verify/suite.js');
const { rulesTable } = require('../dist/verify/table.js');

const file = join(__dirname, '..', 'docs', 'verify.md');
const readme = readFileSync(file, 'utf8');
const marked = /(<!-- verify:rules -->)[\s\S]*?(<!-- \/verify:rules -->)/;
if (!marked.test(readme)) throw new Error('docs/verify.md has no <!-- verify:rules --> markers');
writeFileSync(
  file,
  readme.replace(marked, (_m, open, close) => `${open}\n\n${rulesTable(CHECKS)}\n\n${close}`),
);
execFileSync(process.execPath, [require.resolve('prettier/bin/prettier.cjs'), '--write', file], {
  stdio: 'inherit',
});
