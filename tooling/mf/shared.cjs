// The one Module Federation `shared` map used by the shell and every remote. Only what must be one
// instance in the page is shared, each a singleton with a semver range. Our pure code (the contract,
// rules, messages, design system and feature screens) is not listed: each build compiles in what it
// was built and tested with, so redeploying one remote changes that area and nothing else.
const path = require('node:path');

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

/** The folder of the React Router the builds use (each depends on react-router-dom at one version). */
const reactRouterDom = path.dirname(
  require.resolve('react-router-dom/package.json', {
    paths: [path.join(__dirname, '../../shell')],
  }),
);

const shared = {
  react: singleton('^18.3.1'),
  'react/': singleton('^18.3.1'),
  'react-dom': singleton('^18.3.1'),
  'react-dom/': singleton('^18.3.1'),
  // Provided as the names the builds use (react-router-dom.mjs), not the whole package.
  'react-router-dom': {
    ...singleton('^7.18.5'),
    import: path.join(__dirname, 'react-router-dom.mjs'),
    version: require(path.join(reactRouterDom, 'package.json')).version,
  },
  zustand: singleton('^5.1.0'),
  notistack: singleton('^3.0.2'),
  // The frame's bell loads through TanStack Query before any area does: one copy in the page, not
  // the shell's and a remote's beside it (each area still mounts its own query client).
  '@tanstack/react-query': singleton('^5.108.0'),
  // The API client (one refresh in flight for the whole page) and the session store (one user).
  '@verity/session': singleton('^0.1.0'),
};

module.exports = shared;
