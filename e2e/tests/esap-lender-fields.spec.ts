import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { apiData, seededAuditPlans } from '../support/demo';
import { expectDialogFits } from '../support/layout';
import { enterArea, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// The lender's ESAP fields: an auditor adds a gap with them through the Add Gap dialog, a second gap
// with the same item number is refused, and the Gap Details panel shows what was set.

/** 'YYYY-MM-DD' of the local day `days` from today, as a date input takes it. */
function dayFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

atBothSizes((size) => {
  test('an auditor adds a gap with lender fields and sees them in the panel', async ({ page }) => {
    const tag = `${size}-${Date.now().toString(36)}`;
    await enterArea(page, 'auditor');
    const { targetCompanies } = await apiData<{
      targetCompanies: { id: string; targetCompanyName: string }[];
    }>(page.request, 'auditor/target-company?pageSize=100');
    const companyId = targetCompanies.find((c) => c.targetCompanyName === 'Acme Steel Ltd')!.id;
    const { auditId } = await seededAuditPlans(page.request, companyId);
    const created = await page.request.post('/api/v1/action-plan', {
      params: { targetCompanyId: companyId, auditId },
      data: {
        actionPlanHeading: `Lender conditions ${tag}`,
        category: 'environment',
        formType: 'ap',
        timeline: `${dayFromNow(90)}T00:00:00.000Z`,
        gap: {
          KPI: 'E&S management system',
          gapName: 'No ESMS manual',
          recommendation: 'Adopt an ESMS manual',
          responsibility: 'EHS Manager',
          impactedSDGs: ['SDG8'],
          dueDate: `${dayFromNow(30)}T00:00:00.000Z`,
          ESGAspect: 'Governance',
          esapItemNumber: '1.1',
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const planId = ((await created.json()) as { data: { actionPlan: { id: string } } }).data
      .actionPlan.id;
    await page.goto(
      `/auditor/target-companies/${companyId}/audits/${auditId}/action-plans/${planId}`,
    );

    await page.getByRole('button', { name: 'Add Gap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Gap' });
    await dialog.getByLabel('KPI').fill('Effluent COD at the outfall');
    await dialog.getByLabel('Gap Name').fill('COD above consent limits');
    await dialog.getByLabel(/^Recommendation/).fill('Add a tertiary treatment stage');
    await dialog.getByLabel('Responsibility').fill('Plant Head');
    await dialog.getByLabel('SDG6: Clean Water and Sanitation').check();
    await dialog.getByLabel('Due Date').fill(dayFromNow(45));
    await dialog.getByLabel('ESG Aspect').selectOption('Environmental');

    const lender = dialog.getByRole('button', { name: /Lender fields \(ESAP\)/ });
    await expect(lender).toHaveAttribute('aria-expanded', 'false');
    await lender.click();
    await expect(lender).toHaveAttribute('aria-expanded', 'true');
    // The same item number as the plan's first gap: refused by the server, the typing kept.
    await dialog.getByLabel('ESAP Item No.').fill('1.1');
    await dialog.getByLabel(/^Timetable/).fill('Prior to first disbursement');
    await dialog.getByLabel('Condition Type').selectOption({ label: 'Condition precedent' });
    await dialog
      .getByLabel('Completion Indicator')
      .fill('Three months of COD results within limits');
    const references = dialog.getByRole('group', { name: 'Requirement References' });
    await references.getByLabel('IFC PS3').check();
    // The keyboard alone ticks a reference.
    await references.getByLabel('National law').focus();
    await page.keyboard.press('Space');
    await expect(references.getByLabel('National law')).toBeChecked();
    await expect(lender).toContainText('5 set');
    await expectDialogFits(dialog, `add gap with lender fields at ${size}`);
    await expectNoAxeViolations(page);
    await screenshot(page, `esap-add-gap-${size}`);

    await dialog.getByRole('button', { name: 'Add Gap' }).click();
    await expect(page.getByText('ESAP item 1.1 is already in this action plan.')).toBeVisible();
    await expect(dialog.getByLabel('ESAP Item No.')).toHaveValue('1.1');
    await dialog.getByLabel('ESAP Item No.').fill('2.1');
    await dialog.getByRole('button', { name: 'Add Gap' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('link', { name: /^Open gap / }).filter({ hasText: 'COD above' });
    await row.click();
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    const dueDate = panel.getByText('Due Date', { exact: true }).locator('..');
    await expect(dueDate.locator('+ div')).toContainText('TimetablePrior to first disbursement');
    const fields = panel.getByRole('region', { name: 'Lender fields (ESAP)' });
    await expect(fields).toContainText('ESAP Item No.2.1');
    await expect(fields).toContainText('Condition TypeCondition precedent');
    await expect(fields.getByRole('listitem')).toHaveText(['IFC PS3', 'National law']);
    await expect(fields).toContainText('Three months of COD results within limits');
    await expectNoAxeViolations(page);
    await screenshot(page, `esap-gap-panel-${size}`);
  });
});
