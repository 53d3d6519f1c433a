import { defineConfig } from '@playwright/test';
import { e2eEnvironment, madeForPeople } from './support/environment';

const { shellUrl } = e2eEnvironment();
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // Four workers share one stack and its demo data (the rules:
  // docs/decisions/0074-browser-tests-on-two-workers.md; the count:
  // docs/decisions/0117-four-test-workers.md); a file's tests run in order in one
  // worker (a read-only file's each on its own). A test that changes data changes its own (a plan, company or user it made, under a
  // name of its own), except the few that count what the whole demo shows (dashboards, list totals,
  // the portfolio, the unread notifications), tagged @demo-figures: those run one at a time, first,
  // beside only tests tagged @read-only, which change nothing anyone counts. Every other test runs
  // after them, four at a time.
  fullyParallel: false,
  workers: 4,
  retries: 0,
  // Ceilings, not expectations: at a load of 12 on two cores a test that signs in three users took
  // over a minute and a remote's first screen over 10 s; at 25, on two workers, the slowest test
  // took 80 s. On a quiet machine they take seconds.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: shellUrl,
    // A person who prefers reduced motion, as the operating system tells the browser: the charts
    // draw finished at once and transitions end at once, so screenshots show the end state and
    // Chromium paints each change once instead of every frame of an animation (about a sixth of
    // its work in these tests; docs/decisions/0078-browser-tests-lighter.md). The
    // animated path is the charts' own unit test (chart-canvas.test.tsx).
    reducedMotion: 'reduce',
    // A trace records every frame and a copy of the page at each step of every test, kept only if
    // it fails: a developer's run keeps them; CI's (CI=true) does not record them, which spares a
    // fifth of the browser tests' time (its failures still leave a screenshot and the page's
    // outline), unless E2E_TRACE=1 asks for them (docs/decisions/0078-browser-tests-lighter.md).
    trace: madeForPeople('E2E_TRACE') ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
      // Without these Chromium keeps reaching out to hosts this network does not have.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A test's page lives seconds: V8's optimizing compilers (Maglev, TurboFan) spend more
        // than they save there, so pages run on its interpreter and baseline compiler. The same
        // JavaScript with the same results, for 9% less processor time
        // (docs/decisions/0078-browser-tests-lighter.md). The web benchmark (bench/web-bench.ts)
        // launches a Chromium of its own, which optimizes as a user's does.
        '--js-flags=--no-opt,--no-maglev',
      ],
    },
  },
  projects: [
    // The target company remote's next release, for independent-deploys: built while the first
    // tests run, not at the end where the build would run alone (support/later-release.ts).
    { name: 'later-release', testMatch: /later-release\.setup\.ts/ },
    { name: 'demo-figures', grep: /@demo-figures/, workers: 1 },
    // Each read-only test on the first free worker, in no order: none of a file's tests queue up
    // behind each other in one worker at the end of the phase.
    { name: 'read-only', grep: /@read-only/, fullyParallel: true },
    {
      name: 'own-data',
      grepInvert: /@demo-figures|@read-only/,
      testIgnore: /remote-offline|independent-deploys/,
      dependencies: ['demo-figures', 'read-only'],
    },
    // Each stops a remote's server (the auditor's; the target company's, replaced by its next
    // release), so they run after everything else, and one after the other: each tells the static
    // server which sites to serve through the same file.
    { name: 'remote-offline', testMatch: /remote-offline/, dependencies: ['own-data'] },
    {
      name: 'independent-deploys',
      testMatch: /independent-deploys/,
      dependencies: ['remote-offline', 'later-release'],
    },
  ],
});
