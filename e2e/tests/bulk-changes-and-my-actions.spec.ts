import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { dayFromNow, effluentPlan, newAcmePlan, type AcmePlan } from '../support/demo';
import { expectDialogFits, expectFitsWidth, expectWithinScreenWidth } from '../support/layout';
import { enterArea, screenshot, switchTo } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Working a whole ESAP (decisions 0087 and 0088): an auditor selects items of a plan and hands them
// to one person and moves their dates in one go; that person, a company editor, finds them under
// "My actions", one click from the dashboard where sign-in lands, and opens one.

const EDITOR = 'company.editor@verity.test';
const EDITOR_NAME = 'Esther Editor';

/** Two more gaps, items 1.1 and 1.2, in the test's plan (as the signed-in auditor owner). */
async function addItems(page: Page, plan: AcmePlan, tag: string) {
  for (const itemNumber of ['1.1', '1.2']) {
    const added = await page.request.post(`/api/v1/action-plan/${plan.planId}/gaps`, {
      params: { auditId: plan.auditId },
      data: {
        KPI: `Item ${itemNumber} ${tag}`,
        gapName: `Lender condition ${itemNumber}`,
        recommendation: 'Meet the lender condition',
        responsibility: 'EHS Manager',
        impactedSDGs: ['SDG8'],
        dueDate: `${dayFromNow(20)}T00:00:00.000Z`,
        ESGAspect: 'Environmental',
        esapItemNumber: itemNumber,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

atBothSizes((size, phone) => {
  test('an auditor changes selected items at once; the person named finds them in My actions', async ({
    page,
  }) => {
    const tag = `${size}-${Date.now().toString(36)}`;
    await enterArea(page, 'auditor');
    const plan = await newAcmePlan(page, effluentPlan(tag));
    await addItems(page, plan, tag);
    await page.goto(
      `/auditor/target-companies/${plan.companyId}/audits/${plan.auditId}/action-plans/${plan.planId}`,
    );

    // Two items handed to the editor.
    await page.getByRole('checkbox', { name: 'Select gap Item 1.1' }).check();
    await page.getByRole('checkbox', { name: 'Select gap Item 1.2' }).check();
    const bar = page.getByRole('region', { name: '2 selected' });
    await expect(bar).toContainText('2 selected');
    if (phone) await expectWithinScreenWidth(bar.getByRole('button'), `selection bar at ${size}`);
    await expectFitsWidth(page, `plan with a selection at ${size}`);
    await screenshot(page, `bulk-selection-${size}`);
    await bar.getByRole('button', { name: 'Change selected' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change 2 gaps' });
    await dialog.getByLabel('Change', { exact: true }).selectOption('Responsibility');
    await dialog.getByLabel(/New responsibility/).fill(EDITOR_NAME);
    await expectDialogFits(dialog, `bulk responsibility at ${size}`);
    await dialog.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(page.getByText('2 gaps updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/\d+ selected/)).toBeHidden();

    // Every shown gap's due date moved later, with one reason.
    await page.getByRole('checkbox', { name: 'Select all shown gaps' }).check();
    await expect(page.getByRole('region', { name: '3 selected' })).toBeVisible();
    await page.getByRole('button', { name: 'Change selected' }).click();
    dialog = page.getByRole('dialog', { name: 'Change 3 gaps' });
    await dialog.getByLabel('Change', { exact: true }).selectOption('Due date');
    await dialog.getByLabel(/New due date/).fill(dayFromNow(45));
    await dialog.getByLabel(/^Reason/).fill('The lender agreed the new dates');
    await expectDialogFits(dialog, `bulk due date at ${size}`);
    await expectNoAxeViolations(page);
    await screenshot(page, `bulk-dialog-${size}`);
    await dialog.getByRole('button', { name: 'Apply to selected' }).click();
    await expect(page.getByText('3 gaps updated successfully')).toBeVisible();

    // The editor: one click from the dashboard.
    await switchTo(page, 'targetCompany', EDITOR);
    const card = page.getByRole('link', { name: /My actions/ });
    if (phone) await expectWithinScreenWidth(card, `My actions card at ${size}`);
    await screenshot(page, `my-actions-card-${size}`);
    await card.click();
    await expect(page).toHaveURL(/\/target-company\/my-actions$/);
    const table = page.getByRole('table', { name: 'My actions' });
    const mine = table.getByRole('row').filter({ hasText: tag });
    await expect(mine).toHaveCount(2);
    await expect(mine.first()).toContainText(`1.1 Item 1.1 ${tag}`);
    await expect(mine.nth(1)).toContainText(`1.2 Item 1.2 ${tag}`);
    // The status shows without a sideways scroll: a column, or on a phone folded into the gap's cell.
    const status = mine.first().getByText('Open', { exact: true }).filter({ visible: true });
    await expect(status).toHaveCount(1);
    await expectWithinScreenWidth(status, `My actions status at ${size}`);
    await expectFitsWidth(page, `My actions at ${size}`);
    await expectNoAxeViolations(page);
    await screenshot(page, `my-actions-${size}`);

    await mine.filter({ hasText: 'Item 1.2' }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/action-plans/${plan.planId}\\?gap_id=`));
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel).toContainText(`Item 1.2 ${tag}`);
    await expect(panel).toContainText(EDITOR_NAME);
  });
});
