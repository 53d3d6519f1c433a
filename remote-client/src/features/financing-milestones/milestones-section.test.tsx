import { act, screen, waitFor } from '@testing-library/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getCompanyMilestones } from '@verity/shared-api/calls';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { MILESTONE_MESSAGES } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import {
  calendarOf,
  fails,
  ok,
  onApi,
  renderScreen,
  testUser,
} from '@verity/shared-ui/src/testing';
import { MilestonesSection, milestonesKey } from './milestones-section';

const owner = testUser({ role: 'owner' });
const standard = (reachedOn: string | null = null) => [
  { name: 'Financial close', reachedOn, standard: true },
  { name: 'First disbursement', reachedOn: null, standard: true },
];

/** Waits for the save to send these milestones. */
const sentMilestones = (
  saved: jest.Mock,
  milestones: { name: string; reachedOn: string | null }[],
) =>
  waitFor(() =>
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ body: { milestones } })),
  );

describe('MilestonesSection', () => {
  it('lets the client set the financial close date and name a milestone of its own', async () => {
    onApi('get', 'target-company/:id/milestones', ok({ milestones: standard(), canManage: true }));
    const saved = onApi(
      'put',
      'target-company/:id/milestones',
      ok({
        milestones: [
          ...standard('2026-03-31'),
          { name: 'Commercial operation date', reachedOn: null, standard: false },
        ],
        canManage: true,
      }),
    );
    const user = userEvent.setup();
    const { container } = renderScreen(<MilestonesSection targetCompanyId="c1" />, { user: owner });
    const close = await screen.findByLabelText('Financial close date');
    expect(await axe(container)).toHaveNoViolations();
    await user.type(close, '2026-03-31');
    await user.click(screen.getByRole('button', { name: MILESTONE_MESSAGES.addMilestone }));
    await user.type(screen.getByLabelText('Milestone'), 'Commercial operation date');
    await user.click(screen.getByRole('button', { name: MILESTONE_MESSAGES.save }));
    await sentMilestones(saved, [
      { name: 'Financial close', reachedOn: '2026-03-31' },
      { name: 'First disbursement', reachedOn: null },
      { name: 'Commercial operation date', reachedOn: null },
    ]);
    expect(await screen.findByText(MILESTONE_MESSAGES.saved)).toBeVisible();
  });

  it('shows the dates without a form to those who may not set them', async () => {
    onApi(
      'get',
      'target-company/:id/milestones',
      ok({ milestones: standard('2026-03-31'), canManage: false }),
    );
    renderScreen(<MilestonesSection targetCompanyId="c1" />, {
      user: testUser({ role: 'viewer' }),
    });
    expect(await screen.findByText('Mar 31, 2026')).toBeVisible();
    expect(screen.getByText(MILESTONE_MESSAGES.notReached)).toBeVisible();
    expect(screen.queryByRole('button', { name: MILESTONE_MESSAGES.save })).toBeNull();
  });

  it('names the standard milestones in the language in use, and saves them by their stored names', async () => {
    onApi('get', 'target-company/:id/milestones', ok({ milestones: standard(), canManage: true }));
    const saved = onApi(
      'put',
      'target-company/:id/milestones',
      ok({ milestones: standard('2026-03-31'), canManage: true }),
    );
    const user = userEvent.setup();
    await act(() => switchLanguage('fr'));
    try {
      renderScreen(<MilestonesSection targetCompanyId="c1" />, { user: owner });
      expect(await screen.findByText('Closing financier')).toBeVisible();
      expect(screen.getByText('Premier décaissement')).toBeVisible();
      await user.type(screen.getByLabelText('Date (Closing financier)'), '2026-03-31');
      await user.click(screen.getByRole('button', { name: MILESTONE_MESSAGES.save }));
      await sentMilestones(saved, [
        { name: 'Financial close', reachedOn: '2026-03-31' },
        { name: 'First disbursement', reachedOn: null },
      ]);
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it("keeps what the client typed when the milestones are read again with a colleague's among them", async () => {
    // The second read brings a milestone a colleague saved meanwhile.
    const read = onApi('get', 'target-company/:id/milestones', [
      ok({ milestones: standard(), canManage: true }),
      ok({
        milestones: [
          ...standard(),
          { name: 'Commercial operation date', reachedOn: '2026-09-30', standard: false },
        ],
        canManage: true,
      }),
    ]);
    /** Reads every query again, as a change seen elsewhere does, and says how many milestones came. */
    let readAgain = () => Promise.resolve();
    function ReadAgain() {
      const queryClient = useQueryClient();
      readAgain = () => queryClient.invalidateQueries();
      const read = useQuery({
        queryKey: milestonesKey('c1'),
        queryFn: () => getCompanyMilestones('c1'),
      });
      return <output>{read.data?.milestones.length} milestones read</output>;
    }
    const user = userEvent.setup();
    renderScreen(
      <>
        <MilestonesSection targetCompanyId="c1" />
        <ReadAgain />
      </>,
      { user: owner },
    );
    const close = await screen.findByLabelText('Financial close date');
    await user.type(close, '2026-03-31');
    await act(() => readAgain());
    expect(await screen.findByText('3 milestones read')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(2);
    expect(calendarOf(close)).toHaveValue('2026-03-31');
    expect(screen.queryByDisplayValue('Commercial operation date')).toBeNull();
  });

  it('says why a save was refused and keeps what was typed', async () => {
    onApi('get', 'target-company/:id/milestones', ok({ milestones: standard(), canManage: true }));
    onApi('put', 'target-company/:id/milestones', fails(409, MILESTONE_MESSAGES.inUse('COD', 2)));
    const user = userEvent.setup();
    renderScreen(<MilestonesSection targetCompanyId="c1" />, { user: owner });
    const close = await screen.findByLabelText('Financial close date');
    await user.type(close, '2026-03-31');
    await user.click(screen.getByRole('button', { name: MILESTONE_MESSAGES.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MILESTONE_MESSAGES.inUse('COD', 2));
    expect(calendarOf(close)).toHaveValue('2026-03-31');
    expect(close).toHaveValue('31/03/2026');
  });
});
