import { expect, test, type Page } from '@playwright/test';
import { enterArea, screenshot } from '../support/session';

async function signInAsClient(page: Page, email: string) {
  await enterArea(page, 'client', email);
}

function card(page: Page, name: string) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test(
  'the client dashboard shows the portfolio: cards, three pies and the Portfolio Overview',
  { tag: '@read-only' },
  async ({ page }) => {
    await signInAsClient(page, 'client.owner@verity.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const label of ['Total Audits', 'Closed', 'Provisional Close', 'Open']) {
      await expect(page.getByRole('group', { name: label })).toBeVisible();
    }
    for (const title of ['ESG Composition', 'Timeline Analysis', 'Risk Severity']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Portfolio Overview' })).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(4);
    await screenshot(page, 'client-dashboard');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click();
    await card(page, 'Acme Steel Ltd').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Company Dashboard' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Audits' })).not.toContainText(/^\D*0$/);
    await expect(page.locator('canvas')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Portfolio Overview' })).toHaveCount(0);
    await screenshot(page, 'client-company-dashboard');
  },
);

test(
  'a client owner creates a target company with the two-step wizard and opens its dashboard',
  { tag: '@demo-figures' },
  async ({ page }) => {
    const name = `Harbour Foods ${Date.now().toString(36)}`;
    await signInAsClient(page, 'client.owner@verity.test');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeVisible();
    await expect(card(page, 'Acme Steel Ltd')).toBeVisible();
    await expect(
      card(page, 'Acme Steel Ltd').getByRole('link', { name: 'View Audit' }),
    ).toBeVisible();
    const total = page.getByText(/^Total: \d+$/);
    const before = Number((await total.textContent())?.replace(/\D/g, ''));
    await screenshot(page, 'client-companies');

    await page.getByRole('button', { name: 'Add Target Company' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create New Target Company' });
    await expect(wizard.getByText('Step 1 of 2: Company Details')).toBeVisible();
    await expect(wizard.getByLabel('Company Type')).toHaveValue('borrower');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Company name is required')).toBeVisible();

    await wizard.getByLabel('Target Company Name').fill(name);
    await wizard.getByLabel('Registered Name').fill(`${name} Private Limited`);
    await wizard.getByLabel('Email Address').fill('new.person@verity.test');
    await expect(wizard.getByText('Email verified')).toBeVisible();
    await expect(page.getByText('Email validated successfully!')).toBeVisible();
    await screenshot(page, 'client-company-wizard-step1');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 2 of 2: Audit Settings')).toBeVisible();
    await wizard.getByRole('button', { name: 'Create Borrower' }).click();
    await expect(wizard.getByText('Please select auditor')).toBeVisible();
    await wizard.getByLabel('Auditor').selectOption({ label: 'GreenAudit Partners' });
    await wizard.getByRole('checkbox', { name: 'Normal Audit' }).check();
    await wizard.getByRole('checkbox', { name: 'EHS' }).check();
    await wizard.getByRole('checkbox', { name: 'Action Plan' }).check();
    await screenshot(page, 'client-company-wizard-step2');
    await wizard.getByRole('button', { name: 'Create Borrower' }).click();

    await expect(page.getByText('Target Company Added Successfully')).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(card(page, name)).toBeVisible();
    await expect(total).toHaveText(`Total: ${before + 1}`);

    await card(page, name).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/client\/target-companies\/[^/]+\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company Dashboard' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Audits' })).toContainText('0');
    await expect(page.getByText('No Data')).toHaveCount(3);

    await page.goBack();
    await card(page, name).getByRole('link', { name: 'View Audit' }).click();
    await expect(page.getByRole('cell', { name: /GreenAudit Partners/ })).toBeVisible();
  },
);

