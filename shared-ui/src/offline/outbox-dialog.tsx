import { useLanguage } from '@verity/session';
import { STATUS_LABELS, type Gap } from '@verity/shared-api';
import { Button } from '../button';
import { formatDate } from '../date-text';
import { Modal } from '../modal';
import { CHANGE_FIELD_LABELS } from '../gap-details/change-history-text';
import { clearSent, discard, sendAgain } from './send-outbox';
import { offlineStore, sendNow, useOffline } from './offline-store';
import { conflictOf, type OutboxEntry } from './outbox-entry';
import {
  OFFLINE_TEXT as text,
  decisionText,
  photoNamesText,
  statusChangeText,
  waitingText,
} from './offline-text';

export interface OutboxDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const stateText = (state: OutboxEntry['state']): string => text[state];

/** Every change made on this device, in the order it is sent, with where each stands. */
export function OutboxDialog({ open, onOpenChange }: OutboxDialogProps) {
  useLanguage();
  const entries = useOffline((state) => state.entries);
  const online = useOffline((state) => state.online);
  const waiting = entries.filter((entry) => entry.state === 'waiting').length;
  const held = entries.filter(
    (entry) => entry.state === 'conflict' || entry.state === 'refused',
  ).length;
  const anySent = entries.some((entry) => entry.state === 'sent');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={text.outboxTitle}
      description={
        [waiting > 0 ? waitingText(waiting) : '', held > 0 ? decisionText(held) : '']
          .filter(Boolean)
          .join(' · ') || text.outboxEmpty
      }
      size="lg"
      footer={
        <>
          {anySent ? (
            <Button variant="secondary" onClick={() => void clearSent()}>
              {text.clearSent}
            </Button>
          ) : null}
          {waiting > 0 && online ? (
            <Button onClick={() => void sendNow()}>{text.sendNow}</Button>
          ) : null}
        </>
      }
    >
      <ol className="vui-outbox" aria-label={text.outboxTitle}>
        {entries.map((entry) => (
          <OutboxItem key={entry.key} entry={entry} />
        ))}
      </ol>
    </Modal>
  );
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  useLanguage();
  const { change } = entry;
  return (
    <li className="vui-outbox__item" data-state={entry.state}>
      <div className="vui-outbox__head">
        <span className="vui-outbox__what">
          {change.kind === 'remark'
            ? text.remark
            : change.kind === 'closureRequest'
              ? text.closureRequest
              : statusChangeText(change.status)}
        </span>
        <span className="vui-outbox__gap" dir="auto">
          {entry.seen.gapName}
        </span>
        <span className="vui-outbox__state">{stateText(entry.state)}</span>
      </div>
      <p className="vui-outbox__when">
        <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, 'dateTime')}</time>
      </p>
      {change.kind === 'remark' ? (
        <>
          <p className="vui-outbox__text" dir="auto">
            {change.comments}
          </p>
          {change.photos.length > 0 ? (
            <p className="vui-outbox__photos">
              {photoNamesText(
                change.photos.length,
                change.photos.map((photo) => photo.name).join(', '),
              )}
            </p>
          ) : null}
        </>
      ) : change.kind === 'closureRequest' && change.note ? (
        <p className="vui-outbox__text" dir="auto">
          {change.note}
        </p>
      ) : null}
      {entry.state === 'refused' && entry.message ? (
        <p className="vui-outbox__message" role="note">
          {entry.message}
        </p>
      ) : null}
      {entry.state === 'conflict' && entry.now ? <Conflict entry={entry} now={entry.now} /> : null}
      {entry.state === 'refused' || entry.state === 'conflict' ? (
        <div className="vui-outbox__actions">
          <Button
            size="sm"
            onClick={() =>
              void sendAgain(entry).then(() => {
                if (offlineStore.getState().online) void sendNow();
              })
            }
          >
            {text.sendAgain}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void discard(entry)}>
            {text.discard}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The gap as the user saw it and as it is now, for what changed. */
function Conflict({ entry, now }: { entry: OutboxEntry; now: Gap }) {
  useLanguage();
  const found = conflictOf(entry, now);
  const rows: { label: string; before: string; after: string }[] = [];
  if (!found || found.status) {
    rows.push({
      label: text.status,
      before: STATUS_LABELS[entry.seen.displayStatus],
      after: STATUS_LABELS[now.displayStatus],
    });
  }
  for (const field of found?.fields ?? []) {
    rows.push({
      label: CHANGE_FIELD_LABELS[field],
      before: shown((entry.seen as Record<string, unknown>)[field]),
      after: shown((now as Record<string, unknown>)[field]),
    });
  }
  return (
    <div className="vui-outbox__conflict">
      <p>{text.conflictHint}</p>
      <table className="vui-outbox__versions">
        <thead>
          <tr>
            <th scope="col">
              <span className="vui-sr-only">{text.field}</span>
            </th>
            <th scope="col">{text.whenWritten}</th>
            <th scope="col">{text.now}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td dir="auto">{row.before}</td>
              <td dir="auto">{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDate(value, 'detail') : value;
  }
  return Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
}
