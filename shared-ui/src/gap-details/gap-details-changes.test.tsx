// The Gap Details panel's Change History tab, and the version its writes send: a status change made
// on a gap someone changed since is refused (409) with the server's words and undone.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeEntry, Gap, Remark } from '@verity/shared-api';
import { fails, makeGap, ok, onApi, enterText } from '../testing';
import { ToastProvider } from '../toast';
import { GapDetailsPanel } from './gap-details-panel';

const STALE =
  'This gap was changed by Clara Owner at 06/03/2026 02:30 PM UTC. Reload to see the change.';

const created: ChangeEntry = {
  id: 'c1',
  field: 'created',
  oldValue: null,
  newValue: { KPI: 'Energy intensity per tonne' },
  reason: null,
  changedBy: { name: 'Aditi Auditor', userType: 'auditor', role: 'owner' },
  changedAt: new Date(2026, 2, 1, 9, 0).toISOString(),
};

const statusChanged: ChangeEntry = {
  id: 'c2',
  field: 'status',
  oldValue: 'open',
  newValue: 'closed',
  reason: null,
  changedBy: { name: 'Clara Owner', userType: 'client', role: 'owner' },
  changedAt: new Date(2026, 2, 6, 14, 30).toISOString(),
};

const gap = (overrides: Partial<Gap> = {}) =>
  makeGap({ version: 3, changeHistory: [created], ...overrides });

function renderPanel(initial: Gap = gap()) {
  const onGapChange = jest.fn();
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <GapDetailsPanel
        gap={initial}
        targetCompanyId="tc-1"
        open
        onClose={() => {}}
        canChangeStatus
        canAddRemark
        onGapChange={onGapChange}
      />
    </ToastProvider>,
  );
  return { user, onGapChange };
}

const changesTab = () => screen.getByRole('tab', { name: /^Change History/ });

describe('GapDetailsPanel change history', () => {
  it('has a third tab, Change History, with its count, listing the entries', async () => {
    const { user } = renderPanel(gap({ changeHistory: [statusChanged, created] }));
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    expect(tabs[0]).toHaveAccessibleName('Remarks (0)');
    expect(tabs[1]).toHaveAccessibleName('Status History (1)');
    expect(tabs[2]).toHaveAccessibleName('Change History (2)');
    await user.click(changesTab());
    const list = screen.getByRole('list', { name: 'Change History' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Open→ changed to Closed'),
      expect.stringContaining('Gap created'),
    ]);
  });

  it('sends the version the user saw with a status change and shows the history the server gives back', async () => {
    const changed = onApi(
      'patch',
      'gap/:gapId/status',
      ok({
        gap: gap({
          status: 'closed',
          displayStatus: 'closed',
          version: 4,
          changeHistory: [statusChanged, created],
        }),
      }),
    );
    const { user, onGapChange } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Close');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(changed).toHaveBeenCalledWith(
      expect.objectContaining({ body: { status: 'closed', version: 3 } }),
    );
    expect(changesTab()).toHaveTextContent('2');
    expect(onGapChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ status: 'closed', version: 4 }),
    );
  });

  it("undoes a status change refused as stale and shows the server's words in one error", async () => {
    onApi('patch', 'gap/:gapId/status', fails(409, STALE));
    const { user } = renderPanel();
    await user.selectOptions(screen.getByLabelText('Status'), 'Prov Close');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Status')).toBeEnabled());
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Open');
    expect(screen.getByRole('tab', { name: /^Status History/ })).toHaveTextContent('1');
    expect(screen.queryByText('Status updated successfully')).not.toBeInTheDocument();
    expect(screen.getAllByText(STALE)).toHaveLength(1);
  });

  it('takes the new version from a remark it sends, so the next status change is not refused', async () => {
    const saved: Remark = {
      _id: 'r9',
      id: 'r9',
      comments: 'Meters installed',
      createdAt: new Date(2026, 2, 7).toISOString(),
      withdrawableUntil: null,
      withdrawn: null,
      user: { userType: 'client', fullname: 'Clara Owner', userId: 'u1', role: 'owner' },
      docs: [],
    };
    const remarkAdded: ChangeEntry = {
      ...statusChanged,
      id: 'c3',
      field: 'remark',
      oldValue: null,
      newValue: { remarkId: 'r9', attachments: 0 },
    };
    onApi(
      'patch',
      'gap/:gapId/remark',
      ok({
        remark: saved,
        gap: { id: 'gap-1', version: 4, changeHistory: [remarkAdded, created] },
      }),
    );
    const changed = onApi('patch', 'gap/:gapId/status', ok({ gap: gap({ version: 5 }) }));
    const { user } = renderPanel();
    await enterText(user, screen.getByLabelText('Add a remark'), 'Meters installed');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Meters installed')).toBeInTheDocument();
    expect(changesTab()).toHaveTextContent('2');
    await user.selectOptions(screen.getByLabelText('Status'), 'Close');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(changed).toHaveBeenCalledWith(
        expect.objectContaining({ body: { status: 'closed', version: 4 } }),
      ),
    );
  });
});

