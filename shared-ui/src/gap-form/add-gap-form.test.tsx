import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Gap } from '@verity/shared-api';
import { addGap, updateGap } from '@verity/shared-api/src/calls/action-plans';
import { ToastProvider } from '../toast';
import { AddGapForm } from './add-gap-form';
import { EditGapForm } from './edit-gap-form';

jest.mock('@verity/shared-api/src/calls/action-plans');
const addGapMock = jest.mocked(addGap);
const updateGapMock = jest.mocked(updateGap);

const savedGap = { id: 'gap-9', KPI: 'Water use' } as Gap;

async function fillRecommendation(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^KPI/), 'Water use');
  await user.type(screen.getByLabelText(/^Gap Name/), 'No meter');
  await user.type(screen.getByLabelText(/^Recommendation/), 'Install meters');
  await user.type(screen.getByLabelText(/^Responsibility/), 'Plant manager');
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
  afterEach(() => jest.resetAllMocks());

  it('adds the gap to the plan and hands the saved gap on', async () => {
    addGapMock.mockResolvedValue(savedGap);
    const { user, onSaved } = renderAdd();
    await fillRecommendation(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedGap));
    expect(addGapMock).toHaveBeenCalledWith(
      'plan-1',
      'audit-1',
      expect.objectContaining({ KPI: 'Water use', ESGAspect: 'Environmental' }),
    );
  });

  it("shows the server's message and keeps the values when the save fails", async () => {
    addGapMock.mockRejectedValue({ message: 'Action plan not found' });
    const { user, onSaved } = renderAdd();
    await fillRecommendation(user);
    expect(await screen.findByText('Action plan not found')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^KPI/)).toHaveValue('Water use');
  });

  it("says 'Something went wrong' when the failure has no message", async () => {
    addGapMock.mockRejectedValue({});
    const { user } = renderAdd();
    await fillRecommendation(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('EditGapForm', () => {
  afterEach(() => jest.resetAllMocks());

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
    updateGapMock.mockResolvedValue({ ...gap, KPI: 'Energy per unit' });
    const onSaved = jest.fn();
    render(
      <ToastProvider>
        <EditGapForm formType="ap" gap={gap} auditId="audit-1" onSaved={onSaved} />
      </ToastProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^KPI/));
    await user.type(screen.getByLabelText(/^KPI/), 'Energy per unit');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'gap-1', KPI: 'Energy per unit' }),
      ),
    );
    expect(updateGapMock).toHaveBeenCalledWith('gap-1', 'audit-1', { KPI: 'Energy per unit' });
  });

  it("shows the server's message when the update fails", async () => {
    updateGapMock.mockRejectedValue({ message: 'Gap not found' });
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
