// What a monitoring report holds (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md),
// read in one snapshot: the totals with the plan statistics' own SQL, the ESAP rows with their
// sections and sign-off, the overdue gaps, the period's changes and its evidence. The PDF and the
// workbook are written from this, after the snapshot is closed.
import type {
  ActionPlanCategory,
  ActionPlanStatistics,
  AuditForm,
  ClosureCheckFlag,
  ClosureMethod,
  EvidenceWarning,
  ConditionType,
  CurrencyCode,
  EsgAspect,
  DateStyle,
  DeviceRecordedField,
  RiskSeverity,
  SessionUser,
  StatusKey,
} from '@verity/shared-api/src/server';
import { DEFAULT_DATE_STYLE } from '@verity/shared-api/src/server';
import {
  planOverallStatusSql,
  planStatisticsSql,
  gapOverdueSql,
} from '../action-plans/derived-sql';
import {
  duplicateVisibility,
  evidenceJsonSql,
  toEvidence,
  type EvidenceJson,
} from '../action-plans/evidence-sql';
import { GAP_COLUMNS, gapFieldsSql, type GapField, type GapRow } from '../action-plans/gap-sql';
import { auditVisibleSql } from '../auth/tenancy';
import { actionPlanFigures } from '../dashboards/figures';
import { companyScope } from '../dashboards/scopes';
import type { Database, Queryable } from '../db';

export interface ReportCompany {
  id: string;
  name: string;
  registeredName: string | null;
  timeZone: string;
}

export interface ReportPlan {
  id: string;
  heading: string;
  category: ActionPlanCategory;
  formType: AuditForm;
  auditType: string;
  auditCategory: string;
  auditorName: string;
  timeline: Date | null;
  createdAt: Date;
  overallStatus: StatusKey;
  /** The ESAP's revision in force: Rev 0 (the plan as created) until a revision is applied (0083). */
  revision: { number: number; agreedOn: Date; note: string | null };
}

/** The plan statistics (the spec's five cards) and the rest of the report's figures. */
export interface ReportTotals extends ActionPlanStatistics {
  /** By status as shown: these five add up to totalGaps. */
  byStatus: Record<'open' | 'pending' | 'provClosed' | 'closed' | 'overdue', number>;
  /** Closed gaps that have a due date, and those of them handed in by it. */
  closedWithDueDate: number;
  closedOnTime: number;
  /** closedOnTime of closedWithDueDate, rounded; null when no closed gap has a due date. */
  closedOnTimePercentage: number | null;
}

export interface ReportGap {
  id: string;
  actionPlanId: string;
  /** The ESAP item number, or the gap's place in its plan (oldest first) without one. */
  number: string;
  kpi: string;
  gapName: string;
  recommendation: string;
  responsibility: string;
  actionTakenByCompany: string;
  residualRisk: string;
  riskSeverity: RiskSeverity;
  esgAspect: EsgAspect | null;
  status: StatusKey;
  dueDate: Date | null;
  amount: { currency: CurrencyCode; value: number } | null;
  esapItemNumber: string | null;
  requirementReferences: string[];
  completionIndicator: string | null;
  timetable: string | null;
  conditionType: ConditionType | null;
  /** When the gap was handed in closed: its accepted closure request, else its latest closing. */
  closedAt: Date | null;
  /** Calendar days (the company's) since the due day, at least 1 once overdue; 0 unless overdue. */
  daysOverdue: number;
  resources: string | null;
  /** The ESAP section the item is listed under ('PR2 Labour and Working Conditions'), 0091. */
  esapSection: string | null;
  loanClause: string | null;
  /** Due relative to a milestone (0084): its name, and the offset's words. */
  dueMilestone: string | null;
  dueOffsetMonths: number | null;
  dueOffsetDays: number | null;
  /** The acceptance that closed it (0085): desk review or site verification, with its visit. */
  review: ReportReview | null;
  /** When the latest standing image was added to the gap (any time, not only in the period). */
  latestEvidenceAt: Date | null;
}

export interface ReportReview {
  method: ClosureMethod;
  reviewedAt: Date;
  reviewedBy: string;
  visitDate: string | null;
  visitedBy: string | null;
  comment: string | null;
  checkedFlags: ClosureCheckFlag[];
}

