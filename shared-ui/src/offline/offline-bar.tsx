import { lazy, Suspense, useState } from 'react';
import { Button } from '../button';
import { OFFLINE_TEXT as text, decisionText, waitingText } from './offline-text';
import { useOfflineState, useOfflineWork } from './use-offline-work';
import './offline.css';

const OutboxDialog = lazy(() =>
  import('./outbox-dialog').then((module) => ({ default: module.OutboxDialog })),
);

export interface OfflineBarProps {
  userId: string;
}

/**
 * Under the header, for a user who keeps plans on this device: whether the device is offline, how
 * many changes wait in the outbox, and the outbox itself. Nothing at all for anyone else.
 */
export function OfflineBar({ userId }: OfflineBarProps) {
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
