import { screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { getTargetCompanyDashboard } from '@verity/shared-api/src/calls/dashboards';
import { getCompanyUsers } from '@verity/shared-api/src/calls/users';
import { getCompanyAuditors } from '@verity/shared-api/src/calls/target-companies';
import { getAudits } from '@verity/shared-api/src/calls/audits';
import { getActionPlan, getActionPlans } from '@verity/shared-api/src/calls/action-plans';
import { OWN_COMPANY_ID, companyUser, renderArea } from './test/render-area';

jest.mock('@verity/shared-api/src/calls/dashboards');
jest.mock('@verity/shared-api/src/calls/users');
jest.mock('@verity/shared-api/src/calls/target-companies');
jest.mock('@verity/shared-api/src/calls/audits');
jest.mock('@verity/shared-api/src/calls/action-plans');

const pending = () => new Promise<never>(() => undefined);

beforeEach(() => {
  jest.mocked(getTargetCompanyDashboard).mockImplementation(pending);
  jest.mocked(getCompanyUsers).mockResolvedValue([]);
  jest.mocked(getCompanyAuditors).mockResolvedValue([]);
  jest.mocked(getAudits).mockResolvedValue([]);
  jest.mocked(getActionPlans).mockResolvedValue([]);
  jest.mocked(getActionPlan).mockImplementation(pending);
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

  it('the action plan route loads that plan for the signed-in company', () => {
    renderArea('/target-company/auditors/a1/au1/action-plans/p1');
    expect(getActionPlan).toHaveBeenCalledWith('p1', OWN_COMPANY_ID);
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
      for (const call of [
        getTargetCompanyDashboard,
        getCompanyAuditors,
        getAudits,
        getActionPlans,
        getActionPlan,
      ]) {
        expect(call).not.toHaveBeenCalled();
      }
    },
  );

  it('has no accessibility violations', async () => {
    const { container } = renderArea('/target-company/auditors');
    await screen.findByText('No auditors found');
    expect(await axe(container)).toHaveNoViolations();
  });
});
