// Every package's jest project, run together by `pnpm jest` (part of `npm test`).
module.exports = {
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
