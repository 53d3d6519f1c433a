import { useEffect, useRef, useState } from 'react';
import { Button } from '../button';
import { formatDate } from '../date-text';
import { toast } from '../toast';
import { OFFLINE_TEXT as text, keptSinceText, offlineCopyText } from './offline-text';
import { loadOffline, useOfflineState, useOfflineWork } from './use-offline-work';
import type { KeptPlan } from './offline-db';
import './offline.css';

export interface KeepPlanButtonProps {
  userId: string;
  planId: string;
  targetCompanyId: string;
  heading: string;
  /** Addresses the plan needs offline that its page has not loaded yet (its evidence images). */
  extraAddresses: () => readonly string[];
  /** Loads the code the plan's page loads only on demand (the gap panel), so it is kept too. */
  prepare?: () => Promise<unknown>;
}

const NO_PLANS: KeptPlan[] = [];

/**
 * 'Keep offline' on a plan's page: its page, code, answers and evidence images stay on the device,
 * and say since when; refreshed each time the plan is opened online. Only where the browser has
 * service workers.
 */
export function KeepPlanButton(props: KeepPlanButtonProps) {
  const { userId, planId } = props;
  const offline = useOfflineWork(userId);
  const plans = useOfflineState(offline, (state) => state.plans, NO_PLANS);
  const online = useOfflineState(offline, (state) => state.online, true);
  const kept = plans.find((plan) => plan.planId === planId);
  const [busy, setBusy] = useState(false);
  const refreshed = useRef(false);
  const latest = useRef(props);
  latest.current = props;

  // Opened online while kept: its copy is brought up to date.
  useEffect(() => {
    if (!offline || !kept || !online || refreshed.current) return;
    refreshed.current = true;
    const current = latest.current;
    void (async () => {
      await current.prepare?.();
      await offline.keepPlan({ ...current, extraAddresses: current.extraAddresses() });
    })().catch(() => undefined);
  }, [offline, kept, online]);

  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;

  async function keep() {
    setBusy(true);
    try {
      await props.prepare?.();
      const module = await loadOffline();
      await module.keepPlan({ ...props, extraAddresses: props.extraAddresses() });
      refreshed.current = true;
      toast.success(text.keptToast);
    } catch {
      toast.error(text.keepFailed);
    } finally {
      setBusy(false);
    }
  }

  if (kept && offline) {
    const when = formatDate(kept.savedAt, 'dateTime');
    return (
      <span className="vui-kept-plan">
        <span className="vui-kept-plan__since">
          {online ? keptSinceText(when) : offlineCopyText(when)}
        </span>
        {online ? (
          <Button variant="ghost" size="sm" onClick={() => void offline.stopKeepingPlan(planId)}>
            {text.stopKeeping}
          </Button>
        ) : null}
      </span>
    );
  }
  return (
    <Button variant="secondary" onClick={() => void keep()} loading={busy}>
      {busy ? text.keeping : text.keepOffline}
    </Button>
  );
}
