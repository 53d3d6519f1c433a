import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TEXT as text,
  type IncidentSeverity,
  type IncidentSummary,
} from '@verity/shared-api';
import { Badge, formatDate, type BadgeTone } from '@verity/shared-ui';

const SEVERITY_TONES: Readonly<Record<IncidentSeverity, BadgeTone>> = {
  low: 'neutral',
  medium: 'blue',
  high: 'yellow',
  critical: 'red',
};

export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  return (
    <Badge tone={SEVERITY_TONES[severity]} dot>
      {INCIDENT_SEVERITY_LABELS[severity]}
    </Badge>
  );
}

/** Whether the lender was told by the first clock's due day. */
export function NotifiedBadge({ incident }: { incident: Pick<IncidentSummary, 'clocks'> }) {
  return incident.clocks.notifiedInTime ? (
    <Badge tone="green" dot>
      {text.notifiedInTime}
    </Badge>
  ) : (
    <Badge tone="red" dot>
      {text.notifiedLate}
    </Badge>
  );
}

/** Days before the root cause is due at which its clock turns amber. */
const ROOT_CAUSE_SOON_DAYS = 7;

/** The root-cause clock: sent, counting down, or late (escalated as an overdue gap is). */
export function RootCauseBadge({
  incident,
}: {
  incident: Pick<IncidentSummary, 'clocks' | 'rootCauseSubmittedAt' | 'closedAt'>;
}) {
  const { clocks } = incident;
  if (incident.rootCauseSubmittedAt)
    return (
      <Badge tone="green" dot>
        {text.rootCauseSent(formatDate(incident.rootCauseSubmittedAt, 'table'))}
      </Badge>
    );
  if (clocks.rootCauseLate)
    return (
      <Badge tone="red" dot>
        {text.rootCauseLate(-clocks.rootCauseDaysLeft)}
      </Badge>
    );
  if (incident.closedAt) return <Badge dot>{text.rootCauseNotSent}</Badge>;
  return (
    <Badge tone={clocks.rootCauseDaysLeft <= ROOT_CAUSE_SOON_DAYS ? 'yellow' : 'blue'} dot>
      {text.rootCauseDueIn(clocks.rootCauseDaysLeft, formatDate(clocks.rootCauseDueOn, 'table'))}
    </Badge>
  );
}

export function IncidentStatusBadge({ closedAt }: { closedAt: string | null }) {
  return closedAt ? (
    <Badge dot>{text.closed}</Badge>
  ) : (
    <Badge tone="primary" dot>
      {text.openStatus}
    </Badge>
  );
}
