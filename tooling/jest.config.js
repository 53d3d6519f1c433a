const { nodeProject } = require('./jest/preset.cjs');

// light-my-request (fastify.inject) loads cookie, which ships as ES modules only: SWC turns it into CommonJS.
module.exports = nodeProject(__dirname, {
  testMatch: ['<rootDir>/mail/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?cookie/)'],
});
