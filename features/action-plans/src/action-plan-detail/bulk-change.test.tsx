import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActionPlanDetail } from '@verity/shared-api';
import {
  daysFromNow,
  fails,
  makeActionPlan,
  makeGap,
  makeStatistics,
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

const gaps = [
  makeGap({
    id: 'gap-1',
    esapItemNumber: '1.1',
    KPI: 'Water meters',
    version: 3,
    dueDate: daysFromNow(10),
  }),
  makeGap({
    id: 'gap-2',
    esapItemNumber: '1.2',
    KPI: 'Noise survey',
    version: 1,
    dueDate: daysFromNow(20),
  }),
  makeGap({
    id: 'gap-3',
    esapItemNumber: null,
    gapName: 'No fire drill',
    version: 7,
    dueDate: daysFromNow(5),
  }),
];

function detail(): ActionPlanDetail {
  const { gaps: _gaps, ...actionPlan } = makeActionPlan({
    id: 'plan-1',
    actionPlanHeading: 'Lender ESAP',
    formType: 'ap',
    timeline: daysFromNow(300),
  });
  return { actionPlan, statistics: makeStatistics({ totalGaps: 3 }), gaps, changeHistory: [] };
}

const ALL = { canChangeStatus: true, canAddRemark: true, canAddGap: true, canEditGap: true };
const CLIENT = { canChangeStatus: true, canAddRemark: true, canAddGap: false, canEditGap: false };
const VIEWER = { canChangeStatus: false, canAddRemark: false, canAddGap: false, canEditGap: false };

function renderPlan(permissions: ActionPlanDetailPermissions) {
  return renderScreen(
    <ActionPlanDetailScreen
      actionPlanId="plan-1"
      targetCompanyId="company-1"
      auditId="audit-1"
      permissions={permissions}
    />,
    { path: PLAN_PATH },
  );
}

let loaded: jest.Mock;
beforeEach(() => {
  loaded = onApi('get', 'action-plan/:id', ok(detail()));
  onApi('get', 'target-company/audit/:auditId', ok({ audit: null }));
});

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('selecting gaps for one change', () => {
  it('counts the gaps selected one by one, and selects or clears every shown gap at once', async () => {
    const user = userEvent.setup();
    renderPlan(ALL);
    await user.click(await screen.findByRole('checkbox', { name: 'Select gap Item 1.1' }));
    await user.click(box('Select gap Gap “No fire drill”'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(box('Select all shown gaps')).toHaveProperty('indeterminate', true);
    await user.click(box('Select all shown gaps'));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(box('Select gap Item 1.2')).toBeChecked();
    await user.click(box('Select all shown gaps'));
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(box('Select gap Item 1.2')).not.toBeChecked();
  });

  it('offers no selection to those who may change no gap', async () => {
    renderPlan(VIEWER);
    expect(await screen.findByText('Lender ESAP')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('sets the status of every selected gap, each with the version shown, and reads the plan again', async () => {
    const user = userEvent.setup();
    const sent = onApi('post', 'action-plan/:id/gaps/bulk', ok({ gaps: [] }));
    renderPlan(CLIENT);
    await user.click(await screen.findByRole('checkbox', { name: 'Select gap Item 1.1' }));
    await user.click(box('Select gap Item 1.2'));
    await user.click(screen.getByRole('button', { name: 'Change selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change 2 gaps' });
    // A client changes statuses only, as with the status selector.
    expect(
      within(within(dialog).getByLabelText('Change'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Status']);
    await user.selectOptions(within(dialog).getByLabelText(/New status/), 'Close');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }));

    expect(await screen.findByText('2 gaps updated successfully')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith(
      expect.objectContaining({
        search: { targetCompanyId: 'company-1' },
        body: {
          gaps: [
            { id: 'gap-1', version: 3 },
            { id: 'gap-2', version: 1 },
          ],
          status: 'closed',
        },
      }),
    );
    await waitFor(() => expect(loaded).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('closes once the plan shows the change, so a change right after sends the versions it left', async () => {
    const user = userEvent.setup();
    const sent = onApi('post', 'action-plan/:id/gaps/bulk', ok({ gaps: [] }));
    // The plan read again after the change answers only when the test lets it, with the new versions.
    let answerReadAgain = () => {};
    const readAgain = new Promise<void>((resolve) => (answerReadAgain = resolve));
    let reads = 0;
    onApi('get', 'action-plan/:id', async () => {
      reads += 1;
      const changed = detail();
      if (reads > 1) {
        await readAgain;
        changed.gaps = changed.gaps.map((gap) =>
          gap.id === 'gap-3' ? gap : { ...gap, version: gap.version + 1 },
        );
      }
      return ok(changed);
    });
    renderPlan(ALL);
    await user.click(await screen.findByRole('checkbox', { name: 'Select gap Item 1.1' }));
    await user.click(box('Select gap Item 1.2'));
    await user.click(screen.getByRole('button', { name: 'Change selected' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change 2 gaps' });
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'Responsibility');
    await enterText(user, within(dialog).getByLabelText(/New responsibility/), 'Esther Editor');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }));

    // Saved, and the plan asked again: the dialog stays busy, and says nothing yet.
    await waitFor(() => expect(reads).toBe(2));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('button', { name: 'Apply to selected' })).toBeDisabled();
    expect(screen.queryByText('2 gaps updated successfully')).not.toBeInTheDocument();
    answerReadAgain();
    expect(await screen.findByText('2 gaps updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(box('Select all shown gaps'));
    await user.click(screen.getByRole('button', { name: 'Change selected' }));
    dialog = await screen.findByRole('dialog', { name: 'Change 3 gaps' });
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'Responsibility');
    await enterText(user, within(dialog).getByLabelText(/New responsibility/), 'Omar Officer');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    expect(sent.mock.calls[1]![0].body).toEqual({
      gaps: [
        { id: 'gap-1', version: 4 },
        { id: 'gap-2', version: 2 },
        { id: 'gap-3', version: 7 },
      ],
      responsibility: 'Omar Officer',
    });
  });

  it('asks one reason when the new due date moves any selected gap later', async () => {
    const user = userEvent.setup();
    const sent = onApi('post', 'action-plan/:id/gaps/bulk', ok({ gaps: [] }));
    renderPlan(ALL);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all shown gaps' }));
    await user.click(screen.getByRole('button', { name: 'Change selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change 3 gaps' });
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'Due date');
    const day = daysFromNow(40).slice(0, 10);
    await enterText(user, within(dialog).getByLabelText(/New due date/), day);
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }));
    expect(
      await within(dialog).findByText(
        'Give a reason of at least 10 characters for moving the due date later.',
      ),
    ).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();

    await enterText(user, within(dialog).getByLabelText(/Reason/), 'The lender agreed new dates');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }));
    expect(await screen.findByText('3 gaps updated successfully')).toBeInTheDocument();
    expect(sent.mock.calls[0]![0].body).toEqual({
      gaps: [
        { id: 'gap-1', version: 3 },
        { id: 'gap-2', version: 1 },
        { id: 'gap-3', version: 7 },
      ],
      dueDate: new Date(`${day}T00:00:00`).toISOString(),
      reason: 'The lender agreed new dates',
    });
  });

  it('shows the refusal naming the gap, keeps the dialog and the selection, and reads the plan again', async () => {
    const user = userEvent.setup();
    onApi(
      'post',
      'action-plan/:id/gaps/bulk',
      fails(
        409,
        'Item 1.2: This gap was changed by Aditi Auditor at 05/03/2030 02:14 PM UTC. Reload to see the change.',
      ),
    );
    renderPlan(ALL);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all shown gaps' }));
    await user.click(screen.getByRole('button', { name: 'Change selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change 3 gaps' });
    await user.selectOptions(within(dialog).getByLabelText('Change'), 'Responsibility');
    await enterText(user, within(dialog).getByLabelText(/New responsibility/), 'Esther Editor');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to selected' }));

    expect(
      await screen.findByText(/^Item 1\.2: This gap was changed by Aditi Auditor/),
    ).toBeInTheDocument();
    await waitFor(() => expect(loaded).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('dialog', { name: 'Change 3 gaps' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/New responsibility/)).toHaveValue('Esther Editor');
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });
});
