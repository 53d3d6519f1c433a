const { reactProject } = require('../../tooling/jest/preset.cjs');

module.exports = reactProject(__dirname);
