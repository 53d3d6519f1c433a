const path = require('node:path');
const { nodeProject } = require('../tooling/jest/preset.cjs');

module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  setupFilesAfterEnv: [path.join(__dirname, 'test/support/setup.cjs')],
  globalSetup: path.join(__dirname, '../tooling/jest/build-services.mjs'),
});
