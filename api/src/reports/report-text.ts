// The report's words: dates in the company's time zone, the ESAP table's cells in the lender's
// column order (the mapping of docs/decisions/0041-monitoring-report.md), and each change in a
// line.
import {
  ACTION_PLAN_CATEGORY_LABELS,
  AUDIT_FORM_LABELS,
  AUDIT_TYPE_LABELS,
  CONDITION_TYPE_LABELS,
  ESAP_FIELD_LABELS,
  RISK_SEVERITY_LABELS,
  STATUS_LABELS,
  formatDate,
  type AuditType,
  type DateStyle,
  type StatusKey,
} from '@verity/shared-api/src/server';
import type {
  ReportChange,
  ReportData,
  ReportEvidence,
  ReportGap,
  ReportPlan,
} from './report-data';

export const NONE = '—';

function parts(date: Date, timeZone: string) {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return values as Record<string, string>;
}

/**
 * How the report writes a moment: in the company's time zone, in the date style of the user who
 * asked for it (docs/decisions/0090-one-date-style-per-user.md).
 */
export interface ReportClock {
  timeZone: string;
  dateStyle: DateStyle;
}

export const reportClock = (data: ReportData): ReportClock => ({
  timeZone: data.company.timeZone,
  dateStyle: data.dateStyle,
});

/** A yyyy-mm-dd day as a table writes it in the style ('dd/MM/yyyy' by place). */
export const formatPeriodDay = (day: string, dateStyle: DateStyle): string =>
  formatDate(day, 'table', NONE, dateStyle);

/** The day in the company's zone, as a table writes it. */
export function formatDay(date: Date | null, clock: ReportClock): string {
  if (!date) return NONE;
  const { day, month, year } = parts(date, clock.timeZone);
  return formatPeriodDay(`${year}-${month}-${day}`, clock.dateStyle);
}

/** The day and hh:mm AM in the company's zone, naming the zone. */
export function formatDateTime(date: Date, clock: ReportClock): string {
  const { hour, minute, dayPeriod } = parts(date, clock.timeZone);
  return `${formatDay(date, clock)} ${hour}:${minute} ${(dayPeriod ?? '').toUpperCase()} (${clock.timeZone})`;
}

export const periodText = (data: ReportData) =>
  `${formatPeriodDay(data.period.from, data.dateStyle)} to ${formatPeriodDay(data.period.to, data.dateStyle)}`;

export const statusText = (status: StatusKey) => STATUS_LABELS[status];

export function planText(plan: ReportPlan): string {
  const type = AUDIT_TYPE_LABELS[plan.auditType as AuditType] ?? plan.auditType;
  return `${plan.heading} (${type}, ${AUDIT_FORM_LABELS[plan.formType]}, ${ACTION_PLAN_CATEGORY_LABELS[plan.category]})`;
}

export const auditorsText = (data: ReportData) =>
  [...new Set(data.plans.map((plan) => plan.auditorName))].join(', ') || NONE;

const lines = (...values: (string | null | undefined | false)[]) =>
  values.filter((value): value is string => Boolean(value && value.trim())).join('\n') || NONE;