export interface ReportChange {
  changedAt: Date;
  actionPlanId: string;
  gapId: string | null;
  field: string;
  oldValue: unknown;
  newValue: unknown;
  reason: string | null;
  changedByName: string;
  changedByUserType: string;
}

export interface ReportEvidence {
  id: string;
  gapId: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  uploadedAt: Date;
  uploadedBy: string;
  /** The camera's clock (`YYYY-MM-DDTHH:MM:SS`) and its UTC offset when the image says. */
  capturedAt: string | null;
  capturedUtcOffsetMinutes: number | null;
  width: number | null;
  height: number | null;
  gps: { latitude: number; longitude: number } | null;
  /** Which of the capture time and position the device recorded, not the camera (decision 0102). */
  deviceRecorded: DeviceRecordedField[];
  /** The image's warnings as the reader would see them on the gap (shared-api EVIDENCE_WARNINGS). */
  warnings: EvidenceWarning[];
}

/** A table printed under a narrative section's text: its columns' share of the width. */
export interface ReportNarrativeTable {
  title: string;
  columns: { header: string; share: number; align?: 'left' | 'right' }[];
  rows: { cells: string[]; total?: boolean }[];
  note?: string;
  /** The share of the page's width the table takes (all of it unless given). */
  width?: number;
}

/** A narrative section of the report, filled in by the company or the lender. */
export interface ReportNarrative {
  title: string;
  text: string;
  /** Figures printed after the text (the annual report's incidents and grievances). */
  tables?: ReportNarrativeTable[];
  /** A line printed after the text, muted (such as 'No serious incident in the period.'). */
  after?: string;
}

/** Who prepared and who reviewed the report, and when ('YYYY-MM-DD'). */
export interface ReportSignOff {
  preparedBy?: string;
  preparedOn?: string;
  reviewedBy?: string;
  reviewedOn?: string;
}

/** One step of the report's own review (drafted, commented, approved). */
export interface ReportReviewStep {
  at: string;
  who: string;
  what: string;
}

export interface ReportData {
  kind: 'actionPlan' | 'company';
  company: ReportCompany;
  plans: ReportPlan[];
  period: { from: string; to: string };
  generatedAt: Date;
  /** The date style of the user who asked for the report. */
  dateStyle: DateStyle;
  totals: ReportTotals;
  /** Each plan's statistics (the plan detail's cards), by plan id. */
  planStatistics: Record<string, ActionPlanStatistics>;
  /** The company dashboard's plan overview (company report only), for the same plans. */
  planOverview: { total: number; closed: number; provClosed: number; open: number } | null;
  gaps: ReportGap[];
  /** Overdue gaps, most days overdue first. */
  overdue: ReportGap[];
  changes: ReportChange[];
  evidence: ReportEvidence[];
  /**
   * Filled in values, printed as text where given; left out, the PDF offers the narrative and the
   * sign-off as form fields whoever receives it can fill in.
   */
  narrative?: ReportNarrative[];
  signOff?: ReportSignOff;
  reviewTrail?: ReportReviewStep[];
}

/** The company's name, zone and today (its own calendar day). */
export async function findReportCompany(
  db: Queryable,
  targetCompanyId: string,
): Promise<ReportCompany & { today: string }> {
  const { rows } = await db.query<{
    id: string;
    target_company_name: string;
    registered_name: string | null;
    time_zone: string;
    today: string;
  }>(
    `SELECT id, target_company_name, registered_name, time_zone,
       to_char(now() AT TIME ZONE time_zone, 'YYYY-MM-DD') AS today
     FROM target_companies WHERE id = $1`,
    [targetCompanyId],
  );
  const row = rows[0]!;
  return {
    id: row.id,
    name: row.target_company_name,
    registeredName: row.registered_name,
    timeZone: row.time_zone,
    today: row.today,
  };
}

/** Which plans a report covers: one plan, or every plan of the company the reader may see. */
export type ReportScope =
  { kind: 'actionPlan'; actionPlanId: string } | { kind: 'company'; reader: SessionUser };

