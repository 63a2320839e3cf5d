// Jest globalSetup of the project's own tests: builds dist/ once when it is missing or older than
// the sources (scripts/build-hash.js), so a single test file run after an edit never tests an old
// build, and parallel workers never build at the same time.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const { isFresh } = require('../../scripts/build-hash');

module.exports = function buildOnce() {
  if (isFresh()) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', '-s', 'build'], {
    cwd: join(__dirname, '..', '..'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${String(built.status)})`);
  if (!isFresh()) throw new Error('npm run build did not leave dist/ matching the sources');
};
