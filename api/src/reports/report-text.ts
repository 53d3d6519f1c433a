// The report's words: dates in the company's time zone, the ESAP table's cells in the lender's
// column order, one field per column (the mapping of
// docs/decisions/0092-monitoring-report-in-the-lenders-layout.md), the sections' figures, and each
// change in a line.
import {
  type ClosureCheckFlag,
  type ClosureMethod,
  CONDITION_TYPE_LABELS,
  formatDate,
  milestoneDueText,
  waitingForMilestone,
  type AuditType,
  type DateStyle,
  DEFAULT_LANGUAGE,
  type Language,
  type StatusKey,
  RISK_SEVERITY_TEXT_IDS,
  STATUS_TEXT_IDS,
} from '@verity/shared-api/src/server';
import type {
  ReportChange,
  ReportData,
  ReportEvidence,
  ReportGap,
  ReportPlan,
} from './report-data';
import { ENGLISH_WORDS, listOf, phrase, type Phrase, type ReportWords } from './report-words';
import type { TextId } from '../language/translate';

export const NONE = '—';

/** A moment's day, month, year, hh (12-hour), minute and AM/PM in a zone, and its 24-hour hour. */
interface MomentParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  dayPeriod?: string;
  hours: number;
}

function parts(date: Date, timeZone: string): MomentParts {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h12',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Omit<MomentParts, 'hours'>;
  const pm = (values.dayPeriod ?? '').toLowerCase() === 'pm';
  return { ...values, hours: (Number(values.hour) % 12) + (pm ? 12 : 0) };
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

/** The day in the company's zone as yyyy-mm-dd. */
export function isoDay(date: Date, timeZone: string): string {
  const { day, month, year } = parts(date, timeZone);
  return `${year}-${month}-${day}`;
}

/**
 * A moment as a spreadsheet's date: the company's wall clock written as UTC, which is how a
 * workbook's dates (without a zone) read; `dayOnly` drops the time.
 */
export function sheetDate(date: Date, timeZone: string, dayOnly = true): Date {
  const { day, month, year, hours, minute } = parts(date, timeZone);
  if (dayOnly) return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), hours, Number(minute)));
}

/** A yyyy-mm-dd day as a spreadsheet's date. */
export const sheetDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/**
 * The day and time in the company's zone, naming the zone: hh:mm AM in English, a 24-hour clock in
 * the other languages, which write the time so (and Arabic has no 'AM').
 */
export function formatDateTime(
  date: Date,
  clock: ReportClock,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const { hour, hours, minute, dayPeriod } = parts(date, clock.timeZone);
  if (language !== DEFAULT_LANGUAGE) {
    return `${formatDay(date, clock)} ${String(hours).padStart(2, '0')}:${minute} (${clock.timeZone})`;
  }
  return `${formatDay(date, clock)} ${hour}:${minute} ${(dayPeriod ?? '').toUpperCase()} (${clock.timeZone})`;
}

/** 'Rev 2, agreed on 14/03/2026' (Rev 0: the plan as created). */
export const revisionText = (plan: ReportPlan, clock: ReportClock, words = ENGLISH_WORDS) =>
  words('report.revision', {
    number: String(plan.revision.number),
    day: formatDay(plan.revision.agreedOn, clock),
  });

/** The day the report's figures describe: the moment it was generated, in the company's zone. */
export const asOfText = (data: ReportData, words = ENGLISH_WORDS) =>
  words('report.asOf', { day: formatDay(data.generatedAt, reportClock(data)) });

export const periodText = (data: ReportData, words = ENGLISH_WORDS) =>
  words('report.period', {
    from: formatPeriodDay(data.period.from, data.dateStyle),
    to: formatPeriodDay(data.period.to, data.dateStyle),
  });

const STATUS_IDS: Readonly<Record<StatusKey, TextId>> = STATUS_TEXT_IDS;

const RISK_IDS: Readonly<Record<ReportGap['riskSeverity'], TextId>> = RISK_SEVERITY_TEXT_IDS;

const CLOSURE_METHOD_IDS: Readonly<Record<ClosureMethod, TextId>> = {
  desk: 'contract.closure.method.desk',
  site: 'contract.closure.method.site',
};

const CONDITION_TYPE_IDS: Readonly<Record<keyof typeof CONDITION_TYPE_LABELS, TextId>> = {
  precedent: 'contract.esap.conditionType.precedent',
  subsequent: 'contract.esap.conditionType.subsequent',
  ongoing: 'contract.esap.conditionType.ongoing',
  recurring: 'contract.esap.conditionType.recurring',
};

