import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TEXT as text,
  type IncidentSeverity,
  type IncidentSummary,
} from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { Badge, formatDate, type BadgeTone } from '@verity/shared-ui';

const SEVERITY_TONES: Readonly<Record<IncidentSeverity, BadgeTone>> = {
  low: 'neutral',
  medium: 'blue',
  high: 'yellow',
  critical: 'red',
};

export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  useLanguage();
  return (
    <Badge tone={SEVERITY_TONES[severity]} dot>
      {INCIDENT_SEVERITY_LABELS[severity]}
    </Badge>
  );
}

/** Whether the lender was told by the first clock's due day; `short` under the register's heading. */
export function NotifiedBadge({
  incident,
  short = false,
}: {
  incident: Pick<IncidentSummary, 'clocks'>;
  short?: boolean;
}) {
  useLanguage();
  return incident.clocks.notifiedInTime ? (
    <Badge tone="green" dot>
      {short ? text.notifiedInTimeShort : text.notifiedInTime}
    </Badge>
  ) : (
    <Badge tone="red" dot>
      {short ? text.notifiedLateShort : text.notifiedLate}
    </Badge>
  );
}

/** Days before the root cause is due at which its clock turns amber. */
const ROOT_CAUSE_SOON_DAYS = 7;

/** The root-cause clock: sent, counting down, or late (escalated as an overdue gap is). */
export function RootCauseBadge({
  incident,
  short = false,
}: {
  incident: Pick<IncidentSummary, 'clocks' | 'rootCauseSubmittedAt' | 'closedAt'>;
  /** The register's words, under its "Root cause" heading. */
  short?: boolean;
}) {
  useLanguage();
  const { clocks } = incident;
  if (incident.rootCauseSubmittedAt) {
    const sent = formatDate(incident.rootCauseSubmittedAt, 'table');
    return (
      <Badge tone="green" dot>
        {short ? text.sentShort(sent) : text.rootCauseSent(sent)}
      </Badge>
    );
  }
  if (clocks.rootCauseLate) {
    const late = -clocks.rootCauseDaysLeft;
    return (
      <Badge tone="red" dot>
        {short ? text.lateShort(late) : text.rootCauseLate(late)}
      </Badge>
    );
  }
  if (incident.closedAt)
    return <Badge dot>{short ? text.notSentShort : text.rootCauseNotSent}</Badge>;
  const due = formatDate(clocks.rootCauseDueOn, 'table');
  return (
    <Badge tone={clocks.rootCauseDaysLeft <= ROOT_CAUSE_SOON_DAYS ? 'yellow' : 'blue'} dot>
      {short
        ? text.dueInShort(clocks.rootCauseDaysLeft)
        : text.rootCauseDueIn(clocks.rootCauseDaysLeft, due)}
    </Badge>
  );
}

export function IncidentStatusBadge({ closedAt }: { closedAt: string | null }) {
  useLanguage();
  return closedAt ? (
    <Badge dot>{text.closed}</Badge>
  ) : (
    <Badge tone="primary" dot>
      {text.openStatus}
    </Badge>
  );
}