async function findPlans(
  db: Queryable,
  companyId: string,
  scope: ReportScope,
): Promise<ReportPlan[]> {
  const params: unknown[] = [companyId];
  const where =
    scope.kind === 'actionPlan'
      ? `ap.id = $${params.push(scope.actionPlanId)}`
      : auditVisibleSql(scope.reader, 'a', params);
  const { rows } = await db.query<{
    id: string;
    action_plan_heading: string;
    category: ActionPlanCategory;
    form_type: AuditForm;
    audit_type: string;
    audit_category: string;
    auditor_name: string;
    timeline: Date | null;
    created_at: Date;
    overall_status: StatusKey;
    revision_number: number | null;
    revision_at: Date | null;
    revision_note: string | null;
  }>(
    `SELECT ap.id, ap.action_plan_heading, ap.category, ap.form_type, a.audit_type, a.audit_category,
       au.auditor_name, ap.timeline, ap.created_at, ${planOverallStatusSql('g')} AS overall_status,
       rev.number AS revision_number, rev.created_at AS revision_at, rev.note AS revision_note
     FROM action_plans ap
     LEFT JOIN LATERAL (SELECT r.number, r.created_at, r.note FROM action_plan_revisions r
       WHERE r.action_plan_id = ap.id ORDER BY r.number DESC LIMIT 1) rev ON true
     JOIN audits a ON a.id = ap.audit_id
     JOIN auditors au ON au.id = a.auditor_id
     LEFT JOIN gaps g ON g.action_plan_id = ap.id
     WHERE ap.target_company_id = $1 AND ${where}
     GROUP BY ap.id, a.id, au.id, rev.number, rev.created_at, rev.note
     ORDER BY ap.created_at, ap.id`,
    params,
  );
  return rows.map((row) => ({
    id: row.id,
    heading: row.action_plan_heading,
    category: row.category,
    formType: row.form_type,
    auditType: row.audit_type,
    auditCategory: row.audit_category,
    auditorName: row.auditor_name,
    timeline: row.timeline && new Date(row.timeline),
    createdAt: new Date(row.created_at),
    overallStatus: row.overall_status,
    revision: {
      number: row.revision_number ?? 0,
      agreedOn: new Date(row.revision_at ?? row.created_at),
      note: row.revision_note,
    },
  }));
}

/** When the gap aliased `g` was handed in closed: the accepted closure request, else its latest closing. */
export const closedAtSql = (g: string) => `CASE WHEN gap_is_closed(${g}.status) THEN COALESCE(
    (SELECT c.requested_at FROM closure_requests c WHERE c.gap_id = ${g}.id AND c.decision = 'accept'
      ORDER BY c.reviewed_at DESC LIMIT 1),
    (SELECT max(h.changed_at) FROM gap_status_history h WHERE h.gap_id = ${g}.id AND h.status = 'closed'),
    ${g}.created_at) END`;

interface TotalsRow extends ActionPlanStatistics {
  open_only: number;
  pending: number;
  prov_closed: number;
  closed_with_due_date: number;
  closed_on_time: number;
}

/** The plan statistics' own SQL (`planStatisticsSql`) over the plans' gaps, and the report's figures. */
async function findTotals(db: Queryable, planIds: string[]): Promise<ReportTotals> {
  const overdue = gapOverdueSql('g');
  const { rows } = await db.query<TotalsRow>(
    `SELECT ${planStatisticsSql('g')},
       (count(g.id) FILTER (WHERE g.status = 'open' AND NOT ${overdue}))::int AS open_only,
       (count(g.id) FILTER (WHERE gap_is_pending_review(g.status)))::int AS pending,
       (count(g.id) FILTER (WHERE gap_is_prov_closed(g.status) AND NOT ${overdue}))::int AS prov_closed,
       (count(g.id) FILTER (WHERE gap_is_closed(g.status) AND g.due_date IS NOT NULL))::int AS closed_with_due_date,
       (count(g.id) FILTER (WHERE gap_is_closed(g.status) AND g.due_date IS NOT NULL
          AND ${closedAtSql('g')} <= g.due_date))::int AS closed_on_time
     FROM gaps g WHERE g.action_plan_id = ANY($1::uuid[])`,
    [planIds],
  );
  const row = rows[0]!;
  return {
    totalGaps: row.totalGaps,
    openGaps: row.openGaps,
    closedGaps: row.closedGaps,
    overdueGaps: row.overdueGaps,
    completionPercentage: row.completionPercentage,
    byStatus: {
      open: row.open_only,
      pending: row.pending,
      provClosed: row.prov_closed,
      closed: row.closedGaps,
      overdue: row.overdueGaps,
    },
    closedWithDueDate: row.closed_with_due_date,
    closedOnTime: row.closed_on_time,
    closedOnTimePercentage:
      row.closed_with_due_date === 0
        ? null
        : Math.round((100 * row.closed_on_time) / row.closed_with_due_date),
  };
}

