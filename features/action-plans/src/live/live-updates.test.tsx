import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { AreaQueryProvider, notificationKeys } from '@verity/query';
import { recordingClient } from '@verity/session/src/testing';
import {
  FRESH_DASHBOARDS_MS,
  getClientDashboard,
  getTargetCompanyDashboard,
  getUnreadCount,
} from '@verity/shared-api/calls';
import type { ActionPlanDetail, ChangeEntry, Gap, LiveChange } from '@verity/shared-api';
import {
  makeActionPlan,
  makeGap,
  makeStatistics,
  ok,
  onApi,
  renderScreen,
  testUser,
} from '@verity/shared-ui/src/testing';
import { ActionPlanDetailScreen, GAP_ID_PARAM } from '../action-plan-detail';
import { applyChange, LiveUpdates } from './live-updates';

/** The browser's EventSource at the network edge: the test opens each stream and sends on it. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(name: string, data: unknown) {
    const event = new MessageEvent(name, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}

const PLAN_PATH = '/target-company/audits/audit-1/action-plans/plan-1';
const ASHA = { name: 'Asha Rao', userType: 'auditor', role: 'owner' } as const;

const before = makeGap({ id: 'gap-1', gapName: 'Wastewater discharge', status: 'open' });
const closedEntry: ChangeEntry = {
  id: 'entry-2',
  field: 'status',
  oldValue: 'open',
  newValue: 'closed',
  reason: null,
  changedBy: ASHA,
  changedAt: '2026-11-27T09:30:00.000Z',
};

function planWith(gap: Gap): ActionPlanDetail {
  const { gaps: _gaps, ...actionPlan } = makeActionPlan({ actionPlanHeading: 'Water' });
  return {
    actionPlan,
    statistics: makeStatistics({ totalGaps: 1 }),
    gaps: [gap],
    changeHistory: [],
  };
}

const change = (changedBy: string): LiveChange => ({
  actionPlanId: 'plan-1',
  gapId: 'gap-1',
  version: 2,
  changedBy,
  targetCompanyId: 'company-1',
});

function renderPlan(path = PLAN_PATH) {
  return renderScreen(
    <>
      <LiveUpdates />
      <ActionPlanDetailScreen
        actionPlanId="plan-1"
        targetCompanyId="company-1"
        auditId="audit-1"
        permissions={{
          canChangeStatus: false,
          canAddRemark: true,
          canAddGap: false,
          canEditGap: false,
        }}
      />
    </>,
    { path, user: testUser({ _id: 'company-user', userType: 'targetCompany' }) },
  );
}

let plan: jest.Mock;
beforeEach(() => {
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  const after = makeGap({
    ...before,
    status: 'closed',
    displayStatus: 'closed',
    version: 2,
    changeHistory: [closedEntry],
  });
  // The plan as first read, then as it is after Asha Rao closed the gap.
  plan = onApi('get', 'action-plan/:id', [ok(planWith(before)), ok(planWith(after))]);
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'EventSource');
});

describe('live updates on a plan', () => {
  it('reads the plan again when someone else changes it, and says who changed what', async () => {
    renderPlan();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Open')).toBeInTheDocument();
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/v1/events');
    expect(stream?.init).toEqual({ withCredentials: true });

    act(() => {
      stream!.open();
      stream!.send('change', change('asha'));
    });

    expect(await screen.findByText('Asha Rao closed “Wastewater discharge”')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Closed')).toBeInTheDocument();
    expect(plan).toHaveBeenCalledTimes(2);
  });

  it('toasts a burst of one author’s changes to the plan once (a bulk change is one event per gap)', async () => {
    renderPlan();
    await screen.findByRole('table');
    act(() => {
      FakeEventSource.opened[0]!.open();
      FakeEventSource.opened[0]!.send('change', change('asha'));
      FakeEventSource.opened[0]!.send('change', { ...change('asha'), version: 3 });
    });
    expect(await screen.findByText('Asha Rao closed “Wastewater discharge”')).toBeInTheDocument();
    await waitFor(() => expect(plan.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText('Asha Rao closed “Wastewater discharge”')).toHaveLength(1);
  });

  it('reads its own change again without a toast', async () => {
    renderPlan();
    await screen.findByRole('table');
    act(() => FakeEventSource.opened[0]!.send('change', change('company-user')));
    await waitFor(() => expect(plan).toHaveBeenCalledTimes(2));
    expect(await within(screen.getByRole('table')).findByText('Closed')).toBeInTheDocument();
    expect(screen.queryByText(/Asha Rao/)).not.toBeInTheDocument();
  });

  it('never overwrites a remark being typed in the open gap', async () => {
    const user = userEvent.setup();
    renderPlan(`${PLAN_PATH}?${GAP_ID_PARAM}=gap-1`);
    const remark = await screen.findByRole('textbox', { name: 'Add a remark' });
    await user.type(remark, 'Flow meter installed on outfall');

    act(() => FakeEventSource.opened[0]!.send('change', change('asha')));

    expect(await screen.findByText('Asha Rao closed “Wastewater discharge”')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a remark' })).toHaveValue(
      'Flow meter installed on outfall',
    );
  });

  it('closes the stream when the area goes', async () => {
    const { unmount } = renderPlan();
    await screen.findByRole('table');
    const [stream] = FakeEventSource.opened;
    unmount();
    expect(stream!.readyState).toBe(2);
  });

  it('has the dashboards read afresh after a change, not as an API process kept them', async () => {
    const { client, requests } = recordingClient(() => Response.json({ success: true, data: {} }));
    const change: LiveChange = {
      actionPlanId: 'plan-1',
      gapId: 'gap-1',
      version: 3,
      changedBy: 'someone-else',
      targetCompanyId: 'company-1',
    };
    // Past any change the tests above applied.
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + FRESH_DASHBOARDS_MS + 1);
    await applyChange(new QueryClient(), change, testUser()._id);
    await getClientDashboard(client);
    await getTargetCompanyDashboard('company-1', client);
    expect(requests.map((request) => request.headers.get('cache-control'))).toEqual([
      'no-cache',
      'no-cache',
    ]);
    jest.restoreAllMocks();
  });
});

/** The header's bell as the shell holds it: its count in the frame's query client, outside the area's. */
function FrameBell() {
  const unread = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () => getUnreadCount(),
  }).data;
  return <p>{unread === undefined ? 'Bell loading' : `Bell: ${unread} unread`}</p>;
}