const WARNING_IDS: Readonly<Record<string, TextId>> = {
  noCaptureData: 'report.flag.noCaptureData',
  takenBeforeGap: 'contract.closure.flag.takenBeforeGap',
  sameFileOnAnotherGap: 'contract.closure.flag.sameFileOnAnotherGap',
};

/** An evidence warning (or a flag the reviewer checked) in the image badges' words. */
export const warningText = (warning: string, words = ENGLISH_WORDS) =>
  WARNING_IDS[warning] ? words(WARNING_IDS[warning]) : warning;

export const statusText = (status: StatusKey, words = ENGLISH_WORDS) => words(STATUS_IDS[status]);

const AUDIT_TYPE_IDS: Readonly<Record<AuditType, TextId>> = {
  normal_audit: 'report.auditType.normalAudit',
  dd: 'report.auditType.dd',
  esap: 'report.auditType.esap',
};

const AUDIT_FORM_IDS: Readonly<Record<ReportPlan['formType'], TextId>> = {
  ap: 'report.auditForm.ap',
  capa: 'report.auditForm.capa',
  mp: 'report.auditForm.mp',
  recommendation: 'report.auditForm.recommendation',
};

const CATEGORY_IDS: Readonly<Record<ReportPlan['category'], TextId>> = {
  environment: 'report.category.environment',
  social: 'report.category.social',
  governance: 'report.category.governance',
  prosperity: 'report.category.prosperity',
};

/** 'Lender plan (ESAP, Action Plan, Environment)'. */
export function planText(plan: ReportPlan, words = ENGLISH_WORDS): string {
  const type = AUDIT_TYPE_IDS[plan.auditType as AuditType];
  const kinds = words('report.plan.kinds', {
    type: type ? phrase(type) : plan.auditType,
    form: phrase(AUDIT_FORM_IDS[plan.formType]),
    category: phrase(CATEGORY_IDS[plan.category]),
  });
  return `${plan.heading} (${kinds})`;
}

export const auditorsText = (data: ReportData) =>
  [...new Set(data.plans.map((plan) => plan.auditorName))].join(', ') || NONE;

const lines = (...values: (string | null | undefined | false)[]) =>
  values.filter((value): value is string => Boolean(value && value.trim())).join('\n') || NONE;

/** How the gap was verified closed: the method, its visit, the reviewer's checks. */
export function verificationText(
  gap: ReportGap,
  clock: ReportClock,
  words = ENGLISH_WORDS,
): string | null {
  const review = gap.review;
  if (!review) return null;
  const method = phrase(CLOSURE_METHOD_IDS[review.method]);
  const verification =
    review.visitDate && review.visitedBy
      ? phrase('report.verification.visit', {
          method,
          day: formatPeriodDay(review.visitDate, clock.dateStyle),
          who: review.visitedBy,
        })
      : phrase('report.verification.reviewed', {
          method,
          day: formatDay(review.reviewedAt, clock),
        });
  if (review.checkedFlags.length === 0) return words(verification.id, verification.values);
  return words('report.verification.checked', {
    verification,
    flags: listOf(
      review.checkedFlags.map((flag) => phrase(WARNING_IDS[flag]!)),
      '; ',
    ),
  });
}

/** The due date's words: the day, or what it waits for, or the milestone offset it follows. */
export function dueText(gap: ReportGap, clock: ReportClock, words = ENGLISH_WORDS): string | null {
  if (gap.dueDate) return words('report.cell.due', { day: formatDay(gap.dueDate, clock) });
  if (gap.dueMilestone) return waitingForMilestone(gap.dueMilestone);
  return null;
}

/** The severity as the lender writes it: 'Moderate risk (Environmental)'. */
export const severityText = (gap: ReportGap, words = ENGLISH_WORDS) =>
  gap.esgAspect
    ? words('report.severityAspect', {
        risk: phrase(RISK_IDS[gap.riskSeverity]),
        aspect: gap.esgAspect,
      })
    : words('report.severity', { risk: phrase(RISK_IDS[gap.riskSeverity]) });