/** Each plan's statistics with the plan detail's SQL. */
async function findPlanStatistics(
  db: Queryable,
  planIds: string[],
): Promise<Record<string, ActionPlanStatistics>> {
  const { rows } = await db.query<ActionPlanStatistics & { id: string }>(
    `SELECT ap.id, ${planStatisticsSql('g')}
     FROM action_plans ap LEFT JOIN gaps g ON g.action_plan_id = ap.id
     WHERE ap.id = ANY($1::uuid[]) GROUP BY ap.id`,
    [planIds],
  );
  return Object.fromEntries(rows.map(({ id, ...statistics }) => [id, statistics]));
}

/** The fields of the Gap shape the report shows, read with their SQL in GAP_COLUMNS. */
const REPORT_GAP_FIELDS = [
  'id',
  'actionPlanId',
  'KPI',
  'gapName',
  'recommendation',
  'responsibility',
  'actionTakenByCompany',
  'residualRisk',
  'riskSeverity',
  'ESGAspect',
  'displayStatus',
  'dueDate',
  'amount',
  'esapItemNumber',
  'requirementReferences',
  'completionIndicator',
  'timetable',
  'conditionType',
  'resources',
  'esapSection',
  'loanClause',
  'dueMilestone',
  'dueOffsetMonths',
  'dueOffsetDays',
] as const satisfies readonly GapField[];

interface ReportGapRow extends Pick<GapRow, (typeof REPORT_GAP_FIELDS)[number]> {
  place: string;
  closed_at: Date | null;
  days_overdue: number;
  latest_evidence_at: Date | null;
  review: {
    method: ClosureMethod;
    reviewedAt: string;
    reviewedBy: string | null;
    visitDate: string | null;
    visitedBy: string | null;
    comment: string | null;
    checkedFlags: ClosureCheckFlag[];
  } | null;
}

