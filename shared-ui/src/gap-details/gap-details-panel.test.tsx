import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { Gap, Remark } from '@verity/shared-api';
import { fails, formParts, ok, onApi, type ApiAnswer, enterText } from '../testing';
import { ToastProvider } from '../toast';
import { GapDetailsPanel, type GapDetailsPanelProps } from './gap-details-panel';

const onStatusChange = (answer: ApiAnswer) => onApi('patch', 'gap/:gapId/status', answer);
const onRemarkAdded = (answer: ApiAnswer | ApiAnswer[]) =>
  onApi('patch', 'gap/:gapId/remark', answer);
const onRemarkWithdrawn = (answer: ApiAnswer) =>
  onApi('delete', 'gap/:gapId/remark/:remarkId', answer);
const onImageWithdrawn = (answer: ApiAnswer) =>
  onApi('delete', 'remark-document/:documentId', answer);

/** After a 403 the API client renews the session once and repeats the request, refused again. */
const onSessionRefresh = () => onApi('post', 'auth/refresh', ok(undefined));

const remark: Remark = {
  _id: 'r1',
  id: 'r1',
  comments: 'Meter ordered from the supplier',
  createdAt: new Date(2026, 2, 6, 14, 30).toISOString(),
  withdrawableUntil: null,
  withdrawn: null,
  user: { userType: 'targetCompany', fullname: 'Arjun Mehta', userId: 'u1', role: 'editor' },
  docs: [
    {
      _id: 'd1',
      url: '/api/v1/remark-document/d1',
      fileName: 'invoice.png',
      size: 2560,
      withdrawn: null,
      evidence: null,
    },
  ],
};

function makeGap(overrides: Partial<Gap> = {}): Gap {
  return {
    id: 'gap-1',
    actionPlanId: 'plan-1',
    KPI: 'Water use per tonne',
    gapName: 'No water meter',
    createdAt: new Date(2026, 2, 5, 9, 0).toISOString(),
    riskSeverity: 'high',
    status: 'open',
    displayStatus: 'open',
    statusHistory: [{ status: 'open', timestamp: new Date(2026, 2, 5, 9, 0).toISOString() }],
    remark: [remark],
    remarkCount: overrides.remark?.length ?? 1,
    recommendation: 'Install meters on each line',
    responsibility: 'Plant manager',
    actionTakenByCompany: 'Quotes requested',
    residualRisk: 'Over-use goes unnoticed',
    impactedSDGs: ['SDG6', 'SDG13'],
    fields: { site: { name: 'Site', value: 'Pune plant' } },
    addOns: { ref: { name: 'Audit reference', value: 'AR-12' } },
    dueDate: new Date(2099, 11, 31).toISOString(),
    timeline: null,
    ESGAspect: null,
    areaCode: 'AC-7',
    amount: { currency: 'INR', value: 1250.5 },
    esapItemNumber: null,
    requirementReferences: [],
    completionIndicator: null,
    resources: null,
    esapSection: null,
    timetable: null,
    conditionType: null,
    loanClause: null,
    dueMilestone: null,
    dueOffsetMonths: 0,
    dueOffsetDays: 0,
    closure: null,
    extension: null,
    version: 1,
    changeHistory: [],
    changeCount: overrides.changeHistory?.length ?? 0,
    ...overrides,
  };
}

function renderPanel(props: Partial<GapDetailsPanelProps> = {}, advanceTimers = true) {
  const onClose = jest.fn();
  const onGapChange = jest.fn();
  const user = userEvent.setup({
    delay: null,
    advanceTimers: advanceTimers ? jest.advanceTimersByTime : undefined,
  });
  const view = render(
    <ToastProvider>
      <GapDetailsPanel
        gap={makeGap()}
        targetCompanyId="tc-1"
        open
        onClose={onClose}
        canChangeStatus
        canAddRemark
        onGapChange={onGapChange}
        {...props}
      />
    </ToastProvider>,
  );
  return { ...view, user, onClose, onGapChange };
}

