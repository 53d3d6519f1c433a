import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import dayjs from 'dayjs';
import {
  DUE_DATE_IN_FUTURE,
  EXTENSION_DATE_NOT_LATER,
  EXTENSION_REASON_REQUIRED,
  type ExtensionRequest,
  type Gap,
} from '@verity/shared-api';
import { enterText, makeGap, ok, onApi } from '../testing';
import { ToastProvider } from '../toast';
import { ExtensionSection, type ExtensionSectionProps } from './extension-section';

const DUE = dayjs().add(10, 'day').startOf('day');
const NEW_DUE = dayjs().add(40, 'day').startOf('day');

const waiting: ExtensionRequest = {
  id: 'x1',
  requestedAt: new Date(2026, 2, 7, 10, 15).toISOString(),
  requestedBy: { fullname: 'Esther Editor' },
  currentDueDate: DUE.toISOString(),
  dueDate: NEW_DUE.toISOString(),
  reason: 'The meters ship in six weeks.',
  approver: 'client',
  answer: null,
};

const gapWith = (overrides: Partial<Gap>) =>
  makeGap({ status: 'open', dueDate: DUE.toISOString(), timeline: null, ...overrides });

function renderSection(props: Partial<ExtensionSectionProps>) {
  const onGapChange = jest.fn();
  const user = userEvent.setup();
  const view = render(
    <ToastProvider>
      <ExtensionSection
        gap={gapWith({})}
        targetCompanyId="tc-1"
        canRequest={false}
        canAnswer={() => false}
        onGapChange={onGapChange}
        {...props}
      />
    </ToastProvider>,
  );
  return { ...view, user, onGapChange };
}

describe('ExtensionSection', () => {
  it('asks for a later due date with a reason, checking both before sending', async () => {
    const pending = gapWith({ extension: waiting });
    const sent = onApi('post', 'gap/:gapId/extension-request', ok({ gap: pending }));
    const { user, onGapChange } = renderSection({ canRequest: true });
    await user.click(screen.getByRole('button', { name: 'Request extension' }));
    const dialog = screen.getByRole('dialog', { name: 'Request extension' });
    const date = within(dialog).getByLabelText(/^New due date/);
    const reason = within(dialog).getByLabelText(/^Reason/);

    await user.click(within(dialog).getByRole('button', { name: 'Request extension' }));
    expect(reason).toHaveAccessibleDescription(EXTENSION_REASON_REQUIRED);
    expect(date).toHaveFocus();

    const cases: [string, string][] = [
      [dayjs().subtract(1, 'day').format('YYYY-MM-DD'), DUE_DATE_IN_FUTURE],
      [DUE.subtract(2, 'day').format('YYYY-MM-DD'), EXTENSION_DATE_NOT_LATER],
    ];
    for (const [picked, message] of cases) {
      await user.clear(date);
      await user.type(date, picked);
      await user.click(within(dialog).getByRole('button', { name: 'Request extension' }));
      expect(date).toHaveAccessibleDescription(message);
    }
    expect(sent).not.toHaveBeenCalled();

    await user.clear(date);
    await user.type(date, NEW_DUE.format('YYYY-MM-DD'));
    await enterText(user, reason, 'The meters ship in six weeks.');
    await user.click(within(dialog).getByRole('button', { name: 'Request extension' }));
    await waitFor(() => expect(onGapChange).toHaveBeenCalledWith(pending));
    expect(sent).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { dueDate: NEW_DUE.toISOString(), reason: 'The meters ship in six weeks.' },
      }),
    );
  });

  it('shows the waiting request to the company, without a second request', async () => {
    const { container } = renderSection({ canRequest: true, gap: gapWith({ extension: waiting }) });
    expect(
      screen.getByText('Extension requested by Esther Editor on 07/03/2026 10:15 AM:'),
    ).toBeVisible();
    expect(
      screen.getByText(
        `Due date ${DUE.format('MMM DD, YYYY')} → ${NEW_DUE.format('MMM DD, YYYY')}`,
      ),
    ).toBeVisible();
    expect(screen.getByText('The meters ship in six weeks.')).toBeVisible();
    expect(screen.getByText('Waiting for the client’s answer.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request extension' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it.each([
    ['approve', 'Approve extension', 'Extension approved: the due date has moved.'],
    ['decline', 'Decline extension', 'Extension declined.'],
  ] as const)('lets the approver %s with a comment', async (decision, title, toastText) => {
    const answered = onApi('post', 'gap/:gapId/extension-answer', ok({ gap: gapWith({}) }));
    const canAnswer = jest.fn((approver: string) => approver === 'client');
    const { user, onGapChange } = renderSection({
      canAnswer,
      gap: gapWith({ extension: waiting }),
    });
    const button = decision === 'approve' ? 'Approve' : 'Decline';
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = screen.getByRole('dialog', { name: title });
    await enterText(user, within(dialog).getByLabelText('Comment (optional)'), 'Keep us posted');
    await user.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(onGapChange).toHaveBeenCalled());
    expect(answered).toHaveBeenCalledWith(
      expect.objectContaining({ body: { decision, comment: 'Keep us posted' } }),
    );
    expect(await screen.findByText(toastText)).toBeVisible();
  });

  it('says how the last request was answered', () => {
    renderSection({
      gap: gapWith({
        extension: {
          ...waiting,
          answer: {
            decision: 'decline',
            comment: 'Install the temporary meters first.',
            answeredAt: new Date(2026, 2, 8, 16, 0).toISOString(),
            answeredBy: { fullname: 'Clara Owner', userType: 'client' },
          },
        },
      }),
    });
    expect(
      screen.getByText('Extension declined by Clara Owner on 08/03/2026 04:00 PM.'),
    ).toBeVisible();
    expect(screen.getByText('Install the temporary meters first.')).toBeVisible();
  });

  it('shows nothing to a user who can neither ask nor answer, before any request', () => {
    const { container } = renderSection({});
    expect(container).toBeEmptyDOMElement();
  });
});
