// Builds this remote with the workspace's one webpack configuration; federation options are in
// module-federation.config.js.
const { createWebpackConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createWebpackConfig({
  dir: __dirname,
  publicPath: 'auto',
  federation: require('./module-federation.config.js'),
});
