import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import dayjs from 'dayjs';
import {
  CLOSURE_METHOD_REQUIRED,
  CLOSURE_NEEDS_EVIDENCE,
  CLOSURE_VISIT_DATE_FUTURE,
  CLOSURE_VISIT_DATE_REQUIRED,
  CLOSURE_VISITED_BY_REQUIRED,
  CLOSURE_RETURN_REASON_SHORT,
  type ClosureRequest,
  type Gap,
  type Remark,
} from '@verity/shared-api';
import { fails, makeGap, ok, onApi, enterText } from '../testing';
import { ToastProvider } from '../toast';
import { ClosureSection, type ClosureSectionProps } from './closure-section';

const OPENED = new Date(2026, 2, 5, 9, 0).toISOString();
const photoRemark = (createdAt: string): Remark => ({
  _id: 'r1',
  id: 'r1',
  comments: 'Meters installed',
  createdAt,
  withdrawableUntil: null,
  withdrawn: null,
  user: { userType: 'targetCompany', fullname: 'Arjun Mehta', userId: 'u1', role: 'editor' },
  docs: [
    {
      _id: 'd1',
      url: '/api/v1/remark-document/d1',
      fileName: 'meter.jpg',
      size: 2048,
      withdrawn: null,
    } as Remark['docs'][number],
  ],
});

const waiting: ClosureRequest = {
  id: 'c1',
  requestedAt: new Date(2026, 2, 7, 10, 15).toISOString(),
  requestedBy: { fullname: 'Arjun Mehta' },
  note: 'All three lines metered',
  review: null,
};

const gapWith = (overrides: Partial<Gap>) =>
  makeGap({
    statusHistory: [{ status: 'open', timestamp: OPENED }],
    remark: [],
    ...overrides,
  });

function renderSection(props: Partial<ClosureSectionProps>) {
  const onGapChange = jest.fn();
  const user = userEvent.setup();
  const view = render(
    <ToastProvider>
      <ClosureSection
        gap={gapWith({})}
        targetCompanyId="tc-1"
        canRequest={false}
        canReview={false}
        onGapChange={onGapChange}
        {...props}
      />
    </ToastProvider>,
  );
  return { ...view, user, onGapChange };
}

