import { expect, test, type Locator, type Page } from '@playwright/test';
import { enterArea, screenshot } from '../support/session';

// The demo portfolio's first company, audited by GreenAudit Partners in every form
// (api/src/seed/demo-portfolio-data.ts): EHS is an action plan, QA a CAPA, Environment (due
// diligence) a management plan and Social (due diligence) a recommendation.
const COMPANY = 'Acme Steel Ltd';

/** 'YYYY-MM-DD' of the local day `days` from today, as a date input takes it. */
function dayFromNow(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function signInAsAuditor(page: Page, email = 'auditor.owner@verity.test') {
  await enterArea(page, 'auditor', email);
}

async function openAudits(page: Page) {
  const card = page.getByRole('article').filter({ hasText: COMPANY });
  await card.getByRole('link', { name: 'Audits' }).click();
  await expect(page).toHaveURL(/\/auditor\/target-companies\/[^/]+\/audits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
}

function auditRow(page: Page, text: string | RegExp): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The seeded QA audit's CAPA row (a client adds a Governance CAPA audit to the company too). */
const SEEDED_CAPA = /QA.*CAPA/;

interface GapValues {
  kpi: string;
  gapName: string;
  dueDate?: string;
  esgAspect?: string;
  areaCode?: string;
  amount?: { currency: string; value: string };
}

async function fillGap(form: Locator, gap: GapValues) {
  await form.getByLabel('KPI').fill(gap.kpi);
  await form.getByLabel('Gap Name').fill(gap.gapName);
  await form.getByLabel(/^Recommendation/).fill('Fix it at the source');
  await form.getByLabel('Responsibility').fill('Plant Head');
  await form.getByLabel('SDG6: Clean Water and Sanitation').check();
  if (gap.dueDate) await form.getByLabel('Due Date').fill(gap.dueDate);
  if (gap.esgAspect) await form.getByLabel('ESG Aspect').selectOption(gap.esgAspect);
  if (gap.areaCode) await form.getByLabel('Area Code').fill(gap.areaCode);
  if (gap.amount) {
    await form.getByLabel('Currency').selectOption(gap.amount.currency);
    await form.getByLabel('Amount').fill(gap.amount.value);
  }
}

interface PlanCase {
  form: string;
  row: string | RegExp;
  label: string;
  heading: string;
  timeline?: string;
  gap: GapValues;
}

const PLANS: PlanCase[] = [
  {
    form: 'ap',
    row: 'EHS',
    label: 'Action Plan',
    heading: `Furnace energy plan ${Date.now()}`,
    timeline: dayFromNow(30),
    gap: {
      kpi: 'Energy per tonne',
      gapName: 'No sub-metering',
      dueDate: dayFromNow(20),
      esgAspect: 'Environmental',
    },
  },
  {
    form: 'capa',
    row: SEEDED_CAPA,
    label: 'CAPA',
    heading: `Dust control CAPA ${Date.now()}`,
    timeline: dayFromNow(40),
    gap: {
      kpi: 'PM10 at the fence line',
      gapName: 'Bag filter bypassed',
      dueDate: dayFromNow(25),
      areaCode: 'MELT-3',
      amount: { currency: 'INR', value: '250000.50' },
    },
  },
  {
    form: 'mp',
    row: 'Management Plan',
    label: 'Management Plan',
    heading: `Water management plan ${Date.now()}`,
    timeline: dayFromNow(60),
    gap: {
      kpi: 'Water reuse ratio',
      gapName: 'No reuse loop',
      dueDate: dayFromNow(45),
      esgAspect: 'Environmental',
    },
  },
  {
    form: 'recommendation',
    row: 'Recommendation',
    label: 'Recommendation',
    heading: `Grievance recommendation ${Date.now()}`,
    gap: { kpi: 'Grievances closed in 30 days', gapName: 'No grievance log', esgAspect: 'Social' },
  },
];

async function openCreatePage(page: Page, plan: PlanCase) {
  await openAudits(page);
  await auditRow(page, plan.row).getByRole('link', { name: 'Create Audit' }).click();
  await expect(page).toHaveURL(/\/audits\/[^/]+\/create-audit$/);
  await expect(page.getByRole('heading', { level: 1, name: `Create ${plan.label}` })).toBeVisible();
}

async function fillPlan(page: Page, plan: PlanCase) {
  const details = page.getByRole('region', { name: `${plan.label} Details` });
  await details.getByLabel('Heading').fill(plan.heading);
  if (plan.timeline) await details.getByLabel('Timeline').fill(plan.timeline);
  else await expect(details.getByLabel('Timeline')).toHaveCount(0);
  await details.getByLabel('Category').selectOption('Environment');
}

test(
  'the auditor owner sees the firm portfolio: companies, dashboard and audits',
  { tag: '@demo-figures' },
  async ({ page }) => {
    await signInAsAuditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: COMPANY });
    await expect(card.getByRole('link')).toHaveText(['Audits']);
    await expect(page.getByRole('button', { name: 'Add Target Company' })).toHaveCount(0);
    await screenshot(page, 'auditor-companies');

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/auditor\/dashboard$/);
    await expect(page.getByRole('group', { name: 'Total Target Companies' })).toContainText('2');
    await expect(page.getByText('Portfolio Overview')).toBeVisible();
    await expect(
      page.getByRole('img').filter({ hasText: COMPANY }).or(page.locator('canvas')).first(),
    ).toBeVisible();
    await screenshot(page, 'auditor-dashboard');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click();
    await openAudits(page);
    for (const header of ['Type', 'Category', 'Form', 'Fields count', 'Created', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(
      auditRow(page, SEEDED_CAPA).getByRole('link', { name: 'View Audits' }),
    ).toBeVisible();
    await page.getByRole('searchbox').fill('no such audit');
    await expect(
      page.getByText('No audits found').or(page.getByText('No audit records found')),
    ).toBeVisible();
    await page.getByRole('searchbox').fill('');
    await screenshot(page, 'auditor-audits');

    await auditRow(page, SEEDED_CAPA).getByRole('link', { name: 'View Audits' }).click();
    await expect(page).toHaveURL(/\/audits\/[^/]+\/action-plans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Action Plans' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await screenshot(page, 'auditor-action-plans');
  },
);

for (const plan of PLANS) {
  test(`the auditor owner creates a ${plan.label} and lands on its detail page`, async ({
    page,
  }) => {
    await signInAsAuditor(page);
    await openCreatePage(page, plan);
    const gapSection = page.getByRole('region', { name: 'Gap Analysis' });
    await expect(
      page.getByRole('heading', { level: 2, name: `${plan.label} Details` }),
    ).toBeVisible();
    await fillPlan(page, plan);
    await fillGap(gapSection, plan.gap);
    if (plan.form === 'recommendation') {
      await expect(gapSection.getByLabel('Due Date')).toHaveCount(0);
    }
    await screenshot(page, `auditor-create-${plan.form}`);
    await page.getByRole('button', { name: `Create ${plan.label}` }).click();

    await expect(page.getByText(`${plan.label} created successfully.`)).toBeVisible();
    await expect(page).toHaveURL(/\/audits\/[^/]+\/action-plans\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: plan.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: `Open gap ${plan.gap.kpi}` })).toBeVisible();
    if (plan.gap.amount) {
      await page.getByRole('link', { name: `Open gap ${plan.gap.kpi}` }).click();
      const panel = page.getByRole('dialog', { name: 'Gap Details' });
      await expect(panel).toContainText('MELT-3');
      await expect(panel).toContainText(/INR\s*250,000\.50/);
    }
  });
}

