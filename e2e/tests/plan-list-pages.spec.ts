import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiData } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
import { atLaptopSize } from '../support/sizes';

// The action plan list one page at a time: an audit of its own with 21 plans, the oldest with seven
// gaps, read by the auditor who wrote them.

const PLANS = 21;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const gap = (n: number) => ({
  KPI: `Effluent sample ${n}`,
  gapName: `Sampling point ${n} not calibrated`,
  recommendation: 'Calibrate the sampler every quarter',
  responsibility: 'EHS Manager',
  impactedSDGs: ['SDG6'],
  dueDate: inDays(30),
  ESGAspect: 'Environmental',
});

async function post(request: APIRequestContext, url: string, params: object, data: object) {
  const response = await request.post(`/api/v1/${url}`, { params: { ...params }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Record<string, { id: string }> }).data;
}

atLaptopSize((size) => {
  test('the plan list pages through an audit’s plans and brings a plan’s other gaps', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = `${size}-${Date.now().toString(36)}`;
    // The client opens an audit of Acme Steel Ltd by GreenAudit Partners for this test alone.
    const clientContext = await browser.newContext({ baseURL });
    const client = await clientContext.newPage();
    await enterArea(client, 'client');
    const { targetCompanies } = await apiData<{
      targetCompanies: { _id: string; targetCompanyName: string }[];
    }>(client.request, 'target-company');
    const companyId = targetCompanies.find((c) => c.targetCompanyName === 'Acme Steel Ltd')!._id;
    const { auditors } = await apiData<{
      auditors: { auditor: { _id: string; auditorName: string } }[];
    }>(client.request, `target-company/auditors?targetCompanyId=${companyId}`);
    const auditorId = auditors.find((a) => a.auditor.auditorName === 'GreenAudit Partners')!.auditor
      ._id;
    const { audit } = await post(
      client.request,
      'target-company/audit',
      {},
      {
        targetCompanyId: companyId,
        auditorId,
        auditType: 'esap',
        auditCategory: 'Environment',
        auditForm: 'ap',
      },
    );
    await clientContext.close();
    const auditId = audit!.id;

    await enterArea(page, 'auditor');
    const planIds: string[] = [];
    for (let n = 1; n <= PLANS; n += 1) {
      const { actionPlan } = await post(
        page.request,
        'action-plan',
        { targetCompanyId: companyId, auditId },
        {
          actionPlanHeading: `Wastewater plan ${String(n).padStart(2, '0')} ${tag}`,
          category: 'environment',
          formType: 'ap',
          timeline: inDays(90),
          gap: gap(1),
        },
      );
      planIds.push(actionPlan!.id);
    }
    for (let n = 2; n <= 7; n += 1) {
      await post(page.request, `action-plan/${planIds[0]}/gaps`, { auditId }, gap(n));
    }

    const list = `/auditor/target-companies/${companyId}/audits/${auditId}/action-plans`;
    await page.goto(list);
    const pages = page.getByRole('navigation', { name: 'Pages of action plans' });
    await expect(pages.getByText(`1–20 of ${PLANS} action plans`)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open action plan / })).toHaveCount(20);
    await expect(
      page.getByRole('link', { name: `Open action plan Wastewater plan 21 ${tag}` }),
    ).toBeVisible();
    await screenshot(page, `plan-list-page-1-${size}`);

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pages.getByText(`21 of ${PLANS} action plans`)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open action plan / })).toHaveCount(1);
    // The oldest plan: its newest five gaps, and the way to the other two.
    await expect(page.getByRole('link', { name: /^Open gap / })).toHaveCount(5);
    await expect(page.getByText('7 Gaps', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: `Show all 7 gaps of Wastewater plan 01 ${tag}` })
      .click();
    await expect(page.getByRole('link', { name: /^Open gap / })).toHaveCount(7);
    await screenshot(page, `plan-list-page-2-${size}`);

    // The page is in the address: a reload stays on it (with the newest gaps again), and a gap row
    // opens its plan's panel.
    await page.reload();
    await expect(page.getByRole('link', { name: /^Open action plan / })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /^Open gap / })).toHaveCount(5);
    await page.getByRole('link', { name: 'Open gap Effluent sample 7' }).click();
    await expect(page).toHaveURL(new RegExp(`/action-plans/${planIds[0]}\\?gap_id=`));
    await expect(page.getByRole('dialog', { name: 'Gap Details' })).toBeVisible();
  });
});
