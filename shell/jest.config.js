const { compileEsmOnly, reactProject } = require('../tooling/jest/preset.cjs');

const base = reactProject(__dirname);

// The server's tests choose the node environment in their docblock; the server's plugins load a few
// ES-module-only packages (content-disposition, cookie) that jest compiles like ky. The header's
// bell asks for the unread count on every signed-in page: src/test/bell-setup.ts answers it.
module.exports = reactProject(__dirname, {
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/server/**/*.test.ts'],
  transformIgnorePatterns: compileEsmOnly(['content-disposition', 'cookie']),
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/test/bell-setup.ts'],
});
