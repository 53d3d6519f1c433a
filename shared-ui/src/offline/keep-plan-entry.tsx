// What a plan's first screen carries of offline work: one localStorage read and a button. A kept
// plan's status loads only for the user who keeps plans on this device
// (docs/decisions/0101-offline-field-app.md).
import { lazy, Suspense, useState } from 'react';
import { useLanguage } from '@verity/session';
import { Button } from '../button';
import { t } from '../texts';
import { loadOffline, useKeepsOffline } from './use-offline-work';

const KeptPlanStatus = lazy(() =>
  import('./keep-plan-button').then((module) => ({ default: module.KeptPlanStatus })),
);

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

/** 'Keep offline', and while the plan is being kept, 'Keeping offline…'. */
export const keepOfflineText = (busy: boolean): string =>
  busy ? t('ui.offline.keeping') : t('ui.offline.keepOffline');

/**
 * 'Keep offline' on a plan's page, where the browser has service workers; for a user who keeps
 * plans here, the plan's offline status instead (loaded then).
 */
export function KeepPlanButton(props: KeepPlanButtonProps) {
  useLanguage();
  const keeps = useKeepsOffline(props.userId);
  const [busy, setBusy] = useState(false);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (keeps) {
    return (
      <Suspense fallback={null}>
        <KeptPlanStatus {...props} />
      </Suspense>
    );
  }
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void loadOffline()
          .then((module) => module.keepPlanOnDevice(props))
          .finally(() => setBusy(false));
      }}
    >
      {keepOfflineText(busy)}
    </Button>
  );
}
