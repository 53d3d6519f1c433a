// Module Federation options of the shell (host). Remotes are registered at runtime from /remotes.json.
const shared = require('../tooling/mf/shared.cjs');

/** @type {import('@module-federation/enhanced').moduleFederationPlugin.ModuleFederationPluginOptions} */
module.exports = {
  name: 'shell',
  remotes: {},
  shared,
  shareStrategy: 'loaded-first',
  dts: false,
};
