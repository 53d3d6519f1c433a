// `npm test`: everything that proves Verity works, in order of cost: format, lint, types, the
// services' build, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then
// the production build of the frontends and the browser tests in Chromium against the whole stack.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensurePnpm, pnpmInstall, repoRoot, run } from './ensure-tools.mjs';

const results = { passed: 0, failed: 0 };

async function step(title, action) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  await action();
  console.log(`=== ${title}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function count(file, read) {
  if (!existsSync(file)) return;
  const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
  results.passed += passed;
  results.failed += failed;
}

async function main() {
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
    await step('format', () =>
      run(pnpm, ['exec', 'prettier', '--check', '--log-level', 'warn', '.']),
    );
    await step('lint', () => run(pnpm, ['exec', 'eslint', '--max-warnings', '0', '.']));
    await step('types', () => run(pnpm, ['run', '--silent', 'typecheck']));
    await step('services build', () => buildServices({ force: process.env.CI === 'true' }));
    // Three workers on two cores: many suites wait on processes, mail, timers and the database
    // rather than compute, so a third keeps the cores busy
    // (docs/decisions/0066-three-test-workers.md).
    await step('unit and API tests', () =>
      run(pnpm, ['exec', 'jest', '--maxWorkers=3', '--json', `--outputFile=${jestJson}`]),
    );
    await step('frontends build', () => buildFrontends(pnpm, { force: process.env.CI === 'true' }));
    await step('browser tests', () =>
      run(pnpm, ['--filter', '@verity/e2e', 'test'], {
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
  }
  if (failure) {
    console.error(`\nnpm test failed: ${failure.message}`);
    console.log(`${results.passed} passed, ${Math.max(results.failed, 1)} failed`);
    process.exit(failure.exitCode || 1);
  }
  console.log(`\n${results.passed} passed, ${results.failed} failed`);
}

await main();