/** The value shown beside a label of the panel. */
function detail(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

/** The screen's pointer, as `(pointer: …)` media queries see it: a mouse, or a touch screen. */
function withPointer(pointer: 'fine' | 'coarse'): () => void {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query === `(pointer: ${pointer})`,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = matchMedia;
  };
}

beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
});

describe('GapDetailsPanel content', () => {
  it('shows every field of the gap', () => {
    renderPanel();
    expect(screen.getByRole('dialog', { name: 'Gap Details' })).toBeInTheDocument();
    expect(detail('KPI')).toHaveTextContent('Water use per tonne');
    expect(detail('Created')).toHaveTextContent('Mar 05, 2026');
    expect(detail('Due Date')).toHaveTextContent('Dec 31, 2099');
    expect(detail('Status')).toHaveTextContent('Open');
    expect(detail('Risk Level')).toHaveTextContent('High');
    expect(detail('Gap Name')).toHaveTextContent('No water meter');
    expect(detail('Recommendation')).toHaveTextContent('Install meters on each line');
    expect(detail('Risk Assessment')).toHaveTextContent('Over-use goes unnoticed');
    expect(detail('Responsibility')).toHaveTextContent('Plant manager');
    expect(detail('Action Taken')).toHaveTextContent('Quotes requested');
    expect(detail('Area Code')).toHaveTextContent('AC-7');
    expect(detail('Amount')).toHaveTextContent('INR');
    expect(detail('Amount')).toHaveTextContent('1,250.5');
    expect(screen.queryByText('ESG Aspect', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the ESG aspect when the gap has one, and the overdue status it is given', () => {
    renderPanel({
      gap: makeGap({ ESGAspect: 'Social', areaCode: null, amount: null, displayStatus: 'overdue' }),
    });
    expect(detail('ESG Aspect')).toHaveTextContent('Social');
    expect(detail('Status')).toHaveTextContent('Overdue');
    expect(screen.queryByText('Area Code', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('Amount', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('links each impacted SDG to its UN goal page', () => {
    renderPanel();
    expect(screen.getByRole('link', { name: 'SDG 6: Clean Water and Sanitation' })).toHaveAttribute(
      'href',
      'https://sdgs.un.org/goals/goal6',
    );
    expect(screen.getByRole('link', { name: 'SDG 13: Climate Action' })).toHaveAttribute(
      'href',
      'https://sdgs.un.org/goals/goal13',
    );
  });

  it('shows the lender (ESAP) fields that are set, the timetable beside the due date', async () => {
    const { baseElement } = renderPanel({
      gap: makeGap({
        esapItemNumber: '1.2',
        requirementReferences: ['IFC PS1', 'EP4'],
        completionIndicator: 'ESMS manual approved by the board',
        resources: 'LOTO equipment EUR 20,000',
        esapSection: 'PR2 Labour and Working Conditions',
        timetable: 'Prior to first disbursement',
        conditionType: 'precedent',
      }),
    });
    const dueDate = screen.getByText('Due Date', { selector: 'dt' }).parentElement;
    expect(dueDate?.nextElementSibling).toHaveTextContent('TimetablePrior to first disbursement');
    const lender = screen.getByRole('region', { name: 'Lender fields (ESAP)' });
    expect(within(lender).getByText('ESAP Item No.').nextElementSibling).toHaveTextContent('1.2');
    expect(within(lender).getByText('ESAP Section').nextElementSibling).toHaveTextContent(
      'PR2 Labour and Working Conditions',
    );
    expect(within(lender).getByText('Condition Type').nextElementSibling).toHaveTextContent(
      'Condition precedent',
    );
    expect(
      within(within(lender).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['IFC PS1', 'EP4']);
    expect(within(lender).getByText('Completion Indicator').nextElementSibling).toHaveTextContent(
      'ESMS manual approved by the board',
    );
    expect(within(lender).getByText('Resources').nextElementSibling).toHaveTextContent(
      'LOTO equipment EUR 20,000',
    );
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('shows only the lender fields that are set, and no group for a gap without them', () => {
    const { unmount } = renderPanel({ gap: makeGap({ timetable: 'Annually' }) });
    expect(detail('Timetable')).toHaveTextContent('Annually');
    expect(screen.queryByRole('region', { name: 'Lender fields (ESAP)' })).not.toBeInTheDocument();
    unmount();
    // An ESAP's date cell, kept as YYYY-MM-DD, is written as the due date is.
    const { unmount: unmountDated } = renderPanel({ gap: makeGap({ timetable: '2027-02-28' }) });
    expect(detail('Timetable')).toHaveTextContent(/^Feb 28, 2027$/);
    unmountDated();
    renderPanel({ gap: makeGap({ esapItemNumber: '3.4' }) });
    const lender = screen.getByRole('region', { name: 'Lender fields (ESAP)' });
    expect(
      within(lender)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ESAP Item No.']);
    expect(screen.queryByText('Timetable', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows custom fields and add-ons as name and value pairs', () => {
    renderPanel();
    expect(detail('Site')).toHaveTextContent('Pune plant');
    expect(detail('Audit reference')).toHaveTextContent('AR-12');
  });

  it('lists remarks with author, role, date-time, comments and images in KB', () => {
    renderPanel();
    const list = screen.getByRole('list', { name: 'Remarks' });
    expect(within(list).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(within(list).getByText('Target Company · Editor')).toBeInTheDocument();
    expect(within(list).getByText('06/03/2026 02:30 PM')).toBeInTheDocument();
    expect(within(list).getByText('Meter ordered from the supplier')).toBeInTheDocument();
    const image = within(list).getByRole('link', { name: /invoice\.png/ });
    expect(image).toHaveAttribute('href', '/api/v1/remark-document/d1');
    expect(image).toHaveTextContent('2.50 KB');
  });

  it("says 'No remarks yet' and counts both tabs", async () => {
    const { user } = renderPanel({ gap: makeGap({ remark: [] }) });
    expect(screen.getByText('No remarks yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Remarks/ })).toHaveTextContent('0');
    const history = screen.getByRole('tab', { name: /^Status History/ });
    expect(history).toHaveTextContent('1');
    await user.click(history);
    expect(
      within(screen.getByRole('list', { name: 'Status History' })).getByText('Open'),
    ).toBeVisible();
  });

  it('closes on Escape', async () => {
    const { user, onClose } = renderPanel();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    jest.useRealTimers();
    const { baseElement } = renderPanel({}, false);
    expect(await axe(baseElement)).toHaveNoViolations();
  });
});

describe('GapDetailsPanel status', () => {
  it('asks first, then shows the new status and history entry without waiting for the server', async () => {
    const changed = onStatusChange('pending');
    const { user, onGapChange } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Close');
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to update the status?');
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));

    // Until the server answers, the change shows and says so; success is not claimed yet.
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeDisabled();
    expect(screen.queryByText('Status updated successfully')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(changed).toHaveBeenCalledWith({
        params: { gapId: 'gap-1' },
        search: { targetCompanyId: 'tc-1' },
        body: { status: 'closed', version: 1 },
      }),
    );
    expect(detail('Status')).toHaveTextContent('Closed');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Close');
    expect(screen.getByRole('tab', { name: /^Status History/ })).toHaveTextContent('2');
    expect(onGapChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'closed', displayStatus: 'closed' }),
    );
  });

  it("says 'Status updated successfully' once the server has taken the change", async () => {
    onStatusChange(ok({ gap: makeGap({ status: 'closed', displayStatus: 'closed' }) }));
    const { user } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Close');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeEnabled();
    expect(detail('Status')).toHaveTextContent('Closed');
  });

  it('leaves the status alone when the question is cancelled', async () => {
    const changed = onStatusChange(
      ok({ gap: makeGap({ status: 'provClosed', displayStatus: 'provClosed' }) }),
    );
    const { user } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Prov Close');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Open');
    expect(changed).not.toHaveBeenCalled();
  });

  it("says 'Missing status' when no status is chosen", async () => {
    const changed = onStatusChange(ok({ gap: makeGap() }));
    const { user } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Select status');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Missing status')).toBeInTheDocument();
    expect(changed).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: /^Status History/ })).toHaveTextContent('1');
  });

  it('puts the status back and shows the reason when the server refuses', async () => {
    onStatusChange(fails(403, 'You cannot change this gap'));
    onSessionRefresh();
    const { user } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Prov Close');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('You cannot change this gap')).toBeInTheDocument();
    expect(detail('Status')).toHaveTextContent('Open');
    expect(screen.getByRole('tab', { name: /^Status History/ })).toHaveTextContent('1');
    // One clear error: no success was claimed before it.
    expect(screen.queryByText('Status updated successfully')).not.toBeInTheDocument();
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
  });

  it('hides the status selector and the remark input from viewers', () => {
    renderPanel({ canChangeStatus: false, canAddRemark: false });
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a remark')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attach images' })).not.toBeInTheDocument();
    expect(screen.getByText('Meter ordered from the supplier')).toBeInTheDocument();
  });
});

describe('GapDetailsPanel remarks', () => {
  const saved: Remark = {
    ...remark,
    _id: 'r2',
    id: 'r2',
    comments: 'Meter installed',
    user: { userType: 'auditor', fullname: 'Lena Fischer', userId: 'u2', role: 'admin' },
    docs: [],
  };

  it('asks before Escape closes the panel over a remark not yet sent', async () => {
    const { user, onClose } = renderPanel();
    await enterText(user, screen.getByLabelText('Add a remark'), 'Meter installed on line 2');
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Add a remark')).toHaveValue('Meter installed on line 2');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Send disabled while the text is blank', async () => {
    const { user } = renderPanel();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Add a remark'), '   ');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Add a remark'), 'Done');
    expect(send).toBeEnabled();
  });

  it("says 'Please add your comments' for a blank remark and still sends it", async () => {
    const added = onRemarkAdded(fails(400, 'Please add your comments'));
    const { user } = renderPanel();
    await user.click(screen.getByLabelText('Add a remark'));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(added).toHaveBeenCalledWith(
        expect.objectContaining({
          params: { gapId: 'gap-1' },
          search: { targetCompanyId: 'tc-1' },
        }),
      ),
    );
    // Sent and answered: the refusal does not repeat the text the input already showed.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Attach images' })).toBeEnabled(),
    );
    expect(await screen.findAllByText('Please add your comments')).toHaveLength(1);
    expect(formParts(added.mock.calls[0]![0].body)).toEqual([{ name: 'comments', text: '' }]);
  });

  it('accepts several images only, lists them in KB and lets one be removed', async () => {
    const { user } = renderPanel();
    const input = screen.getByLabelText<HTMLInputElement>('Image attachments');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [
      new File([new Uint8Array(1536)], 'site.png', { type: 'image/png' }),
      new File([new Uint8Array(3072)], 'meter.jpg', { type: 'image/jpeg' }),
    ]);
    const selected = screen.getByRole('list', { name: 'Selected images' });
    expect(within(selected).getByText('1.50 KB')).toBeInTheDocument();
    expect(within(selected).getByText('3.00 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove site.png' }));
    expect(within(selected).queryByText('site.png')).not.toBeInTheDocument();
    expect(within(selected).getByText('meter.jpg')).toBeInTheDocument();
  });

  it('says that Enter sends and Shift+Enter adds a line, and what images it takes', () => {
    renderPanel();
    expect(screen.getByLabelText('Add a remark')).toHaveAccessibleDescription(
      'Enter sends, Shift+Enter adds a line.',
    );
    expect(screen.getByRole('button', { name: 'Attach images' })).toHaveAccessibleDescription(
      'PNG, JPEG, GIF or WebP, up to 5 MB each, at most 10.',
    );
  });

  it('leaves out a file the server would refuse, saying why, before anything is sent', async () => {
    renderPanel();
    // The browser's picker honours `accept`; a file dropped on it or a lax browser may not.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Image attachments'), [
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'drone-survey.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(10)], 'IMG_0042.heic', { type: 'image/heic' }),
      new File([new Uint8Array(2048)], 'meter.png', { type: 'image/png' }),
    ]);
    const selected = screen.getByRole('list', { name: 'Selected images' });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(1);
    expect(within(selected).getByText('meter.png')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Not attached');
    expect(alert).toHaveTextContent('drone-survey.jpg: Each image can be at most 5 MB.');
    expect(alert).toHaveTextContent(
      'IMG_0042.heic: Only images can be attached (PNG, JPEG, GIF or WebP).',
    );
  });

  it('takes ten images on one remark and refuses an eleventh', async () => {
    const { user } = renderPanel();
    const images = (from: number, count: number) =>
      Array.from(
        { length: count },
        (_, index) =>
          new File([new Uint8Array(8)], `photo-${from + index}.png`, { type: 'image/png' }),
      );
    await user.upload(screen.getByLabelText('Image attachments'), images(1, 8));
    await user.upload(screen.getByLabelText('Image attachments'), images(9, 3));
    const selected = screen.getByRole('list', { name: 'Selected images' });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'photo-11.png: At most 10 images can be attached to one remark.',
    );
  });

  it.each([
    // A mouse and a keyboard with Shift: Enter sends what is typed so far.
    {
      pointer: 'fine',
      enter: 'sends',
      hint: 'Enter sends, Shift+Enter adds a line.',
      afterEnter: '',
      sent: ['Meter installed', 'on line 2'],
    },
    // A phone's keyboard has no Shift+Enter: Enter adds a line, only Send sends (the whole text;
    // a form sends a line break as CRLF).
    {
      pointer: 'coarse',
      enter: 'adds a line',
      hint: 'Enter adds a line. Tap Send to send.',
      afterEnter: 'Meter installed\n',
      sent: ['Meter installed\r\non line 2'],
    },
  ] as const)(
    "with a $pointer pointer Enter $enter, as the hint '$hint' says",
    async ({ pointer, hint, afterEnter, sent }) => {
      const restorePointer = withPointer(pointer);
      try {
        const added = onRemarkAdded([
          ok({ remark: saved }),
          ok({ remark: { ...saved, _id: 'r3', id: 'r3', comments: 'on line 2' } }),
        ]);
        const { user } = renderPanel();
        const box = screen.getByLabelText('Add a remark');
        expect(box).toHaveAccessibleDescription(hint);
        await enterText(user, box, 'Meter installed');
        await user.keyboard('{Enter}');
        await waitFor(() => expect(box).toHaveValue(afterEnter));
        await user.keyboard('on line 2');
        await user.click(screen.getByRole('button', { name: 'Send' }));
        await waitFor(() => expect(box).toHaveValue(''));
        expect(added.mock.calls.map(([request]) => formParts(request.body)[0]?.text)).toEqual(sent);
      } finally {
        restorePointer();
      }
    },
  );

  it("offers 'Take photo' with the back camera on a touch screen, sending the device's time of a photo without one", async () => {
    const restorePointer = withPointer('coarse');
    try {
      const added = onRemarkAdded(ok({ remark: saved }));
      const { user } = renderPanel();
      const camera = screen.getByLabelText<HTMLInputElement>('Photo from the camera');
      expect(camera).toHaveAttribute('capture', 'environment');
      expect(camera).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
      const click = jest.spyOn(camera, 'click');
      await user.click(screen.getByRole('button', { name: 'Take photo' }));
      expect(click).toHaveBeenCalled();
      await user.upload(
        camera,
        new File([new Uint8Array(4096)], 'image.jpg', { type: 'image/jpeg' }),
      );
      expect(
        await within(await screen.findByRole('list', { name: 'Selected images' })).findByText(
          'image.jpg',
        ),
      ).toBeInTheDocument();
      await enterText(user, screen.getByLabelText('Add a remark'), 'Bund photo');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(added).toHaveBeenCalled());
      // This browser gives no position: the device's clock alone, just before its photo.
      const parts = formParts(added.mock.calls[0]![0].body);
      expect(parts.map(({ name }) => name)).toEqual(['comments', 'deviceCapture', 'documents']);
      expect(JSON.parse(parts[1]!.text)).toEqual({
        capturedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
      });
    } finally {
      restorePointer();
    }
  });

  it("shows no 'Take photo' where there is no touch screen", () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: 'Take photo' })).not.toBeInTheDocument();
  });

  it('appends the saved remark, clears the input and scrolls to it after 50 ms', async () => {
    jest.useFakeTimers();
    const added = onRemarkAdded(ok({ remark: saved }));
    const { user, onGapChange } = renderPanel({}, true);
    const list = screen.getByRole('list', { name: 'Remarks' });
    let scrollTop = 0;
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 480 });
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => (scrollTop = value),
    });
    const photo = new File([new Uint8Array(2048)], 'meter.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image attachments'), photo);
    await enterText(user, screen.getByLabelText('Add a remark'), 'Meter installed');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(within(list).getByText('Meter installed')).toBeInTheDocument());
    expect(added).toHaveBeenCalledWith(
      expect.objectContaining({ params: { gapId: 'gap-1' }, search: { targetCompanyId: 'tc-1' } }),
    );
    expect(formParts(added.mock.calls[0]![0].body)).toEqual([
      { name: 'comments', text: 'Meter installed' },
      { name: 'documents', fileName: 'meter.png', text: '\u0000'.repeat(2048) },
    ]);
    expect(within(list).getByText('Lena Fischer')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Remarks/ })).toHaveTextContent('2');
    expect(screen.getByLabelText('Add a remark')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Selected images' })).not.toBeInTheDocument();
    expect(onGapChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ remark: [remark, saved] }),
    );

    expect(scrollTop).toBe(0);
    act(() => jest.advanceTimersByTime(49));
    expect(scrollTop).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(scrollTop).toBe(480);
  });
});

