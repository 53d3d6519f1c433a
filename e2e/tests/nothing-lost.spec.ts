import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { acmeCard } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Real users press Escape, tap outside a dialog, press Back and reload. None of these throws away
// what they typed without asking first, and the create action plan page keeps a draft that a reload
// brings back.

const question = (page: Page) =>
  page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

/**
 * A press on the dimmed page around the dialog (its top-left corner is always outside it), until the
 * question shows: a press in the same instant as the previous question closed can reach the page
 * before the dialog underneath listens again, as no person could press.
 */
async function pressOutsideUntilAsked(page: Page) {
  await expect(async () => {
    await page.mouse.click(4, 4);
    await expect(question(page)).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

/**
 * Answers "Keep editing" and waits until the question has gone: while it fades out, its own dimmed
 * backdrop would take the next press outside.
 */
async function keepEditing(page: Page) {
  await question(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(question(page)).toBeHidden();
}

/** Goes to a page of the main menu inside the app (the drawer's, on a phone), as a user does. */
async function openFromMenu(page: Page, phone: boolean, item: string) {
  if (phone) await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item }).click();
}

atBothSizes((size, phone) => {
  test(
    'the company wizard asks before Escape, a press outside or Back throws typed details away',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'client');
      await page.goto('/client/dashboard');
      // Inside the app, so Back stays inside it too.
      await openFromMenu(page, phone, 'Companies');
      await expect(page.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Target Company' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create New Target Company' });
      const name = wizard.getByLabel('Target Company Name');

      // Nothing typed: Escape simply closes.
      await page.keyboard.press('Escape');
      await expect(wizard).toBeHidden();
      await expect(question(page)).toBeHidden();

      await page.getByRole('button', { name: 'Add Target Company' }).click();
      await name.fill('Harbour Foods');
      await page.keyboard.press('Escape');
      await expect(question(page)).toContainText('What you entered here has not been saved.');
      await expect(question(page).getByRole('button', { name: 'Keep editing' })).toBeFocused();
      await expectNoAxeViolations(page);
      await screenshot(page, `nothing-lost-wizard-question-${size}`);
      await keepEditing(page);
      await expect(name).toHaveValue('Harbour Foods');

      await pressOutsideUntilAsked(page);
      await keepEditing(page);
      await expect(name).toHaveValue('Harbour Foods');

      // Back asks too; Discard then goes back as asked.
      await page.goBack();
      await expect(question(page)).toBeVisible();
      await expect(page).toHaveURL(/\/client\/target-companies$/);
      await question(page).getByRole('button', { name: 'Discard' }).click();
      await expect(page).toHaveURL(/\/client\/dashboard$/);
      await expect(wizard).toBeHidden();
    },
  );

  test(
    'the create action plan page keeps a draft through a reload, and Back asks before leaving it',
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'auditor');
      await acmeCard(page).getByRole('link', { name: 'Audits' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: 'Normal Audit' })
        .filter({ hasText: 'EHS' })
        .getByRole('link', { name: 'Create Audit' })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Create Action Plan' }),
      ).toBeVisible();
      const details = page.getByRole('region', { name: 'Action Plan Details' });
      const gap = page.getByRole('region', { name: 'Gap Analysis' });
      await details.getByLabel('Heading').fill('Effluent treatment upgrade');
      await details.getByLabel('Category').selectOption('Environment');
      await gap.getByLabel('KPI').fill('COD in discharged water');
      await gap.getByLabel('SDG6: Clean Water and Sanitation').check();

      await page.reload();
      await expect(page.getByText(/^Your unsaved draft from .+ is back\.$/)).toBeVisible();
      await expect(details.getByLabel('Heading')).toHaveValue('Effluent treatment upgrade');
      await expect(details.getByLabel('Category')).toHaveValue('environment');
      await expect(gap.getByLabel('KPI')).toHaveValue('COD in discharged water');
      await expect(gap.getByLabel('SDG6: Clean Water and Sanitation')).toBeChecked();
      await expectNoAxeViolations(page);
      await screenshot(page, `nothing-lost-draft-${size}`);

      // Leaving by Back asks; keeping stays with every value.
      await page.goBack();
      await expect(question(page)).toBeVisible();
      await keepEditing(page);
      await expect(page).toHaveURL(/\/create-audit$/);
      await expect(gap.getByLabel('KPI')).toHaveValue('COD in discharged water');

      // A refused submit lands on the first field in error; 'Discard draft' starts blank.
      await details.getByLabel('Heading').fill('');
      await page.getByRole('button', { name: 'Create Action Plan' }).click();
      await expect(details.getByLabel('Heading')).toBeFocused();
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await expect(gap.getByLabel('KPI')).toHaveValue('');
      await expect(details.getByLabel('Category')).toHaveValue('');
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Create Action Plan' }),
      ).toBeVisible();
      await expect(page.getByText(/Your unsaved draft/)).toHaveCount(0);
      await expect(gap.getByLabel('KPI')).toHaveValue('');
    },
  );
});
