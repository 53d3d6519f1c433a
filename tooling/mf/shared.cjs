// The one Module Federation `shared` map used by the shell and every remote. Only what must be one
// instance in the page is shared, each a singleton with a semver range. Our pure code (the contract,
// rules, messages, design system and feature screens) is not listed: each build compiles in what it
// was built and tested with, so redeploying one remote changes that area and nothing else.
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

module.exports = {
  react: singleton('^18.3.1'),
  'react/': singleton('^18.3.1'),
  'react-dom': singleton('^18.3.1'),
  'react-dom/': singleton('^18.3.1'),
  'react-router-dom': singleton('^7.18.5'),
  zustand: singleton('^5.1.0'),
  notistack: singleton('^3.0.2'),
  // The API client (one refresh in flight for the whole page) and the session store (one user).
  '@verity/session': singleton('^0.1.0'),
};
