import { expect, test, type Page } from '@playwright/test';
import { e2eEnvironment } from '../support/environment';
import { screenshot, signIn } from '../support/session';

const { mailCatcherUrl } = e2eEnvironment();

/** Opens the newest e-mail with this subject in the mail catcher's inbox and follows its button. */
async function followEmailButton(page: Page, subject: string, button: string): Promise<Page> {
  const message = page.getByRole('link', { name: subject }).first();
  // The e-mail is sent after the page answered: reload the inbox as a person would until it is in.
  await expect(async () => {
    await page.goto(mailCatcherUrl);
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await message.click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const opened = page.waitForEvent('popup');
  await page.frameLocator('iframe[title="HTML body"]').getByRole('link', { name: button }).click();
  const linkPage = await opened;
  await linkPage.waitForLoadState();
  // A background popup cannot be captured in a screenshot.
  await linkPage.bringToFront();
  return linkPage;
}

test(
  'a new person signs up, confirms the address from the e-mail, resets the password, and signs in',
  { tag: '@read-only' },
  async ({ page }) => {
    const email = `sign.up.${Date.now().toString(36)}@example.com`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login As Client' }).click();
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('Full name').fill('Nadia New');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(
      `We sent an email to ${email}. Open the link in it to continue.`,
    );
    await screenshot(page, 'identity-check-inbox');

    const confirmed = await followEmailButton(
      page,
      'Confirm your email address for Verity',
      'Confirm my email address',
    );
    await expect(confirmed.getByRole('status')).toHaveText(
      'Your email address is confirmed. You can now sign in to Verity.',
    );
    await screenshot(confirmed, 'identity-email-confirmed');
    await confirmed.close();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login As Client' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If ${email} belongs to a Verity account`);

    const reset = await followEmailButton(
      page,
      'Reset your Verity password',
      'Choose a new password',
    );
    await reset.getByLabel('New password', { exact: true }).fill('password123');
    await reset.getByLabel('Confirm new password').fill('password123');
    await reset.getByRole('button', { name: 'Change password' }).click();
    await expect(reset.getByRole('alert')).toHaveText(/^This password is too common\./);
    await reset.getByLabel('New password', { exact: true }).fill('a quiet amber lantern');
    await reset.getByLabel('Confirm new password').fill('a quiet amber lantern');
    await reset.getByRole('button', { name: 'Change password' }).click();
    await expect(reset.getByRole('status')).toContainText('Your password has been changed');
    await screenshot(reset, 'identity-password-changed');
    await reset.close();

    // The account is real but belongs to no client yet: Verity says so on its login screen.
    await signIn(page, 'Login As Client', email, 'a quiet amber lantern');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert')).toContainText('Client');
  },
);
