import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { switchLanguage } from '@verity/session';
import type { ActionPlanDetail } from '@verity/shared-api';
import {
  apiAudit,
  bare,
  daysFromNow,
  fails,
  makeActionPlan,
  makeGap,
  makeStatistics,
  nameStartingWith,
  ok,
  onApi,
  renderScreen,
  enterText,
} from '@verity/shared-ui/src/testing';
import {
  ActionPlanDetailScreen,
  type ActionPlanDetailPermissions,
} from './action-plan-detail-screen';

const PLAN_PATH = '/auditor/target-companies/company-1/audits/audit-1/action-plans/plan-1';

const openGap = makeGap({
  id: 'gap-1',
  KPI: 'Energy intensity per tonne',
  gapName: 'No sub-metering of furnace energy',
  createdAt: '2026-03-04T10:00:00.000Z',
  dueDate: daysFromNow(20),
  riskSeverity: 'high',
});
const overdueGap = makeGap({
  id: 'gap-2',
  KPI: 'Lost time injury rate',
  gapName: 'Guarding missing on rolling mill',
  createdAt: '2026-02-01T10:00:00.000Z',
  dueDate: '2026-03-20T10:00:00.000Z',
  riskSeverity: 'low',
  status: 'open',
  displayStatus: 'overdue',
});

function detail(overrides: Partial<ActionPlanDetail> = {}): ActionPlanDetail {
  const { gaps: _gaps, ...actionPlan } = makeActionPlan({
    actionPlanHeading: 'Furnace energy efficiency',
    category: 'environment',
    formType: 'recommendation',
    createdAt: '2026-01-15T10:00:00.000Z',
    timeline: '2027-06-30T10:00:00.000Z',
    overallStatus: 'overdue',
  });
  return {
    actionPlan,
    statistics: makeStatistics({
      totalGaps: 2,
      openGaps: 1,
      closedGaps: 0,
      overdueGaps: 1,
      completionPercentage: 0,
    }),
    gaps: [openGap, overdueGap],
    changeHistory: [],
    ...overrides,
  };
}

const viewer: ActionPlanDetailPermissions = {
  canChangeStatus: false,
  canAddRemark: false,
  canAddGap: false,
  canEditGap: false,
};
const auditorAdmin: ActionPlanDetailPermissions = {
  canChangeStatus: true,
  canAddRemark: true,
  canAddGap: true,
  canEditGap: true,
};

function renderDetail(permissions = viewer, path = PLAN_PATH) {
  return renderScreen(
    <ActionPlanDetailScreen
      actionPlanId="plan-1"
      targetCompanyId="company-1"
      auditId="audit-1"
      permissions={permissions}
    />,
    { path },
  );
}

function card(label: string) {
  return screen.getByRole('group', { name: label });
}

let loaded: jest.Mock;
beforeEach(() => {
  loaded = onApi('get', 'action-plan/:id', ok(detail()));
  // The gap forms' custom fields, loaded for users who add or edit gaps.
  onApi(
    'get',
    'target-company/audit/:auditId',
    ok({
      audit: apiAudit({
        _id: 'audit-1',
        id: 'audit-1',
        targetCompanyId: 'company-1',
        auditorId: 'auditor-1',
        auditorName: 'GreenAudit Partners',
        auditType: 'dd',
        auditCategory: 'Environment',
        auditForm: 'recommendation',
        fields: [],
        createdAt: '2026-01-10T10:00:00.000Z',
      }),
    }),
  );
});

