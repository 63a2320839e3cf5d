/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  globalSetup: 'rocketchat-fake/jest/global-setup', // one fake for the run
  globalTeardown: 'rocketchat-fake/jest/global-teardown',
};
