import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '@verity/session';
import { Button } from '../button';
import { formatDate } from '../date-text';
import { OFFLINE_TEXT as text, keptSinceText, offlineCopyText } from './offline-text';
import { useOfflineState, useOfflineWork } from './use-offline-state';
import type { KeptPlan } from './offline-db';
import { keepOfflineText, type KeepPlanButtonProps } from './keep-plan-entry';
import { keepPlanOnDevice } from './kept-plans';
import './offline.css';

const NO_PLANS: KeptPlan[] = [];

/**
 * A plan's offline status for the user who keeps plans on this device: since when it is kept
 * (refreshed each time it is opened online), or 'Keep offline' for a plan not kept yet.
 */
export function KeptPlanStatus(props: KeepPlanButtonProps) {
  useLanguage();
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

  async function keep() {
    setBusy(true);
    if (await keepPlanOnDevice(props)) refreshed.current = true;
    setBusy(false);
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
      {keepOfflineText(busy)}
    </Button>
  );
}
