// Jest globalTeardown of the project's own tests: removes the run's temporary directory
// (jest.config.js), so a run leaves no scratch files, tarballs or cached worlds behind.
const { rmSync } = require('node:fs');

module.exports = function removeRunTmp() {
  const dir = process.env.ROCKETCHAT_FAKE_TEST_TMP;
  if (dir) rmSync(dir, { recursive: true, force: true });
};
