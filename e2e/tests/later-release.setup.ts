// Builds remote-target-company's next release for independent-deploys.spec.ts, at the start of the
// run (support/later-release.ts).
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  LATER_RELEASE_NEW_TEXT,
  LATER_RELEASE_OLD_TEXT,
  LATER_RELEASE_TEXT_ID,
  laterReleaseDir,
} from '../support/later-release';

const repoRoot = path.resolve(__dirname, '../..');
const remoteDir = path.join(repoRoot, 'remote-target-company');

test('the target company remote’s next release builds', async () => {
  // One remote build on a shared machine: generous.
  test.setTimeout(15 * 60_000);
  const catalogue = path.join(repoRoot, 'features', 'dashboards', 'src', 'locales', 'en.json');
  expect(JSON.parse(readFileSync(catalogue, 'utf8'))[LATER_RELEASE_TEXT_ID]).toBe(
    LATER_RELEASE_OLD_TEXT,
  );
  const webpackBin = path.join(remoteDir, 'node_modules', '.bin', 'webpack');
  const config = path.join(repoRoot, 'e2e', 'fixtures', 'later-release', 'webpack.config.cjs');
  const child = spawn(webpackBin, ['--mode', 'production', '--config', config], {
    cwd: remoteDir,
    env: {
      ...process.env,
      LATER_RELEASE_OUTPUT_DIR: laterReleaseDir(),
      LATER_RELEASE_TEXT_ID,
      LATER_RELEASE_TEXT: LATER_RELEASE_NEW_TEXT,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, `the later release did not build:\n${errors}`).toBe(0);
});
