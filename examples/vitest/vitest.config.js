export default {
  test: { globalSetup: ['rocketchat-fake/vitest/global-setup'] }, // one fake for the run
};
