import { useLanguage } from '@verity/session';
import type { StatusHistoryEntry } from '@verity/shared-api';
import { DateText } from '../date-text';
import { EmptyState } from '../empty-state';
import { StatusBadge } from '../status-badge';
import { GAP_DETAILS_TEXT } from './gap-details-text';

export function StatusHistory({ entries }: { entries: readonly StatusHistoryEntry[] }) {
  useLanguage();
  if (entries.length === 0) return <EmptyState title={GAP_DETAILS_TEXT.noHistory} />;
  return (
    <ol className="vui-status-history" aria-label={GAP_DETAILS_TEXT.historyTab}>
      {entries.map((entry, index) => (
        <li key={`${entry.timestamp}-${index}`} className="vui-status-history__entry">
          <StatusBadge status={entry.status} />
          <DateText value={entry.timestamp} format="dateTime" />
        </li>
      ))}
    </ol>
  );
}