const money = (amount: NonNullable<ReportGap['amount']>) =>
  `${amount.currency} ${amount.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * One gap as the ESAP table's eight cells, in the lender's order: No. · Action · Environmental &
 * Social Risks · Requirements · Resources · Timetable · Completion Indicator · Status.
 */
export function esapCells(gap: ReportGap, clock: ReportClock): string[] {
  const dueDate = gap.dueDate && `Due ${formatDay(gap.dueDate, clock)}`;
  return [
    gap.number,
    lines(gap.gapName, gap.recommendation),
    lines(
      gap.residualRisk,
      `Risk: ${RISK_SEVERITY_LABELS[gap.riskSeverity]}${gap.esgAspect ? ` · ${gap.esgAspect}` : ''}`,
    ),
    lines(gap.requirementReferences.join(', ')),
    lines(gap.responsibility, gap.amount && `Budget: ${money(gap.amount)}`),
    lines(
      gap.timetable ?? dueDate,
      gap.timetable ? dueDate : null,
      gap.conditionType && CONDITION_TYPE_LABELS[gap.conditionType],
    ),
    lines(gap.completionIndicator, gap.kpi && `KPI: ${gap.kpi}`),
    lines(
      statusText(gap.status),
      gap.closedAt && `on ${formatDay(gap.closedAt, clock)}`,
      gap.daysOverdue > 0 && `${gap.daysOverdue} ${gap.daysOverdue === 1 ? 'day' : 'days'} overdue`,
    ),
  ];
}

/** The gap as one short name: its number and KPI (or name). */
export const gapLabel = (gap: ReportGap) => `No. ${gap.number}: ${gap.kpi || gap.gapName}`;

const FIELD_LABELS: Readonly<Record<string, string>> = {
  KPI: 'KPI',
  gapName: 'Gap name',
  recommendation: 'Recommendation',
  responsibility: 'Responsibility',
  actionTakenByCompany: 'Action taken by company',
  residualRisk: 'Residual risk',
  riskSeverity: 'Risk',
  impactedSDGs: 'Impacted SDGs',
  dueDate: 'Due date',
  timeline: 'Timeline',
  ESGAspect: 'ESG aspect',
  areaCode: 'Area code',
  amount: 'Amount',
  fields: 'Custom fields',
  addOns: 'Add-on fields',
  status: 'Status',
  actionPlanHeading: 'Plan heading',
  category: 'Plan category',
  ...ESAP_FIELD_LABELS,
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_VALUE_LENGTH = 160;

function valueText(field: string, value: unknown, clock: ReportClock): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'status' && typeof value === 'string') {
    return STATUS_LABELS[value as StatusKey] ?? value;
  }
  if (field === 'conditionType' && typeof value === 'string') {
    return CONDITION_TYPE_LABELS[value as keyof typeof CONDITION_TYPE_LABELS] ?? value;
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    return formatDay(new Date(value), clock);
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(String).join(', ');
  if (field === 'amount' && typeof value === 'object') {
    const amount = value as { currency: string; value: number };
    return `${amount.currency} ${amount.value}`;
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** What the change did, in one line ('Status: Open → Closed', 'Remark added with 2 images'). */
export function changeText(change: ReportChange, clock: ReportClock): string {
  switch (change.field) {
    case 'created':
      return change.gapId ? 'Gap created' : 'Action plan created';
    case 'remark': {
      const remark = (change.newValue ?? change.oldValue) as { attachments?: number } | null;
      const images = remark?.attachments ?? 0;
      const withImages = images > 0 ? ` with ${images} ${images === 1 ? 'image' : 'images'}` : '';
      return change.newValue ? `Remark added${withImages}` : `Remark withdrawn${withImages}`;
    }
    case 'attachment':
      return 'Image withdrawn';
    default: {
      const label = FIELD_LABELS[change.field] ?? change.field;
      const text = `${label}: ${valueText(change.field, change.oldValue, clock)} → ${valueText(change.field, change.newValue, clock)}`;
      return change.reason ? `${text} (reason: ${change.reason})` : text;
    }
  }
}

/** The camera's capture time as the image recorded it, with its zone or saying it is unknown. */
export function capturedText(evidence: ReportEvidence, dateStyle: DateStyle): string {
  if (!evidence.capturedAt) return 'No capture date';
  const [day, time] = evidence.capturedAt.split('T') as [string, string];
  const offset = evidence.capturedUtcOffsetMinutes;
  if (offset === null)
    return `${formatPeriodDay(day, dateStyle)} ${time.slice(0, 5)} (time zone unknown)`;
  const sign = offset < 0 ? '-' : '+';
  const whole = Math.abs(offset);
  const zone = `UTC${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
  return `${formatPeriodDay(day, dateStyle)} ${time.slice(0, 5)} (${zone})`;
}

export const sizeText = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export const percentText = (value: number | null) => (value === null ? 'n/a' : `${value}%`);
