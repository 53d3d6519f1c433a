import { expect, test } from '@playwright/test';
import { screenshot, signIn } from '../support/session';

test('with the auditor remote stopped, the auditor area shows the error page and the others still work', async ({
  page,
}) => {
  const pid = Number(process.env.E2E_PID_REMOTE_AUDITOR);
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGTERM');
  await expect
    .poll(async () =>
      fetch(`http://localhost:${process.env.E2E_REMOTE_AUDITOR_PORT || 18082}/remoteEntry.js`).then(
        () => 'up',
        () => 'down',
      ),
    )
    .toBe('down');

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
