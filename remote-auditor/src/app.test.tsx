import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { axe } from 'jest-axe';
import { sessionStore } from '@verity/session';
import type { SessionUser } from '@verity/shared-api';
import { ToastProvider } from '@verity/shared-ui';
import {
  makeActionPlan,
  makeGap,
  makeStatistics,
  ok,
  onApi,
  testUser,
  type ApiRequest,
} from '@verity/shared-ui/src/testing';
import { apiAudit, apiTargetCompany, apiUser } from '@verity/shared-ui/src/testing';
import App from './app';

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

const { gaps: _gaps, ...planFields } = plan;

/** What the area's screens requested, by call. */
let api: Record<
  | 'targetCompanies'
  | 'audits'
  | 'audit'
  | 'actionPlans'
  | 'actionPlan'
  | 'users'
  | 'signInLimits'
  | 'dashboard',
  jest.Mock<void, [ApiRequest]>
>;

beforeEach(() => {
  api = {
    targetCompanies: onApi('get', 'auditor/target-company', ok({ targetCompanies: [acme] })),
    audits: onApi('get', 'target-company/:auditorId/audits', ok({ audits: [capaAudit] })),
    audit: onApi('get', 'target-company/audit/:auditId', ok({ audit: capaAudit })),
    actionPlans: onApi(
      'get',
      'action-plan/:auditId/action-plans',
      ok({ actionPlans: [{ ...plan, gaps: [makeGap()] }] }),
    ),
    actionPlan: onApi(
      'get',
      'action-plan/:id',
      ok({
        actionPlan: planFields,
        statistics: makeStatistics(),
        gaps: [makeGap({ id: 'g1', gapName: 'No sub-metering of furnace energy' })],
      }),
    ),
    users: onApi(
      'get',
      'auditor/users',
      ok({ users: [apiUser({ id: 'u-owner', role: 'owner' })] }),
    ),
    signInLimits: onApi('get', 'auditor/users/sign-in-limits', ok({ limits: [] })),
    dashboard: onApi(
      'get',
      'dashboard/auditor',
      ok({
        projectsOverview: { totalProjects: 2, completed: 0, inProgress: 1, overdue: 1 },
        targetCompanyActionPlanStats: [],
      }),
    ),
  };
});

const heading = () => screen.findByRole('heading', { level: 1 });

describe('auditor area routes', () => {
  it("target-companies lists the firm's companies with their Audits link and a Dashboard link", async () => {
    renderAt('/auditor/target-companies');
    expect(await heading()).toHaveTextContent('Target Companies');
    await screen.findByText('Acme Steel Ltd');
    expect(api.targetCompanies).toHaveBeenCalledWith(
      expect.objectContaining({ search: { auditorId: 'firm-1' } }),
    );
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
    expect(api.dashboard).toHaveBeenCalledWith(
      expect.objectContaining({ search: { auditorId: 'firm-1' } }),
    );
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
    expect(api.audits).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditorId: 'firm-1' },
        search: { auditorId: 'firm-1', targetCompanyId: 'c1' },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Add New Audit' })).not.toBeInTheDocument();
    // The company's monitoring report, over the firm's plans.
    expect(screen.getByRole('button', { name: 'Download report' })).toHaveAttribute(
      'title',
      'A lender-ready monitoring report of every action plan of this company you can see',
    );
  });

  it("action-plans lists the audit's plans, each opening its detail", async () => {
    renderAt('/auditor/target-companies/c1/audits/au1/action-plans');
    expect(await heading()).toHaveTextContent('Action Plans');
    await screen.findByText('Effluent treatment upgrade');
    expect(api.actionPlans).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditId: 'au1' },
        search: expect.objectContaining({ targetCompanyId: 'c1' }),
      }),
    );
  });

  it('the plan detail gives an owner Add Gap and enabled Edit Gap', async () => {
    renderAt('/auditor/target-companies/c1/audits/au1/action-plans/p1');
    expect(await screen.findByRole('button', { name: 'Add Gap' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit Gap/ })).toBeEnabled();
    expect(api.actionPlan).toHaveBeenCalledWith(
      expect.objectContaining({ params: { id: 'p1' }, search: { targetCompanyId: 'c1' } }),
    );
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
    expect(api.audit).toHaveBeenCalledWith(expect.objectContaining({ params: { auditId: 'au1' } }));
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
