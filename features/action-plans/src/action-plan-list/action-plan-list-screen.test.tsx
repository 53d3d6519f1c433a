import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { saveBlob } from '@verity/shared-api/src/calls/csv-export';
import {
  daysFromNow,
  fails,
  file,
  makeActionPlan,
  makeGapListItem,
  makeStatistics,
  nameStartingWith,
  ok,
  onApi,
  renderScreen,
} from '@verity/shared-ui/src/testing';
import { ActionPlanListScreen } from './action-plan-list-screen';

// Saving a file is the browser's download, not the network: the export's request is answered below.
jest.mock('@verity/shared-api/src/calls/csv-export', () => ({
  ...jest.requireActual<object>('@verity/shared-api/src/calls/csv-export'),
  saveBlob: jest.fn(),
}));

const PLAN_BASE = '/client/target-companies/company-1/auditors/auditor-1/audit-1/action-plans';

const plans = [
  makeActionPlan({
    id: 'plan-1',
    actionPlanHeading: 'Furnace energy efficiency',
    createdAt: daysFromNow(-12),
    timeline: daysFromNow(45),
    overallStatus: 'overdue',
    gaps: [
      makeGapListItem({
        id: 'gap-1',
        KPI: 'Energy intensity per tonne',
        gapName: 'No sub-metering of furnace energy',
        createdAt: daysFromNow(-10),
        dueDate: daysFromNow(20),
        riskSeverity: 'high',
        status: 'open',
        displayStatus: 'open',
      }),
      makeGapListItem({
        id: 'gap-2',
        KPI: 'Lost time injury rate',
        gapName: 'Guarding missing on rolling mill',
        createdAt: daysFromNow(-40),
        dueDate: daysFromNow(-3),
        riskSeverity: 'low',
        status: 'provClosed',
        displayStatus: 'overdue',
      }),
    ],
    statistics: makeStatistics({ totalGaps: 2, openGaps: 1, overdueGaps: 1 }),
  }),
  makeActionPlan({
    id: 'plan-2',
    actionPlanHeading: 'Board diversity policy',
    category: 'governance',
    createdAt: daysFromNow(-1),
    timeline: null,
    overallStatus: 'pending',
    gaps: [],
    statistics: makeStatistics({ totalGaps: 0, openGaps: 0 }),
  }),
];

const firstPage = { actionPlans: plans, total: 2, page: 1, pageSize: 20 };

function renderList(targetCompanyId = 'company-1', path = PLAN_BASE) {
  return renderScreen(
    <ActionPlanListScreen
      auditId="audit-1"
      targetCompanyId={targetCompanyId}
      planPath={(id) => `${PLAN_BASE}/${id}`}
    />,
    { path, route: PLAN_BASE },
  );
}

/** The row whose link's name starts so, e.g. 'Open gap Energy intensity per tonne'. */
function rowNamed(name: string) {
  return linkNamed(name).closest('tr')!;
}

function linkNamed(name: string) {
  return screen.getByRole('link', { name: nameStartingWith(name) });
}

let listed: jest.Mock;
beforeEach(() => {
  jest.clearAllMocks();
  listed = onApi('get', 'action-plan/:auditId/action-plans', ok(firstPage));
});

