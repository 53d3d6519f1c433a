// Shared jest settings: TypeScript and JSX through SWC, tests next to the code.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

function nodeProject(rootDir, extra = {}) {
  return {
    rootDir,
    displayName: path.basename(rootDir),
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j|mj)sx?$': swc },
    testMatch: ['<rootDir>/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    ...extra,
  };
}

function reactProject(rootDir, extra = {}) {
  return {
    rootDir,
    displayName: path.basename(rootDir),
    // jsdom plus Node's fetch-era globals (data routers need Request, ky needs TextEncoder).
    testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
    // ky (used by @verity/shared-api) ships only ES modules, so jest compiles it too.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?ky[@/])'],
    transform: { '^.+\\.(t|j|mj)sx?$': swc },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    moduleNameMapper: { '\\.(css|png|jpg|jpeg|svg|webp)$': path.join(__dirname, 'asset-stub.cjs') },
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.cjs')],
    ...extra,
  };
}

module.exports = { swc, nodeProject, reactProject };
