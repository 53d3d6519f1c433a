import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Gap } from '@verity/shared-api';
import { fails, makeGap, ok, onApi, enterText } from '../testing';
import { ToastProvider } from '../toast';
import { AddGapForm } from './add-gap-form';
import { EditGapForm } from './edit-gap-form';

const savedGap = makeGap({ id: 'gap-9', actionPlanId: 'plan-1', KPI: 'Water use' });

async function fillRecommendation(user: ReturnType<typeof userEvent.setup>) {
  await enterText(user, screen.getByLabelText(/^KPI/), 'Water use');
  await enterText(user, screen.getByLabelText(/^Gap Name/), 'No meter');
  await enterText(user, screen.getByLabelText(/^Recommendation/), 'Install meters');
  await enterText(user, screen.getByLabelText(/^Responsibility/), 'Plant manager');
  await user.click(screen.getByLabelText('SDG6: Clean Water and Sanitation'));
  await user.selectOptions(screen.getByLabelText(/^ESG Aspect/), 'Environmental');
  await user.click(screen.getByRole('button', { name: 'Add Gap' }));
}

function renderAdd(onSaved = jest.fn()) {
  render(
    <ToastProvider>
      <AddGapForm
        formType="recommendation"
        actionPlanId="plan-1"
        auditId="audit-1"
        onSaved={onSaved}
      />
    </ToastProvider>,
  );
  return { onSaved, user: userEvent.setup({ delay: null }) };
}

describe('AddGapForm', () => {
  it('adds the gap to the plan and hands the saved gap on', async () => {
    const added = onApi('post', 'action-plan/:actionPlanId/gaps', ok({ gap: savedGap }, 201));
    const { user, onSaved } = renderAdd();
    await fillRecommendation(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedGap));
    expect(added).toHaveBeenCalledWith({
      params: { actionPlanId: 'plan-1' },
      search: { auditId: 'audit-1' },
      body: expect.objectContaining({ KPI: 'Water use', ESGAspect: 'Environmental' }),
    });
  });

  it("shows the server's message and keeps the values when the save fails", async () => {
    onApi('post', 'action-plan/:actionPlanId/gaps', fails(404, 'Action plan not found'));
    const { user, onSaved } = renderAdd();
    await fillRecommendation(user);
    expect(await screen.findByText('Action plan not found')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^KPI/)).toHaveValue('Water use');
  });

  it("says 'Something went wrong' when the failure has no message", async () => {
    onApi('post', 'action-plan/:actionPlanId/gaps', fails(500));
    const { user } = renderAdd();
    await fillRecommendation(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('EditGapForm', () => {
  const gap = {
    id: 'gap-1',
    KPI: 'Energy use',
    gapName: 'No audit',
    recommendation: 'Audit',
    responsibility: 'EHS head',
    actionTakenByCompany: '',
    residualRisk: '',
    riskSeverity: 'moderate',
    impactedSDGs: ['SDG7'],
    dueDate: new Date(Date.now() - 86_400_000 * 10).toISOString(),
    timeline: null,
    ESGAspect: 'Social',
    fields: {},
    addOns: {},
    status: 'open',
    displayStatus: 'overdue',
  } as unknown as Gap;

  it('sends only the changed fields and hands on the merged gap', async () => {
    const updated = onApi(
      'put',
      'gap/:gapId',
      ok({ gap: makeGap({ ...gap, KPI: 'Energy per unit' }) }),
    );
    const onSaved = jest.fn();
    render(
      <ToastProvider>
        <EditGapForm formType="ap" gap={gap} auditId="audit-1" onSaved={onSaved} />
      </ToastProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^KPI/));
    await enterText(user, screen.getByLabelText(/^KPI/), 'Energy per unit');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'gap-1', KPI: 'Energy per unit' }),
      ),
    );
    expect(updated).toHaveBeenCalledWith({
      params: { gapId: 'gap-1' },
      search: { auditId: 'audit-1' },
      body: { KPI: 'Energy per unit' },
    });
  });

  it("shows the server's message when the update fails", async () => {
    onApi('put', 'gap/:gapId', fails(404, 'Gap not found'));
    render(
      <ToastProvider>
        <EditGapForm formType="ap" gap={gap} auditId="audit-1" onSaved={jest.fn()} />
      </ToastProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Gap Name/), ' yet');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    expect(await screen.findByText('Gap not found')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Gap Name/)).toHaveValue('No audit yet');
  });
});
