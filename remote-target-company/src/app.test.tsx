import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import { ok, onApi, onTrailNames } from '@verity/shared-ui/src/testing';
import { OWN_COMPANY_ID, companyUser, renderArea } from './test/render-area';

// The breadcrumb's names, answered before each test's own calls.
beforeEach(onTrailNames);

/** What the area's screens load, each answered: a mock per request, called with what was sent. */
let loads: {
  dashboard: jest.Mock;
  users: jest.Mock;
  signInLimits: jest.Mock;
  auditors: jest.Mock;
  audits: jest.Mock;
  actionPlans: jest.Mock;
  actionPlan: jest.Mock;
};

beforeEach(() => {
  loads = {
    dashboard: onApi('get', 'dashboard/target-company', 'pending'),
    users: onApi('get', 'target-company/users', ok({ users: [] })),
    signInLimits: onApi('get', 'target-company/users/sign-in-limits', ok({ limits: [] })),
    auditors: onApi('get', 'target-company/auditors', ok({ auditors: [] })),
    audits: onApi('get', 'target-company/:auditorId/audits', ok({ audits: [] })),
    actionPlans: onApi('get', 'action-plan/:auditId/action-plans', ok({ actionPlans: [] })),
    actionPlan: onApi('get', 'action-plan/:actionPlanId', 'pending'),
  };
});

describe('target-company area routes', () => {
  it.each([
    ['/target-company/dashboard', 'Dashboard'],
    ['/target-company/users', 'Company Users'],
    ['/target-company/auditors', 'Auditors'],
    ['/target-company/auditors/a1', 'Audits'],
    ['/target-company/auditors/a1/au1/action-plans', 'Action Plans'],
  ])('%s shows %s', async (path, heading) => {
    renderArea(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      new RegExp(`^${heading}$`),
    );
  });

  it('the action plan route loads that plan for the signed-in company', async () => {
    renderArea('/target-company/auditors/a1/au1/action-plans/p1');
    await waitFor(() =>
      expect(loads.actionPlan).toHaveBeenCalledWith(
        expect.objectContaining({
          params: { actionPlanId: 'p1' },
          search: { targetCompanyId: OWN_COMPANY_ID },
        }),
      ),
    );
  });

  it('the area index redirects to dashboard', async () => {
    const view = renderArea('/target-company');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Dashboard');
    expect(view.location()).toBe('/target-company/dashboard');
  });

  it('an unknown path in the area redirects to /', () => {
    const view = renderArea('/target-company/target-companies');
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it.each([
    '/target-company/dashboard',
    '/target-company/auditors',
    '/target-company/auditors/a1',
    '/target-company/auditors/a1/au1/action-plans',
    '/target-company/auditors/a1/au1/action-plans/p1',
  ])(
    "%s says 'No targetCompanyId found for current user' and asks nothing without a company",
    (path) => {
      renderArea(path, companyUser({ targetCompanyId: undefined }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No targetCompanyId found for current user',
      );
      for (const load of Object.values(loads)) {
        expect(load).not.toHaveBeenCalled();
      }
    },
  );

  it('has no accessibility violations', async () => {
    const { container } = renderArea('/target-company/auditors');
    await screen.findByText('No auditors found');
    expect(await axe(container)).toHaveNoViolations();
  });
});
