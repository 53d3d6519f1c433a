// Two people on one plan, in two browsers: the auditor's status change and remark appear on the
// company user's screen, and the company user's remark on the auditor's, without a reload; a
// quiet toast says who changed what, and the remark the company user is typing stays as typed.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { effluentPlan, newAcmePlan } from '../support/demo';
import { personOn, screenshot } from '../support/session';

/** How long after `since` the locator became visible: the figure docs/performance.md keeps. */
async function visibleAfter(locator: Locator, since: number): Promise<number> {
  await expect(locator).toBeVisible();
  return Date.now() - since;
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Gap Details' });
const remarksOf = (page: Page) => panelOf(page).getByRole('list', { name: 'Remarks' });

test('an auditor and a company user on one plan see each other’s changes as they happen', async ({
  browser,
}) => {
  const auditor = await personOn(browser, 'auditor');
  const plan = await newAcmePlan(auditor, effluentPlan(`live-${Date.now().toString(36)}`));
  const company = await personOn(browser, 'targetCompany');

  await company.goto(
    `/target-company/auditors/${plan.auditorId}/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
  );
  await auditor.goto(
    `/auditor/target-companies/${plan.companyId}/audits/${plan.auditId}/action-plans/${plan.planId}?gap_id=${plan.gapId}`,
  );
  await expect(panelOf(company)).toContainText(plan.kpi);
  await expect(panelOf(auditor)).toContainText(plan.kpi);
  // The company user starts a remark and has not sent it yet.
  const draft = panelOf(company).getByRole('textbox', { name: 'Add a remark' });
  await draft.fill('Tertiary stage commissioned; lab results attached next week');

  // The auditor provisionally closes the gap.
  const status = panelOf(auditor).getByRole('combobox', { name: 'Status' });
  await status.selectOption('provClosed');
  await auditor.getByRole('alertdialog').getByRole('button', { name: 'Update' }).click();
  await expect(auditor.getByText('Status updated successfully')).toBeVisible();
  const statusSaved = Date.now();
  const statusShown = await visibleAfter(
    company.getByText('Aditi Auditor provisionally closed “COD above consent limits”'),
    statusSaved,
  );
  await expect(panelOf(company).getByText('Prov Close').first()).toBeVisible();
  await expect(draft).toHaveValue('Tertiary stage commissioned; lab results attached next week');
  await screenshot(company, 'live-status-change-1400x900');

  // The auditor adds a remark: it appears in the company user's panel.
  const auditorNote = `Please attach the lab certificate ${Date.now()}`;
  await panelOf(auditor).getByRole('textbox', { name: 'Add a remark' }).fill(auditorNote);
  await panelOf(auditor).getByRole('button', { name: 'Send' }).click();
  await expect(remarksOf(auditor)).toContainText(auditorNote);
  const remarkSaved = Date.now();
  const remarkShown = await visibleAfter(remarksOf(company).getByText(auditorNote), remarkSaved);
  await expect(
    company.getByText('Aditi Auditor added a remark to “COD above consent limits”'),
  ).toBeVisible();
  await expect(draft).toHaveValue('Tertiary stage commissioned; lab results attached next week');

  // The company user sends the remark that was being typed: the auditor sees it.
  await panelOf(company).getByRole('button', { name: 'Send' }).click();
  await expect(remarksOf(company)).toContainText('Tertiary stage commissioned');
  const replySaved = Date.now();
  const replyShown = await visibleAfter(
    remarksOf(auditor).getByText('Tertiary stage commissioned; lab results attached next week'),
    replySaved,
  );
  await expect(
    auditor.getByText('Carlos Company added a remark to “COD above consent limits”'),
  ).toBeVisible();
  await screenshot(auditor, 'live-remark-1400x900');

  console.log(
    `live updates, write saved to shown in the other browser: status ${statusShown} ms, remark ${remarkShown} ms, reply ${replyShown} ms`,
  );
  await company.context().close();
  await auditor.context().close();
});
