import { expect, test } from '@playwright/test';
import { screenshot, signIn } from '../support/session';
import { changeStaticSites, currently, restoreStaticSites } from '../support/static-sites';

const auditorEntry = `http://localhost:${process.env.E2E_REMOTE_AUDITOR_PORT || 18082}/remoteEntry.js`;

test.afterAll(async () => {
  restoreStaticSites();
  await expect.poll(() => currently(auditorEntry)).not.toBe('down');
});

test('with the auditor remote stopped, the auditor area shows the error page and the others still work', async ({
  page,
}) => {
  changeStaticSites({ 'remote-auditor': null });
  await expect.poll(() => currently(auditorEntry)).toBe('down');

  await signIn(page, 'Login As Auditor', 'auditor.owner@verity.test');
  await expect(page).toHaveURL(/\/auditor/);
  await expect(page.getByRole('banner').getByText('Auditor Dashboard')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await screenshot(page, 'auditor-remote-offline');

  await page.context().clearCookies();
  await signIn(page, 'Login As Client', 'client.owner@verity.test');
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
