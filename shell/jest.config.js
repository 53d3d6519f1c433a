const { compileEsmOnly, reactProject } = require('../tooling/jest/preset.cjs');

// The server's tests choose the node environment in their docblock; the server's plugins load a few
// ES-module-only packages (content-disposition, cookie) that jest compiles like ky.
module.exports = reactProject(__dirname, {
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/server/**/*.test.ts'],
  transformIgnorePatterns: compileEsmOnly(['content-disposition', 'cookie']),
});
