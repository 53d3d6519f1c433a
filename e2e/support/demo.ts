// The seeded demo portfolio as the browser tests reach it: the API's answers read with the page's
// own session, and the walk to Acme Steel Ltd's seeded GreenAudit audit.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The `data` of an API answer, read with the page's own signed-in cookies. */
export async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/v1/${path}`);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export interface SeededGap {
  id: string;
  KPI: string;
  gapName: string;
}
export interface SeededPlan {
  id: string;
  actionPlanHeading: string;
  gaps: SeededGap[];
}

/**
 * The demo auditor's first audit of the company that has plans with gaps. Other browser tests add
 * audits (without plans) to the same company, so the newest audit is not always the one to use.
 */
export async function seededAuditPlans(request: APIRequestContext, targetCompanyId: string) {
  const { auditors } = await apiData<{
    auditors: { auditor: { _id: string; auditorName: string } }[];
  }>(request, `target-company/auditors?targetCompanyId=${targetCompanyId}&pageSize=100`);
  const auditorId = auditors.find((entry) => entry.auditor.auditorName === 'GreenAudit Partners')!
    .auditor._id;
  const { audits } = await apiData<{ audits: { _id: string }[] }>(
    request,
    `target-company/${auditorId}/audits?targetCompanyId=${targetCompanyId}&auditorId=${auditorId}&pageSize=100`,
  );
  for (const audit of audits) {
    const { actionPlans } = await apiData<{ actionPlans: SeededPlan[] }>(
      request,
      `action-plan/${audit._id}/action-plans?targetCompanyId=${targetCompanyId}`,
    );
    if (actionPlans.some((plan) => plan.gaps.length > 0)) {
      return { auditorId, auditId: audit._id, actionPlans };
    }
  }
  throw new Error('No audit with action plans in the demo data');
}

/** Acme Steel Ltd's card on a companies page. */
export const acmeCard = (page: Page) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Acme Steel Ltd', exact: true }) });

/** The row of GreenAudit Partners on a company's auditors page. */
export const greenAuditRow = (page: Page) =>
  page.getByRole('row').filter({ hasText: 'GreenAudit Partners' });

/** The seeded Normal Audit / EHS / Action Plan audit's row, whatever audits other tests added. */
export const seededAuditRow = (page: Page) =>
  page
    .getByRole('row')
    .filter({ hasText: 'Normal Audit' })
    .filter({ hasText: 'EHS' })
    .filter({ hasText: 'Action Plan' });

/** From a client's companies page, down to the seeded audit's action plans. */
export async function openAcmeAuditPlans(page: Page) {
  await acmeCard(page).getByRole('link', { name: 'View Audit' }).click();
  await greenAuditRow(page).getByRole('link', { name: 'View Audits' }).click();
  await seededAuditRow(page).getByRole('link', { name: 'View Audits' }).click();
  await expect(page).toHaveURL(/\/action-plans$/);
}
