// Single sign-on through an organisation's own provider (docs/decisions/0098-single-sign-on.md): a
// second identity server, with its own accounts and passwords, stands for Southbank's directory.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eEnvironment } from '../support/environment';
import { expectFitsWidth } from '../support/layout';
import { screenshot, signIn, signOut } from '../support/session';

const DIRECTORY_PASSWORD = 'southbank-directory-pass';
const MEMBER = 'lena.marchetti-oyelaran@verity.test';
const { shellUrl, ssoIdentityPort, env } = e2eEnvironment();
const issuer = `http://localhost:${ssoIdentityPort}`;
const clientSecret = randomBytes(32).toString('base64url');

let directory: ChildProcess | undefined;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'verity-e2e-directory-'));
  const secret = () => randomBytes(32).toString('base64url');
  directory = spawn(process.execPath, [path.resolve(__dirname, '../../identity/dist/server.js')], {
    cwd: path.resolve(__dirname, '../../identity'),
    env: {
      PATH: process.env.PATH,
      IDENTITY_PORT: String(ssoIdentityPort),
      IDENTITY_ISSUER: issuer,
      PUBLIC_URL: shellUrl,
      IDENTITY_CLIENT_ID: 'verity-southbank',
      IDENTITY_CLIENT_SECRET: clientSecret,
      IDENTITY_REDIRECT_URIS: `${shellUrl}/api/v1/auth/callback`,
      IDENTITY_API_KEY: secret(),
      IDENTITY_COOKIE_KEYS: `${secret()},${secret()}`,
      IDENTITY_SEED_DEMO: '1',
      IDENTITY_DEMO_ACCOUNTS_FILE: path.resolve(
        __dirname,
        '../fixtures/sso/southbank-directory.json',
      ),
      IDENTITY_FAST_PASSWORD_HASHING: '1',
      SMTP_URL: `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT}`,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  directory.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A started server answers; one that stopped says why. A busy machine may take minutes to start
  // it: the hook's own time (the tests' 240 s) bounds the wait, not a shorter one.
  await expect
    .poll(
      async () => {
        if (directory?.exitCode !== null) throw new Error(`The directory stopped:\n${output}`);
        return fetch(`${issuer}/healthz`).then(
          (answer) => answer.ok,
          () => false,
        );
      },
      { timeout: 200_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (directory?.exitCode === null) {
    const exited = new Promise((resolve) => directory!.once('exit', resolve));
    directory.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("an owner connects the organisation's provider, tests and requires it; a member signs in through it", async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, 'Login As Client', 'client2.owner@verity.test');
  await expect(page).toHaveURL(/\/client\/dashboard$|\/login\?choose=organisation/);
  if (page.url().includes('choose=organisation'))
    await page.getByRole('button', { name: /Southbank Finance/ }).click();
  await expect(page).toHaveURL(/\/client\/dashboard$/);

  // The member, added as any member is.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  await dialog.getByLabel('Email').fill(MEMBER);
  await dialog.getByLabel('Full name').fill('Lena Marchetti-Oyelaran');
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Client user created successfully.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/client/notification-settings');
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await card.getByLabel('Issuer URL').fill(issuer);
  await card.getByLabel('Client ID').fill('verity-southbank');
  await card.getByLabel('Client secret').fill(clientSecret);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Not tested yet')).toBeVisible();
  await expect(card.getByText(`${shellUrl}/api/v1/auth/callback`)).toBeVisible();

  // The owner's test sign-in, at the organisation's provider, with its own password.
  await card.getByRole('button', { name: 'Test sign-in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
  await page.getByLabel('Email').fill('client2.owner@verity.test');
  await page.getByLabel('Password').fill(DIRECTORY_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/client\/notification-settings$/);
  await expect(card.getByRole('status').filter({ hasText: 'Your provider works' })).toBeVisible();
  await expect(card.getByText('Tested: addresses at verity.test sign in')).toBeVisible();
  await card.getByRole('button', { name: 'Require single sign-on' }).click();
  await expect(card.getByText('Required: members with an address at verity.test')).toBeVisible();
  await screenshot(page, 'single-sign-on-settings');
  // The card on a phone: the long redirect address wraps, nothing runs off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page, 'the settings page with single sign-on');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'single-sign-on-settings-phone');
  await signOut(page);

  // The member, on a phone: the work address leads to the organisation's provider.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: shellUrl,
  });
  const member = await phone.newPage();
  await member.goto('/login');
  await member.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  await member.getByLabel('Work e-mail address').fill(MEMBER);
  await screenshot(member, 'single-sign-on-login-phone');
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member).toHaveURL(new RegExp(`^${issuer}/`));
  await expect(member.getByLabel('Email')).toHaveValue(MEMBER);
  await member.getByLabel('Password').fill(DIRECTORY_PASSWORD);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member).toHaveURL(/\/client\/dashboard$/);
  await member.getByRole('button', { name: 'Open user menu' }).click();
  const panel = member.getByRole('dialog', { name: 'Signed-in user' });
  await expect(panel).toContainText(MEMBER);
  await expect(panel).toContainText('Viewer');
  await phone.close();
});
