// Areas deploy on their own: one remote is rebuilt as its next release (a changed dashboard text, a
// newer contract) and deployed alone (the static server serves that site from the new build); its
// area runs the new build, the other areas and the shell stay as they were. The same build also
// proves a developer's local override of one area.
import { expect, test, type Page } from '@playwright/test';
import { type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { e2eEnvironment } from '../support/environment';
import {
  LATER_RELEASE_NEW_TEXT as NEW_TEXT,
  LATER_RELEASE_OLD_TEXT as OLD_TEXT,
  laterReleaseDir,
} from '../support/later-release';
import { signIn } from '../support/session';
import { changeStaticSites, currently, restoreStaticSites } from '../support/static-sites';

interface ServerSpec {
  name: string;
  ready: string;
}
interface StackModule {
  stackEnvironment(env: NodeJS.ProcessEnv): {
    env: NodeJS.ProcessEnv;
    config: { remotes: { key: string; dir: string; url: string }[] };
  };
  remoteServerSpec(config: unknown, key: string): ServerSpec;
  startServer(spec: ServerSpec, env: NodeJS.ProcessEnv, options: { quiet: boolean }): ChildProcess;
  stopProcess(child: ChildProcess): Promise<void>;
}

const repoRoot = path.resolve(__dirname, '../..');
const REMOTE_OVERRIDES_KEY = 'verity.remoteOverrides';
const previewPort = e2eEnvironment().remotePreviewPort;

let stack: StackModule;
let stackEnv: NodeJS.ProcessEnv;
let laterBuild: string;
let shellFilesBefore: Record<string, string>;
const started: ChildProcess[] = [];

/** Every file of the shell's build with its content hash and modification time. */
function shellFiles(): Record<string, string> {
  const dist = path.join(repoRoot, 'shell', 'dist');
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      const stat = statSync(file);
      if (stat.isDirectory()) walk(file);
      else {
        const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
        files[path.relative(dist, file)] = `${hash} ${stat.mtimeMs}`;
      }
    }
  };
  walk(dist);
  return files;
}

/** Starts a server of the target-company remote alone, on the given folder and port, once it answers. */
async function serveRemote(distDir: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...stackEnv,
    REMOTE_DIST_DIR: distDir,
    REMOTE_TARGET_COMPANY_PORT: String(port),
  };
  const { config } = stack.stackEnvironment(env);
  const spec = stack.remoteServerSpec(config, 'remote-target-company');
  const ready = `http://localhost:${port}/remoteEntry.js`;
  const child = stack.startServer(spec, env, { quiet: true });
  started.push(child);
  await expect
    .poll(
      () =>
        fetch(ready).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 180_000 },
    )
    .toBe(200);
  return child;
}

async function stopServer(child: ChildProcess) {
  await stack.stopProcess(child);
  started.splice(started.indexOf(child), 1);
}

async function companyDashboard(page: Page) {
  await signIn(page, 'Login As Target Company', 'company.owner@verity.test');
  await expect(page).toHaveURL(/\/target-company\/dashboard$/);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const stackUrl = pathToFileURL(path.join(repoRoot, 'tooling', 'scripts', 'stack.mjs')).href;
  stack = (await import(stackUrl)) as StackModule;
  stackEnv = stack.stackEnvironment({ ...process.env, ...e2eEnvironment().env }).env;
  shellFilesBefore = shellFiles();
  // Built by the later-release project, which this one's runs after (playwright.config.ts).
  laterBuild = laterReleaseDir();
});

test.afterAll(async () => {
  restoreStaticSites();
  await Promise.all(started.map((child) => stack.stopProcess(child)));
});

test('a developer loads one area from a local server through localStorage, never through a link', async ({
  page,
}) => {
  const preview = await serveRemote(laterBuild, previewPort);
  const local = `http://localhost:${previewPort}`;
  await companyDashboard(page);
  await expect(page.getByRole('group', { name: OLD_TEXT })).toBeVisible();

  const override = encodeURIComponent(JSON.stringify({ remote_target_company: local }));
  await page.goto(
    `/target-company/dashboard?${REMOTE_OVERRIDES_KEY}=${override}&remote_target_company=${local}#${override}`,
  );
  await expect(page.getByRole('group', { name: OLD_TEXT })).toBeVisible();
  await expect(page.getByRole('group', { name: NEW_TEXT })).toHaveCount(0);

  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [REMOTE_OVERRIDES_KEY, JSON.stringify({ remote_target_company: local })],
  );
  await page.reload();
  await expect(page.getByRole('group', { name: NEW_TEXT })).toBeVisible();

  await page.evaluate((key) => localStorage.removeItem(key), REMOTE_OVERRIDES_KEY);
  await page.reload();
  await expect(page.getByRole('group', { name: OLD_TEXT })).toBeVisible();
  await stopServer(preview);
});

test('a remote rebuilt and deployed alone: its area shows the new text, the others and the shell stay', async ({
  page,
}) => {
  const { config } = stack.stackEnvironment(stackEnv);
  const entry = `${stack.remoteServerSpec(config, 'remote-target-company').ready}`;
  const laterEntry = readFileSync(path.join(laterBuild, 'remoteEntry.js'), 'utf8');
  expect(await currently(entry)).not.toBe(laterEntry);
  changeStaticSites({ 'remote-target-company': laterBuild });
  await expect.poll(() => currently(entry), { timeout: 120_000 }).toBe(laterEntry);

  await companyDashboard(page);
  await expect(page.getByRole('group', { name: NEW_TEXT })).toBeVisible();
  await expect(page.getByRole('group', { name: OLD_TEXT })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'Login As Client', 'client.owner@verity.test');
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByRole('group', { name: OLD_TEXT })).toBeVisible();
  await expect(page.getByRole('group', { name: NEW_TEXT })).toHaveCount(0);

  expect(shellFiles()).toEqual(shellFilesBefore);
});

test('a remote built against a newer contract, with a call the shell’s build lacks, still works', async ({
  page,
}) => {
  await companyDashboard(page);
  const { user } = (
    (await (await page.request.get('/api/v1/auth/me')).json()) as {
      data: { user: { targetCompanyId: string } };
    }
  ).data;
  const usersAnswer = await page.request.get(
    `/api/v1/target-company/users?targetCompanyId=${user.targetCompanyId}`,
  );
  const { users } = ((await usersAnswer.json()) as { data: { users: unknown[] } }).data;
  expect(users.length).toBeGreaterThan(0);

  await expect(page.getByText(`This company has ${users.length} users.`)).toBeVisible();
  await expect(page.getByRole('group', { name: NEW_TEXT })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
