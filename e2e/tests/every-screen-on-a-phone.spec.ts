import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { apiData, seededAuditPlans } from '../support/demo';
import { expectFitsWidth } from '../support/layout';
import { enterAs, screenshot, type AreaButton } from '../support/session';

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
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectFitsWidth(page, path);
  await expectNoAxeViolations(page);
  await screenshot(page, `phone-every-${shot}-390x844`);
}

const areas: {
  name: string;
  button: AreaButton;
  email: string;
  home: RegExp;
  paths: (page: Page) => Promise<[string, string][]>;
}[] = [
  {
    name: 'client',
    button: 'Login As Client',
    email: 'client.owner@verity.test',
    home: /\/client\/dashboard$/,
    paths: async (page) => {
      const ids = await seeded(page.request, await acmeId(page.request, 'target-company'));
      const company = `/client/target-companies/${ids.companyId}`;
      const plans = `${company}/auditors/${ids.auditorId}/${ids.auditId}/action-plans`;
      return [
        ['dashboard', '/client/dashboard'],
        ['companies', '/client/target-companies'],
        ['auditors', '/client/auditors'],
        ['users', '/client/users'],
        ['company-auditors', `${company}/auditors`],
        ['company-audits', `${company}/auditors/${ids.auditorId}`],
        ['action-plans', plans],
        ['action-plan', `${plans}/${ids.planId}`],
        ['company-dashboard', `${company}/dashboard`],
        ['manage', `${company}/manage`],
      ];
    },
  },
  {
    name: 'auditor',
    button: 'Login As Auditor',
    email: 'auditor.owner@verity.test',
    home: /\/auditor\/target-companies$/,
    paths: async (page) => {
      const ids = await seeded(page.request, await acmeId(page.request, 'auditor/target-company'));
      const audits = `/auditor/target-companies/${ids.companyId}/audits`;
      return [
        ['companies', '/auditor/target-companies'],
        ['dashboard', '/auditor/dashboard'],
        ['users', '/auditor/users'],
        ['audits', audits],
        ['action-plans', `${audits}/${ids.auditId}/action-plans`],
        ['action-plan', `${audits}/${ids.auditId}/action-plans/${ids.planId}`],
        ['create', `${audits}/${ids.auditId}/create-audit`],
      ];
    },
  },
  {
    name: 'company',
    button: 'Login As Target Company',
    email: 'company.owner@verity.test',
    home: /\/target-company\/dashboard$/,
    paths: async (page) => {
      const { user } = await apiData<{ user: { targetCompanyId: string } }>(
        page.request,
        'auth/me',
      );
      const ids = await seeded(page.request, user.targetCompanyId);
      const audits = `/target-company/auditors/${ids.auditorId}`;
      return [
        ['dashboard', '/target-company/dashboard'],
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
  test(`every ${area.name} screen fits a phone's width`, async ({ page }) => {
    await enterAs(page, area.button, area.email, area.home);
    for (const [shot, path] of await area.paths(page)) {
      await checkScreen(page, path, `${area.name}-${shot}`);
    }
  });
}
