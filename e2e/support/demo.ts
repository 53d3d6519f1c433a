// The seeded demo portfolio as the browser tests reach it: the API's answers read with the page's
// own session, and the walk to Acme Steel Ltd's seeded GreenAudit audit.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { personOn } from './session';

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

/** The demo's audits were made days before the run; the tests' own, minutes ago. */
const madeByTheDemo = (audit: { createdAt: string }) =>
  Date.now() - Date.parse(audit.createdAt) > 86_400_000;

/**
 * The demo auditor's newest seeded audit of the company that has plans with gaps. Other browser
 * tests add audits to the same company, some with plans of their own (plan-list-pages.spec.ts
 * counts its audit's plans), so only the demo's own audits are candidates: the one chosen is the
 * same whatever runs beside.
 */
export async function seededAuditPlans(request: APIRequestContext, targetCompanyId: string) {
  const { auditors } = await apiData<{
    auditors: { auditor: { _id: string; auditorName: string } }[];
  }>(request, `target-company/auditors?targetCompanyId=${targetCompanyId}&pageSize=100`);
  const auditorId = auditors.find((entry) => entry.auditor.auditorName === 'GreenAudit Partners')!
    .auditor._id;
  const { audits } = await apiData<{ audits: { _id: string; createdAt: string }[] }>(
    request,
    `target-company/${auditorId}/audits?targetCompanyId=${targetCompanyId}&auditorId=${auditorId}&pageSize=100`,
  );
  for (const audit of audits.filter(madeByTheDemo)) {
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

/** 'YYYY-MM-DD' of the day `days` from today. */
export function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** A plan made for one test, with its one gap, and where it sits. */
export interface AcmePlan {
  companyId: string;
  auditorId: string;
  auditId: string;
  planId: string;
  gapId: string;
  gapName: string;
  kpi: string;
}

/** What a test's plan says: its heading and its gap's texts. */
export interface PlanTexts {
  heading: string;
  kpi: string;
  gapName: string;
  recommendation: string;
  responsibility: string;
  actionTakenByCompany: string;
  residualRisk: string;
  sdg: string;
}

/** The effluent plan, tagged so that tests never share one. */
export const effluentPlan = (tag: string): PlanTexts => ({
  heading: `Effluent compliance ${tag}`,
  kpi: `Effluent COD at the outfall ${tag}`,
  gapName: 'COD above consent limits',
  recommendation: 'Add a tertiary treatment stage',
  responsibility: 'Plant Head',
  actionTakenByCompany: 'Contractor engaged',
  residualRisk: 'Moderate until commissioned',
  sdg: 'SDG6',
});

/**
 * As the signed-in auditor owner: a new plan with one open gap, due in 30 days, in Acme Steel's
 * seeded audit.
 */
export async function newAcmePlan(page: Page, texts: PlanTexts): Promise<AcmePlan> {
  const { targetCompanies } = await apiData<{
    targetCompanies: { id: string; targetCompanyName: string }[];
  }>(page.request, 'auditor/target-company?pageSize=100');
  const companyId = targetCompanies.find(
    (company) => company.targetCompanyName === 'Acme Steel Ltd',
  )!.id;
  const { auditorId, auditId } = await seededAuditPlans(page.request, companyId);
  const created = await page.request.post('/api/v1/action-plan', {
    params: { targetCompanyId: companyId, auditId },
    data: {
      actionPlanHeading: texts.heading,
      category: 'environment',
      formType: 'ap',
      timeline: `${dayFromNow(60)}T00:00:00.000Z`,
      gap: {
        KPI: texts.kpi,
        gapName: texts.gapName,
        recommendation: texts.recommendation,
        responsibility: texts.responsibility,
        actionTakenByCompany: texts.actionTakenByCompany,
        residualRisk: texts.residualRisk,
        impactedSDGs: [texts.sdg],
        dueDate: `${dayFromNow(30)}T00:00:00.000Z`,
        ESGAspect: 'Environmental',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const planId = ((await created.json()) as { data: { actionPlan: { id: string } } }).data
    .actionPlan.id;
  const { gaps } = await apiData<{ gaps: { id: string }[] }>(
    page.request,
    `action-plan/${planId}?targetCompanyId=${companyId}`,
  );
  return {
    companyId,
    auditorId,
    auditId,
    planId,
    gapId: gaps[0]!.id,
    gapName: texts.gapName,
    kpi: texts.kpi,
  };
}

/**
 * A plan of the test's own (as newAcmePlan), made by the auditor owner in a browser of their own, so
 * that the test's page stays with whoever it signed in: a test that changes a gap changes its own,
 * never one another test is reading at the same time.
 */
export async function ownAcmePlan(browser: Browser, texts: PlanTexts): Promise<AcmePlan> {
  const auditor = await personOn(browser, 'auditor');
  try {
    return await newAcmePlan(auditor, texts);
  } finally {
    await auditor.context().close();
  }
}
