// `npm test`: everything that proves Verity works. First format, lint, types and the builds (the
// services', and the frontends' production build) side by side; then, once all passed, the unit and
// API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the browser tests in
// Chromium against the whole stack.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensurePnpm, pnpmInstall, repoRoot, runBeside } from './ensure-tools.mjs';

const results = { passed: 0, failed: 0 };
/** Each step's title and seconds, in order, printed again at the end. */
const stepTimes = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function step(title, action) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  try {
    await action();
  } finally {
    stepTimes.push({ title, ms: Date.now() - started });
  }
  console.log(`=== ${title}: done in ${seconds(Date.now() - started)}`);
}

/** Waits for every step running side by side to end; throws the first failure, if any. */
async function allPassed(steps) {
  const refused = (await Promise.allSettled(steps)).find(({ status }) => status === 'rejected');
  if (refused) throw refused.reason;
}

/**
 * The ten jest files (or groups of files, docs/decisions/0118-test-files-in-groups.md) that took
 * longest, from jest's --json report, to show where the time goes.
 */
function printSlowestSuites(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const suites = report.testResults
    .map((suite) => ({
      name: path.relative(repoRoot, suite.name),
      ms: suite.endTime - suite.startTime,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  console.log('\nSlowest jest files and groups:');
  for (const suite of suites) console.log(`  ${seconds(suite.ms).padStart(8)}  ${suite.name}`);
}

function printStepTimes(started) {
  console.log('\nSteps (those side by side overlap):');
  for (const { title, ms } of stepTimes) console.log(`  ${seconds(ms).padStart(8)}  ${title}`);
  console.log(`  ${seconds(Date.now() - started).padStart(8)}  in all`);
}

function count(file, read) {
  if (!existsSync(file)) return;
  const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
  results.passed += passed;
  results.failed += failed;
}

async function main() {
  const started = Date.now();
  const cacheDir = path.join(repoRoot, '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const pnpm = ensurePnpm();
  const chromium = ensureChromium();
  pnpmInstall(pnpm);
  // Loaded once the workspace's packages are installed: on a fresh clone they are not there before.
  const { buildServices } = await import('./build-services.mjs');
  const { buildFrontends } = await import('./stack.mjs');

  const jestJson = path.join(cacheDir, 'jest-results.json');
  const e2eJson = path.join(cacheDir, 'e2e-results.json');
  rmSync(jestJson, { force: true });
  rmSync(e2eJson, { force: true });
  let failure;
  try {
    // The checks and the builds side by side, then the unit and API tests, then the browser tests
    // (docs/decisions/0077-test-steps-side-by-side.md).
    await allPassed([
      step('format', () =>
        runBeside(pnpm, ['exec', 'prettier', '--check', '--log-level', 'warn', '.'], {
          label: 'format',
        }),
      ),
      step('lint', () =>
        runBeside(pnpm, ['exec', 'eslint', '--max-warnings', '0', '.'], { label: 'lint' }),
      ),
      step('types', () => runBeside(pnpm, ['run', '--silent', 'typecheck'], { label: 'types' })),
      step('builds', async () => {
        await buildServices({ force: process.env.CI === 'true' });
        await buildFrontends(pnpm, { force: process.env.CI === 'true', label: 'build' });
      }),
    ]);
    // Four jest workers: many suites wait on processes, mail, timers and the database rather than
    // compute, and a fourth keeps both cores busy through those waits
    // (docs/decisions/0117-four-test-workers.md).
    await step('unit and API tests', () =>
      runBeside(pnpm, ['exec', 'jest', '--maxWorkers=4', '--json', `--outputFile=${jestJson}`]),
    );
    await step('browser tests', () =>
      runBeside(pnpm, ['--filter', '@verity/e2e', 'test'], {
        env: { ...process.env, CHROMIUM_PATH: chromium, E2E_JSON_REPORT: e2eJson },
      }),
    );
  } catch (error) {
    failure = error;
  } finally {
    count(jestJson, (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests }));
    count(e2eJson, (report) => ({
      passed: report.stats?.expected ?? 0,
      failed: (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0),
    }));
    printSlowestSuites(jestJson);
    printStepTimes(started);
  }
  if (failure) {
    console.error(`\nnpm test failed: ${failure.message}`);
    console.log(`${results.passed} passed, ${Math.max(results.failed, 1)} failed`);
    process.exit(failure.exitCode || 1);
  }
  console.log(`\n${results.passed} passed, ${results.failed} failed`);
}

await main();
