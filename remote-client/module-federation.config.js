// Module Federation options of the Client area: it exposes one module, the area's React app.
const shared = require('../tooling/mf/shared.cjs');

/** @type {import('@module-federation/enhanced').moduleFederationPlugin.ModuleFederationPluginOptions} */
module.exports = {
  name: 'remote_client',
  filename: 'remoteEntry.js',
  exposes: { './app': './src/app.tsx' },
  shared,
  shareStrategy: 'loaded-first',
  dts: false,
};
