import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { ClientDashboard, Role, TargetCompanyDashboard } from '@verity/shared-api';
import {
  makeActionPlan,
  makeGap,
  apiAudit,
  apiCompanyAuditor,
  makeStatistics,
  ok,
  onApi,
  renderScreen,
  testUser,
  onTrailNames,
} from '@verity/shared-ui/src/testing';
import App from './app';

// The breadcrumb's names, answered before each test's own calls.
beforeEach(onTrailNames);

jest.mock('echarts/core', () => ({ use: jest.fn() }));
jest.mock('echarts/charts', () => ({}));
jest.mock('echarts/components', () => ({}));
jest.mock('echarts/renderers', () => ({}));
jest.mock('echarts-for-react/lib/core', () =>
  jest.requireActual('@verity/shared-ui/src/testing/echarts-stub'),
);

const companyDashboard: TargetCompanyDashboard = {
  actionPlans: {
    statusOverview: { total: 3, closed: 1, provClosed: 1, open: 1 },
    categoryBreakdown: [{ name: 'Environment', value: 3 }],
    timelineAnalysis: [{ name: 'On Track', value: 3 }],
  },
  gaps: { riskSeverityDistribution: [{ name: 'High', value: 2 }] },
} as TargetCompanyDashboard;
const clientDashboard = {
  ...companyDashboard,
  targetCompanyActionPlanStats: [
    { targetCompanyName: 'Acme Steel Ltd', open: 1, closed: 2, provClosed: 0, overdue: 1 },
  ],
} as ClientDashboard;

