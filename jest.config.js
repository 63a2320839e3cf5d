const { mkdtempSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const { join } = require('node:path');

// Every temporary file of the run (the tests' scratch directories, packed tarballs, the processes
// they spawn) goes under one directory of its own, removed when the run ends
// (test/support/global-teardown.js): a run leaves nothing in the machine's temporary directory.
// Workers and spawned processes inherit it through TMPDIR.
if (process.env.ROCKETCHAT_FAKE_TEST_TMP === undefined) {
  process.env.ROCKETCHAT_FAKE_TEST_TMP = mkdtempSync(join(tmpdir(), 'rcf-test-'));
  process.env.TMPDIR = process.env.ROCKETCHAT_FAKE_TEST_TMP;
}

// The run keeps resolved worlds in a world cache of its own (src/scenario/cache.ts), never in the
// user's; workers and the processes tests spawn inherit it. Scenarios that generate are read back
// from it, so the suite exercises the cache.
process.env.ROCKETCHAT_FAKE_WORLD_CACHE ??= mkdtempSync(join(tmpdir(), 'rcf-test-worlds-'));

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  // dist/ is built once per run, and only when the sources changed (test/support/global-setup.js)
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  // many tests spawn processes or run a server beside the suite; on a loaded machine 5 s is short
  testTimeout: 30_000,
  // most files wait on child processes and sockets, not the CPU: two workers even on two cores
  // (Jest's default there is one) take the run from about 130 s to about 85 s
  maxWorkers: Math.max(2, availableParallelism() - 1),
  setupFilesAfterEnv: ['<rootDir>/test/support/setup.ts'],
};
