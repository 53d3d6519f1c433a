// remote-target-company's next release (a changed dashboard text, a newer contract), built once per
// run by the `later-release` project (tests/later-release.setup.ts) for independent-deploys.spec.ts.
// The build starts with the first tests rather than just before the tests that use it, which run
// last and alone: a single-threaded build there kept a core idle for its whole length
// (docs/decisions/0120-the-later-release-built-at-the-start.md).
import { expect } from '@playwright/test';
import path from 'node:path';

/** The dashboards' message the later release words differently. */
export const LATER_RELEASE_TEXT_ID = 'dashboards.figures.totalAudits';
export const LATER_RELEASE_OLD_TEXT = 'Total Audits';
export const LATER_RELEASE_NEW_TEXT = 'Audits in total';

/** Where the build goes: in the run's data folder (global-setup.ts), removed with it. */
export function laterReleaseDir(): string {
  const sitesFile = process.env.E2E_STATIC_SITES_FILE;
  expect(sitesFile, 'the stack of global-setup.ts').toBeTruthy();
  return path.join(path.dirname(sitesFile!), 'later-release');
}
