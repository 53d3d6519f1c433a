// Builds the shell with the workspace's one webpack configuration; federation options are in
// module-federation.config.js. Its service worker is built beside it, into the same folder.
const {
  createServiceWorkerConfig,
  createWebpackConfig,
} = require('../tooling/webpack/create-config.cjs');

const shell = createWebpackConfig({
  dir: __dirname,
  publicPath: '/',
  federation: require('./module-federation.config.js'),
});
const serviceWorker = createServiceWorkerConfig({
  dir: __dirname,
  entry: './src/service-worker.ts',
});

module.exports = (env, argv) =>
  argv.mode === 'development' ? shell(env, argv) : [shell(env, argv), serviceWorker(env, argv)];