const compareNumbers = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** The plans' gaps, each plan's in ESAP item order (numbered items first, then the rest oldest first). */
async function findGaps(
  db: Queryable,
  plans: ReportPlan[],
  timeZone: string,
): Promise<ReportGap[]> {
  const { rows } = await db.query<ReportGapRow>(
    `SELECT ${gapFieldsSql(REPORT_GAP_FIELDS)},
       (row_number() OVER (PARTITION BY g.action_plan_id ORDER BY g.created_at, g.id))::text AS place,
       ${closedAtSql('g')} AS closed_at,
       (CASE WHEN ${gapOverdueSql('g')} THEN greatest(1,
         (now() AT TIME ZONE $2)::date - (g.due_date AT TIME ZONE $2)::date) ELSE 0 END)::int AS days_overdue,
       (SELECT max(d.created_at) FROM remarks r JOIN remark_documents d ON d.remark_id = r.id
         WHERE r.gap_id = g.id AND d.withdrawn_at IS NULL AND d.storage_key IS NOT NULL) AS latest_evidence_at,
       CASE WHEN gap_is_closed(g.status) OR gap_is_prov_closed(g.status) THEN
         (SELECT jsonb_build_object('method', c.method, 'reviewedAt', c.reviewed_at,
            'reviewedBy', c.reviewed_by_name, 'visitDate', to_char(c.visit_date, 'YYYY-MM-DD'),
            'visitedBy', c.visited_by, 'comment', c.comment, 'checkedFlags', to_jsonb(c.checked_flags))
          FROM closure_requests c WHERE c.gap_id = g.id AND c.decision = 'accept'
          ORDER BY c.reviewed_at DESC, c.id DESC LIMIT 1) END AS review
     FROM gaps g WHERE g.action_plan_id = ANY($1::uuid[]) AND gap_in_figures(g.status)
     ORDER BY g.created_at, g.id`,
    [plans.map((plan) => plan.id), timeZone],
  );
  const gaps = rows.map((row): ReportGap => ({
    id: row.id,
    actionPlanId: row.actionPlanId,
    number: row.esapItemNumber ?? row.place,
    kpi: row.KPI,
    gapName: row.gapName,
    recommendation: row.recommendation,
    responsibility: row.responsibility,
    actionTakenByCompany: row.actionTakenByCompany,
    residualRisk: row.residualRisk,
    riskSeverity: row.riskSeverity,
    esgAspect: row.ESGAspect,
    status: row.displayStatus,
    dueDate: row.dueDate === null ? null : new Date(row.dueDate),
    amount: GAP_COLUMNS.amount.toAnswer(row.amount),
    esapItemNumber: row.esapItemNumber,
    requirementReferences: row.requirementReferences ?? [],
    completionIndicator: row.completionIndicator,
    timetable: row.timetable,
    conditionType: row.conditionType,
    closedAt: row.closed_at && new Date(row.closed_at),
    daysOverdue: row.days_overdue,
    resources: row.resources,
    esapSection: row.esapSection,
    loanClause: row.loanClause,
    dueMilestone: row.dueMilestone,
    dueOffsetMonths: row.dueOffsetMonths,
    dueOffsetDays: row.dueOffsetDays,
    latestEvidenceAt: row.latest_evidence_at && new Date(row.latest_evidence_at),
    review: row.review && {
      method: row.review.method,
      reviewedAt: new Date(row.review.reviewedAt),
      reviewedBy: row.review.reviewedBy ?? '',
      visitDate: row.review.visitDate,
      visitedBy: row.review.visitedBy,
      comment: row.review.comment,
      checkedFlags: row.review.checkedFlags ?? [],
    },
  }));
  const planOrder = new Map(plans.map((plan, index) => [plan.id, index]));
  return gaps
    .map((gap, index) => ({ gap, index }))
    .sort(
      (a, b) =>
        (planOrder.get(a.gap.actionPlanId) ?? 0) - (planOrder.get(b.gap.actionPlanId) ?? 0) ||
        Number(b.gap.esapItemNumber !== null) - Number(a.gap.esapItemNumber !== null) ||
        (a.gap.esapItemNumber !== null && b.gap.esapItemNumber !== null
          ? compareNumbers(a.gap.esapItemNumber, b.gap.esapItemNumber)
          : 0) ||
        a.index - b.index,
    )
    .map(({ gap }) => gap);
}

/** The period's changes (the change history), oldest first. */
async function findChanges(
  db: Queryable,
  planIds: string[],
  start: Date,
  end: Date,
): Promise<ReportChange[]> {
  const { rows } = await db.query<{
    changed_at: Date;
    action_plan_id: string;
    gap_id: string | null;
    field: string;
    old_value: unknown;
    new_value: unknown;
    reason: string | null;
    changed_by_name: string;
    changed_by_user_type: string;
  }>(
    `SELECT c.changed_at, c.action_plan_id, c.gap_id, c.field, c.old_value, c.new_value, c.reason,
       c.changed_by_name, c.changed_by_user_type
     FROM change_history c
     WHERE c.action_plan_id = ANY($1::uuid[]) AND c.changed_at >= $2 AND c.changed_at < $3
     ORDER BY c.changed_at, c.position`,
    [planIds, start, end],
  );
  return rows.map((row) => ({
    changedAt: new Date(row.changed_at),
    actionPlanId: row.action_plan_id,
    gapId: row.gap_id,
    field: row.field,
    oldValue: row.old_value ?? null,
    newValue: row.new_value ?? null,
    reason: row.reason,
    changedByName: row.changed_by_name,
    changedByUserType: row.changed_by_user_type,
  }));
}