describe('ActionPlanDetailScreen', () => {
  it('shows the heading, overall status, category, created date and final timeline', async () => {
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Furnace energy efficiency' }),
    ).toBeInTheDocument();
    expect(loaded).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { id: 'plan-1' },
        search: { targetCompanyId: 'company-1' },
      }),
    );
    const header = screen.getByRole('region', { name: 'Furnace energy efficiency' });
    expect(within(header).getByText('Overdue')).toBeInTheDocument();
    expect(within(header).getByText('Environment')).toBeInTheDocument();
    expect(within(header).getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(within(header).getByText('Jun 30, 2027')).toBeInTheDocument();
  });

  it('shows the five statistic cards from the API', async () => {
    renderDetail();
    expect(await screen.findByRole('group', { name: 'Total Gaps' })).toHaveTextContent('2');
    expect(card('Open')).toHaveTextContent('1');
    expect(card('Closed')).toHaveTextContent('0');
    expect(card('Overdue')).toHaveTextContent('1');
    expect(card('Completion %')).toHaveTextContent('0%');
  });

  it('lists the gaps with their dates, risk and status', async () => {
    renderDetail();
    await screen.findByText('Energy intensity per tonne');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Gaps', 'Created At', 'Timeline', 'Risk', 'Status', 'Edit Gap']);
    const row = screen
      .getByRole('link', { name: nameStartingWith('Open gap Lost time injury rate') })
      .closest('tr')!;
    expect(within(row).getByText('Guarding missing on rolling mill')).toBeInTheDocument();
    expect(within(row).getByText('01/02/2026')).toBeInTheDocument();
    expect(within(row).getByText('20/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('Low')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
  });

  it('names a gap by its ESAP item number before its KPI, where it has one', async () => {
    onApi(
      'get',
      'action-plan/:id',
      ok(detail({ gaps: [openGap, { ...overdueGap, esapItemNumber: '2.3a' }] })),
    );
    renderDetail();
    expect(
      await screen.findByRole('link', {
        name: nameStartingWith('Open gap 2.3a Lost time injury rate'),
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: nameStartingWith('Open gap Energy intensity per tonne') }),
    ).toBeInTheDocument();
  });

  it('heads each ESAP section once, above the first of its items', async () => {
    const section = 'PR2 Labour and Working Conditions';
    onApi(
      'get',
      'action-plan/:id',
      ok(
        detail({
          gaps: [
            { ...openGap, esapItemNumber: '2.1', esapSection: section },
            { ...overdueGap, esapItemNumber: '2.3a', esapSection: section },
          ],
        }),
      ),
    );
    renderDetail();
    const first = await screen.findByRole('link', {
      name: nameStartingWith('Open gap 2.1 Energy intensity per tonne'),
    });
    expect(screen.getAllByText(section)).toHaveLength(1);
    expect(first.closest('tr')).toHaveTextContent(section);
  });

  it('hides Add Gap and disables Edit Gap for users without those rights', async () => {
    renderDetail(viewer);
    await screen.findByText('Energy intensity per tonne');
    expect(screen.queryByRole('button', { name: 'Add Gap' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Edit Gap Energy intensity per tonne' }),
    ).toBeDisabled();
  });

  it("offers 'Download report' to everyone who sees the plan, viewers too", async () => {
    renderDetail(viewer);
    const button = await screen.findByRole('button', { name: 'Download report' });
    await userEvent.click(button);
    expect(
      await screen.findByRole('dialog', { name: 'Download monitoring report' }),
    ).toBeInTheDocument();
  });

  it("offers 'Download ESAP workbook' beside it only for a plan imported from a workbook", async () => {
    renderDetail(viewer);
    await screen.findByRole('button', { name: 'Download report' });
    expect(
      screen.queryByRole('button', { name: 'Download ESAP workbook' }),
    ).not.toBeInTheDocument();

    onApi('get', 'action-plan/:id', ok(detail({ sourceWorkbook: true })));
    renderDetail(viewer);
    const button = await screen.findByRole('button', { name: 'Download ESAP workbook' });
    expect(button.previousElementSibling).toHaveTextContent('Download report');
  });

  it('shows Add Gap and enables Edit Gap for auditor admins and owners', async () => {
    renderDetail(auditorAdmin);
    expect(await screen.findByRole('button', { name: 'Add Gap' })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Edit Gap Energy intensity per tonne' }),
    ).toBeEnabled();
  });

  it('adds a gap at the front of the list and recounts the statistics', async () => {
    const user = userEvent.setup();
    const added = makeGap({
      id: 'gap-3',
      KPI: 'Water reuse ratio',
      gapName: 'Process water is not recycled',
      createdAt: new Date().toISOString(),
      dueDate: null,
      status: 'open',
      displayStatus: 'open',
    });
    const created = onApi('post', 'action-plan/:actionPlanId/gaps', ok({ gap: added }, 201));
    renderDetail(auditorAdmin);
    await user.click(await screen.findByRole('button', { name: 'Add Gap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Gap' });
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /^KPI/ }),
      'Water reuse ratio',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /^Gap Name/ }),
      'Process water is not recycled',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /^Recommendation/ }),
      'Install a recycling loop',
    );
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: /^Responsibility/ }),
      'Utilities team',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^ESG Aspect/ }),
      'Environmental',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /^SDG6/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Gap' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created).toHaveBeenCalledWith({
      params: { actionPlanId: 'plan-1' },
      search: { auditId: 'audit-1' },
      body: expect.objectContaining({ KPI: 'Water reuse ratio', impactedSDGs: ['SDG6'] }),
    });
    const rows = screen.getAllByRole('link', { name: /^Open gap / });
    expect(rows[0]).toHaveAccessibleName(
      'Open gap Water reuse ratio Process water is not recycled',
    );
    expect(card('Total Gaps')).toHaveTextContent('3');
    expect(card('Open')).toHaveTextContent('2');
  });

  it('edits a gap in its modal and merges the change into the list', async () => {
    const user = userEvent.setup();
    const edited = onApi(
      'put',
      'gap/:gapId',
      ok({ gap: { ...openGap, KPI: 'Energy intensity per tonne of steel' } }),
    );
    renderDetail(auditorAdmin);
    await user.click(
      await screen.findByRole('button', { name: 'Edit Gap Energy intensity per tonne' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gap' });
    const kpi = within(dialog).getByRole('textbox', { name: /^KPI/ });
    expect(kpi).toHaveValue('Energy intensity per tonne');
    await user.type(kpi, ' of steel');
    await user.click(within(dialog).getByRole('button', { name: 'Update Gap' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(edited).toHaveBeenCalledWith({
      params: { gapId: 'gap-1' },
      search: { auditId: 'audit-1' },
      body: { KPI: 'Energy intensity per tonne of steel', version: 1 },
    });
    expect(
      screen.getByRole('link', {
        name: nameStartingWith('Open gap Energy intensity per tonne of steel'),
      }),
    ).toBeInTheDocument();
    expect(card('Total Gaps')).toHaveTextContent('2');
  });

  it('asks before an edited gap is closed unsaved; Keep editing keeps the edit', async () => {
    const user = userEvent.setup();
    renderDetail(auditorAdmin);
    await user.click(
      await screen.findByRole('button', { name: 'Edit Gap Energy intensity per tonne' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Edit Gap' });
    // Unchanged, it closes at once.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Gap Energy intensity per tonne' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Gap' });
    await user.type(within(dialog).getByRole('textbox', { name: /^KPI/ }), ' of steel');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: /^KPI/ })).toHaveValue(
      'Energy intensity per tonne of steel',
    );
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the Gap Details panel with gap_id in the URL when a gap row is clicked', async () => {
    const user = userEvent.setup();
    const view = renderDetail(viewer);
    await user.click(await screen.findByText('Guarding missing on rolling mill'));
    expect(view.location()).toBe(`${PLAN_PATH}?gap_id=gap-2`);
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    expect(within(panel).getByText('Lost time injury rate')).toBeInTheDocument();
    // Viewers see neither the status selector nor the remark input.
    expect(within(panel).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('opens a gap row with the keyboard', async () => {
    const user = userEvent.setup();
    const view = renderDetail(viewer);
    (
      await screen.findByRole('link', {
        name: nameStartingWith('Open gap Energy intensity per tonne'),
      })
    ).focus();
    await user.keyboard('{Enter}');
    expect(view.location()).toBe(`${PLAN_PATH}?gap_id=gap-1`);
    expect(await screen.findByRole('dialog', { name: 'Gap Details' })).toBeInTheDocument();
  });

  it('opens the panel from gap_id on load, and closing it removes gap_id from the URL', async () => {
    const user = userEvent.setup();
    const view = renderDetail(viewer, `${PLAN_PATH}?gap_id=gap-1`);
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    expect(within(panel).getByText('Energy intensity per tonne')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.location()).toBe(PLAN_PATH);
  });

  it('shows a status change from the panel in the list and the statistics', async () => {
    const user = userEvent.setup();
    const changed = onApi(
      'patch',
      'gap/:id/status',
      ok({ gap: { ...openGap, status: 'closed', displayStatus: 'closed' } }),
    );
    renderDetail(auditorAdmin, `${PLAN_PATH}?gap_id=gap-1`);
    const panel = await screen.findByRole('dialog', { name: 'Gap Details' });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Status' }), 'closed');
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to update the status?');
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(changed).toHaveBeenCalledWith({
      params: { id: 'gap-1' },
      search: { targetCompanyId: 'company-1' },
      body: { status: 'closed', version: 1 },
    });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen
      .getByRole('link', { name: nameStartingWith('Open gap Energy intensity per tonne') })
      .closest('tr')!;
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    expect(card('Closed')).toHaveTextContent('1');
    expect(card('Open')).toHaveTextContent('0');
    expect(card('Completion %')).toHaveTextContent('50%');
  });

  it("shows 'No action plan found.' when the plan does not exist", async () => {
    onApi('get', 'action-plan/:id', fails(404, 'Action plan not found'));
    renderDetail();
    expect(await screen.findByText('No action plan found.')).toBeInTheDocument();
  });

  it("shows 'No action plan found.', not the schema's words, for an id that is not one", async () => {
    onApi(
      'get',
      'action-plan/:id',
      bare(
        { success: false, message: 'params/id must match format "uuid"', code: 'MALFORMED_ID' },
        400,
      ),
    );
    renderDetail();
    expect(await screen.findByText('No action plan found.')).toBeInTheDocument();
    expect(screen.queryByText(/must match format/)).not.toBeInTheDocument();
  });

  it("shows the server's message for other failures", async () => {
    // A 403 makes the client try to renew the session first; here it cannot, so the 403 stands.
    onApi('post', 'auth/refresh', fails(401, 'Session expired'));
    onApi('get', 'action-plan/:id', fails(403, 'You cannot see this action plan'));
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot see this action plan');
  });

  it('shows its own words in the language chosen, and again at once when it changes', async () => {
    await switchLanguage('fr');
    try {
      renderDetail(auditorAdmin);
      expect(await screen.findByRole('button', { name: 'Ajouter un écart' })).toBeInTheDocument();
      expect(card('Total des écarts')).toHaveTextContent('2');
      expect(screen.getByRole('columnheader', { name: 'Échéance' })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Modifier l’écart Energy intensity per tonne' }),
      ).toBeInTheDocument();
      await act(() => switchLanguage('en'));
      expect(screen.getByRole('button', { name: 'Add Gap' })).toBeInTheDocument();
      expect(card('Total Gaps')).toHaveTextContent('2');
    } finally {
      await switchLanguage('en');
    }
  });

  it('has no accessibility violations', async () => {
    const { container } = renderDetail(auditorAdmin);
    await screen.findByText('Energy intensity per tonne');
    expect(await axe(container)).toHaveNoViolations();
  });
});
