// Every package's jest project, run together by `pnpm jest` (part of `npm test`).
module.exports = {
  // Generous for a loaded two-core machine (a project's own testTimeout is ignored from the root;
  // the projects that start processes raise it further in their setup files).
  testTimeout: 120_000,
  // Slowest first, also for the files jest has not timed yet (tooling/jest/sequencer.cjs).
  testSequencer: '<rootDir>/tooling/jest/sequencer.cjs',
  projects: [
    '<rootDir>/session',
    '<rootDir>/shared-api',
    '<rootDir>/shared-ui',
    '<rootDir>/features/*',
    '<rootDir>/shell',
    '<rootDir>/remote-client',
    '<rootDir>/remote-auditor',
    '<rootDir>/remote-target-company',
    '<rootDir>/api',
    '<rootDir>/identity',
    '<rootDir>/tooling',
  ],
};
