import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { apiData, seededAuditPlans } from '../support/demo';
import { holdRequests } from '../support/held-requests';
import { expectDialogFits, expectFitsWidth, expectWithinScreenWidth } from '../support/layout';
import { type Area, enterArea, openInApp, screenshot } from '../support/session';

// Every screen of every area on a phone (390×844, touch, the phone's own viewport rules): nothing is
// wider than the screen, so the page never scrolls sideways, and axe finds nothing.

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(phone);

/** Acme Steel Ltd's seeded audit that has plans with gaps, as the signed-in user sees it. */
async function seeded(request: APIRequestContext, companyId: string) {
  const { auditorId, auditId, actionPlans } = await seededAuditPlans(request, companyId);
  const plan = actionPlans.find((candidate) => candidate.gaps.length > 0)!;
  return { companyId, auditorId, auditId, planId: plan.id };
}

async function acmeId(request: APIRequestContext, path: string): Promise<string> {
  const { targetCompanies } = await apiData<{
    targetCompanies: { id: string; targetCompanyName: string }[];
  }>(request, path);
  return targetCompanies.find((company) => company.targetCompanyName === 'Acme Steel Ltd')!.id;
}

/** Opens the path and checks the screen once it has drawn its heading and settled. */
async function checkScreen(page: Page, path: string, shot: string) {
  await openInApp(page, path);
  await expect(
    page.getByRole('heading', { level: 1 }).and(page.locator(':not([data-screen-before])')).first(),
  ).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectFitsWidth(page, path);
  await expectNoAxeViolations(page);
  await screenshot(page, `phone-every-${shot}-390x844`);
}

const areas: {
  name: string;
  userType: Area;
  paths: (page: Page) => Promise<[string, string][]>;
}[] = [
  {
    name: 'client',
    userType: 'client',
    paths: async (page) => {
      const ids = await seeded(
        page.request,
        await acmeId(page.request, 'target-company?pageSize=100'),
      );
      const company = `/client/target-companies/${ids.companyId}`;
      const plans = `${company}/auditors/${ids.auditorId}/${ids.auditId}/action-plans`;
      return [
        ['dashboard', '/client/dashboard'],
        ['portfolio', '/client/portfolio'],
        ['gap-explorer', '/client/portfolio/gaps?status=overdue'],
        ['companies', '/client/target-companies'],
        ['auditors', '/client/auditors'],
        ['users', '/client/users'],
        ['company-auditors', `${company}/auditors`],
        ['company-audits', `${company}/auditors/${ids.auditorId}`],
        ['action-plans', plans],
        ['action-plan', `${plans}/${ids.planId}`],
        ['company-dashboard', `${company}/dashboard`],
        ['manage', `${company}/manage`],
        ['monitoring-reports', `${company}/monitoring-reports`],
        ['incidents', `${company}/incidents`],
        ['incident-register', '/client/portfolio/incidents'],
        ['grievances', `${company}/grievances`],
        ['grievance-register', '/client/portfolio/grievances'],
        ['portfolio-settings', '/client/settings'],
        // The shell's settings page, with every owner's card (API tokens, webhooks, single sign-on).
        ['settings', '/client/notification-settings'],
      ];
    },
  },
  {
    name: 'auditor',
    userType: 'auditor',
    paths: async (page) => {
      const ids = await seeded(
        page.request,
        await acmeId(page.request, 'auditor/target-company?pageSize=100'),
      );
      const audits = `/auditor/target-companies/${ids.companyId}/audits`;
      return [
        ['companies', '/auditor/target-companies'],
        ['dashboard', '/auditor/dashboard'],
        ['portfolio', '/auditor/portfolio'],
        ['gap-explorer', '/auditor/portfolio/gaps'],
        ['users', '/auditor/users'],
        ['audits', audits],
        ['action-plans', `${audits}/${ids.auditId}/action-plans`],
        ['action-plan', `${audits}/${ids.auditId}/action-plans/${ids.planId}`],
        ['create', `${audits}/${ids.auditId}/create-audit`],
        ['incidents', `/auditor/target-companies/${ids.companyId}/incidents`],
        ['grievances', `/auditor/target-companies/${ids.companyId}/grievances`],
      ];
    },
  },
  {
    name: 'company',
    userType: 'targetCompany',
    paths: async (page) => {
      const { user } = await apiData<{ user: { targetCompanyId: string } }>(
        page.request,
        'auth/me',
      );
      const ids = await seeded(page.request, user.targetCompanyId);
      const audits = `/target-company/auditors/${ids.auditorId}`;
      return [
        ['dashboard', '/target-company/dashboard'],
        ['my-actions', '/target-company/my-actions'],
        ['monitoring-reports', '/target-company/monitoring-reports'],
        ['incidents', '/target-company/incidents'],
        ['report-incident', '/target-company/incidents/report'],
        ['grievances', '/target-company/grievances'],
        ['record-grievance', '/target-company/grievances/record'],
        ['grievance-settings', '/target-company/grievances/settings'],
        ['users', '/target-company/users'],
        ['auditors', '/target-company/auditors'],
        ['audits', audits],
        ['action-plans', `${audits}/${ids.auditId}/action-plans`],
        ['action-plan', `${audits}/${ids.auditId}/action-plans/${ids.planId}`],
      ];
    },
  },
];

for (const area of areas) {
  test(
    `every ${area.name} screen fits a phone's width`,
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, area.userType);
      for (const [shot, path] of await area.paths(page)) {
        await checkScreen(page, path, `${area.name}-${shot}`);
      }
    },
  );
}

