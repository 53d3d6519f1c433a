const { nodeProject } = require('./jest/preset.cjs');

// light-my-request (fastify.inject) loads cookie, @fastify/static content-disposition, and the API's
// test databases (supervise.test.ts) postgrator, which ship as ES modules only: SWC turns them into
// CommonJS.
module.exports = nodeProject(__dirname, {
  testMatch: [
    '<rootDir>/i18n/**/*.test.ts',
    '<rootDir>/jest/**/*.test.ts',
    '<rootDir>/mail/**/*.test.ts',
    '<rootDir>/mf/**/*.test.ts',
    '<rootDir>/net/**/*.test.ts',
    '<rootDir>/servers/**/*.test.ts',
    '<rootDir>/scripts/**/*.test.ts',
    '<rootDir>/testing/**/*.test.ts',
  ],
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(cookie|content-disposition|postgrator)/)',
  ],
  // The stack's tests start the compiled servers.
  globalSetup: '<rootDir>/jest/build-services.mjs',
});