describe('ActionPlanListScreen', () => {
  it("loads the audit's plans for the company and shows 'Loading Action Plans...' meanwhile", async () => {
    renderList();
    expect(screen.getByText('Loading Action Plans...')).toBeInTheDocument();
    expect(await screen.findByText('Furnace energy efficiency')).toBeInTheDocument();
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { auditId: 'audit-1' },
        search: { targetCompanyId: 'company-1' },
      }),
    );
    expect(screen.queryByText('Loading Action Plans...')).not.toBeInTheDocument();
  });

  it('shows the columns, each plan with its gap count and status, and its nested gap rows', async () => {
    renderList();
    await screen.findByText('Furnace energy efficiency');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['KPI & Action Plan', 'Created At', 'Timeline', 'Risk', 'Status']);

    const plan = rowNamed('Open action plan Furnace energy efficiency');
    expect(within(plan).getByText('2 Gaps')).toBeInTheDocument();
    expect(within(plan).getByText('Overdue')).toBeInTheDocument();
    expect(within(plan).getByText('12 days passed')).toBeInTheDocument();
    expect(within(plan).getByText('45 days left')).toBeInTheDocument();

    const gap = rowNamed('Open gap Energy intensity per tonne');
    expect(within(gap).getByText('No sub-metering of furnace energy')).toBeInTheDocument();
    expect(within(gap).getByText('High')).toBeInTheDocument();
    expect(within(gap).getByText('Open')).toBeInTheDocument();
    expect(within(gap).getByText('10 days passed')).toBeInTheDocument();
    expect(within(gap).getByText('20 days left')).toBeInTheDocument();

    const empty = rowNamed('Open action plan Board diversity policy');
    expect(within(empty).getByText('0 Gaps')).toBeInTheDocument();
    expect(within(empty).getByText('Pending')).toBeInTheDocument();
    expect(within(empty).getByText('-')).toBeInTheDocument();
  });

  it("shows 'days left' only while days remain: an overdue gap shows none", async () => {
    renderList();
    const gap = (
      await screen.findByRole('link', { name: nameStartingWith('Open gap Lost time injury rate') })
    ).closest('tr')!;
    expect(within(gap).getByText('Overdue')).toBeInTheDocument();
    expect(within(gap).getByText('Low')).toBeInTheDocument();
    expect(within(gap).getByText('40 days passed')).toBeInTheDocument();
    expect(within(gap).queryByText(/left/)).not.toBeInTheDocument();
  });

  it('opens the plan when its row is clicked', async () => {
    const view = renderList();
    await userEvent.click(await screen.findByText('Furnace energy efficiency'));
    expect(view.location()).toBe(`${PLAN_BASE}/plan-1`);
  });

  it('opens the plan with gap_id when a gap row is clicked anywhere, not only on its link', async () => {
    const view = renderList();
    await screen.findByText('Guarding missing on rolling mill');
    // The risk cell, outside the row's link.
    await userEvent.click(within(rowNamed('Open gap Lost time injury rate')).getByText('Low'));
    expect(view.location()).toBe(`${PLAN_BASE}/plan-1?gap_id=gap-2`);
  });

  it("reaches each row's link with Tab and follows it with Enter", async () => {
    const user = userEvent.setup();
    const view = renderList();
    await screen.findByText('Furnace energy efficiency');
    await user.tab(); // Export CSV
    await user.tab();
    expect(linkNamed('Open action plan Furnace energy efficiency')).toHaveFocus();
    await user.tab();
    expect(linkNamed('Open gap Energy intensity per tonne')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(view.location()).toBe(`${PLAN_BASE}/plan-1?gap_id=gap-1`);
  });

  it('opens a plan with Enter on its link', async () => {
    const user = userEvent.setup();
    const view = renderList();
    (
      await screen.findByRole('link', {
        name: nameStartingWith('Open action plan Board diversity policy'),
      })
    ).focus();
    await user.keyboard('{Enter}');
    expect(view.location()).toBe(`${PLAN_BASE}/plan-2`);
  });

  it("exports this audit's plans as CSV, saying so, and saves the file", async () => {
    const exported = onApi(
      'get',
      'action-plan/export/csv',
      file('Action Plan Heading\n', 'company-1_esap_export_2025-01-31.csv'),
    );
    renderList();
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    expect(button).toHaveAccessibleDescription("This audit's action plans and gaps, as a CSV file");
    await userEvent.click(button);
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(
        expect.anything(),
        'company-1_esap_export_2025-01-31.csv',
      ),
    );
    const [blob] = jest.mocked(saveBlob).mock.calls[0]!;
    await expect(blob.text()).resolves.toBe('Action Plan Heading\n');
    expect(exported).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'company-1', auditId: 'audit-1' } }),
    );
  });

  it("says 'Failed to export data. Please try again.' when the export fails", async () => {
    onApi('get', 'action-plan/export/csv', fails(500));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export data. Please try again.')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it("says 'TargetCompany ID not found' and sends nothing without a company id", async () => {
    const exported = onApi('get', 'action-plan/export/csv', fails(400));
    renderList('');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('TargetCompany ID not found')).toBeInTheDocument();
    expect(exported).not.toHaveBeenCalled();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it("shows the not-found state, not the server's words, when the address names no audit it may see", async () => {
    onApi('get', 'action-plan/:auditId/action-plans', fails(404, 'Not found'));
    renderList();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText(/^Nothing you can see is at this address\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it("shows 'No action plans found.' and no Export CSV button without plans", async () => {
    onApi('get', 'action-plan/:auditId/action-plans', ok({ actionPlans: [] }));
    renderList();
    expect(await screen.findByText('No action plans found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it("shows the server's message when loading fails", async () => {
    onApi('get', 'action-plan/:auditId/action-plans', fails(500, 'The database is restarting'));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is restarting');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows no page buttons when every plan fits on one page', async () => {
    renderList();
    await screen.findByText('Furnace energy efficiency');
    expect(screen.queryByRole('navigation', { name: 'Pages of action plans' })).toBeNull();
  });

  it('pages through a long list, keeping the page in the address', async () => {
    const pageOf = (page: number) =>
      ok({
        actionPlans: [
          makeActionPlan({ id: `plan-p${page}`, actionPlanHeading: `Plan on page ${page}` }),
        ],
        total: 45,
        page,
        pageSize: 20,
      });
    listed = onApi('get', 'action-plan/:auditId/action-plans', ({ search }) =>
      pageOf(Number(search.page ?? '1')),
    );
    const view = renderList();
    expect(await screen.findByText('Plan on page 1')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of action plans' });
    expect(within(pages).getByText('1–20 of 45 action plans')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Plan on page 2')).toBeInTheDocument();
    expect(view.location()).toBe(`${PLAN_BASE}?page=2`);
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'company-1', page: '2' } }),
    );
    expect(screen.getByText('21–40 of 45 action plans')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('41–45 of 45 action plans')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Plan on page 2')).toBeInTheDocument();
  });

  it('opens on the page the address names', async () => {
    renderList('company-1', `${PLAN_BASE}?page=3`);
    await screen.findByText('Furnace energy efficiency');
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'company-1', page: '3' } }),
    );
  });

  it('shows a plan’s newest gaps and brings the rest on request', async () => {
    const newest = [7, 6, 5, 4, 3].map((n) =>
      makeGapListItem({ id: `gap-${n}`, KPI: `KPI ${n}`, gapName: `Gap ${n}` }),
    );
    const older = [2, 1].map((n) =>
      makeGapListItem({ id: `gap-${n}`, KPI: `KPI ${n}`, gapName: `Gap ${n}` }),
    );
    onApi(
      'get',
      'action-plan/:auditId/action-plans',
      ok({
        ...firstPage,
        actionPlans: [
          makeActionPlan({
            id: 'plan-7',
            actionPlanHeading: 'Seven gaps',
            gaps: newest,
            statistics: makeStatistics({ totalGaps: 7, openGaps: 7 }),
          }),
        ],
        total: 1,
      }),
    );
    const rest = onApi(
      'get',
      'action-plan/:actionPlanId/gaps',
      ok({ gaps: [...newest, ...older], total: 7, page: 1, pageSize: 100 }),
    );
    renderList();
    expect(await screen.findByText('7 Gaps')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: nameStartingWith('Open gap KPI 3') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: nameStartingWith('Open gap KPI 2') })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show all 7 gaps of Seven gaps' }));
    expect(
      await screen.findByRole('link', { name: nameStartingWith('Open gap KPI 1') }),
    ).toBeInTheDocument();
    expect(rest).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { actionPlanId: 'plan-7' },
        search: { targetCompanyId: 'company-1', pageSize: '100' },
      }),
    );
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('says why the rest of a plan’s gaps did not come, and keeps the ones shown', async () => {
    onApi(
      'get',
      'action-plan/:auditId/action-plans',
      ok({
        ...firstPage,
        actionPlans: [
          makeActionPlan({
            id: 'plan-7',
            actionPlanHeading: 'Seven gaps',
            gaps: [makeGapListItem({ id: 'gap-7', KPI: 'KPI 7' })],
            statistics: makeStatistics({ totalGaps: 7, openGaps: 7 }),
          }),
        ],
        total: 1,
      }),
    );
    onApi('get', 'action-plan/:actionPlanId/gaps', fails(503, 'The service is busy'));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /Show all 7 gaps/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy');
    expect(
      screen.getByRole('link', { name: nameStartingWith('Open gap KPI 7') }),
    ).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = renderList();
    await screen.findByText('Furnace energy efficiency');
    expect(await axe(container)).toHaveNoViolations();
  });
});