/** Checks the open dialog, then closes it with Escape (nothing was typed into it). */
async function checkDialog(page: Page, name: string | RegExp, shot: string) {
  const dialog = page.getByRole('dialog', { name });
  await expectDialogFits(dialog, shot);
  await expectNoAxeViolations(page);
  await screenshot(page, `phone-dialog-${shot}-390x844`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test(
  "every client dialog fits a phone's screen, its buttons within reach",
  { tag: '@read-only' },
  async ({ page }) => {
    await enterArea(page, 'client');
    const ids = await seeded(
      page.request,
      await acmeId(page.request, 'target-company?pageSize=100'),
    );

    await page.goto('/client/target-companies');
    await page.getByRole('button', { name: 'Add Target Company' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create New Target Company' });
    // Refused: the messages under the fields must fit as well.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Company name is required')).toBeVisible();
    await expectDialogFits(wizard, 'wizard step 1');
    await screenshot(page, 'phone-dialog-wizard-step1-390x844');
    await wizard.getByLabel('Target Company Name').fill('Harbour Foods');
    await wizard.getByLabel('Email Address').fill('new.person@verity.test');
    await expect(wizard.getByText('Email verified')).toBeVisible();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Step 2 of 2: Audit Settings')).toBeVisible();
    await expectDialogFits(wizard, 'wizard step 2');
    await expectNoAxeViolations(page);
    await screenshot(page, 'phone-dialog-wizard-step2-390x844');
    // The question before typed details are thrown away fits too.
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expectDialogFits(question, 'discard question');
    await screenshot(page, 'phone-dialog-discard-question-390x844');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(wizard).toBeHidden();

    await page.goto('/client/auditors');
    await page.getByRole('button', { name: 'Add New Auditor' }).click();
    await checkDialog(page, 'Create New Auditor', 'create-auditor');

    await page.goto(`/client/target-companies/${ids.companyId}/auditors`);
    await page.getByRole('button', { name: 'Add New Auditor' }).click();
    await checkDialog(page, 'Add New Auditor', 'assign-auditor');

    await page.goto(`/client/target-companies/${ids.companyId}/auditors/${ids.auditorId}`);
    await page.getByRole('button', { name: 'Add New Audit' }).click();
    await page
      .getByRole('dialog', { name: 'Add New Audit' })
      .getByRole('button', { name: 'Add Field' })
      .click();
    const addAudit = page.getByRole('dialog', { name: 'Add New Audit' });
    await expectDialogFits(addAudit, 'add audit with a field');
    await expectNoAxeViolations(page);
    await screenshot(page, 'phone-dialog-add-audit-390x844');
    await addAudit.getByRole('button', { name: 'Cancel' }).click();
    await expect(addAudit).toBeHidden();

    await page.goto('/client/users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    await checkDialog(page, 'Create New User', 'new-user');
  },
);

test(
  "every auditor dialog fits a phone's screen: add and edit a gap, the gap's details",
  { tag: '@read-only' },
  async ({ page }) => {
    await enterArea(page, 'auditor');
    const ids = await seeded(
      page.request,
      await acmeId(page.request, 'auditor/target-company?pageSize=100'),
    );
    await page.goto(
      `/auditor/target-companies/${ids.companyId}/audits/${ids.auditId}/action-plans/${ids.planId}`,
    );
    await page.getByRole('button', { name: 'Add Gap' }).click();
    const addGap = page.getByRole('dialog', { name: 'Add Gap' });
    await addGap.getByRole('button', { name: 'Add Gap' }).click();
    await expect(addGap.getByText('KPI is required')).toBeVisible();
    await expectDialogFits(addGap, 'add gap refused');
    await expectNoAxeViolations(page);
    await screenshot(page, 'phone-dialog-add-gap-390x844');
    await page.keyboard.press('Escape');
    await expect(addGap).toBeHidden();

    await page
      .getByRole('button', { name: /^Edit Gap / })
      .first()
      .click();
    await checkDialog(page, 'Edit Gap', 'edit-gap');

    await page
      .getByRole('link', { name: /^Open gap / })
      .first()
      .click();
    await checkDialog(page, 'Gap Details', 'gap-details');

    // The remark box's row of buttons ('Take photo' too, on a touch screen) stays on the screen.
    await page
      .getByRole('link', { name: /^Open gap / })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Gap Details' });
    await expect(details.getByRole('button', { name: 'Take photo' })).toBeVisible();
    await expectWithinScreenWidth(
      details.getByRole('button', { name: /^(Attach images|Take photo|Send)$/ }),
      'remark box buttons',
    );
    await details.getByRole('button', { name: 'Send' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-dialog-gap-details-remark-390x844');
  },
);

test.describe('with the company name held back', () => {
  // The name's request is held in the page, out of a service worker's hands (held-requests.ts).
  test.use({ serviceWorkers: 'block' });

  test(
    "a company's screen keeps still while the company's name is on its way",
    { tag: '@read-only' },
    async ({ page }) => {
      await enterArea(page, 'client');
      const companyId = await acmeId(page.request, 'target-company?pageSize=100');
      const release = await holdRequests(page, /\/target-company\?.*targetCompanyId=/);
      await page.goto(`/client/target-companies/${companyId}/dashboard`);
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      const grievances = page.getByRole('link', { name: 'Grievances', exact: true });
      await expect(grievances).toBeVisible();
      await expect(trail).not.toContainText('Acme Steel Ltd');
      const before = await grievances.boundingBox();
      await screenshot(page, 'phone-company-name-on-its-way-390x844');
      release();
      // The name arrives in the trail and under the heading; a tap meant for the button lands on it.
      await expect(trail).toContainText('Acme Steel Ltd');
      await expect(page.getByRole('main').getByRole('definition').first()).toHaveText(
        'Acme Steel Ltd',
      );
      expect(await grievances.boundingBox()).toEqual(before);
      await screenshot(page, 'phone-company-name-come-390x844');
    },
  );
});
