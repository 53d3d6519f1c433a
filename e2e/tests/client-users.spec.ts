import { expect, test } from '@playwright/test';
import { enterArea, screenshot } from '../support/session';

test(
  'a client owner adds a user, then deletes one; owners cannot be deleted',
  { tag: '@demo-figures' },
  async ({ page }) => {
    const fullname = `Ravi Reviewer ${Date.now().toString(36)}`;
    const email = `ravi.${Date.now().toString(36)}@verity.test`;
    await enterArea(page, 'client');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const total = page.getByRole('group', { name: 'Total Users' });
    await expect(total).toBeVisible();
    const before = Number((await total.textContent())?.replace(/\D/g, ''));
    await expect(page.getByRole('button', { name: 'Delete user Clara Owner' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await expect(dialog.getByLabel('Role')).toHaveValue('viewer');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Full name').fill(fullname);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Client user created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = page.getByRole('article').filter({ hasText: fullname });
    await expect(created).toBeVisible();
    await expect(total).toContainText(String(before + 1));
    await screenshot(page, 'client-users');

    await page.getByRole('button', { name: `Delete user ${fullname}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await expect(confirm).toContainText(
      "Are you sure you want to delete this user? This can't be undo.",
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Client user deleted successfully.')).toBeVisible();
    await expect(created).toHaveCount(0);
    await expect(total).toContainText(String(before));
  },
);
