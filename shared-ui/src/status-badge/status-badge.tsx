import { useLanguage } from '@verity/session';
import { STATUS_COLORS, STATUS_LABELS, isStatusKey, type StatusKey } from '@verity/shared-api';
import { Badge, type BadgeTone } from '../badge';

const STATUS_TONES: Readonly<Record<StatusKey, BadgeTone>> = {
  ...STATUS_COLORS,
  pending: 'neutral',
  dropped: 'neutral',
};

export interface StatusBadgeProps {
  /** closed, provClosed, open, overdue or pending; anything else shows as given, neutral. */
  status: StatusKey | string;
}

/** A gap's or plan's status: its label in words, the status colour, and a dot. */
export function StatusBadge({ status }: StatusBadgeProps) {
  useLanguage();
  const known = isStatusKey(status);
  return (
    <Badge tone={known ? STATUS_TONES[status] : 'neutral'} dot data-status={status}>
      {known ? STATUS_LABELS[status] : status}
    </Badge>
  );
}
