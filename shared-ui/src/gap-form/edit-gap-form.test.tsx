// Edit Gap sends the version the user saw, asks why when the due date moves later (the shared rule's
// words), and keeps what was typed when the server refuses a stale edit.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { changeRuleMessages } from '@verity/shared-api';
import { calendarOf, enterText, fails, makeGap, ok, onApi } from '../testing';
import { ToastProvider } from '../toast';
import { EditGapForm } from './edit-gap-form';

// Local time, so the date inputs' days are the days the user sees.
const NOW = new Date(2026, 5, 15, 10, 0, 0);
const STALE =
  'This gap was changed by Clara Owner at 16/06/2026 09:12 AM UTC. Reload to see the change.';

const gap = makeGap({
  id: 'gap-1',
  version: 4,
  dueDate: new Date(2026, 6, 10).toISOString(),
  timeline: null,
});

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});
afterEach(() => {
  jest.useRealTimers();
});

function renderEdit(onSaved = jest.fn()) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
  const view = render(
    <ToastProvider>
      <EditGapForm formType="ap" gap={gap} auditId="audit-1" onSaved={onSaved} />
    </ToastProvider>,
  );
  return { ...view, user, onSaved };
}

const reasonField = () => screen.queryByLabelText(/^Reason for the later due date/);

async function setDueDate(user: ReturnType<typeof userEvent.setup>, day: string) {
  const input = screen.getByLabelText(/^Due Date/);
  await user.clear(input);
  await user.type(input, day);
}

describe('EditGapForm versions and reasons', () => {
  it('sends the version the user saw with the changed fields', async () => {
    const updated = onApi('put', 'gap/:gapId', ok({ gap: makeGap({ ...gap, version: 5 }) }));
    const { user, onSaved } = renderEdit();
    await user.type(screen.getByLabelText(/^Gap Name/), ' yet');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 5 })),
    );
    expect(updated).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { gapName: `${gap.gapName} yet`, version: 4 },
      }),
    );
  });

  it('sends only the lender fields the user set, and shows a taken item number as the server words it', async () => {
    const taken = 'ESAP item 1.2 is already in this action plan.';
    const updated = onApi('put', 'gap/:gapId', fails(409, taken));
    const { user, onSaved } = renderEdit();
    await user.click(screen.getByRole('button', { name: /Lender fields \(ESAP\)/ }));
    await user.type(screen.getByLabelText('ESAP Item No.'), '1.2');
    await user.click(screen.getByLabelText('EP4'));
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(updated).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { esapItemNumber: '1.2', requirementReferences: ['EP4'], version: 4 },
      }),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('ESAP Item No.')).toHaveValue('1.2');
  });

  it('asks for a reason of at least 10 characters when the due date moves later, and sends it', async () => {
    const updated = onApi('put', 'gap/:gapId', ok({ gap: makeGap({ ...gap, version: 5 }) }));
    const { user, onSaved } = renderEdit();
    expect(reasonField()).not.toBeInTheDocument();
    await setDueDate(user, '2026-07-20');
    expect(reasonField()).toBeInTheDocument();
    expect(reasonField()).toHaveAttribute('aria-required', 'true');

    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    expect(await screen.findByText(changeRuleMessages.dueDateReason)).toBeInTheDocument();
    await waitFor(() => expect(reasonField()).toHaveFocus());
    await enterText(user, reasonField()!, 'Too late');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    expect(await screen.findByText(changeRuleMessages.dueDateReason)).toBeInTheDocument();
    expect(updated).not.toHaveBeenCalled();

    await user.type(reasonField()!, ' for the supplier');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updated).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          dueDate: new Date(2026, 6, 20).toISOString(),
          version: 4,
          reason: 'Too late for the supplier',
        },
      }),
    );
  });

  it('asks no reason when the due date moves earlier', async () => {
    const updated = onApi('put', 'gap/:gapId', ok({ gap }));
    const { user } = renderEdit();
    await setDueDate(user, '2026-07-01');
    expect(reasonField()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    await waitFor(() =>
      expect(updated).toHaveBeenCalledWith(
        expect.objectContaining({
          body: { dueDate: new Date(2026, 6, 1).toISOString(), version: 4 },
        }),
      ),
    );
  });

  it("shows a stale edit's refusal in one error and keeps what the user typed", async () => {
    onApi('put', 'gap/:gapId', fails(409, STALE));
    const { user, onSaved } = renderEdit();
    await setDueDate(user, '2026-07-20');
    await enterText(user, reasonField()!, 'The contractor needs two more weeks');
    await user.click(screen.getByRole('button', { name: 'Update Gap' }));
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    expect(screen.getAllByText(STALE)).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    // The day typed, written as the user writes dates once the field was left.
    expect(calendarOf(screen.getByLabelText(/^Due Date/))).toHaveValue('2026-07-20');
    expect(screen.getByLabelText(/^Due Date/)).toHaveValue('20/07/2026');
    expect(reasonField()).toHaveValue('The contractor needs two more weeks');
  });

  it('has no accessibility violations with the reason showing', async () => {
    const { user, container } = renderEdit();
    await setDueDate(user, '2026-07-20');
    jest.useRealTimers();
    expect(await axe(container)).toHaveNoViolations();
  });
});