/** The images added in the period and still standing (a withdrawn one has no file). */
async function findEvidence(
  db: Queryable,
  planIds: string[],
  start: Date,
  end: Date,
  reader: SessionUser | undefined,
): Promise<ReportEvidence[]> {
  const params: unknown[] = [planIds, start, end];
  const visible = duplicateVisibility(reader, params);
  const { rows } = await db.query<{
    id: string;
    gap_id: string;
    file_name: string;
    content_type: string;
    size: number;
    storage_key: string;
    created_at: Date;
    fullname: string;
    captured_at: string | null;
    captured_utc_offset_minutes: number | null;
    width: number | null;
    height: number | null;
    evidence: EvidenceJson | null;
  }>(
    `SELECT d.id, r.gap_id, d.file_name, d.content_type, d.size, d.storage_key, d.created_at, r.fullname,
       to_char(d.captured_at, 'YYYY-MM-DD"T"HH24:MI:SS') AS captured_at, d.captured_utc_offset_minutes,
       d.width, d.height, ${evidenceJsonSql('d', 'r', visible)} AS evidence
     FROM remark_documents d
     JOIN remarks r ON r.id = d.remark_id
     JOIN gaps g ON g.id = r.gap_id
     WHERE g.action_plan_id = ANY($1::uuid[]) AND d.withdrawn_at IS NULL AND d.storage_key IS NOT NULL
       AND d.created_at >= $2 AND d.created_at < $3
     ORDER BY d.created_at, d.position, d.id`,
    params,
  );
  return rows.map((row) => {
    const evidence = toEvidence(row.evidence);
    return {
      id: row.id,
      gapId: row.gap_id,
      fileName: row.file_name,
      contentType: row.content_type,
      size: row.size,
      storageKey: row.storage_key,
      uploadedAt: new Date(row.created_at),
      uploadedBy: row.fullname,
      capturedAt: row.captured_at,
      capturedUtcOffsetMinutes: row.captured_utc_offset_minutes,
      width: row.width,
      height: row.height,
      gps: evidence?.gps ?? null,
      deviceRecorded: evidence?.deviceRecorded ?? [],
      warnings: evidence?.warnings ?? [],
    };
  });
}

/**
 * Everything the report shows, read in one REPEATABLE READ transaction, so the totals, the table and
 * the lists describe the same moment. The period's days are the company's (its time zone); its dates
 * are written in the date style of the user who asked.
 */
export async function gatherReport(
  db: Pick<Database, 'transaction'>,
  company: ReportCompany,
  scope: ReportScope,
  period: { from: string; to: string },
  dateStyle: DateStyle = DEFAULT_DATE_STYLE,
  /** Who asks: an image's 'same file as on another gap' names only gaps they can see. */
  reader?: SessionUser,
): Promise<ReportData> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const { rows } = await tx.query<{ start: Date; end: Date; now: Date }>(
      `SELECT ($1::date)::timestamp AT TIME ZONE $3 AS start,
         ($2::date + 1)::timestamp AT TIME ZONE $3 AS end, now() AS now`,
      [period.from, period.to, company.timeZone],
    );
    const { start, end, now } = rows[0]!;
    const plans = await findPlans(tx, company.id, scope);
    const planIds = plans.map((plan) => plan.id);
    const [totals, planStatistics, planOverview, gaps, changes, evidence] = [
      await findTotals(tx, planIds),
      await findPlanStatistics(tx, planIds),
      scope.kind === 'company'
        ? (
            await actionPlanFigures(
              tx,
              companyScope(
                company.id,
                scope.reader.userType === 'auditor' ? scope.reader.auditorId : undefined,
              ),
            )
          ).actionPlans.statusOverview
        : null,
      await findGaps(tx, plans, company.timeZone),
      await findChanges(tx, planIds, start, end),
      await findEvidence(
        tx,
        planIds,
        start,
        end,
        reader ?? (scope.kind === 'company' ? scope.reader : undefined),
      ),
    ];
    const overdue = gaps
      .filter((gap) => gap.status === 'overdue')
      .sort(
        (a, b) =>
          b.daysOverdue - a.daysOverdue ||
          (a.dueDate?.getTime() ?? 0) - (b.dueDate?.getTime() ?? 0) ||
          compareNumbers(a.number, b.number),
      );
    return {
      kind: scope.kind,
      company,
      plans,
      period,
      generatedAt: new Date(now),
      dateStyle,
      totals,
      planStatistics,
      planOverview,
      gaps,
      overdue,
      changes,
      evidence,
    };
  });
}