describe('ClosureSection', () => {
  it('keeps Request closure disabled, saying why, until a photo remark was added since opening', () => {
    renderSection({ canRequest: true });
    const button = screen.getByRole('button', { name: 'Request closure' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(CLOSURE_NEEDS_EVIDENCE);
  });

  it('counts only evidence added since the gap was last opened', () => {
    renderSection({
      canRequest: true,
      gap: gapWith({
        statusHistory: [
          { status: 'open', timestamp: OPENED },
          { status: 'open', timestamp: new Date(2026, 2, 9).toISOString() },
        ],
        remark: [photoRemark(new Date(2026, 2, 8).toISOString())],
      }),
    });
    expect(screen.getByRole('button', { name: 'Request closure' })).toBeDisabled();
  });

  it('sends the request with the note and hands on the pending gap', async () => {
    const pending = gapWith({ status: 'pending', displayStatus: 'pending', closure: waiting });
    const sent = onApi('post', 'gap/:gapId/closure-request', ok({ gap: pending }));
    const { user, onGapChange } = renderSection({
      canRequest: true,
      gap: gapWith({ remark: [photoRemark(new Date(2026, 2, 6).toISOString())] }),
    });
    await user.click(screen.getByRole('button', { name: 'Request closure' }));
    const dialog = screen.getByRole('dialog', { name: 'Request closure' });
    await enterText(
      user,
      within(dialog).getByLabelText('Note for the reviewer (optional)'),
      'All three lines metered',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request closure' }));
    await waitFor(() => expect(onGapChange).toHaveBeenCalledWith(pending));
    expect(sent).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { gapId: 'gap-1' },
        search: { targetCompanyId: 'tc-1' },
        body: { note: 'All three lines metered' },
      }),
    );
    expect(
      await screen.findByText('Closure requested: the reviewers see this gap first.'),
    ).toBeVisible();
  });

  it('shows who asked and their note while the gap waits, and offers reviewers Accept and Return', async () => {
    const { container } = renderSection({
      canReview: true,
      gap: gapWith({ status: 'pending', displayStatus: 'pending', closure: waiting }),
    });
    expect(
      screen.getByText('Closure requested by Arjun Mehta on 07/03/2026 10:15 AM.'),
    ).toBeVisible();
    expect(screen.getByText('All three lines metered')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept evidence' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Return' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Request closure' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('accepts only once the method is chosen (none is preset), with the comment given', async () => {
    const accepted = onApi(
      'post',
      'gap/:gapId/closure-review',
      ok({ gap: gapWith({ status: 'provClosed' }) }),
    );
    const { user, onGapChange } = renderSection({
      canReview: true,
      gap: gapWith({ status: 'pending', displayStatus: 'pending', closure: waiting }),
    });
    await user.click(screen.getByRole('button', { name: 'Accept evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept evidence' });
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText(CLOSURE_METHOD_REQUIRED)).toBeVisible();
    expect(accepted).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: /Desk review/ }));
    expect(within(dialog).getByText('The gap becomes Prov Close.')).toBeVisible();
    // A desk review asks nothing about a visit.
    expect(within(dialog).queryByLabelText(/Date of the site visit/)).not.toBeInTheDocument();
    await enterText(
      user,
      within(dialog).getByLabelText('Comment (optional)'),
      'Invoices match the photo',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onGapChange).toHaveBeenCalled());
    expect(accepted).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { decision: 'accept', method: 'desk', comment: 'Invoices match the photo' },
      }),
    );
  });

  it('asks a site verification for the visit: its date (not in the future) and who visited', async () => {
    const accepted = onApi(
      'post',
      'gap/:gapId/closure-review',
      ok({ gap: gapWith({ status: 'closed' }) }),
    );
    const { user, onGapChange } = renderSection({
      canReview: true,
      gap: gapWith({ status: 'pending', displayStatus: 'pending', closure: waiting }),
    });
    await user.click(screen.getByRole('button', { name: 'Accept evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept evidence' });
    await user.click(within(dialog).getByRole('radio', { name: /Site verification/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const date = within(dialog).getByLabelText(/^Date of the site visit/);
    expect(date).toHaveAccessibleDescription(CLOSURE_VISIT_DATE_REQUIRED);
    expect(within(dialog).getByLabelText(/^Who visited/)).toHaveAccessibleDescription(
      CLOSURE_VISITED_BY_REQUIRED,
    );
    expect(date).toHaveFocus();

    const nextWeek = dayjs().add(7, 'day').format('YYYY-MM-DD');
    await user.type(date, nextWeek);
    await enterText(user, within(dialog).getByLabelText(/^Who visited/), 'Sam Site');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(date).toHaveAccessibleDescription(CLOSURE_VISIT_DATE_FUTURE);
    expect(accepted).not.toHaveBeenCalled();

    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    await user.clear(date);
    await user.type(date, yesterday);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onGapChange).toHaveBeenCalled());
    expect(accepted).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { decision: 'accept', method: 'site', visitDate: yesterday, visitedBy: 'Sam Site' },
      }),
    );
  });

  it('asks for “I have checked: …” before accepting flagged evidence, and sends the flags', async () => {
    const accepted = onApi(
      'post',
      'gap/:gapId/closure-review',
      ok({ gap: gapWith({ status: 'provClosed' }) }),
    );
    const flagged = photoRemark(new Date(2026, 2, 6).toISOString());
    flagged.docs = [
      {
        ...flagged.docs[0]!,
        evidence: {
          sha256: 'a'.repeat(64),
          width: 1,
          height: 1,
          capturedAt: null,
          camera: null,
          gps: null,
          deviceRecorded: [],
          warnings: ['noCaptureData', 'takenBeforeGap', 'sameFileOnAnotherGap'],
          duplicateOf: { gapId: 'gap-9', KPI: 'Water meters' },
        },
      },
    ];
    const { user, onGapChange } = renderSection({
      canReview: true,
      gap: gapWith({
        status: 'pending',
        displayStatus: 'pending',
        closure: waiting,
        remark: [flagged],
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Accept evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept evidence' });
    await user.click(within(dialog).getByRole('radio', { name: /Desk review/ }));
    const check = within(dialog).getByRole('checkbox', {
      name: 'I have checked: Taken before the gap was raised; Same file as on another gap',
    });
    expect(check).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      within(dialog).getByText('Confirm that you have checked the flagged evidence.'),
    ).toBeVisible();
    expect(accepted).not.toHaveBeenCalled();
    await user.click(check);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onGapChange).toHaveBeenCalled());
    expect(accepted).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          decision: 'accept',
          method: 'desk',
          checkedFlags: ['takenBeforeGap', 'sameFileOnAnotherGap'],
        },
      }),
    );
  });

  it('says how the evidence was accepted: method, visit, warnings checked and comment', () => {
    renderSection({
      gap: gapWith({
        status: 'closed',
        closure: {
          ...waiting,
          review: {
            decision: 'accept',
            method: 'site',
            reason: null,
            comment: 'All three lines metered.',
            visitDate: '2026-03-08',
            visitedBy: 'Sam Site',
            checkedFlags: ['takenBeforeGap'],
            reviewedAt: new Date(2026, 2, 9, 11, 0).toISOString(),
            reviewedBy: { fullname: 'Carla Client', userType: 'client' },
          },
        },
      }),
    });
    expect(
      screen.getByText(
        'Evidence accepted by Carla Client on 09/03/2026 11:00 AM: Site verification.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Site visited by Sam Site on Mar 08, 2026.')).toBeVisible();
    expect(screen.getByText('I have checked: Taken before the gap was raised')).toBeVisible();
    expect(screen.getByText('All three lines metered.')).toBeVisible();
  });

  it('returns only with a reason of 10 characters or more, and shows the server refusing', async () => {
    const returned = onApi(
      'post',
      'gap/:gapId/closure-review',
      fails(409, 'This gap is not waiting for closure review.'),
    );
    const { user, onGapChange } = renderSection({
      canReview: true,
      gap: gapWith({ status: 'pending', displayStatus: 'pending', closure: waiting }),
    });
    await user.click(screen.getByRole('button', { name: 'Return' }));
    const dialog = screen.getByRole('dialog', { name: 'Return to the company' });
    const reason = within(dialog).getByLabelText(/^Reason/);
    await user.type(reason, 'Blurry');
    await user.click(within(dialog).getByRole('button', { name: 'Return gap' }));
    expect(within(dialog).getByText(CLOSURE_RETURN_REASON_SHORT)).toBeVisible();
    expect(reason).toHaveFocus();
    expect(returned).not.toHaveBeenCalled();

    await user.type(reason, ' photo of line 2 only');
    await user.click(within(dialog).getByRole('button', { name: 'Return gap' }));
    expect(await screen.findByText('This gap is not waiting for closure review.')).toBeVisible();
    expect(returned).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { decision: 'return', reason: 'Blurry photo of line 2 only' },
      }),
    );
    expect(onGapChange).not.toHaveBeenCalled();
    // The dialog stays, with the reason typed.
    expect(reason).toHaveValue('Blurry photo of line 2 only');
  });

  it('says how the last request ended', () => {
    renderSection({
      gap: gapWith({
        closure: {
          ...waiting,
          review: {
            decision: 'return',
            method: null,
            reason: 'Show lines 2 and 3 as well.',
            comment: null,
            visitDate: null,
            visitedBy: null,
            checkedFlags: [],
            reviewedAt: new Date(2026, 2, 8, 16, 0).toISOString(),
            reviewedBy: { fullname: 'Aditi Rao', userType: 'auditor' },
          },
        },
      }),
    });
    expect(screen.getByText('Returned by Aditi Rao on 08/03/2026 04:00 PM:')).toBeVisible();
    expect(screen.getByText('Show lines 2 and 3 as well.')).toBeVisible();
  });

  it('shows nothing to a user who can neither ask nor review, before any request', () => {
    const { container } = renderSection({});
    expect(container).toBeEmptyDOMElement();
  });
});
