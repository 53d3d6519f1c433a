import { expect, test } from '@playwright/test';
import { screenshot, signIn, signOut } from '../support/session';

test('the login screen offers the three sign-ins', { tag: '@read-only' }, async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Login your ACCOUNT')).toBeVisible();
  for (const name of ['Login As Client', 'Login As Auditor', 'Login As Target Company']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await screenshot(page, 'login');
});

const areas = [
  {
    button: 'Login As Client',
    email: 'client.owner@verity.test',
    path: /\/client\/dashboard$/,
    header: 'Client Dashboard',
    items: ['Dashboard', 'Portfolio', 'Companies', 'Auditors', 'Users'],
    highlighted: 'Dashboard',
    shot: 'client-dashboard',
  },
  {
    button: 'Login As Auditor',
    email: 'auditor.owner@verity.test',
    path: /\/auditor\/target-companies$/,
    header: 'Auditor Dashboard',
    items: ['Companies', 'Portfolio', 'Users'],
    highlighted: 'Companies',
    shot: 'auditor-target-companies',
  },
  {
    button: 'Login As Target Company',
    email: 'company.owner@verity.test',
    path: /\/target-company\/dashboard$/,
    header: 'Target Company Dashboard',
    items: ['Dashboard', 'Auditors', 'Users'],
    highlighted: 'Dashboard',
    shot: 'target-company-dashboard',
  },
] as const;

for (const area of areas) {
  test(
    `${area.email} signs in through the identity pages and lands in their area`,
    { tag: '@read-only' },
    async ({ page }) => {
      await signIn(page, area.button, area.email);
      await expect(page).toHaveURL(area.path);
      await expect(page.getByRole('banner').getByText(area.header)).toBeVisible();
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      const links = sidebar.getByRole('link');
      await expect(links).toHaveText([...area.items]);
      await expect(sidebar.getByRole('link', { name: area.highlighted })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await screenshot(page, area.shot);

      await signOut(page);
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);
    },
  );
}

test(
  'the identity page refuses a wrong password without saying whether the email exists',
  { tag: '@read-only' },
  async ({ page }) => {
    await signIn(page, 'Login As Client', 'client.owner@verity.test', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(/Incorrect email or password/);
    await screenshot(page, 'identity-wrong-password');
  },
);

test(
  'an account without a membership comes back to the login screen with a message',
  { tag: '@read-only' },
  async ({ page }) => {
    await signIn(page, 'Login As Client', 'new.person@verity.test');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert')).toContainText('Client');
    await screenshot(page, 'login-no-membership');
  },
);

test(
  'a user of one type who opens another area is sent to their own, and an unknown path to home',
  { tag: '@read-only' },
  async ({ page }) => {
    await signIn(page, 'Login As Target Company', 'company.owner@verity.test');
    await expect(page).toHaveURL(/\/target-company\/dashboard$/);
    await page.goto('/client/users');
    await expect(page).toHaveURL(/\/target-company\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/target-company\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/target-company\/dashboard$/);
  },
);

test(
  'an expired access cookie is refreshed without the user noticing',
  { tag: '@read-only' },
  async ({ page, context }) => {
    await signIn(page, 'Login As Auditor', 'auditor.owner@verity.test');
    await expect(page).toHaveURL(/\/auditor\/target-companies$/);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(['verity_access', 'verity_refresh']),
    );
    const before = cookies.find((cookie) => cookie.name === 'verity_refresh')!.value;

    await context.clearCookies({ name: 'verity_access' });
    const refreshed = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/auth/refresh'),
    );
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(page).toHaveURL(/\/auditor\/target-companies$/);
    await expect(page.getByRole('banner').getByText('Auditor Dashboard')).toBeVisible();
    const after = (await context.cookies()).find(
      (cookie) => cookie.name === 'verity_refresh',
    )!.value;
    expect(after).not.toBe(before);
  },
);
