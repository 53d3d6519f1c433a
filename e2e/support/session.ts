import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const DEMO_PASSWORD = 'verity-demo';

export type AreaButton = 'Login As Client' | 'Login As Auditor' | 'Login As Target Company';

/** Signs in through the login screen and the identity provider's own sign-in page. */
export async function signIn(
  page: Page,
  button: AreaButton,
  email: string,
  password = DEMO_PASSWORD,
) {
  await page.goto('/login');
  await page.getByRole('button', { name: button }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

/** Saves what the user sees, for people to look at (e2e/screenshots is git-ignored). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
