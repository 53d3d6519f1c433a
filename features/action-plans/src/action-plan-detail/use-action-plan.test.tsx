import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, queryKeys } from '@verity/query';
import type { ActionPlanDetail } from '@verity/shared-api';
import { makeActionPlan, makeGap, makeStatistics, ok, onApi } from '@verity/shared-ui/src/testing';
import { useActionPlan } from './use-action-plan';

const existing = makeGap({ id: 'gap-1', KPI: 'Energy intensity per tonne', status: 'open' });
const added = makeGap({ id: 'gap-2', KPI: 'Stack emissions', status: 'open' });

function detail(gaps = [existing]): ActionPlanDetail {
  const { gaps: _gaps, ...actionPlan } = makeActionPlan({ overallStatus: 'open' });
  return {
    actionPlan,
    statistics: makeStatistics({ totalGaps: gaps.length }),
    gaps,
    changeHistory: [],
  };
}

function renderPlan() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(() => useActionPlan('plan-1', 'company-1'), { wrapper });
  return { client, ...rendered };
}

const gapIds = (state: ReturnType<typeof useActionPlan>['state']) =>
  state.status === 'ready' ? state.detail.gaps.map((gap) => gap.id) : [];

describe('useActionPlan', () => {
  it('puts a new gap at the front of the list', async () => {
    onApi('get', 'action-plan/:id', ok(detail()));
    const { result } = renderPlan();
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.addGap(added));
    await waitFor(() => expect(gapIds(result.current.state)).toEqual(['gap-2', 'gap-1']));
  });

  it('lists a new gap once when the plan was read again with it before its creation answered', async () => {
    // The second read (a live update of the creation, on a slow link ahead of the creation's own
    // answer) already has the gap.
    onApi('get', 'action-plan/:id', [ok(detail()), ok(detail([added, existing]))]);
    const { client, result } = renderPlan();
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    await act(() => client.refetchQueries());
    await waitFor(() => expect(gapIds(result.current.state)).toEqual(['gap-2', 'gap-1']));

    act(() => result.current.addGap(added));
    // What the screen shows next: the plan as kept.
    const kept = client.getQueriesData<ActionPlanDetail>({
      queryKey: queryKeys.actionPlan('plan-1'),
    })[0]?.[1];
    expect(kept?.gaps.map((gap) => gap.id)).toEqual(['gap-2', 'gap-1']);
    expect(kept?.statistics.totalGaps).toBe(2);
  });
});