test(
  'a client owner sees the auditors and creates one; the company auditors and audits screens work',
  { tag: '@demo-figures' },
  async ({ page }) => {
    await signInAsClient(page, 'client.owner@verity.test');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Auditors' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auditors' })).toBeVisible();
    await expect(card(page, 'GreenAudit Partners')).toBeVisible();
    await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
    await page.getByRole('searchbox').fill('no such firm');
    await expect(page.getByText('No auditors found')).toBeVisible();
    await page.getByRole('searchbox').fill('green');
    await expect(card(page, 'GreenAudit Partners')).toBeVisible();
    await screenshot(page, 'client-auditors');

    await page.getByRole('button', { name: 'Add New Auditor' }).click();
    const modal = page.getByRole('dialog', { name: 'Create New Auditor' });
    await modal.getByLabel('Email Address').fill('nobody.here@verity.test');
    await expect(modal.getByText('Email not found in our records')).toBeVisible();
    await modal.getByRole('button', { name: 'Create Auditor' }).click();
    await expect(modal.getByText('Auditor name is required')).toBeVisible();
    const firm = `Evergreen Assurance ${Date.now().toString(36)}`;
    await modal.getByLabel('Email Address').fill('new.person@verity.test');
    await expect(modal.getByText('Email verified')).toBeVisible();
    await modal.getByLabel('Auditor Name').fill(firm);
    await modal.getByLabel('Registered Name').fill(`${firm} LLP`);
    await modal.getByRole('button', { name: 'Create Auditor' }).click();
    await expect(page.getByText('Auditor created successfully.')).toBeVisible();
    await expect(modal).toBeHidden();
    await page.getByRole('searchbox').fill('');
    await expect(card(page, firm)).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Companies' })
      .click();
    await card(page, 'Acme Steel Ltd').getByRole('link', { name: 'View Audit' }).click();
    await expect(page).toHaveURL(/\/client\/target-companies\/[^/]+\/auditors$/);
    const row = page.getByRole('row').filter({ hasText: 'GreenAudit Partners' });
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Add New Auditor' }).click();
    const assign = page.getByRole('dialog', { name: 'Add New Auditor' });
    await expect(assign.getByRole('option', { name: 'GreenAudit Partners' })).toBeAttached();
    await assign.getByRole('button', { name: 'Add Auditor' }).click();
    await expect(assign.getByText('Please select auditor')).toBeVisible();
    await assign.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'client-company-auditors');

    await row.getByRole('link', { name: 'View Audits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
    const audits = page.getByRole('row');
    await expect(page.getByRole('cell', { name: 'Normal Audit' }).first()).toBeVisible();
    const auditCount = await audits.count();
    await page.getByRole('button', { name: 'Add New Audit' }).click();
    const addAudit = page.getByRole('dialog', { name: 'Add New Audit' });
    await addAudit.getByLabel('Audit Type').selectOption({ label: 'Due Diligence' });
    await addAudit.getByLabel('Category').selectOption('Governance');
    await addAudit.getByLabel('Form').selectOption({ label: 'CAPA' });
    await addAudit.getByRole('button', { name: 'Add Field' }).click();
    await addAudit.getByLabel('Field Name').fill('Site code');
    await addAudit.getByLabel('Placeholder').fill('e.g. PUNE-02');
    await addAudit.getByRole('button', { name: 'Add Audit' }).click();
    await expect(page.getByText('Target Company Added Successfully')).toBeVisible();
    await expect(addAudit).toBeHidden();
    await expect(audits).toHaveCount(auditCount + 1);
    await screenshot(page, 'client-audits');

    await page.goto(page.url().replace(/\/auditors\/.*$/, '/manage'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Manage Target Company' }),
    ).toBeVisible();
    await expect(page.getByText('Managing a target company is coming soon.')).toBeVisible();
    await screenshot(page, 'client-manage');
  },
);

test('a client viewer sees no add buttons', { tag: '@read-only' }, async ({ page }) => {
  await signInAsClient(page, 'client.viewer@verity.test');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Companies' })
    .click();
  await expect(card(page, 'Acme Steel Ltd')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Target Company' })).toHaveCount(0);
  await card(page, 'Acme Steel Ltd').getByRole('link', { name: 'View Audit' }).click();
  const row = page.getByRole('row').filter({ hasText: 'GreenAudit Partners' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Auditor' })).toHaveCount(0);
  await row.getByRole('link', { name: 'View Audits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Audit' })).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Auditors' })
    .click();
  await expect(card(page, 'GreenAudit Partners')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Auditor' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('group', { name: 'Total Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete user/ })).toHaveCount(0);
});
