// The one Module Federation `shared` map used by the shell and every remote.
const react = '18.3.1';
const reactRouter = '7.18.5';
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

module.exports = {
  react: singleton(react),
  'react/': singleton(react),
  'react-dom': singleton(react),
  'react-dom/': singleton(react),
  'react-router-dom': singleton(reactRouter),
  zustand: singleton('5.1.0'),
  notistack: singleton('3.0.2'),
  '@verity/session': singleton('0.1.0'),
  '@verity/shared-ui': singleton('0.1.0'),
  '@verity/shared-api': singleton('0.1.0'),
};