describe('GapDetailsPanel earlier remarks', () => {
  const onEarlierRemarks = (answer: ApiAnswer) => onApi('get', 'gap/:gapId/remarks', answer);
  /** Remark n of a long discussion, n from 1 (the oldest). */
  const nth = (n: number): Remark => ({
    ...remark,
    _id: `r-${n}`,
    id: `r-${n}`,
    comments: `Update number ${n}`,
    createdAt: new Date(2026, 2, 6, 9, n).toISOString(),
    docs: [],
  });
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => nth(from + i));
  /** The gap as the plan's answer gives it: its newest remarks, 44 and 45, of 45. */
  const longGap = () => makeGap({ remark: range(44, 45), remarkCount: 45 });

  it('counts every remark and offers the earlier ones above the newest', () => {
    renderPanel({ gap: longGap() });
    expect(screen.getByRole('tab', { name: /^Remarks/ })).toHaveTextContent('45');
    const list = screen.getByRole('list', { name: 'Remarks' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Update number 44'),
      expect.stringContaining('Update number 45'),
    ]);
    expect(screen.getByRole('button', { name: 'Show 43 earlier remarks' })).toBeInTheDocument();
  });

  it('puts the page before the one shown first above it, keeping the remarks read in place', async () => {
    const earlier = onEarlierRemarks(ok({ remarks: range(24, 43), earlier: 23, total: 45 }));
    const { user, onGapChange } = renderPanel({ gap: longGap() });
    const list = screen.getByRole('list', { name: 'Remarks' });
    // Each remark 100 px high; the reader is at the end of the list.
    Object.defineProperty(list, 'scrollHeight', {
      configurable: true,
      get: () => list.children.length * 100,
    });
    let scrollTop = 200;
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => (scrollTop = value),
    });
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier remarks' }));

    expect(await screen.findByText('Update number 24')).toBeInTheDocument();
    expect(earlier).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { gapId: 'gap-1' },
        search: { targetCompanyId: 'tc-1', before: 'r-44' },
      }),
    );
    const shown = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.vui-remark__comments')?.textContent);
    expect(shown).toEqual(range(24, 45).map((item) => item.comments));
    // The 20 remarks above push the two read down by 2,000 px: they stay where they were.
    expect(scrollTop).toBe(2200);
    expect(screen.getByRole('button', { name: 'Show 23 earlier remarks' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Remarks/ })).toHaveTextContent('45');
    expect(onGapChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ remark: range(24, 45), remarkCount: 45 }),
    );
  });

  it('keeps the earlier remarks read when the plan is read again with a new remark', async () => {
    onEarlierRemarks(ok({ remarks: range(24, 43), earlier: 23, total: 45 }));
    const { user, rerender } = renderPanel({ gap: longGap() });
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier remarks' }));
    expect(await screen.findByText('Update number 24')).toBeInTheDocument();

    // A live update: the server's gap carries its newest remarks, now 45 and 46 (say), of 46.
    rerender(
      <ToastProvider>
        <GapDetailsPanel
          gap={makeGap({ remark: range(45, 46), remarkCount: 46 })}
          targetCompanyId="tc-1"
          open
          onClose={jest.fn()}
          canChangeStatus
          canAddRemark
        />
      </ToastProvider>,
    );
    expect(await screen.findByText('Update number 46')).toBeInTheDocument();
    const shown = within(screen.getByRole('list', { name: 'Remarks' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.vui-remark__comments')?.textContent);
    expect(shown).toEqual(range(24, 46).map((item) => item.comments));
    expect(screen.getByRole('button', { name: 'Show 23 earlier remarks' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Remarks/ })).toHaveTextContent('46');
  });

  it('starts again from the newest when the server’s remarks do not meet those shown', async () => {
    onEarlierRemarks(ok({ remarks: range(24, 43), earlier: 23, total: 45 }));
    const { user, rerender } = renderPanel({ gap: longGap() });
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier remarks' }));
    expect(await screen.findByText('Update number 24')).toBeInTheDocument();
    rerender(
      <ToastProvider>
        <GapDetailsPanel
          gap={makeGap({ remark: range(70, 71), remarkCount: 71 })}
          targetCompanyId="tc-1"
          open
          onClose={jest.fn()}
          canChangeStatus
          canAddRemark
        />
      </ToastProvider>,
    );
    expect(await screen.findByText('Update number 71')).toBeInTheDocument();
    expect(screen.queryByText('Update number 24')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show 69 earlier remarks' })).toBeInTheDocument();
  });

  it('offers nothing more once the first remark is shown', async () => {
    onEarlierRemarks(ok({ remarks: range(1, 43), earlier: 0, total: 45 }));
    const { user } = renderPanel({ gap: longGap() });
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier remarks' }));
    expect(await screen.findByText('Update number 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /earlier remark/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Remarks' })).getAllByRole('listitem'),
    ).toHaveLength(45);
  });

  it('says why when the earlier remarks cannot be read, and keeps what is shown', async () => {
    onEarlierRemarks(fails(404, 'Not found'));
    const { user } = renderPanel({ gap: longGap() });
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier remarks' }));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show 43 earlier remarks' })).toBeEnabled();
    expect(
      within(screen.getByRole('list', { name: 'Remarks' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('offers no earlier remarks when the gap has them all', () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: /earlier remark/ })).not.toBeInTheDocument();
  });
});