export const money = (amount: NonNullable<ReportGap['amount']>) =>
  `${amount.currency} ${amount.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * One gap as the ESAP table's eight cells, in the lender's order, each column its own field:
 * No. · Action · E&S risks · Requirement · Resources · Timetable · Completion indicator · Status.
 */
export function esapCells(gap: ReportGap, clock: ReportClock, words = ENGLISH_WORDS): string[] {
  const milestone =
    gap.dueMilestone &&
    gap.dueDate &&
    milestoneDueText(gap.dueMilestone, gap.dueOffsetMonths ?? 0, gap.dueOffsetDays ?? 0);
  // A timetable that is only the due date written as a date says nothing the due date does not.
  const timetable =
    gap.timetable && !(gap.dueDate && PLAIN_DATE.test(gap.timetable.trim())) ? gap.timetable : null;
  const status: Phrase = gap.closedAt
    ? phrase('report.status.closedOn', {
        status: phrase(STATUS_IDS[gap.status]),
        day: formatDay(gap.closedAt, clock),
      })
    : phrase(STATUS_IDS[gap.status]);
  const statusLine =
    gap.daysOverdue > 0
      ? words('report.status.daysOverdue', { status, days: gap.daysOverdue })
      : words(status.id, status.values);
  return [
    gap.number,
    lines(gap.recommendation),
    lines(
      gap.gapName,
      gap.residualRisk &&
        gap.residualRisk !== gap.gapName &&
        `${words('report.cell.residual')} ${gap.residualRisk}`,
      severityText(gap, words),
    ),
    lines(
      gap.requirementReferences.join(', '),
      gap.loanClause && `${words('report.cell.loanClause')} ${gap.loanClause}`,
    ),
    lines(
      gap.resources,
      gap.amount && `${words('report.cell.budget')} ${money(gap.amount)}`,
      gap.responsibility && `${words('report.cell.responsible')} ${gap.responsibility}`,
    ),
    lines(
      timetable,
      milestone,
      dueText(gap, clock, words),
      gap.conditionType && words(CONDITION_TYPE_IDS[gap.conditionType]),
    ),
    lines(gap.completionIndicator ?? gap.kpi),
    lines(
      statusLine,
      verificationText(gap, clock, words),
      gap.latestEvidenceAt
        ? words('report.cell.latestEvidence', { day: formatDay(gap.latestEvidenceAt, clock) })
        : words('report.cell.latestEvidenceNone'),
    ),
  ];
}

/** A timetable cell holding a date only ('31/03/2027', '2027-03-31'). */
const PLAIN_DATE = /^(\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{4}-\d{2}-\d{2})$/;

/** The heading of the section an item is listed under; items without one share the last group. */
export const NO_SECTION = 'Items without a section';
export const sectionOf = (gap: ReportGap) => gap.esapSection?.trim() || NO_SECTION;

/** A section's (or the whole plan's) items by status as shown: they add up to `items`. */
export interface SectionFigures {
  section: string;
  items: number;
  open: number;
  overdue: number;
  pending: number;
  provClosed: number;
  closed: number;
  /** Of the closed and provisionally closed, how each was accepted (0085); the rest had no review. */
  deskReview: number;
  siteVerification: number;
}

function figuresOf(section: string, gaps: readonly ReportGap[]): SectionFigures {
  const count = (test: (gap: ReportGap) => boolean) => gaps.filter(test).length;
  return {
    section,
    items: gaps.length,
    open: count((gap) => gap.status === 'open'),
    overdue: count((gap) => gap.status === 'overdue'),
    pending: count((gap) => gap.status === 'pending'),
    provClosed: count((gap) => gap.status === 'provClosed'),
    closed: count((gap) => gap.status === 'closed'),
    deskReview: count(
      (gap) => gap.review?.method === 'desk' && ['closed', 'provClosed'].includes(gap.status),
    ),
    siteVerification: count(
      (gap) => gap.review?.method === 'site' && ['closed', 'provClosed'].includes(gap.status),
    ),
  };
}

/**
 * The gaps in sections, in the order the sections first appear in the table (item-number order),
 * with each section's figures; items without a section come last.
 */
export function sectionsOf(
  gaps: readonly ReportGap[],
): { figures: SectionFigures; gaps: ReportGap[] }[] {
  const groups = new Map<string, ReportGap[]>();
  for (const gap of gaps) {
    const key = sectionOf(gap);
    const group = groups.get(key);
    if (group) group.push(gap);
    else groups.set(key, [gap]);
  }
  const keys = [...groups.keys()].sort(
    (a, b) => Number(a === NO_SECTION) - Number(b === NO_SECTION),
  );
  return keys.map((key) => ({ figures: figuresOf(key, groups.get(key)!), gaps: groups.get(key)! }));
}

/** The figures of all the gaps together, as the sections' total row. */
export const totalFigures = (gaps: readonly ReportGap[]) => figuresOf(ALL_ITEMS, gaps);
const ALL_ITEMS = 'All items';

/** A section's heading as the report writes it: its own, or the words for none or for all items. */
export const sectionName = (section: string, words = ENGLISH_WORDS) =>
  section === NO_SECTION
    ? words('report.section.none')
    : section === ALL_ITEMS
      ? words('report.section.all')
      : section;

/** GPS as degrees with five decimals (about a metre): '41.00824, 28.97836'. */
export const gpsText = (
  gps: { latitude: number; longitude: number } | null,
  words = ENGLISH_WORDS,
) => (gps ? `${gps.latitude.toFixed(5)}, ${gps.longitude.toFixed(5)}` : words('report.gps.none'));

/** The gap as one short name: its number and KPI (or name). */
export const gapLabel = (gap: ReportGap, words = ENGLISH_WORDS) =>
  `${words('report.gapLabel', { number: gap.number })} ${gap.kpi || gap.gapName}`;

/** The changed fields' names, as the gap panel's history gives them. */
const FIELD_IDS: Readonly<Record<string, TextId>> = {
  KPI: 'report.change.field.KPI',
  gapName: 'report.change.field.gapName',
  recommendation: 'report.change.field.recommendation',
  responsibility: 'report.change.field.responsibility',
  actionTakenByCompany: 'report.change.field.actionTakenByCompany',
  residualRisk: 'report.change.field.residualRisk',
  riskSeverity: 'report.change.field.riskSeverity',
  impactedSDGs: 'report.change.field.impactedSDGs',
  dueDate: 'report.change.field.dueDate',
  timeline: 'report.change.field.timeline',
  ESGAspect: 'report.change.field.ESGAspect',
  areaCode: 'report.change.field.areaCode',
  amount: 'report.change.field.amount',
  fields: 'report.change.field.fields',
  addOns: 'report.change.field.addOns',
  status: 'report.change.field.status',
  actionPlanHeading: 'report.change.field.actionPlanHeading',
  category: 'report.change.field.category',
  esapItemNumber: 'report.change.field.esapItemNumber',
  requirementReferences: 'report.change.field.requirementReferences',
  completionIndicator: 'report.change.field.completionIndicator',
  resources: 'report.change.field.resources',
  esapSection: 'report.change.field.esapSection',
  timetable: 'report.change.field.timetable',
  conditionType: 'report.change.field.conditionType',
  loanClause: 'report.change.field.loanClause',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_VALUE_LENGTH = 160;

function valueText(field: string, value: unknown, clock: ReportClock, words: ReportWords): string {
  if (value === null || value === undefined || value === '') return words('report.none');
  if (field === 'status' && typeof value === 'string') {
    const id = STATUS_IDS[value as StatusKey];
    return id ? words(id) : value;
  }
  if (field === 'conditionType' && typeof value === 'string') {
    const id = CONDITION_TYPE_IDS[value as keyof typeof CONDITION_TYPE_IDS];
    return id ? words(id) : value;
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) {
    return formatDay(new Date(value), clock);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? words('report.none') : value.map(String).join(', ');
  }
  if (field === 'amount' && typeof value === 'object') {
    const amount = value as { currency: string; value: number };
    return `${amount.currency} ${amount.value}`;
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/**
 * An acceptance or an extension in words, as the gap panel's history gives them: 'Evidence
 * accepted: Site verification, site visit 03/12/2026 by A. Demir; I have checked: ...; comment: ...'.
 */
function eventText(change: ReportChange, clock: ReportClock, words: ReportWords): string {
  const value = (change.newValue ?? {}) as Record<string, unknown>;
  const text = (item: unknown) => (typeof item === 'string' && item.trim() !== '' ? item : null);
  const day = (item: unknown) => formatPeriodDay(item as string, clock.dateStyle);
  const labelled = (id: TextId, typed: string) =>
    `${words('report.change.labelled', { label: phrase(id) })} ${typed}`;
  const parts: (string | null)[] = [];
  let title: TextId;
  if (change.field === 'closureReview') {
    title = 'report.event.accepted';
    const method = text(value.method) as ClosureMethod | null;
    parts.push(method && CLOSURE_METHOD_IDS[method] ? words(CLOSURE_METHOD_IDS[method]) : method);
    if (text(value.visitDate)) {
      parts.push(
        text(value.visitedBy)
          ? words('report.event.siteVisitBy', {
              day: day(value.visitDate),
              who: String(value.visitedBy),
            })
          : words('report.event.siteVisit', { day: day(value.visitDate) }),
      );
    }
    const flags = Array.isArray(value.checkedFlags)
      ? (value.checkedFlags as ClosureCheckFlag[])
      : [];
    if (flags.length > 0) {
      parts.push(
        words('report.event.checked', {
          flags: listOf(
            flags.map((flag) => phrase(WARNING_IDS[flag] ?? 'report.flag.noCaptureData')),
            '; ',
          ),
        }),
      );
    }
  } else {
    title =
      change.field === 'extensionRequest'
        ? 'report.event.extensionRequested'
        : value.decision === 'approve'
          ? 'report.event.extensionApproved'
          : 'report.event.extensionDeclined';
    if (text(value.dueDate))
      parts.push(words('report.event.newDueDate', { day: day(value.dueDate) }));
    if (text(value.reason)) parts.push(`${words('report.event.reason')} ${String(value.reason)}`);
  }
  if (text(value.comment)) parts.push(`${words('report.event.comment')} ${String(value.comment)}`);
  const said = parts.filter(Boolean).join('; ');
  return said ? labelled(title, said) : words(title);
}

/** What the change did, in one line ('Status: Open → Closed', 'Remark added with 2 images'). */
export function changeText(
  change: ReportChange,
  clock: ReportClock,
  words = ENGLISH_WORDS,
): string {
  switch (change.field) {
    case 'created':
      return words(change.gapId ? 'report.change.gapCreated' : 'report.change.planCreated');
    case 'remark': {
      const remark = (change.newValue ?? change.oldValue) as { attachments?: number } | null;
      const images = remark?.attachments ?? 0;
      return words(
        change.newValue ? 'report.change.remarkAdded' : 'report.change.remarkWithdrawn',
        { images },
      );
    }
    case 'attachment':
      return words('report.change.imageWithdrawn');
    case 'closureReview':
    case 'extensionRequest':
    case 'extensionAnswer':
      return eventText(change, clock, words);
    default: {
      const id = FIELD_IDS[change.field];
      const label = id
        ? words('report.change.labelled', { label: phrase(id) })
        : `${change.field}:`;
      const text = `${label} ${valueText(change.field, change.oldValue, clock, words)} → ${valueText(change.field, change.newValue, clock, words)}`;
      return change.reason ? `${text} (${words('report.change.reason')} ${change.reason})` : text;
    }
  }
}

/**
 * The capture time as the image (or the device, for a photo without one) recorded it, with its zone
 * or saying it is unknown, and saying when the device's clock gave it.
 */
export function capturedText(
  evidence: ReportEvidence,
  dateStyle: DateStyle,
  words = ENGLISH_WORDS,
): string {
  if (!evidence.capturedAt) return words('report.captured.none');
  const [day, time] = evidence.capturedAt.split('T') as [string, string];
  const offset = evidence.capturedUtcOffsetMinutes;
  const device = evidence.deviceRecorded.includes('capturedAt');
  const values = { day: formatPeriodDay(day, dateStyle), time: time.slice(0, 5) };
  if (offset === null)
    return words(
      device ? 'report.captured.zoneUnknownDevice' : 'report.captured.zoneUnknown',
      values,
    );
  const sign = offset < 0 ? '-' : '+';
  const whole = Math.abs(offset);
  const zone = `UTC${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
  return words(device ? 'report.captured.zoneDevice' : 'report.captured.zone', { ...values, zone });
}

/** Said of a capture time the device recorded, not the camera. */
export const DEVICE_CLOCK_TEXT = "device's clock, not the camera's";

/** Who recorded an image's capture time and position, for the workbook's evidence sheet. */
export function captureSourceText(evidence: ReportEvidence, words = ENGLISH_WORDS): string | null {
  if (evidence.deviceRecorded.includes('gps')) return words('report.sheet.sourceDeviceGps');
  if (evidence.deviceRecorded.includes('capturedAt')) return words('report.sheet.sourceDevice');
  return evidence.capturedAt || evidence.gps ? words('report.sheet.sourceCamera') : null;
}

export const sizeText = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export const percentText = (value: number | null, words = ENGLISH_WORDS) =>
  value === null ? words('report.notApplicable') : `${value}%`;