describe('GapDetailsPanel earlier changes', () => {
  /** Change n of a long history, n from 1 (the oldest), newest first when listed. */
  const nth = (n: number): ChangeEntry => ({
    ...statusChanged,
    id: `c-${n}`,
    field: 'recommendation',
    oldValue: `Step ${n - 1}`,
    newValue: `Step ${n}`,
    changedAt: new Date(2026, 2, 6, 9, n).toISOString(),
  });
  const newestFirst = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => nth(from - i));
  const shownSteps = () =>
    within(screen.getByRole('list', { name: 'Change History' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-kind="new"]')?.textContent);

  it('counts every change and shows the earlier ones under the newest on request', async () => {
    const earlier = onApi(
      'get',
      'gap/:gapId/changes',
      ok({ changes: newestFirst(43, 24), earlier: 23, total: 45 }),
    );
    const { user, onGapChange } = renderPanel(
      gap({ changeHistory: newestFirst(45, 44), changeCount: 45 }),
    );
    expect(changesTab()).toHaveTextContent('45');
    await user.click(changesTab());
    expect(shownSteps()).toEqual(['Step 45', 'Step 44']);
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier changes' }));

    await waitFor(() => expect(shownSteps()).toHaveLength(22));
    expect(shownSteps()).toEqual(newestFirst(45, 24).map((entry) => entry.newValue));
    expect(earlier).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'tc-1', before: 'c-44' } }),
    );
    expect(screen.getByRole('button', { name: 'Show 23 earlier changes' })).toBeInTheDocument();
    expect(onGapChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ changeHistory: newestFirst(45, 24), changeCount: 45 }),
    );
  });

  it('keeps the earlier changes read when a remark write answers with the newest', async () => {
    onApi(
      'get',
      'gap/:gapId/changes',
      ok({ changes: newestFirst(43, 24), earlier: 23, total: 45 }),
    );
    const remarkAdded: ChangeEntry = {
      ...nth(46),
      field: 'remark',
      oldValue: null,
      newValue: { remarkId: 'r9', attachments: 0 },
    };
    const saved: Remark = {
      _id: 'r9',
      id: 'r9',
      comments: 'Meter fitted',
      createdAt: new Date(2026, 2, 7).toISOString(),
      withdrawableUntil: null,
      withdrawn: null,
      user: { userType: 'auditor', fullname: 'Lena Fischer', userId: 'u2', role: 'admin' },
      docs: [],
    };
    onApi(
      'patch',
      'gap/:gapId/remark',
      ok({
        remark: saved,
        gap: {
          id: 'gap-1',
          version: 4,
          changeHistory: [remarkAdded, ...newestFirst(45, 27)],
          changeCount: 46,
        },
      }),
    );
    const { user } = renderPanel(gap({ changeHistory: newestFirst(45, 44), changeCount: 45 }));
    await user.click(changesTab());
    await user.click(screen.getByRole('button', { name: 'Show 43 earlier changes' }));
    await waitFor(() => expect(shownSteps()).toHaveLength(22));

    await user.click(screen.getByRole('tab', { name: /^Remarks/ }));
    await enterText(user, screen.getByLabelText('Add a remark'), 'Meter fitted');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(changesTab()).toHaveTextContent('46'));
    await user.click(changesTab());
    // The answer's 20 newest, then the earlier ones read before: none repeated, none missing.
    expect(shownSteps()).toHaveLength(23);
    expect(screen.getByRole('button', { name: 'Show 23 earlier changes' })).toBeInTheDocument();
  });

  it('offers no earlier changes when the gap has them all', async () => {
    const { user } = renderPanel(gap({ changeHistory: [statusChanged, created] }));
    await user.click(changesTab());
    expect(screen.queryByRole('button', { name: /earlier change/ })).not.toBeInTheDocument();
  });
});
