const { nodeProject } = require('../tooling/jest/preset.cjs');

// openid-client and its helpers ship as ES modules only; SWC turns them into CommonJS for jest.
module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(openid-client|oauth4webapi|jose)/)'],
  testTimeout: 30000,
});
