import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { effluentPlan, ownAcmePlan } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atLaptopSize } from '../support/sizes';

// Financing milestones (docs/decisions/0084-financing-milestones.md): an item due six months after
// financial close waits, never overdue, until the client sets Acme Steel's financial close date on
// its company page; then it shows its due date, overdue once that has passed. The file's tests run
// in order in one worker, so the two sizes never set Acme's date at once.

const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of the month `months` from this one, as 'YYYY-MM-DD' and as a table shows it. */
function firstOfMonth(months: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const [year, month] = [date.getUTCFullYear(), pad(date.getUTCMonth() + 1)];
  return { input: `${year}-${month}-01`, table: `01/${month}/${year}` };
}

/** Acme's financial close not reached (as the client's owner, through the API). */
async function clearFinancialClose(page: Page, companyId: string) {
  const cleared = await page.request.put(`/api/v1/target-company/${companyId}/milestones`, {
    data: { milestones: [{ name: 'Financial close', reachedOn: null }] },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);
}

atLaptopSize((size) => {
  test('an item due 6 months after financial close gets its date when the client sets it', async ({
    page,
    browser,
  }) => {
    const tag = `${size}-${Date.now().toString(36)}`;
    const plan = await ownAcmePlan(browser, effluentPlan(tag));
    const gapName = `Adopt the ESMS ${tag}`;
    const auditor = await browser.newContext();
    try {
      const auditorPage = await auditor.newPage();
      await enterArea(auditorPage, 'auditor');
      const added = await auditorPage.request.post(`/api/v1/action-plan/${plan.planId}/gaps`, {
        params: { auditId: plan.auditId },
        data: {
          KPI: 'ESMS in place',
          gapName,
          recommendation: 'Adopt an ESMS manual approved by the board',
          responsibility: 'EHS Manager',
          impactedSDGs: ['SDG8'],
          ESGAspect: 'Governance',
          dueMilestone: 'Financial close',
          dueOffsetMonths: 6,
          conditionType: 'subsequent',
          loanClause: 'Clause 21.3(b)',
          timetable: 'Within 6 months of financial close',
        },
      });
      expect(added.status(), await added.text()).toBe(201);
    } finally {
      await auditor.close();
    }

    await enterArea(page, 'client');
    await clearFinancialClose(page, plan.companyId);
    const planPath = `/client/target-companies/${plan.companyId}/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}`;
    const row = page.getByRole('row').filter({ hasText: gapName });

    // Waiting: no date, and not overdue.
    await page.goto(planPath);
    await expect(row).toContainText('Waiting for financial close');
    await expect(row).not.toContainText('Overdue');
    await screenshot(page, `milestones-waiting-${size}`);

    // The client sets financial close eight months ago on the company's page.
    const close = firstOfMonth(-8);
    const due = firstOfMonth(-2);
    await page.goto(`/client/target-companies/${plan.companyId}/dashboard`);
    const section = page.getByRole('region', { name: 'Financing milestones' });
    await section.getByLabel('Financial close date').fill(close.input);
    await section.getByRole('button', { name: 'Save milestones' }).click();
    await expect(page.getByText('Milestones saved.')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, `milestones-section-${size}`);

    // Due six months after it, two months ago: the date shows, overdue.
    await page.goto(planPath);
    await expect(row).toContainText(due.table);
    await expect(row).toContainText('Overdue');
    await row.getByRole('link', { name: /^Open gap / }).click();
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel).toContainText('Due Relative To6 months after financial close');
    await expect(panel).toContainText('Loan Agreement ClauseClause 21.3(b)');
    await expectNoAxeViolations(page);
    await screenshot(page, `milestones-gap-panel-${size}`);
  });
});
