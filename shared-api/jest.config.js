const { nodeProject } = require('../tooling/jest/preset.cjs');

module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // ky ships ES modules only, so it goes through the same SWC transform as our code.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/ky@[^/]+/node_modules/)?ky/)'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
  // The calls' tests start the compiled API.
  globalSetup: '<rootDir>/../tooling/jest/build-services.mjs',
});
