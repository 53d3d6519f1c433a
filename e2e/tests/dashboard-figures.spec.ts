// The company's and the client's dashboards, which the API keeps on the database's word, show a
// change as it happens: on the screens of the people watching them, through their live update, and
// to the person who made it, on their next read, without waiting for anything.
import { expect, test, type Page } from '@playwright/test';
import { effluentPlan, newAcmePlan } from '../support/demo';
import { personOn, screenshot } from '../support/session';

/** The number a dashboard's card shows. */
const card = (page: Page, name: string) =>
  page.getByRole('group', { name, exact: true }).locator('.vui-stat-card__value');
const shown = async (page: Page, name: string) => Number(await card(page, name).textContent());

test(
  'a new plan and its closing show on the dashboards as they happen',
  { tag: '@demo-figures' },
  async ({ browser }) => {
    const company = await personOn(browser, 'targetCompany');
    const client = await personOn(browser, 'client');
    const auditor = await personOn(browser, 'auditor');
    for (const page of [company, client]) await expect(card(page, 'Total Audits')).toBeVisible();
    const before = {
      company: {
        total: await shown(company, 'Total Audits'),
        closed: await shown(company, 'Closed'),
      },
      client: { total: await shown(client, 'Total Audits'), closed: await shown(client, 'Closed') },
    };

    // The auditor adds a plan of one gap at Acme: both dashboards count it, with no reload.
    const plan = await newAcmePlan(auditor, effluentPlan(`figures-${Date.now().toString(36)}`));
    await expect(card(company, 'Total Audits')).toHaveText(String(before.company.total + 1));
    await expect(card(client, 'Total Audits')).toHaveText(String(before.client.total + 1));

    // The client closes its only gap, then opens the dashboard again: the plan is closed at once.
    const closed = await client.request.patch(`/api/v1/gap/${plan.gapId}/status`, {
      params: { targetCompanyId: plan.companyId },
      data: { status: 'closed' },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    await client.reload();
    await expect(card(client, 'Closed')).toHaveText(String(before.client.closed + 1));
    await expect(card(company, 'Closed')).toHaveText(String(before.company.closed + 1));
    await screenshot(company, 'dashboard-figures-company');
    await screenshot(client, 'dashboard-figures-client');
    for (const page of [company, client, auditor]) await page.context().close();
  },
);
