// Shared jest settings: TypeScript and JSX through SWC, tests next to the code.
const path = require('node:path');

/** Packages' catalogues (`locales/<language>.json`), compiled as the builds compile them. */
const catalogues = {
  '/locales/[a-zA-Z-]+\\.json$': path.join(__dirname, 'catalogue-transform.cjs'),
};

/** Jest's runtime with compiled code kept between a worker's test files (runtime.cjs). */
const runtime = path.join(__dirname, 'runtime.cjs');

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

// ky (used by @verity/shared-api) and some of Mock Service Worker's dependencies ship only ES
// modules, so jest compiles them too.
const ESM_ONLY = ['ky', 'rettime', 'until-async', '@open-draft', '@mswjs', '@msw'];

/** transformIgnorePatterns that compile the ES-module-only packages (and `more`) like our code. */
function compileEsmOnly(more = []) {
  return [`/node_modules/(?!(\\.pnpm/)?(${[...ESM_ONLY, ...more].join('|')})[@/+])`];
}

function nodeProject(rootDir, extra = {}) {
  return {
    rootDir,
    displayName: path.basename(rootDir),
    testEnvironment: 'node',
    runtime,
    transform: { ...catalogues, '^.+\\.(t|j|mj)sx?$': swc },
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
    runtime,
    transformIgnorePatterns: compileEsmOnly(),
    transform: { ...catalogues, '^.+\\.(t|j|mj)sx?$': swc },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    moduleNameMapper: {
      '\\.(css|png|jpg|jpeg|svg|webp)$': path.join(__dirname, 'asset-stub.cjs'),
      // axe, configured, for the files that import it (setup-dom.cjs no longer loads it for all).
      '^jest-axe$': path.join(__dirname, 'jest-axe.cjs'),
    },
    // Mock Service Worker's Node server is the network edge; its `msw/node` entry is not exported
    // under jsdom's default 'browser' condition. 'verity-page': shared-api's texts follow the page's
    // language, as webpack builds them.
    testEnvironmentOptions: { customExportConditions: ['', 'verity-page'] },
    setupFilesAfterEnv: [
      path.join(__dirname, 'setup-dom.cjs'),
      path.join(__dirname, '../../shared-ui/src/testing/api-server-setup.ts'),
    ],
    ...extra,
  };
}

module.exports = { swc, nodeProject, reactProject, compileEsmOnly };
