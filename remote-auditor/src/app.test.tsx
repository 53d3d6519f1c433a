import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { axe } from 'jest-axe';
import { sessionStore } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';
import { getAuditorTargetCompanies } from '@verity/shared-api/src/calls/target-companies';
import { getAudit, getAudits } from '@verity/shared-api/src/calls/audits';
import { getActionPlan, getActionPlans } from '@verity/shared-api/src/calls/action-plans';
import { getAuditorUsers } from '@verity/shared-api/src/calls/users';
import { getAuditorDashboard } from '@verity/shared-api/src/calls/dashboards';
import { ToastProvider } from '@verity/shared-ui';
import { makeActionPlan, makeGap, makeStatistics, testUser } from '@verity/shared-ui/src/testing';
import { apiAudit, apiTargetCompany, apiUser } from '@verity/shared-ui/src/testing';
import App from './app';

jest.mock('@verity/shared-api/src/calls/target-companies');
jest.mock('@verity/shared-api/src/calls/audits');
jest.mock('@verity/shared-api/src/calls/action-plans');
jest.mock('@verity/shared-api/src/calls/users');
jest.mock('@verity/shared-api/src/calls/dashboards');

const owner = testUser({
  _id: 'u-owner',
  userType: 'auditor',
  role: 'owner',
  auditorId: 'firm-1',
  clientId: undefined,
});
const viewer = { ...owner, _id: 'u-viewer', role: 'viewer' } as const;

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string, user: SessionUser | undefined = owner) {
  sessionStore.getState().setUser(user);
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auditor/*" element={<App />} />
          <Route path="/" element={<p>Home</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </ToastProvider>,
  );
}

const acme = apiTargetCompany({ _id: 'c1', id: 'c1', targetCompanyName: 'Acme Steel Ltd' });
const capaAudit = apiAudit({ _id: 'au1', id: 'au1', auditForm: 'capa', auditCategory: 'QA' });
const plan = makeActionPlan({ id: 'p1', actionPlanHeading: 'Effluent treatment upgrade' });

beforeEach(() => {
  jest.mocked(getAuditorTargetCompanies).mockResolvedValue([acme]);
  jest.mocked(getAudits).mockResolvedValue([capaAudit]);
  jest.mocked(getAudit).mockResolvedValue(capaAudit);
  jest.mocked(getActionPlans).mockResolvedValue([{ ...plan, gaps: [makeGap()] }]);
  jest.mocked(getActionPlan).mockResolvedValue({
    actionPlan: plan,
    statistics: makeStatistics(),
    gaps: [makeGap({ id: 'g1', gapName: 'No sub-metering of furnace energy' })],
  });
  jest.mocked(getAuditorUsers).mockResolvedValue([apiUser({ id: 'u-owner', role: 'owner' })]);
  jest.mocked(getAuditorDashboard).mockResolvedValue({
    projectsOverview: { totalProjects: 2, completed: 0, inProgress: 1, overdue: 1 },
    targetCompanyActionPlanStats: [],
  });
});

afterEach(() => {
  jest.resetAllMocks();
});

const heading = () => screen.findByRole('heading', { level: 1 });

describe('auditor area routes', () => {
  it("target-companies lists the firm's companies with their Audits link and a Dashboard link", async () => {
    renderAt('/auditor/target-companies');
    expect(await heading()).toHaveTextContent('Target Companies');
    await screen.findByText('Acme Steel Ltd');
    expect(getAuditorTargetCompanies).toHaveBeenCalledWith({ auditorId: 'firm-1' });
    expect(screen.getByRole('link', { name: 'Audits' })).toHaveAttribute(
      'href',
      '/auditor/target-companies/c1/audits',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/auditor/dashboard',
    );
    // Only client owners add target companies; auditors see no company dashboard link either.
    expect(screen.queryByRole('button', { name: 'Add Target Company' })).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Target companies' }));
    expect(card.getAllByRole('link').map((link) => link.textContent)).toEqual(['Audits']);
  });

  it("dashboard shows the firm's four cards", async () => {
    renderAt('/auditor/dashboard');
    expect(await heading()).toHaveTextContent('Dashboard');
    expect(await screen.findByRole('group', { name: 'Total Target Companies' })).toHaveTextContent(
      '2',
    );
    expect(getAuditorDashboard).toHaveBeenCalledWith('firm-1');
  });

  it('audits lists the audits with View Audits and Create Audit', async () => {
    renderAt('/auditor/target-companies/c1/audits');
    expect(await heading()).toHaveTextContent('Audits');
    expect(await screen.findByRole('link', { name: 'View Audits' })).toHaveAttribute(
      'href',
      '/auditor/target-companies/c1/audits/au1/action-plans',
    );
    expect(screen.getByRole('link', { name: 'Create Audit' })).toHaveAttribute(
      'href',
      '/auditor/target-companies/c1/audits/au1/create-audit',
    );
    expect(getAudits).toHaveBeenCalledWith({ auditorId: 'firm-1', targetCompanyId: 'c1' });
    expect(screen.queryByRole('button', { name: 'Add New Audit' })).not.toBeInTheDocument();
  });

  it("action-plans lists the audit's plans, each opening its detail", async () => {
    renderAt('/auditor/target-companies/c1/audits/au1/action-plans');
    expect(await heading()).toHaveTextContent('Action Plans');
    await screen.findByText('Effluent treatment upgrade');
    expect(getActionPlans).toHaveBeenCalledWith(
      'au1',
      expect.objectContaining({ targetCompanyId: 'c1' }),
    );
  });

  it('the plan detail gives an owner Add Gap and enabled Edit Gap', async () => {
    renderAt('/auditor/target-companies/c1/audits/au1/action-plans/p1');
    expect(await screen.findByRole('button', { name: 'Add Gap' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit Gap/ })).toBeEnabled();
    expect(getActionPlan).toHaveBeenCalledWith('p1', 'c1');
  });

  it('the plan detail gives a viewer no Add Gap and a disabled Edit Gap', async () => {
    renderAt('/auditor/target-companies/c1/audits/au1/action-plans/p1', viewer);
    expect(await screen.findByText('No sub-metering of furnace energy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Gap' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit Gap/ })).toBeDisabled();
  });

  it('users lists the auditor users with Add New User for an owner', async () => {
    renderAt('/auditor/users');
    expect(await heading()).toHaveTextContent('Auditor Users');
    expect(await screen.findByRole('button', { name: 'Add New User' })).toBeInTheDocument();
  });

  it('users offers no Add New User to a viewer', async () => {
    renderAt('/auditor/users', viewer);
    expect(await heading()).toHaveTextContent('Auditor Users');
    await screen.findByText(/Priya Raman/);
    expect(screen.queryByRole('button', { name: 'Add New User' })).not.toBeInTheDocument();
  });

  it("create-audit opens the create page in the audit's form type", async () => {
    renderAt('/auditor/target-companies/c1/audits/au1/create-audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create CAPA' })).toBeVisible();
    expect(getAudit).toHaveBeenCalledWith('au1');
  });

  it('the area index redirects to target-companies', async () => {
    renderAt('/auditor');
    expect(await heading()).toHaveTextContent('Target Companies');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/auditor/target-companies',
    );
  });

  it('an unknown path in the area redirects to /', () => {
    renderAt('/auditor/nowhere');
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAt('/auditor/target-companies');
    await screen.findByText('Acme Steel Ltd');
    expect(await axe(container)).toHaveNoViolations();
  });
});