describe('live updates of the header bell', () => {
  /** The shell's frame (renderScreen's client) with its bell, and the area inside with its own client. */
  function renderFrame() {
    const result = renderScreen(
      <>
        <FrameBell />
        <AreaQueryProvider>
          <LiveUpdates />
        </AreaQueryProvider>
      </>,
      { path: '/client/portfolio', user: testUser({ _id: 'client-owner' }) },
    );
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.open());
    return { ...result, stream };
  }

  it('reads the bell again when the stream says it has something new', async () => {
    const count = onApi('get', 'notifications/unread-count', [
      ok({ unread: 0 }),
      ok({ unread: 1 }),
    ]);
    const { stream } = renderFrame();
    expect(await screen.findByText('Bell: 0 unread')).toBeInTheDocument();
    expect(stream.url).toBe('/api/v1/events');

    act(() => stream.send('notice', {}));

    expect(await screen.findByText('Bell: 1 unread')).toBeInTheDocument();
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('reads the bell again after a break in the stream', async () => {
    const count = onApi('get', 'notifications/unread-count', [
      ok({ unread: 0 }),
      ok({ unread: 2 }),
    ]);
    const { stream } = renderFrame();
    expect(await screen.findByText('Bell: 0 unread')).toBeInTheDocument();

    act(() => stream.send('resync', {}));

    expect(await screen.findByText('Bell: 2 unread')).toBeInTheDocument();
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('leaves the bell alone for a change to a plan', async () => {
    const count = onApi('get', 'notifications/unread-count', [
      ok({ unread: 0 }),
      ok({ unread: 1 }),
    ]);
    const { stream } = renderFrame();
    expect(await screen.findByText('Bell: 0 unread')).toBeInTheDocument();

    act(() => {
      stream.send('change', change('asha'));
      stream.send('notice', {});
    });

    expect(await screen.findByText('Bell: 1 unread')).toBeInTheDocument();
    expect(count).toHaveBeenCalledTimes(2);
  });
});
