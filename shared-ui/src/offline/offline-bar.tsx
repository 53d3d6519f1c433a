import { lazy, Suspense, useState } from 'react';
import { useLanguage } from '@verity/session';
import { Button } from '../button';
import { OFFLINE_TEXT as text, decisionText, waitingText } from './offline-text';
import { useOfflineState, useOfflineWork } from './use-offline-state';
import './offline.css';

const OutboxDialog = lazy(() =>
  import('./outbox-dialog').then((module) => ({ default: module.OutboxDialog })),
);

/** The offline bar's content, for the user who keeps plans on this device (offline-entry-points.tsx). */
export function OutboxBar({ userId }: { userId: string }) {
  useLanguage();
  const offline = useOfflineWork(userId);
  const online = useOfflineState(offline, (state) => state.online, true);
  const entries = useOfflineState(offline, (state) => state.entries, NO_ENTRIES);
  const outcome = useOfflineState(offline, (state) => state.outcome, undefined);
  const [open, setOpen] = useState(false);
  if (!offline) return null;
  const waiting = entries.filter((entry) => entry.state === 'waiting').length;
  const held = entries.filter(
    (entry) => entry.state === 'conflict' || entry.state === 'refused',
  ).length;
  if (online && waiting === 0 && held === 0 && !open) return null;
  return (
    <div className="vui-offline-bar" role="status" data-online={online ? 'true' : 'false'}>
      {online ? null : <strong className="vui-offline-bar__offline">{text.offline}</strong>}
      <span className="vui-offline-bar__count">
        {[
          waiting > 0 ? waitingText(waiting) : online ? '' : text.offlineHint,
          held > 0 ? decisionText(held) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {outcome === 'signed-out' && waiting > 0 ? (
        <span className="vui-offline-bar__hint">{text.signInAgain}</span>
      ) : null}
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {text.showOutbox}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <OutboxDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

const NO_ENTRIES: never[] = [];
