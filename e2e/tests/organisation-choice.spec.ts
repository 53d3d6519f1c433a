import { expect, test } from '@playwright/test';
import { screenshot, signIn, signOut } from '../support/session';

test('a person in two clients chooses one at sign-in, and enters it with their role there', async ({
  page,
}) => {
  // Northwind's owner adds Southbank's owner (a verified account) as an admin.
  await signIn(page, 'Login As Client', 'client.owner@verity.test');
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  await dialog.getByLabel('Email').fill('client2.owner@verity.test');
  await dialog.getByLabel('Full name').fill('Sofia Southbank');
  await dialog.getByLabel('Role').selectOption('admin');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Client user created successfully.')).toBeVisible();
  await signOut(page);

  await signIn(page, 'Login As Client', 'client2.owner@verity.test');
  await expect(page).toHaveURL(/\/login\?choose=organisation/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Choose an organisation' }),
  ).toBeVisible();
  const choices = page.getByRole('button', { name: /Northwind Capital|Southbank Finance/ });
  await expect(choices).toHaveText([/Northwind Capital\s*Admin/, /Southbank Finance\s*Owner/]);
  await screenshot(page, 'login-choose-organisation');

  await page.getByRole('button', { name: /Northwind Capital/ }).click();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Signed-in user' });
  await expect(panel).toContainText('client2.owner@verity.test');
  await expect(panel).toContainText('Admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'Login As Client', 'client2.owner@verity.test');
  await page.getByRole('button', { name: /Southbank Finance/ }).click();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Signed-in user' })).toContainText('Owner');
});
