// 'Edit Plan' on the plan's header: heading, category and timeline in a dialog that asks before
// throwing input away, a reason when the timeline moves later, and a stale edit refused in one error.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  DUE_DATE_AFTER_TIMELINE,
  changeRuleMessages,
  type ActionPlanDetail,
  type ChangeEntry,
} from '@verity/shared-api';
import {
  fails,
  makeActionPlan,
  makeGap,
  makeStatistics,
  ok,
  onApi,
  renderScreen,
  enterText,
} from '@verity/shared-ui/src/testing';
import { UNSAVED_CHANGES_TEXT } from '@verity/shared-ui';
import {
  ActionPlanDetailScreen,
  type ActionPlanDetailPermissions,
} from './action-plan-detail-screen';

const PLAN_PATH = '/auditor/target-companies/company-1/audits/audit-1/action-plans/plan-1';
const STALE =
  'This action plan was changed by Anil Admin at 02/06/2026 11:05 AM UTC. Reload to see the change.';

// Local days, so the date input shows the days the user picks.
const day = (year: number, month: number, date: number) =>
  new Date(year, month - 1, date).toISOString();

const { gaps: _gaps, ...plan } = makeActionPlan({
  id: 'plan-1',
  actionPlanHeading: 'Furnace energy efficiency',
  category: 'environment',
  formType: 'ap',
  timeline: day(2027, 6, 30),
  version: 3,
});

const detail = (): ActionPlanDetail => ({
  actionPlan: plan,
  statistics: makeStatistics(),
  gaps: [makeGap({ id: 'gap-1', dueDate: day(2027, 3, 31) })],
  changeHistory: [],
});

const headingChanged: ChangeEntry = {
  id: 'c1',
  field: 'actionPlanHeading',
  oldValue: 'Furnace energy efficiency',
  newValue: 'Furnace and kiln efficiency',
  reason: null,
  changedBy: { name: 'Aditi Auditor', userType: 'auditor', role: 'owner' },
  changedAt: new Date().toISOString(),
};

const base: ActionPlanDetailPermissions = {
  canChangeStatus: true,
  canAddRemark: true,
  canAddGap: false,
  canEditGap: false,
};

beforeEach(() => {
  onApi('get', 'action-plan/:id', ok(detail()));
});

function renderDetail(permissions: ActionPlanDetailPermissions = { ...base, canEditPlan: true }) {
  const user = userEvent.setup();
  renderScreen(
    <ActionPlanDetailScreen
      actionPlanId="plan-1"
      targetCompanyId="company-1"
      auditId="audit-1"
      permissions={permissions}
    />,
    { path: PLAN_PATH },
  );
  return { user };
}

async function openEditPlan(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Plan' }));
  // The plan's dialogs load on first use: wait for the dialog, however long the module takes.
  return screen.findByRole('dialog', { name: 'Edit Plan' });
}

async function setTimeline(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = screen.getByLabelText(/^Timeline/);
  await user.clear(input);
  if (value) await enterText(user, input, value);
}

const reasonField = () => screen.queryByLabelText(/^Reason for the later timeline/);

describe('Edit Plan', () => {
  it('shows only to those who may edit the plan', async () => {
    renderDetail(base);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Furnace energy efficiency' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Plan' })).not.toBeInTheDocument();
  });

  it('sends the changed heading with the version the user saw and shows the saved plan', async () => {
    const edited = onApi(
      'put',
      'action-plan/:id',
      ok({
        actionPlan: { ...plan, actionPlanHeading: 'Furnace and kiln efficiency', version: 4 },
        changeHistory: [headingChanged],
      }),
    );
    const { user } = renderDetail();
    const dialog = await openEditPlan(user);
    expect(within(dialog).getByLabelText(/^Heading/)).toHaveValue('Furnace energy efficiency');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveDisplayValue('Environment');
    expect(within(dialog).getByLabelText(/^Timeline/)).toHaveValue('30/06/2027');
    const heading = within(dialog).getByLabelText(/^Heading/);
    await user.clear(heading);
    await enterText(user, heading, 'Furnace and kiln efficiency');
    await user.click(within(dialog).getByRole('button', { name: 'Update Plan' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Furnace and kiln efficiency' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Plan' })).not.toBeInTheDocument();
    expect(screen.getByText('Action plan updated')).toBeInTheDocument();
    expect(edited).toHaveBeenCalledWith({
      params: { id: 'plan-1' },
      search: { auditId: 'audit-1' },
      body: { actionPlanHeading: 'Furnace and kiln efficiency', version: 3 },
    });
  });

  it('asks for a reason when the timeline moves later, in the words the API uses', async () => {
    const edited = onApi(
      'put',
      'action-plan/:id',
      ok({ actionPlan: { ...plan, timeline: day(2027, 9, 30), version: 4 }, changeHistory: [] }),
    );
    const { user } = renderDetail();
    const dialog = await openEditPlan(user);
    expect(reasonField()).not.toBeInTheDocument();
    await setTimeline(user, '2027-09-30');
    expect(reasonField()).toHaveAttribute('aria-required', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    expect(await within(dialog).findByText(changeRuleMessages.timelineReason)).toBeInTheDocument();
    expect(reasonField()).toHaveFocus();
    expect(edited).not.toHaveBeenCalled();

    await enterText(user, reasonField()!, 'The lender agreed a longer programme');
    await user.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    await waitFor(() =>
      expect(edited).toHaveBeenCalledWith(
        expect.objectContaining({
          body: {
            timeline: day(2027, 9, 30),
            version: 3,
            reason: 'The lender agreed a longer programme',
          },
        }),
      ),
    );
  });

  it('refuses a timeline before a gap is due, and a blank heading, before sending anything', async () => {
    const edited = onApi('put', 'action-plan/:id', ok({ actionPlan: plan, changeHistory: [] }));
    const { user } = renderDetail();
    const dialog = await openEditPlan(user);
    await setTimeline(user, '2027-02-28');
    await user.clear(within(dialog).getByLabelText(/^Heading/));
    await user.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    expect(await within(dialog).findByText(DUE_DATE_AFTER_TIMELINE)).toBeInTheDocument();
    expect(within(dialog).getByText('Action Plan Heading Required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Heading/)).toHaveFocus();
    expect(reasonField()).not.toBeInTheDocument();
    expect(edited).not.toHaveBeenCalled();
  });

  it("shows a stale edit's refusal in one error and keeps the dialog and what was typed", async () => {
    onApi('put', 'action-plan/:id', fails(409, STALE));
    const { user } = renderDetail();
    const dialog = await openEditPlan(user);
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'Social');
    await user.click(within(dialog).getByRole('button', { name: 'Update Plan' }));
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    expect(screen.getAllByText(STALE)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit Plan' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Category/)).toHaveDisplayValue('Social');
    // The page behind the open dialog is hidden from assistive technology, but unchanged.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Furnace energy efficiency', hidden: true }),
    ).toBeInTheDocument();
  });

  it('asks before Escape throws typed input away, and is accessible', async () => {
    const { user } = renderDetail();
    const dialog = await openEditPlan(user);
    await user.type(within(dialog).getByLabelText(/^Heading/), ' phase two');
    await setTimeline(user, '2027-08-01');
    expect(await axe(document.body)).toHaveNoViolations();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toHaveTextContent(UNSAVED_CHANGES_TEXT.text);
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.keep }));
    expect(within(dialog).getByLabelText(/^Heading/)).toHaveValue(
      'Furnace energy efficiency phase two',
    );
  });
});
