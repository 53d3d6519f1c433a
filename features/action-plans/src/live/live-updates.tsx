import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationKeys, queryKeys, useFrameQueryClient } from '@verity/query';
import { useSession } from '@verity/session';
import {
  LIVE_CHANGE_EVENT,
  LIVE_EVENTS_PATH,
  LIVE_NOTICE_EVENT,
  LIVE_RESYNC_EVENT,
  type ActionPlanDetail,
  type LiveChange,
} from '@verity/shared-api';
import { readDashboardsFresh } from '@verity/shared-api/calls';
import { toast } from '@verity/shared-ui';
import { liveChangeText } from './live-texts';
import { followServerEvents } from './server-events';

function parseChange(data: string): LiveChange | undefined {
  try {
    const change = JSON.parse(data) as Partial<LiveChange>;
    return typeof change.actionPlanId === 'string' && typeof change.targetCompanyId === 'string'
      ? (change as LiveChange)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads again, through the normal routes, everything on screen that shows the plan: the plan
 * itself, plan lists, audits, dashboards and the portfolio (a query not on screen is only marked
 * stale). Then, for someone else's change to a plan on screen, a quiet toast says who did what.
 */
export async function applyChange(
  queryClient: QueryClient,
  change: LiveChange,
  ownUserId: string | undefined,
  /** The number of the latest event of each plan and author (per area). */
  latest: Map<string, number> = new Map(),
): Promise<void> {
  // A bulk change of many gaps comes as one burst of events, one per gap (decision 0087): only the
  // burst's last event toasts, once the plan it reads again is the newest.
  const key = `${change.actionPlanId} ${change.changedBy}`;
  const ticket = (latest.get(key) ?? 0) + 1;
  latest.set(key, ticket);
  // The API process asked may not have heard of the change yet.
  readDashboardsFresh();
  const planKey = queryKeys.actionPlan(change.actionPlanId);
  const onScreen = queryClient.getQueryCache().findAll({ queryKey: planKey, type: 'active' });
  await Promise.all(
    [
      planKey,
      queryKeys.actionPlans(),
      queryKeys.myActions(),
      queryKeys.audits(),
      queryKeys.dashboard(),
      queryKeys.portfolio(),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
  if (change.changedBy === ownUserId || latest.get(key) !== ticket) return;
  const text = liveChangeText(onScreen[0]?.state.data as ActionPlanDetail | null, change);
  if (text) toast.message(text);
}

/**
 * The header bell reads its count and list again (they live in the frame's query client, the
 * shell's): its count is on screen, so read at once; the list, when the panel is closed, only
 * marked stale (docs/decisions/0107-the-bell-live.md).
 */
export function refreshBell(frameClient: QueryClient | undefined): void {
  if (!frameClient) return;
  for (const queryKey of [notificationKeys.unreadCount(), notificationKeys.list()])
    void frameClient.invalidateQueries({ queryKey });
}

/**
 * Mounted once in each area, inside its query client: follows the stream of changes
 * (docs/decisions/0054-live-updates.md) and of the bell's new notices.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const frameClient = useFrameQueryClient();
  const ownUserId = useSession((state) => state.user?._id);
  const latest = useRef(new Map<string, number>());
  useEffect(() => {
    const readAllAgain = () => {
      readDashboardsFresh();
      void queryClient.invalidateQueries();
      refreshBell(frameClient);
    };
    return followServerEvents(
      {
        onEvent(name, data) {
          if (name === LIVE_NOTICE_EVENT) {
            refreshBell(frameClient);
            return;
          }
          if (name === LIVE_RESYNC_EVENT) {
            readAllAgain();
            return;
          }
          const change = parseChange(data);
          if (change) void applyChange(queryClient, change, ownUserId, latest.current);
        },
        onStale: readAllAgain,
      },
      {
        path: LIVE_EVENTS_PATH,
        eventNames: [LIVE_CHANGE_EVENT, LIVE_NOTICE_EVENT, LIVE_RESYNC_EVENT],
      },
    );
  }, [queryClient, frameClient, ownUserId]);
  return null;
}
