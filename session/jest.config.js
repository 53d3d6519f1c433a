const { nodeProject } = require('../tooling/jest/preset.cjs');

module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // ky ships ES modules only, so it goes through the same SWC transform as our code.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/ky@[^/]+/node_modules/)?ky/)'],
});
