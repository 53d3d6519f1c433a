const { nodeProject } = require('../tooling/jest/preset.cjs');

module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
});
