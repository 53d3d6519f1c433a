import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { MyAction } from '@verity/shared-api';
import { daysFromNow, ok, onApi } from '@verity/shared-ui/src/testing';
import { renderArea } from '../../test/render-area';

const action = (overrides: Partial<MyAction>): MyAction => ({
  gapId: 'gap-1',
  actionPlanId: 'plan-1',
  auditId: 'audit-1',
  auditorId: 'auditor-1',
  actionPlanHeading: 'Lender ESAP',
  esapItemNumber: '2.3a',
  KPI: 'Water meters',
  gapName: 'No metering',
  responsibility: 'Carlos Company',
  dueDate: daysFromNow(-3),
  displayStatus: 'overdue',
  overdue: true,
  ...overrides,
});

const actions = [
  action({}),
  action({
    gapId: 'gap-2',
    actionPlanId: 'plan-2',
    auditId: 'audit-2',
    actionPlanHeading: 'Fire safety',
    esapItemNumber: null,
    KPI: 'Fire drills',
    gapName: 'No drill this year',
    dueDate: daysFromNow(12),
    displayStatus: 'open',
    overdue: false,
  }),
];

describe('my actions', () => {
  it('is one click from the dashboard, where sign-in lands', async () => {
    const user = userEvent.setup();
    onApi('get', 'dashboard/target-company', 'pending');
    const loaded = onApi('get', 'target-company/my-actions', ok({ actions, total: 2 }));
    const view = renderArea('/target-company/dashboard');
    await user.click(await screen.findByRole('link', { name: /My actions/ }));
    expect(view.location()).toBe('/target-company/my-actions');
    expect(await screen.findByRole('heading', { name: 'My actions' })).toBeInTheDocument();
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('lists the gaps in the order given, with item numbers and the overdue state; a row opens its gap', async () => {
    const user = userEvent.setup();
    onApi('get', 'target-company/my-actions', ok({ actions, total: 2 }));
    const view = renderArea('/target-company/my-actions');
    const table = await screen.findByRole('table', { name: 'My actions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Overdue',
      'Open',
    ]);
    expect(within(rows[0]!).getByText('2.3a')).toBeInTheDocument();
    expect(await axe(view.container)).toHaveNoViolations();
    // The plan it opens is still loading.
    onApi('get', 'action-plan/:id', 'pending');
    onApi('get', 'target-company/auditors', 'pending');
    onApi('get', 'target-company/audit/:auditId', 'pending');
    await user.click(within(rows[1]!).getByRole('link', { name: /Fire drills/ }));
    expect(view.location()).toBe(
      '/target-company/auditors/auditor-1/audit-2/action-plans/plan-2?gap_id=gap-2',
    );
  });

  it('says so when no open gap names the user', async () => {
    onApi('get', 'target-company/my-actions', ok({ actions: [], total: 0 }));
    renderArea('/target-company/my-actions');
    expect(await screen.findByText('No open gaps name you as responsible.')).toBeInTheDocument();
  });
});
