// One date style per user (docs/decisions/0090-one-date-style-per-user.md): chosen on the settings
// page, it writes every date of the screens and the date fields, whatever the browser's locale.
import { expect, test, type Page } from '@playwright/test';
import { apiData, seededAuditPlans } from '../support/demo';
import { expectDialogFits, expectFitsWidth } from '../support/layout';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Nobody else's test changes this person's settings or counts on her dates.
const VIEWER = 'company.viewer@verity.test';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Today in the browser, as month/day/year writes it. */
async function todayMonthFirst(page: Page): Promise<string> {
  const [year, month, day] = await page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth() + 1, now.getDate()];
  });
  return `${twoDigits(month)}/${twoDigits(day)}/${year}`;
}

async function chooseDateStyle(page: Page, style: RegExp, size: string) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page
    .getByRole('dialog', { name: 'Signed-in user' })
    .getByRole('link', { name: 'Notification settings' })
    .click();
  const card = page.getByRole('region', { name: 'Dates' });
  await card.getByRole('radio', { name: style }).check();
  await screenshot(page, `date-style-settings-${size}`);
  await card.getByRole('button', { name: 'Save date style' }).click();
  await expect(page.getByText('Date style saved')).toBeVisible();
}

atBothSizes((size, phone) => {
  test(`a user who writes dates month first sees every date and date field so (${size})`, async ({
    page,
  }) => {
    await enterArea(page, 'targetCompany', VIEWER);
    try {
      await chooseDateStyle(page, /^Month\/day\/year/, size);

      const { user } = await apiData<{ user: { targetCompanyId: string } }>(
        page.request,
        'auth/me',
      );
      const { auditorId, auditId, actionPlans } = await seededAuditPlans(
        page.request,
        user.targetCompanyId,
      );
      const plan = actionPlans.find((candidate) => candidate.gaps.length > 0)!;
      await page.goto(`/target-company/auditors/${auditorId}/${auditId}/action-plans/${plan.id}`);
      // The plan's header, a details place ('MMM dd, yyyy' by place), is written month first.
      const created = page
        .locator('dt', { hasText: /^Created$/ })
        .locator('xpath=following-sibling::dd[1]');
      await expect(created).toHaveText(/^\d\d\/\d\d\/\d{4}$/);
      if (phone) await expectFitsWidth(page, 'plan with month-first dates');

      await page.getByRole('button', { name: 'Download report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Download monitoring report' });
      const to = dialog.getByRole('textbox', { name: /^To/ });
      await expect(to).toHaveValue(await todayMonthFirst(page));
      await expect(to).toHaveAttribute('placeholder', 'mm/dd/yyyy');
      // Typed month first, the field holds that day: 1 February, not 2 January.
      const from = dialog.getByRole('textbox', { name: /^From/ });
      await from.fill('02/01/2026');
      await expect(
        dialog
          .locator('.vui-date-field', { has: page.getByRole('textbox', { name: /^From/ }) })
          .locator('input[type="date"]'),
      ).toHaveValue('2026-02-01');
      await expect(
        dialog.getByRole('button', { name: 'Choose from a calendar' }).first(),
      ).toBeVisible();
      await expectDialogFits(dialog, 'report dialog with month-first dates');
      await screenshot(page, `date-style-report-dialog-${size}`);
    } finally {
      const reset = await page.request.put('/api/v1/auth/me/settings', {
        data: { dateStyle: 'by-place' },
      });
      expect(reset.ok()).toBe(true);
    }
  });
});
