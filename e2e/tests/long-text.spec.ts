import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { expectDialogFits, expectFitsWidth } from '../support/layout';
import { acmeCard } from '../support/demo';
import { enterArea, screenshot } from '../support/session';
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
    await enterArea(page, 'client');
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

/** 'YYYY-MM-DD' of the local day `days` from today, as a date input takes it. */
function dayFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A 3,000-character KPI, the most the form takes, worded like a real one. */
const LONG_KPI =
  'Share of effluent samples within the consent limits for COD, BOD and suspended solids, measured monthly at the outfall by an accredited laboratory; '
    .repeat(25)
    .slice(0, 3000);

let longPlanPath = '';

/** A 200-character person's name. */
const LONG_USER_NAME =
  'Maria Fernanda de los Santos Albuquerque-Vasconcelos y Montenegro-Castellanos '
    .repeat(3)
    .slice(0, 200)
    .trim();

atBothSizes((size) => {
  test('a 3,000-character KPI wraps in the gaps table, the plan list and the gap panel', async ({
    page,
  }) => {
    await enterArea(page, 'auditor');
    if (!longPlanPath) {
      await acmeCard(page).getByRole('link', { name: 'Audits' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: 'Normal Audit' })
        .filter({ hasText: 'EHS' })
        .getByRole('link', { name: 'Create Audit' })
        .click();
      const details = page.getByRole('region', { name: 'Action Plan Details' });
      await details.getByLabel('Heading').fill(`Effluent compliance ${Date.now().toString(36)}`);
      await details.getByLabel('Timeline').fill(dayFromNow(30));
      await details.getByLabel('Category').selectOption('Environment');
      const gap = page.getByRole('region', { name: 'Gap Analysis' });
      await gap.getByLabel('KPI').fill(LONG_KPI);
      await gap.getByLabel('Gap Name').fill('Outfall samples above consent limits');
      await gap.getByLabel(/^Recommendation/).fill('Add a tertiary treatment stage');
      await gap.getByLabel('Responsibility').fill('Plant Head');
      await gap.getByLabel('SDG6: Clean Water and Sanitation').check();
      await gap.getByLabel('Due Date').fill(dayFromNow(20));
      await gap.getByLabel('ESG Aspect').selectOption('Environmental');
      await page.getByRole('button', { name: 'Create Action Plan' }).click();
      await expect(page).toHaveURL(/\/action-plans\/[^/?]+$/);
      longPlanPath = new URL(page.url()).pathname;
    }

    await page.goto(longPlanPath);
    const gapLink = page.getByRole('link', { name: `Open gap ${LONG_KPI}` });
    await expect(gapLink).toBeVisible();
    // Three lines of it in the table, the whole on hover and in the panel.
    await expect(gapLink.getByTitle(LONG_KPI)).toBeVisible();
    expect((await gapLink.boundingBox())!.height).toBeLessThan(160);
    await expectFitsWidth(page, 'plan with a long KPI');
    await expectNoAxeViolations(page);
    await screenshot(page, `long-kpi-plan-${size}`);

    await gapLink.click();
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel.getByText(LONG_KPI)).toBeVisible();
    await expectDialogFits(panel, 'gap panel with a long KPI');
    await screenshot(page, `long-kpi-gap-panel-${size}`);
    await page.keyboard.press('Escape');

    await page.goto(longPlanPath.replace(/\/[^/]+$/, ''));
    const listed = page.getByRole('link', { name: `Open gap ${LONG_KPI}` });
    await expect(listed).toBeVisible();
    expect((await listed.boundingBox())!.height).toBeLessThan(160);
    await expectFitsWidth(page, 'plan list with a long KPI');
    await screenshot(page, `long-kpi-plan-list-${size}`);
  });

  test('a 200-character user name wraps on its card and in the delete question', async ({
    page,
  }) => {
    await enterArea(page, 'client');
    const email = `long.name.${Date.now().toString(36)}@verity.test`;
    const created = await page.request.post('/api/v1/client/user', {
      data: { emailId: email, fullname: LONG_USER_NAME, role: 'viewer' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/client/users');
    const card = page.getByRole('article').filter({ hasText: email });
    await expect(card).toContainText(LONG_USER_NAME);
    await expectFitsWidth(page, 'users with a long name');
    await expectNoAxeViolations(page);
    await screenshot(page, `long-user-name-${size}`);

    await card.getByRole('button', { name: `Delete user ${LONG_USER_NAME}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await expectDialogFits(confirm, 'delete question');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
  });
});
