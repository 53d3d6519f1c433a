import { screen, waitFor } from '@testing-library/react';
import { ok, onApi, renderScreen, testUser } from '../testing';
import { GapIncidents } from './gap-incidents';

const incident = {
  id: 'incident-1',
  targetCompanyId: 'company-1',
  targetCompanyName: 'Acme Steel Ltd',
  category: 'spillOrRelease',
  severity: 'high',
  occurredAt: '2026-11-30T07:40:00.000Z',
  location: 'Tank farm bund 3',
  peopleAffected: 0,
  reportedAt: '2026-11-30T09:00:00.000Z',
  rootCauseSubmittedAt: null,
  closedAt: null,
  clocks: {
    notifyDueOn: '2026-12-03',
    notifiedInTime: true,
    rootCauseDueOn: '2026-12-30',
    rootCauseLate: false,
    rootCauseDaysLeft: 26,
  },
};

describe('GapIncidents', () => {
  it("links each incident the gap answers to its page in the reader's area", async () => {
    onApi('get', 'gap/gap-1/incidents', ok({ incidents: [incident] }));
    renderScreen(<GapIncidents gapId="gap-1" />, { user: testUser() });
    expect(
      await screen.findByRole('link', {
        name: 'Spill or release on 30/11/2026 at Tank farm bund 3',
      }),
    ).toHaveAttribute('href', '/client/target-companies/company-1/incidents/incident-1');
    expect(screen.getByRole('region', { name: 'Corrective action of' })).toBeVisible();
  });

  it('shows nothing for a gap that answers no incident', async () => {
    const asked = onApi('get', 'gap/gap-2/incidents', ok({ incidents: [] }));
    const { container } = renderScreen(<GapIncidents gapId="gap-2" />, {
      user: testUser({ userType: 'targetCompany', clientId: undefined }),
    });
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
