import { REPORT_STATE_LABELS, type ReportState } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { Badge, type BadgeTone } from '@verity/shared-ui';

const TONES: Readonly<Record<ReportState, BadgeTone>> = {
  due: 'blue',
  late: 'red',
  underReview: 'yellow',
  accepted: 'green',
};

/** A report's state as the portfolio names it: due, late, under review or accepted. */
export function ReportStateBadge({ state }: { state: ReportState }) {
  useLanguage();
  return (
    <Badge tone={TONES[state]} dot data-report-state={state}>
      {REPORT_STATE_LABELS[state]}
    </Badge>
  );
}
