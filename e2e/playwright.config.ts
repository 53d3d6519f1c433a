import { defineConfig } from '@playwright/test';
import { e2eEnvironment } from './support/environment';

const { shellUrl } = e2eEnvironment();
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Ceilings, not expectations: at a load of 12 on two cores a test that signs in three users took
  // over a minute and a remote's first screen over 10 s; on a quiet machine they take seconds.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: shellUrl,
    trace: 'retain-on-failure',
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
      ],
    },
  },
  projects: [
    { name: 'stack', testIgnore: /remote-offline|independent-deploys/ },
    // Each stops a remote's server (the auditor's; the target company's, replaced by its next
    // release), so they run after everything else; neither needs the remote the other stops.
    { name: 'remote-offline', testMatch: /remote-offline/, dependencies: ['stack'] },
    { name: 'independent-deploys', testMatch: /independent-deploys/, dependencies: ['stack'] },
  ],
});
