import { expect, test } from '@playwright/test';
import { SCREEN_SIZES } from '../support/sizes';
import { enterArea, screenshot } from '../support/session';

/** The identity provider's default: attempts on one email per 15 minutes. */
const ATTEMPTS_PER_ACCOUNT = 10;

test('a person who keeps failing is told when to try again, and their owner sees their sign-ins on hold', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const fullname = `Hana Held ${stamp}`;
  const email = `hana.held.${stamp}@verity.test`;

  // The company's owner adds Hana, who has no password yet: every guess at one is wrong.
  await enterArea(page, 'targetCompany');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Company User' });
  await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /Full name/ }).fill(fullname);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Sign-ins on hold' })).toHaveCount(0);

  // Someone tries Hana's account from another browser until the provider refuses it.
  const guesser = await browser.newContext({ viewport: SCREEN_SIZES[0].viewport });
  const guessing = await guesser.newPage();
  await guessing.goto('/login');
  await guessing.getByRole('button', { name: 'Login As Target Company' }).click();
  for (let attempt = 1; attempt <= ATTEMPTS_PER_ACCOUNT + 1; attempt += 1) {
    await guessing.getByLabel('Email').fill(email);
    await guessing.getByLabel('Password').fill(`guess number ${attempt}`);
    await guessing.getByRole('button', { name: 'Sign in' }).click();
    await expect(guessing.getByRole('alert')).toHaveText(
      attempt <= ATTEMPTS_PER_ACCOUNT
        ? 'Incorrect email or password.'
        : 'Too many attempts. Try again in 15 minutes.',
    );
  }
  await screenshot(guessing, 'sign-in-refused-1400x900');
  await guessing.setViewportSize(SCREEN_SIZES[1].viewport);
  await screenshot(guessing, 'sign-in-refused-390x844');
  await guesser.close();

  // The owner sees it on the users screen, with the time Hana may try again.
  await page.reload();
  const onHold = page.getByRole('region', { name: 'Sign-ins on hold' });
  await expect(onHold).toBeVisible();
  await expect(onHold.getByRole('listitem')).toHaveText(
    new RegExp(
      `^${fullname} \\(${email.replace(/\./g, '\\.')}\\) until \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} [AP]M$`,
    ),
  );
  for (const { size, viewport } of SCREEN_SIZES) {
    await page.setViewportSize(viewport);
    await expect(onHold).toBeInViewport();
    await screenshot(page, `sign-ins-on-hold-${size}`);
  }
});