const gap = makeGap({ id: 'g1', KPI: 'Wastewater discharge quality' });
const plan = makeActionPlan({ id: 'p1', actionPlanHeading: 'Effluent treatment', gaps: [gap] });
const acme = {
  _id: 'c1',
  id: 'c1',
  targetCompanyName: 'Acme Steel Ltd',
  registeredName: 'Acme Steel Private Limited',
  emailId: 'company.owner@verity.test',
  companyType: 'borrower',
  createdAt: '2026-01-01T00:00:00.000Z',
} as never;
const greenAudit = {
  id: 'a1',
  auditorName: 'GreenAudit Partners',
  registeredName: 'GreenAudit Partners LLP',
  emailId: 'auditor.owner@verity.test',
  sub: 'sub-a',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let answered: {
  clientDashboard: jest.Mock;
  companyDashboard: jest.Mock;
  audits: jest.Mock;
};
beforeEach(() => {
  const { gaps: _gaps, ...actionPlan } = plan;
  answered = {
    clientDashboard: onApi('get', 'dashboard/client', ok(clientDashboard)),
    companyDashboard: onApi('get', 'dashboard/target-company', ok(companyDashboard)),
    audits: onApi(
      'get',
      'target-company/:auditorId/audits',
      ok({
        audits: [
          {
            _id: 'au1',
            id: 'au1',
            targetCompanyId: 'c1',
            auditorId: 'a1',
            auditorName: 'GreenAudit Partners',
            auditType: 'dd',
            auditCategory: 'Social',
            auditForm: 'ap',
            fields: [],
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      }),
    ),
  };
  onApi('get', 'target-company', ok({ targetCompanies: [acme] }));
  onApi('get', 'auditor', ok({ auditors: [greenAudit] }));
  onApi(
    'get',
    'client/users',
    ok({ users: [], counts: { total: 0, admins: 0, editors: 0, viewers: 0 } }),
  );
  onApi('get', 'client/users/sign-in-limits', ok({ limits: [] }));
  onApi(
    'get',
    'target-company/:id/milestones',
    ok({
      milestones: [
        { name: 'Financial close', reachedOn: null, standard: true },
        { name: 'First disbursement', reachedOn: null, standard: true },
      ],
      canManage: true,
    }),
  );
  onApi(
    'get',
    'target-company/auditors',
    ok({
      auditors: [
        {
          id: 'ca1',
          auditor: {
            _id: 'a1',
            auditorName: 'GreenAudit Partners',
            emailId: 'x@y.z',
            registeredName: '',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
          auditType: ['dd'],
          auditCategory: ['Social'],
          formType: ['ap'],
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    }),
  );
  onApi('get', 'action-plan/:auditId/action-plans', ok({ actionPlans: [plan] }));
  onApi(
    'get',
    'action-plan/:actionPlanId',
    ok({ actionPlan, statistics: makeStatistics(), gaps: [gap] }),
  );
});

function renderAt(path: string, role: Role = 'owner') {
  return renderScreen(<App />, { path, route: '/client/*', user: testUser({ role }) });
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('client area routes', () => {
  it.each([
    ['/client/dashboard', 'Dashboard'],
    ['/client/users', 'Users'],
    ['/client/auditors', 'Auditors'],
    ['/client/target-companies', 'Target Companies'],
    ['/client/target-companies/c1/auditors', 'Auditors'],
    ['/client/target-companies/c1/auditors/a1', 'Audits'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans', 'Action Plans'],
    ['/client/target-companies/c1/manage', 'Manage Target Company'],
    ['/client/target-companies/c1/dashboard', 'Company Dashboard'],
  ])('%s shows %s', async (path, title) => {
    renderAt(path);
    expect(await heading()).toHaveTextContent(new RegExp(`^${title}$`));
  });

  it('a plan list names its company, auditor and audit in a breadcrumb back up and in the title', async () => {
    renderAt('/client/target-companies/c1/auditors/a1/au1/action-plans');
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(breadcrumb).findByRole('link', { name: 'GreenAudit Partners' });
    expect(
      within(breadcrumb)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Companies', '/client/target-companies'],
      ['Acme Steel Ltd', '/client/target-companies/c1/auditors'],
      ['GreenAudit Partners', '/client/target-companies/c1/auditors/a1'],
    ]);
    // The audit is this page: named, not a link, then the page itself.
    await within(breadcrumb).findByText('Normal Audit · EHS');
    expect(within(breadcrumb).getByText('Action Plans')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Acme Steel Ltd — Action Plans — Verity');
  });

  it('the client dashboard is the portfolio, with the Portfolio Overview', async () => {
    renderAt('/client/dashboard');
    expect(await screen.findByRole('group', { name: 'Total Audits' })).toHaveTextContent('3');
    expect(screen.getByRole('heading', { name: 'Portfolio Overview' })).toBeInTheDocument();
    expect(answered.clientDashboard).toHaveBeenCalled();
  });

  it("a company's dashboard reads that company", async () => {
    renderAt('/client/target-companies/c1/dashboard');
    expect(await screen.findByRole('group', { name: 'Total Audits' })).toHaveTextContent('3');
    expect(answered.companyDashboard).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'c1' } }),
    );
    expect(screen.queryByRole('heading', { name: 'Portfolio Overview' })).not.toBeInTheDocument();
  });

  it('the manage page shows its placeholder text', async () => {
    renderAt('/client/target-companies/c1/manage');
    expect(
      await screen.findByText('Managing a target company is coming soon.'),
    ).toBeInTheDocument();
  });

  it('company cards link to the dashboard and to the auditors as View Audit', async () => {
    renderAt('/client/target-companies');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Acme Steel Ltd' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/client/target-companies/c1/dashboard',
    );
    expect(within(card).getByRole('link', { name: 'View Audit' })).toHaveAttribute(
      'href',
      '/client/target-companies/c1/auditors',
    );
    expect(within(card).queryByRole('link', { name: 'Create Audit' })).not.toBeInTheDocument();
  });

  it("an auditor of a company leads to that firm's audits there", async () => {
    renderAt('/client/target-companies/c1/auditors');
    expect(await screen.findByRole('link', { name: 'View Audits' })).toHaveAttribute(
      'href',
      '/client/target-companies/c1/auditors/a1',
    );
  });

  it('an audit row leads to its action plans', async () => {
    renderAt('/client/target-companies/c1/auditors/a1');
    expect(await screen.findByRole('link', { name: 'View Audits' })).toHaveAttribute(
      'href',
      '/client/target-companies/c1/auditors/a1/au1/action-plans',
    );
    expect(answered.audits).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditorId: 'a1' },
        search: { auditorId: 'a1', targetCompanyId: 'c1' },
      }),
    );
  });

  it.each([
    ['owner', true],
    ['admin', true],
    ['viewer', false],
  ] as const)('a client %s gets the gap status selector: %s', async (role, shown) => {
    renderAt('/client/target-companies/c1/auditors/a1/au1/action-plans/p1?gap_id=g1', role);
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('Wastewater discharge quality')).toBeInTheDocument();
    expect(within(panel).queryAllByRole('combobox', { name: 'Status' })).toHaveLength(
      shown ? 1 : 0,
    );
    expect(screen.queryByRole('button', { name: 'Add Gap' })).not.toBeInTheDocument();
  });

  it.each([
    ['/client/target-companies', 'Add Target Company'],
    ['/client/auditors', 'Add New Auditor'],
    ['/client/target-companies/c1/auditors', 'Add New Auditor'],
    ['/client/target-companies/c1/auditors/a1', 'Add New Audit'],
  ])('%s offers %s to an owner, not to a viewer', async (path, button) => {
    const { unmount } = renderAt(path, 'owner');
    expect(await screen.findByRole('button', { name: button })).toBeInTheDocument();
    unmount();
    renderAt(path, 'viewer');
    await heading();
    expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
  });

  it('an admin may add audits and auditors to a company but not target companies', async () => {
    const { unmount } = renderAt('/client/target-companies/c1/auditors/a1', 'admin');
    expect(await screen.findByRole('button', { name: 'Add New Audit' })).toBeInTheDocument();
    unmount();
    renderAt('/client/target-companies', 'admin');
    await screen.findByRole('heading', { level: 2, name: 'Acme Steel Ltd' });
    expect(screen.queryByRole('button', { name: 'Add Target Company' })).not.toBeInTheDocument();
  });

  it("a company's audits load again after an audit was added", async () => {
    const user = userEvent.setup();
    const added = apiAudit({ _id: 'au2', auditType: 'esap', auditCategory: 'Environment' });
    const listed = onApi('get', 'target-company/:auditorId/audits', [
      ok({ audits: [] }),
      ok({ audits: [added] }),
    ]);
    onApi('post', 'target-company/audit', ok({ audit: added }, 201));
    renderAt('/client/target-companies/c1/auditors/a1');
    expect(await screen.findByText('No audits found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Audit' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Audit' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Audit Type/ }), 'esap');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Category/ }),
      'Environment',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Form/ }), 'ap');
    await user.click(within(dialog).getByRole('button', { name: 'Add Audit' }));
    expect(await screen.findByRole('cell', { name: 'ESAP' })).toBeInTheDocument();
    expect(listed).toHaveBeenCalledTimes(2);
  });

  it("a company's auditors load again after one was assigned", async () => {
    const user = userEvent.setup();
    const assigned = apiCompanyAuditor({
      id: 'ca2',
      auditor: { _id: 'a1', auditorName: 'GreenAudit Partners' },
    });
    const listed = onApi('get', 'target-company/auditors', [
      ok({ auditors: [] }),
      ok({ auditors: [assigned] }),
    ]);
    onApi('post', 'client/add-target-company-auditor', ok({ audit: assigned }, 201));
    renderAt('/client/target-companies/c1/auditors');
    expect(await screen.findByText('No auditors found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add New Auditor' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Auditor' });
    await within(dialog).findByRole('option', { name: 'GreenAudit Partners' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Auditor/ }), 'a1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Normal Audit' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'QA' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'CAPA' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Auditor' }));
    expect(await screen.findByRole('link', { name: 'View Audits' })).toBeInTheDocument();
    expect(listed).toHaveBeenCalledTimes(2);
  });

  it('the area index redirects to dashboard', async () => {
    const { location } = renderAt('/client');
    expect(await heading()).toHaveTextContent('Dashboard');
    expect(location()).toBe('/client/dashboard');
  });

  it('an unknown path in the area redirects to /', () => {
    const { location } = renderAt('/client/no-such-page');
    expect(location()).toBe('/');
  });

  it('has no accessibility violations', async () => {
    const { container } = renderAt('/client/target-companies');
    await screen.findByRole('heading', { level: 2, name: 'Acme Steel Ltd' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
