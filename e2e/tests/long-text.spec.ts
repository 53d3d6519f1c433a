import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { expectFitsWidth } from '../support/layout';
import { enterAs, screenshot } from '../support/session';
import { atBothSizes } from '../support/sizes';

// Real names are long: a company whose trading and registered names take all 250 characters the
// form allows never pushes a card, a breadcrumb, a heading or a chart past the screen's edge.

/** A 250-character company name, unique to this run, that reads like one. */
function longName(): string {
  const start = `Consolidated Rural Electrification and Sustainable Agro-Processing Cooperative ${Date.now().toString(36)} `;
  return (start + 'of the Northern Highlands Development Corridor '.repeat(6)).slice(0, 250);
}

/** Creates the company through the API as the signed-in client owner; answers its id. */
async function createLongNamedCompany(page: Page, name: string): Promise<string> {
  const auditors = await page.request.get('/api/v1/auditor');
  const { data } = (await auditors.json()) as {
    data: { auditors: { id: string; auditorName: string }[] };
  };
  const auditorId = data.auditors.find((firm) => firm.auditorName === 'GreenAudit Partners')!.id;
  const created = await page.request.post('/api/v1/target-company', {
    data: {
      targetCompanyName: name,
      registeredName: name,
      emailId: 'new.person@verity.test',
      companyType: 'borrower',
      auditorId,
      auditType: ['normal_audit'],
      auditCategory: ['EHS'],
      formType: ['ap'],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { targetCompany: { id: string } } }).data.targetCompany
    .id;
}

let name = '';
let companyId = '';

atBothSizes((size) => {
  test('a 250-character company name wraps or is cut with the whole name at hand, never widening the page', async ({
    page,
  }) => {
    await enterAs(page, 'Login As Client', 'client.owner@verity.test', /\/client\/dashboard$/);
    if (!companyId) {
      name = longName();
      companyId = await createLongNamedCompany(page, name);
    }

    await page.goto('/client/target-companies');
    const card = page.getByRole('article').filter({ hasText: name.slice(0, 60) });
    await expect(card).toBeVisible();
    await expectFitsWidth(page, 'companies');
    await expectNoAxeViolations(page);
    await screenshot(page, `long-name-companies-${size}`);

    await page.goto(`/client/target-companies/${companyId}/auditors`);
    await expect(page.getByRole('heading', { level: 1, name: 'Auditors' })).toBeVisible();
    // The breadcrumb cuts the name short and keeps it whole in its title; the context line wraps it.
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(name);
    await expect(crumb).toHaveAttribute('title', name);
    await expect(page.getByRole('main').getByRole('definition').first()).toHaveText(name);
    await expect(page).toHaveTitle(`${name} — Auditors — Verity`);
    await expectFitsWidth(page, 'company auditors');
    await expectNoAxeViolations(page);
    await screenshot(page, `long-name-company-auditors-${size}`);

    await page.goto(`/client/target-companies/${companyId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Company Dashboard' })).toBeVisible();
    await expectFitsWidth(page, 'company dashboard');
    await screenshot(page, `long-name-company-dashboard-${size}`);

    await page.goto('/client/dashboard');
    await expect(page.getByRole('region', { name: 'Portfolio Overview' })).toBeVisible();
    await expectFitsWidth(page, 'portfolio');
    await screenshot(page, `long-name-portfolio-${size}`);
  });
});
