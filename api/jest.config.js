const path = require('node:path');
const { nodeProject } = require('../tooling/jest/preset.cjs');
const { ON_BOTH_DATABASES } = require('./test/support/on-both-databases.cjs');

// openid-client (with oauth4webapi, jose), postgrator and cookie ship as ES modules only, and @fastify/cookie loads cookie
// with a dynamic import: SWC turns them into CommonJS for jest.
module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(openid-client|oauth4webapi|jose|cookie|@fastify/cookie|postgrator)/)',
  ],
  setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // A file on both databases takes them from its own path, so it runs alone, not in a group of
  // files (tooling/jest/sequencer.cjs).
  testEnvironmentOptions: {
    runAlone: Object.keys(ON_BOTH_DATABASES).map((file) => path.join(__dirname, file)),
  },
});
