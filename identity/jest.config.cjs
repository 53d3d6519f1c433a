const path = require('node:path');
const { nodeProject, swc } = require('../tooling/jest/preset.cjs');

module.exports = nodeProject(__dirname, {
  // Identity compiles its catalogues itself when it starts (src/texts.ts): jest hands it their JSON.
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  setupFilesAfterEnv: [path.join(__dirname, 'test/support/setup.cjs')],
  globalSetup: path.join(__dirname, '../tooling/jest/build-services.mjs'),
});
