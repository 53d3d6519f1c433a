const { reactProject } = require('../tooling/jest/preset.cjs');

const project = reactProject(__dirname);

module.exports = {
  ...project,
  clearMocks: true,
  moduleNameMapper: {
    ...project.moduleNameMapper,
    // jsdom has no canvas: the shared charts' ECharts drawing is replaced at that edge.
    '^\\./chart-canvas$': '<rootDir>/src/test/chart-canvas-stub.tsx',
  },
};