describe('GapDetailsPanel withdrawals', () => {
  const withdrawnAt = new Date(2026, 2, 7, 9, 15).toISOString();
  const by = { fullname: 'Arjun Mehta', userId: 'u1' };
  const mine = (candidate: Remark) => candidate.user.userId === 'u1';

  it('offers no Withdraw where the user may withdraw nothing', () => {
    renderPanel({ canWithdrawRemark: () => false });
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    renderPanel();
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it('asks first, then leaves a trace of the withdrawn remark without its text or images', async () => {
    const withdrawn = onRemarkWithdrawn(
      ok({
        remark: {
          ...remark,
          comments: '',
          withdrawableUntil: null,
          withdrawn: { at: withdrawnAt, by },
          docs: [{ _id: 'd1', url: '', fileName: '', size: 0, withdrawn: { at: withdrawnAt, by } }],
        },
      }),
    );
    const { user, onGapChange } = renderPanel({ canWithdrawRemark: mine });
    await user.click(screen.getByRole('button', { name: 'Withdraw remark by Arjun Mehta' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw remark' });
    expect(dialog).toHaveTextContent('Its text and images are removed for everyone');
    expect(withdrawn).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const list = screen.getByRole('list', { name: 'Remarks' });
    expect(
      await within(list).findByText('Remark withdrawn by Arjun Mehta on 07/03/2026 09:15 AM'),
    ).toBeInTheDocument();
    expect(withdrawn).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { gapId: 'gap-1', remarkId: 'r1' },
        search: { targetCompanyId: 'tc-1' },
      }),
    );
    expect(within(list).queryByText('Meter ordered from the supplier')).not.toBeInTheDocument();
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Remarks/ })).toHaveTextContent('1');
    expect(await screen.findByText('Remark withdrawn')).toBeInTheDocument();
    expect(onGapChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        remark: [expect.objectContaining({ withdrawn: { at: withdrawnAt, by } })],
      }),
    );
  });

  it('withdraws one image after asking, showing it as withdrawn', async () => {
    const withdrawn = onImageWithdrawn(
      ok({
        remark: {
          ...remark,
          docs: [{ _id: 'd1', url: '', fileName: '', size: 0, withdrawn: { at: withdrawnAt, by } }],
        },
      }),
    );
    const { user } = renderPanel({ canWithdrawRemark: mine });
    await user.click(screen.getByRole('button', { name: 'Withdraw invoice.png' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw image' });
    expect(dialog).toHaveTextContent('Withdraw invoice.png? It is removed for everyone.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const list = screen.getByRole('list', { name: 'Remarks' });
    expect(await within(list).findByText('Attachment withdrawn')).toBeInTheDocument();
    expect(withdrawn).toHaveBeenCalledWith(
      expect.objectContaining({ params: { documentId: 'd1' } }),
    );
    expect(within(list).getByText('Meter ordered from the supplier')).toBeInTheDocument();
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });

  it('changes nothing when the question is cancelled', async () => {
    const withdrawn = onRemarkWithdrawn(ok({ remark }));
    const { user } = renderPanel({ canWithdrawRemark: mine });
    await user.click(screen.getByRole('button', { name: 'Withdraw remark by Arjun Mehta' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(withdrawn).not.toHaveBeenCalled();
    expect(screen.getByText('Meter ordered from the supplier')).toBeInTheDocument();
  });

  it("keeps the remark and shows the server's reason when it refuses", async () => {
    onRemarkWithdrawn(
      fails(403, 'The author can withdraw a remark or its images only within 24 hours of posting.'),
    );
    onSessionRefresh();
    const { user } = renderPanel({ canWithdrawRemark: mine });
    await user.click(screen.getByRole('button', { name: 'Withdraw remark by Arjun Mehta' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText(
        'The author can withdraw a remark or its images only within 24 hours of posting.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Meter ordered from the supplier')).toBeInTheDocument();
  });

  it('shows withdrawn remarks and images as they come from the server, accessibly', async () => {
    const { container } = renderPanel({
      canWithdrawRemark: mine,
      gap: makeGap({
        remark: [
          remark,
          {
            ...remark,
            _id: 'r0',
            id: 'r0',
            comments: '',
            withdrawn: { at: withdrawnAt, by: { fullname: 'Ola Owner', userId: 'u9' } },
            docs: [],
          },
        ],
      }),
    });
    expect(
      screen.getByText('Remark withdrawn by Ola Owner on 07/03/2026 09:15 AM'),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
