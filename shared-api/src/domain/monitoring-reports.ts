// The annual (or semi-annual) E&S monitoring report a company owes its lender
// (docs/decisions/0094-annual-monitoring-reports.md): the client's reporting rule, the periods and
// due dates it gives, the report's narrative sections and states, and the words the screens and the
// API share.
import { t } from '#texts';
import { textRecord } from '../text-records';

export const REPORT_FREQUENCIES = ['annual', 'semiAnnual'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Readonly<Record<ReportFrequency, string>> = textRecord({
  annual: 'contract.monitoringReport.frequency.annual',
  semiAnnual: 'contract.monitoringReport.frequency.semiAnnual',
});

/** The rule a company reports under until its client sets one: annual, 31 December, 60 days. */
export const DEFAULT_REPORT_RULE = {
  frequency: 'annual',
  yearEnd: '12-31',
  dueDays: 60,
} as const satisfies ReportRuleValue;
export const REPORT_DUE_DAYS_MAX = 365;

export interface ReportRuleValue {
  frequency: ReportFrequency;
  /** The financial year's last day, MM-DD (29 February is refused: it is not every year's). */
  yearEnd: string;
  /** Days after a period's end that its report is due. */
  dueDays: number;
}

/** The narrative sections of the report, in the lender's order. */
export const REPORT_SECTIONS = [
  'managementSystem',
  'staffing',
  'training',
  'incidents',
  'grievances',
  'environmentalPerformance',
  'socialPerformance',
  'projectChanges',
] as const;
export type ReportSectionKey = (typeof REPORT_SECTIONS)[number];
export const REPORT_SECTION_LABELS: Readonly<Record<ReportSectionKey, string>> = textRecord({
  managementSystem: 'contract.monitoringReport.section.managementSystem',
  staffing: 'contract.monitoringReport.section.staffing',
  training: 'contract.monitoringReport.section.training',
  incidents: 'contract.monitoringReport.section.incidents',
  grievances: 'contract.monitoringReport.section.grievances',
  environmentalPerformance: 'contract.monitoringReport.section.environmentalPerformance',
  socialPerformance: 'contract.monitoringReport.section.socialPerformance',
  projectChanges: 'contract.monitoringReport.section.projectChanges',
});
export const REPORT_SECTION_MAX_LENGTH = 20_000;
export const REPORT_COMMENT_MAX_LENGTH = 4_000;

export const REPORT_STATUSES = ['draft', 'submitted', 'changesRequested', 'accepted'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = textRecord({
  draft: 'contract.monitoringReport.status.draft',
  submitted: 'contract.monitoringReport.status.submitted',
  changesRequested: 'contract.monitoringReport.status.changesRequested',
  accepted: 'contract.monitoringReport.status.accepted',
});

/** What the portfolio shows of a company's report for its latest ended period. */
export const REPORT_STATES = ['due', 'late', 'underReview', 'accepted'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_STATE_LABELS: Readonly<Record<ReportState, string>> = textRecord({
  due: 'contract.monitoringReport.state.due',
  late: 'contract.monitoringReport.state.late',
  underReview: 'contract.monitoringReport.state.underReview',
  accepted: 'contract.monitoringReport.state.accepted',
});

export const REPORT_DECISIONS = ['requestChanges', 'accept'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** Days before a report's due date that the company is reminded; the overdue notice the day after. */
export const REPORT_REMINDER_DAYS_BEFORE = [14, 7, 1] as const;
export const REPORT_OVERDUE_DAYS_AFTER = 1;

export const MONITORING_REPORTS_LABEL = 'Monitoring reports';

/** The words of the monitoring report screens. */
export const MONITORING_REPORT_TEXT = {
  get title() {
    return t('contract.monitoringReport.title');
  },
  get cardHint() {
    return t('contract.monitoringReport.cardHint');
  },
  get open() {
    return t('contract.monitoringReport.open');
  },
  get intro() {
    return t('contract.monitoringReport.intro');
  },
  get rule() {
    return t('contract.monitoringReport.rule');
  },
  get frequency() {
    return t('contract.monitoringReport.frequency');
  },
  get yearEnd() {
    return t('contract.monitoringReport.yearEnd');
  },
  get dueDays() {
    return t('contract.monitoringReport.dueDays');
  },
  get saveRule() {
    return t('contract.monitoringReport.saveRule');
  },
  ruleText: (frequency: string, yearEnd: string, dueDays: number) =>
    t('contract.monitoringReport.ruleText', { frequency, yearEnd, dueDays }),
  get defaultRule() {
    return t('contract.monitoringReport.defaultRule');
  },
  get reports() {
    return t('contract.monitoringReport.reports');
  },
  get period() {
    return t('contract.monitoringReport.period');
  },
  get dueOn() {
    return t('contract.monitoringReport.dueOn');
  },
  get status() {
    return t('contract.monitoringReport.status');
  },
  get versions() {
    return t('contract.monitoringReport.versions');
  },
  get noReports() {
    return t('contract.monitoringReport.noReports');
  },
  get toStart() {
    return t('contract.monitoringReport.toStart');
  },
  get start() {
    return t('contract.monitoringReport.start');
  },
  get figures() {
    return t('contract.monitoringReport.figures');
  },
  get figuresLive() {
    return t('contract.monitoringReport.figuresLive');
  },
  get figuresFrozen() {
    return t('contract.monitoringReport.figuresFrozen');
  },
  get items() {
    return t('contract.monitoringReport.items');
  },
  get openItems() {
    return t('contract.monitoringReport.openItems');
  },
  get overdueItems() {
    return t('contract.monitoringReport.overdueItems');
  },
  get closedItems() {
    return t('contract.monitoringReport.closedItems');
  },
  get completion() {
    return t('contract.monitoringReport.completion');
  },
  get closures() {
    return t('contract.monitoringReport.closures');
  },
  get evidence() {
    return t('contract.monitoringReport.evidence');
  },
  get sections() {
    return t('contract.monitoringReport.sections');
  },
  get nothingWritten() {
    return t('contract.monitoringReport.nothingWritten');
  },
  get save() {
    return t('contract.monitoringReport.save');
  },
  get submit() {
    return t('contract.monitoringReport.submit');
  },
  get resubmit() {
    return t('contract.monitoringReport.resubmit');
  },
  get reviewComment() {
    return t('contract.monitoringReport.reviewComment');
  },
  sectionComment: (label: string) => t('contract.monitoringReport.sectionComment', { label }),
  get clientComment() {
    return t('contract.monitoringReport.clientComment');
  },
  get requestChanges() {
    return t('contract.monitoringReport.requestChanges');
  },
  get accept() {
    return t('contract.monitoringReport.accept');
  },
  get downloadPdf() {
    return t('contract.monitoringReport.downloadPdf');
  },
  get trail() {
    return t('contract.monitoringReport.trail');
  },
  submittedVersion: (version: number) =>
    t('contract.monitoringReport.submittedVersion', { version }),
  acceptedVersion: (version: number) => t('contract.monitoringReport.acceptedVersion', { version }),
  changesOnVersion: (version: number) =>
    t('contract.monitoringReport.changesOnVersion', { version }),
  get portfolioTitle() {
    return t('contract.monitoringReport.portfolioTitle');
  },
  get company() {
    return t('contract.monitoringReport.company');
  },
  get noCompanies() {
    return t('contract.monitoringReport.noCompanies');
  },
};
export const REPORTING_RULE_LABEL = 'Monitoring report';
export const REPORT_PERIOD_UNKNOWN = t('contract.refusal.report.periodUnknown');
export const REPORT_PERIOD_NOT_ENDED = t('contract.refusal.report.periodNotEnded');
export const REPORT_ALREADY_STARTED = t('contract.refusal.report.alreadyStarted');
export const REPORT_NOT_EDITABLE = t('contract.refusal.report.notEditable');
export const REPORT_NOT_UNDER_REVIEW = t('contract.refusal.report.notUnderReview');
export const REPORT_NOT_ACCEPTED = t('contract.refusal.report.notAccepted');
export const REPORT_SECTION_UNKNOWN = (key: string) =>
  t('contract.refusal.report.sectionUnknown', { key, sections: REPORT_SECTIONS.join(', ') });
export const REPORT_SECTION_TOO_LONG = (label: string) =>
  t('contract.refusal.report.sectionTooLong', { label, max: REPORT_SECTION_MAX_LENGTH });
export const REPORT_TEXT_NOT_TEXT = (label: string) =>
  t('contract.refusal.report.notText', { label });
export const REPORT_COMMENT_TOO_LONG = t('contract.refusal.report.commentTooLong', {
  max: REPORT_COMMENT_MAX_LENGTH,
});
export const REPORT_SECTIONS_EMPTY = t('contract.refusal.report.sectionsEmpty');
export const REPORT_DECISION_REQUIRED = t('contract.refusal.report.decisionRequired');
export const REPORT_CHANGES_NEED_COMMENT = t('contract.refusal.report.changesNeedComment');
export const REPORT_STALE = t('contract.refusal.report.stale');
export const REPORT_FREQUENCY_UNKNOWN = t('contract.refusal.report.frequencyUnknown');
export const REPORT_YEAR_END_INVALID = t('contract.refusal.report.yearEndInvalid');
export const REPORT_DUE_DAYS_INVALID = t('contract.refusal.report.dueDaysInvalid', {
  max: REPORT_DUE_DAYS_MAX,
});
export const REPORT_SAVED = 'Report saved.';
export const REPORT_SUBMITTED = 'Report submitted: the client has been told.';
export const REPORT_CHANGES_REQUESTED = 'Changes requested: the company has been told.';
export const REPORT_ACCEPTED = 'Report accepted.';
export const REPORT_RULE_SAVED = 'Reporting rule saved.';
/** The five messages above in the language in use, for the screens' toasts. */
export const REPORT_TOAST_TEXT = textRecord({
  saved: 'contract.monitoringReport.toast.saved',
  submitted: 'contract.monitoringReport.toast.submitted',
  changesRequested: 'contract.monitoringReport.toast.changesRequested',
  accepted: 'contract.monitoringReport.toast.accepted',
  ruleSaved: 'contract.monitoringReport.toast.ruleSaved',
});

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The rule as sent, checked, or the message that refuses it. */
export function checkReportRule(body: {
  frequency?: string;
  yearEnd?: string;
  dueDays?: number;
}): Checked<ReportRuleValue> {
  if (!(REPORT_FREQUENCIES as readonly string[]).includes(body.frequency ?? ''))
    return { ok: false, message: REPORT_FREQUENCY_UNKNOWN };
  const match = /^(\d{2})-(\d{2})$/.exec((body.yearEnd ?? '').trim());
  const month = match ? Number(match[1]) : 0;
  const day = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!)
    return { ok: false, message: REPORT_YEAR_END_INVALID };
  const dueDays = body.dueDays;
  if (
    typeof dueDays !== 'number' ||
    !Number.isInteger(dueDays) ||
    dueDays < 1 ||
    dueDays > REPORT_DUE_DAYS_MAX
  )
    return { ok: false, message: REPORT_DUE_DAYS_INVALID };
  return {
    ok: true,
    value: {
      frequency: body.frequency as ReportFrequency,
      yearEnd: `${match[1]}-${match[2]}`,
      dueDays,
    },
  };
}

const DAY_MS = 86_400_000;
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last day of `month` (1-12) of `year`, or `day` when the month has it. */
function dayOf(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return toDay(Date.UTC(year, month - 1, Math.min(day, last)));
}

export interface MonitoringPeriodDays {
  /** First and last day of the period, YYYY-MM-DD (the company's days). */
  start: string;
  end: string;
  /** The day the report is due: `dueDays` after the end. */
  dueOn: string;
}

/** The period of the rule that ends on `end` (a period end of the rule). */
export function periodEndingOn(rule: ReportRuleValue, end: string): MonitoringPeriodDays {
  const months = rule.frequency === 'annual' ? 12 : 6;
  const [year, month] = end.split('-').map(Number) as [number, number];
  const [, yearEndDay] = rule.yearEnd.split('-').map(Number) as [number, number];
  const previousMonth = month - months;
  const previousEnd = dayOf(
    previousMonth < 1 ? year - 1 : year,
    previousMonth < 1 ? previousMonth + 12 : previousMonth,
    yearEndDay,
  );
  return {
    start: toDay(dayTime(previousEnd) + DAY_MS),
    end,
    dueOn: toDay(dayTime(end) + rule.dueDays * DAY_MS),
  };
}

/**
 * The rule's periods that ended on or before `today`, newest first, `count` of them. Semi-annual
 * periods end on the year end and six months before it (the same day, or the month's last).
 */
export function endedPeriods(
  rule: ReportRuleValue,
  today: string,
  count = 4,
): MonitoringPeriodDays[] {
  const [endMonth, endDay] = rule.yearEnd.split('-').map(Number) as [number, number];
  const monthsOfYear =
    rule.frequency === 'annual' ? [endMonth] : [endMonth, ((endMonth + 5) % 12) + 1];
  const [todayYear] = today.split('-').map(Number) as [number];
  const ends: string[] = [];
  for (let year = todayYear; ends.length < count && year > todayYear - count - 2; year -= 1) {
    const candidates = monthsOfYear
      .map((month) => dayOf(year, month, endDay))
      .filter((end) => end <= today)
      .sort()
      .reverse();
    ends.push(...candidates);
  }
  return ends
    .sort()
    .reverse()
    .slice(0, count)
    .map((end) => periodEndingOn(rule, end));
}

/** What the portfolio shows of a report: due or late until submitted, under review, accepted. */
export function reportState(
  status: ReportStatus | null,
  dueOn: string,
  today: string,
): ReportState {
  if (status === 'accepted') return 'accepted';
  if (status === 'submitted') return 'underReview';
  return today > dueOn ? 'late' : 'due';
}

export type ReportSections = Partial<Record<ReportSectionKey, string>>;

/** Narrative sections as sent: known keys, trimmed, each within its limit. */
export function checkReportSections(
  sections: Record<string, unknown> | undefined,
): Checked<ReportSections> {
  const value: ReportSections = {};
  for (const [key, text] of Object.entries(sections ?? {})) {
    if (!(REPORT_SECTIONS as readonly string[]).includes(key))
      return { ok: false, message: REPORT_SECTION_UNKNOWN(key) };
    const label = REPORT_SECTION_LABELS[key as ReportSectionKey];
    if (typeof text !== 'string') return { ok: false, message: REPORT_TEXT_NOT_TEXT(label) };
    const trimmed = text.trim();
    if (trimmed.length > REPORT_SECTION_MAX_LENGTH)
      return {
        ok: false,
        message: REPORT_SECTION_TOO_LONG(REPORT_SECTION_LABELS[key as ReportSectionKey]),
      };
    value[key as ReportSectionKey] = trimmed;
  }
  return { ok: true, value };
}

export interface ReportReviewInput {
  decision: ReportDecision;
  comment: string | null;
  sectionComments: ReportSections;
}

/** A review as sent: the decision, its comment and the per-section comments, or the refusal. */
export function checkReportReview(body: {
  decision?: string;
  comment?: string;
  sectionComments?: Record<string, unknown>;
}): Checked<ReportReviewInput> {
  if (!(REPORT_DECISIONS as readonly string[]).includes(body.decision ?? ''))
    return { ok: false, message: REPORT_DECISION_REQUIRED };
  const comment = (body.comment ?? '').trim();
  if (comment.length > REPORT_COMMENT_MAX_LENGTH)
    return { ok: false, message: REPORT_COMMENT_TOO_LONG };
  const sectionComments: ReportSections = {};
  for (const [key, text] of Object.entries(body.sectionComments ?? {})) {
    if (!(REPORT_SECTIONS as readonly string[]).includes(key))
      return { ok: false, message: REPORT_SECTION_UNKNOWN(key) };
    if (typeof text !== 'string')
      return {
        ok: false,
        message: REPORT_TEXT_NOT_TEXT(
          `The comment on ${REPORT_SECTION_LABELS[key as ReportSectionKey]}`,
        ),
      };
    const trimmed = text.trim();
    if (trimmed.length > REPORT_COMMENT_MAX_LENGTH)
      return { ok: false, message: REPORT_COMMENT_TOO_LONG };
    if (trimmed) sectionComments[key as ReportSectionKey] = trimmed;
  }
  if (body.decision === 'requestChanges' && !comment && Object.keys(sectionComments).length === 0)
    return { ok: false, message: REPORT_CHANGES_NEED_COMMENT };
  return {
    ok: true,
    value: { decision: body.decision as ReportDecision, comment: comment || null, sectionComments },
  };
}