test('the create page refuses a plan without heading and a due date past the timeline', async ({
  page,
}) => {
  await signInAsAuditor(page);
  const plan = PLANS[0]!;
  await openCreatePage(page, plan);
  await page.getByRole('button', { name: 'Create Action Plan' }).click();
  await expect(page.getByText('Action Plan Heading Required')).toBeVisible();
  await expect(page.getByText('Category Required')).toBeVisible();
  await expect(page.getByText('Please fix the errors below')).toBeVisible();
  await expect(page.getByText('KPI is required')).toBeVisible();

  await fillPlan(page, {
    ...plan,
    heading: `Timeline check ${Date.now()}`,
    timeline: dayFromNow(10),
  });
  const gapSection = page.getByRole('region', { name: 'Gap Analysis' });
  await fillGap(gapSection, { ...plan.gap, dueDate: dayFromNow(20) });
  await page.getByRole('button', { name: 'Create Action Plan' }).click();
  await expect(
    page.getByText('Gap due date cannot be later than Action Plan timeline'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/create-audit$/);
});

test('the auditor owner adds a second gap to a new plan and edits it', async ({ page }) => {
  await signInAsAuditor(page);
  const plan = { ...PLANS[0]!, heading: `Gap editing plan ${Date.now()}` };
  await openCreatePage(page, plan);
  await fillPlan(page, plan);
  await fillGap(page.getByRole('region', { name: 'Gap Analysis' }), plan.gap);
  await page.getByRole('button', { name: 'Create Action Plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: plan.heading })).toBeVisible();
  await screenshot(page, 'auditor-action-plan');

  await page.getByRole('button', { name: 'Add Gap' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Gap' });
  await fillGap(addDialog, {
    kpi: 'Stack emissions',
    gapName: 'No continuous monitor',
    dueDate: dayFromNow(40),
    esgAspect: 'Environmental',
  });
  await addDialog.getByLabel('Due Date').fill(dayFromNow(40));
  await addDialog.getByRole('button', { name: 'Add Gap' }).click();
  await expect(
    addDialog.getByText('Gap due date cannot be later than Action Plan timeline'),
  ).toBeVisible();
  await screenshot(page, 'auditor-add-gap');
  await addDialog.getByLabel('Due Date').fill(dayFromNow(25));
  await addDialog.getByRole('button', { name: 'Add Gap' }).click();
  await expect(addDialog).toBeHidden();
  const rows = page.getByRole('link', { name: /^Open gap / });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('No continuous monitor');

  await page.getByRole('button', { name: 'Edit Gap Stack emissions' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Gap' });
  await expect(editDialog.getByLabel('Gap Name')).toHaveValue('No continuous monitor');
  await editDialog.getByLabel('Gap Name').fill('Continuous monitor out of calibration');
  await screenshot(page, 'auditor-edit-gap');
  await editDialog.getByRole('button', { name: 'Update Gap' }).click();
  await expect(editDialog).toBeHidden();
  await expect(rows.first()).toContainText('Continuous monitor out of calibration');
  await expect(rows).toHaveCount(2);

  await rows.first().click();
  const panel = page.getByRole('dialog', { name: 'Gap Details' });
  await expect(panel.getByRole('combobox', { name: /^Status/ })).toBeVisible();
  await expect(panel).toContainText('Continuous monitor out of calibration');
  await screenshot(page, 'auditor-gap-panel');
});

test('the auditor owner adds an auditor user', async ({ page }) => {
  await signInAsAuditor(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditor Users' })).toBeVisible();
  const email = `new.auditor.${Date.now()}@verity.test`;
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Auditor User' });
  await expect(dialog.getByLabel('Role')).toHaveValue('admin');
  const submit = dialog.getByRole('button', { name: 'Create User' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full name').fill('Nadia Fieldworker');
  await dialog.getByLabel('Role').selectOption('editor');
  await submit.click();
  await expect(dialog.getByText('Auditor user created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Users' }).getByRole('listitem').first(),
  ).toContainText('Nadia Fieldworker');
  await screenshot(page, 'auditor-users');
});

test(
  'an auditor viewer sees no Add Gap, no usable Edit Gap and no status selector',
  { tag: '@read-only' },
  async ({ page }) => {
    await signInAsAuditor(page, 'auditor.viewer@verity.test');
    await openAudits(page);
    await auditRow(page, SEEDED_CAPA).getByRole('link', { name: 'View Audits' }).click();
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/action-plans\/[^/?]+/);
    await page.goto(page.url().replace(/\?.*$/, ''));
    const gapRows = page.getByRole('link', { name: /^Open gap / });
    await expect(gapRows.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Gap' })).toHaveCount(0);
    for (const button of await page.getByRole('button', { name: /^Edit Gap/ }).all()) {
      await expect(button).toBeDisabled();
    }
    await gapRows.first().click();
    const panel = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('combobox', { name: /^Status/ })).toHaveCount(0);
    await screenshot(page, 'auditor-viewer-gap-panel');
  },
);
