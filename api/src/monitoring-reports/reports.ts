// Annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md): the client's rule,
// the reports per period, their frozen versions and the client's reviews. Each write locks the
// report's row first and refuses a stale revision (409), as the gap writes do.
import {
  DEFAULT_REPORT_RULE,
  REPORT_ALREADY_STARTED,
  REPORT_NOT_EDITABLE,
  REPORT_NOT_UNDER_REVIEW,
  REPORT_PERIOD_NOT_ENDED,
  REPORT_PERIOD_UNKNOWN,
  REPORT_SECTIONS,
  REPORT_SECTIONS_EMPTY,
  REPORT_STALE,
  INCIDENT_CATEGORIES,
  endedPeriods,
  may,
  reportState,
  type CompanyReports,
  type MonitoringReport,
  type ReportFigures,
  type ReportGrievanceFigures,
  type ReportIncidentFigures,
  type ReportPortfolioRow,
  type ReportReviewInput,
  type ReportRuleValue,
  type ReportSections,
  type ReportStatus,
  type ReportSummary,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { planStatisticsSql } from '../action-plans/derived-sql';
import type { Queryable } from '../db';
import { invalid, notFound } from '../errors';
import { grievanceCounts } from '../grievances/grievances';
import { conflict } from '../organisations/messages';
import { closedAtSql } from '../reports/report-data';

/** Ended periods offered for a new report. */
const OPEN_PERIODS = 4;

interface RuleRow {
  frequency: ReportRuleValue['frequency'];
  year_end: string;
  due_days: number;
}

/** The company's rule, the default until its client sets one, and its today (its own time zone). */
export async function readRule(
  db: Queryable,
  targetCompanyId: string,
): Promise<{ rule: ReportRuleValue; isDefault: boolean; today: string }> {
  const { rows } = await db.query<RuleRow & { today: string; has_rule: boolean }>(
    `SELECT r.frequency, to_char(make_date(2001, r.year_end_month, r.year_end_day), 'MM-DD') AS year_end,
       r.due_days, r.target_company_id IS NOT NULL AS has_rule,
       to_char(now() AT TIME ZONE tc.time_zone, 'YYYY-MM-DD') AS today
     FROM target_companies tc LEFT JOIN monitoring_report_rules r ON r.target_company_id = tc.id
     WHERE tc.id = $1`,
    [targetCompanyId],
  );
  const row = rows[0]!;
  const rule: ReportRuleValue = row.has_rule
    ? { frequency: row.frequency, yearEnd: row.year_end, dueDays: row.due_days }
    : { ...DEFAULT_REPORT_RULE };
  return { rule, isDefault: !row.has_rule, today: row.today };
}

export async function writeRule(
  db: Queryable,
  targetCompanyId: string,
  rule: ReportRuleValue,
  userId: string,
): Promise<void> {
  const [month, day] = rule.yearEnd.split('-').map(Number);
  await db.query(
    `INSERT INTO monitoring_report_rules
       (target_company_id, frequency, year_end_month, year_end_day, due_days, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (target_company_id) DO UPDATE SET frequency = EXCLUDED.frequency,
       year_end_month = EXCLUDED.year_end_month, year_end_day = EXCLUDED.year_end_day,
       due_days = EXCLUDED.due_days, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [targetCompanyId, rule.frequency, month, day, rule.dueDays, userId],
  );
}

interface ReportRow {
  id: string;
  target_company_id: string;
  target_company_name: string;
  period_start: string;
  period_end: string;
  due_on: string;
  status: ReportStatus;
  sections: ReportSections;
  revision: number;
  versions: number;
  updated_at: Date;
  today: string;
}

const REPORT_COLUMNS = `r.id, r.target_company_id, tc.target_company_name,
  to_char(r.period_start, 'YYYY-MM-DD') AS period_start, to_char(r.period_end, 'YYYY-MM-DD') AS period_end,
  to_char(r.due_on, 'YYYY-MM-DD') AS due_on, r.status, r.sections, r.revision, r.updated_at,
  (SELECT count(*)::int FROM monitoring_report_versions v WHERE v.report_id = r.id) AS versions,
  to_char(now() AT TIME ZONE tc.time_zone, 'YYYY-MM-DD') AS today`;

function summaryOf(row: ReportRow): ReportSummary {
  return {
    id: row.id,
    targetCompanyId: row.target_company_id,
    period: { start: row.period_start, end: row.period_end, dueOn: row.due_on },
    status: row.status,
    state: reportState(row.status, row.due_on, row.today),
    versions: row.versions,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The company's reports, newest period first, the rule and the ended periods still to start. */
export async function listCompanyReports(
  db: Queryable,
  targetCompanyId: string,
  user: SessionUser,
): Promise<CompanyReports> {
  const { rule, isDefault, today } = await readRule(db, targetCompanyId);
  const { rows } = await db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM monitoring_reports r
     JOIN target_companies tc ON tc.id = r.target_company_id
     WHERE r.target_company_id = $1 ORDER BY r.period_end DESC`,
    [targetCompanyId],
  );
  const started = new Set(rows.map((row) => row.period_end));
  return {
    rule: { ...rule, isDefault },
    reports: rows.map(summaryOf),
    openPeriods: endedPeriods(rule, today, OPEN_PERIODS).filter(
      (period) => !started.has(period.end),
    ),
    today,
    canManageRule: may(user, 'manageReportRule'),
    canPrepare: may(user, 'prepareMonitoringReport'),
  };
}

/**
 * Starts the draft of the period ending on `periodEnd`: one of the rule's ended periods, not started
 * yet (409). Returns the new report's id.
 */
export async function startReport(
  db: Queryable,
  targetCompanyId: string,
  periodEnd: string | undefined,
  userId: string,
): Promise<string> {
  const { rule, today } = await readRule(db, targetCompanyId);
  const end = (periodEnd ?? '').trim();
  const ended = endedPeriods(rule, today, OPEN_PERIODS);
  const period = ended.find((candidate) => candidate.end === end);
  if (!period) {
    const upcoming = endedPeriods(rule, `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`, 8);
    const later = upcoming.find((candidate) => candidate.end === end && end > today);
    throw invalid(later ? REPORT_PERIOD_NOT_ENDED : REPORT_PERIOD_UNKNOWN);
  }
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO monitoring_reports (target_company_id, period_start, period_end, due_on, created_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ON CONSTRAINT monitoring_reports_once DO NOTHING RETURNING id`,
    [targetCompanyId, period.start, period.end, period.dueOn, userId],
  );
  if (!rows[0]) throw conflict(REPORT_ALREADY_STARTED);
  return rows[0].id;
}

/** The report's row if the reader may see its company (tenancy), else 404; `lock` for writes. */
async function findReport(
  db: Queryable,
  user: SessionUser,
  reportId: string,
  lock = false,
): Promise<ReportRow> {
  const params: unknown[] = [reportId];
  let visible: string;
  if (user.userType === 'client') visible = `tc.client_id = $${params.push(user.clientId)}`;
  else if (user.userType === 'targetCompany')
    visible = `tc.id = $${params.push(user.targetCompanyId)}`;
  else throw notFound();
  const { rows } = await db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM monitoring_reports r
     JOIN target_companies tc ON tc.id = r.target_company_id
     WHERE r.id = $1 AND ${visible}${lock ? ' FOR UPDATE OF r' : ''}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * The ESAP's progress for the report: the plan statistics' own SQL over the company's gaps (as the
 * plan detail counts them), the gaps handed in closed in the period, and the evidence images added
 * in it (still standing). The period's days are the company's.
 */
export async function reportFigures(
  db: Queryable,
  targetCompanyId: string,
  period: { start: string; end: string },
): Promise<ReportFigures> {
  const { rows } = await db.query<{
    totalGaps: number;
    openGaps: number;
    closedGaps: number;
    overdueGaps: number;
    completionPercentage: number;
    closures: number;
    evidence: number;
    as_of: Date;
  }>(
    `WITH bounds AS (
       SELECT ($2::date)::timestamp AT TIME ZONE tc.time_zone AS start,
         ($3::date + 1)::timestamp AT TIME ZONE tc.time_zone AS finish
       FROM target_companies tc WHERE tc.id = $1
     )
     SELECT ${planStatisticsSql('g')},
       (count(g.id) FILTER (WHERE gap_is_closed(g.status)
         AND ${closedAtSql('g')} >= (SELECT start FROM bounds)
         AND ${closedAtSql('g')} < (SELECT finish FROM bounds)))::int AS closures,
       (SELECT count(*)::int FROM remark_documents d JOIN remarks rm ON rm.id = d.remark_id
        JOIN gaps eg ON eg.id = rm.gap_id
        WHERE eg.target_company_id = $1 AND d.withdrawn_at IS NULL AND d.storage_key IS NOT NULL
          AND d.created_at >= (SELECT start FROM bounds) AND d.created_at < (SELECT finish FROM bounds))
         AS evidence,
       now() AS as_of
     FROM gaps g WHERE g.target_company_id = $1`,
    [targetCompanyId, period.start, period.end],
  );
  const row = rows[0]!;
  const asOf = new Date(row.as_of);
  return {
    asOf: asOf.toISOString(),
    totalItems: row.totalGaps,
    openItems: row.openGaps,
    overdueItems: row.overdueGaps,
    closedItems: row.closedGaps,
    completionPercentage: row.completionPercentage,
    closuresInPeriod: row.closures,
    evidenceInPeriod: row.evidence,
    incidents: await incidentFigures(db, targetCompanyId, period, asOf),
    grievances: await grievanceFigures(db, targetCompanyId, period, asOf),
  };
}

/**
 * The serious incidents whose event fell in the period (the company's days, `company_day`), by
 * category and severity: the lender notified in time and the root cause late by their SQL functions
 * (lateness as at `asOf`), and those still open at the period's end.
 */
async function incidentFigures(
  db: Queryable,
  targetCompanyId: string,
  period: { start: string; end: string },
  asOf: Date,
): Promise<ReportIncidentFigures> {
  const { rows } = await db.query<{
    category: ReportIncidentFigures['byCategory'][number]['category'];
    severity: string;
    total: number;
    notifiedInTime: number;
    rootCauseLate: number;
    openAtPeriodEnd: number;
  }>(
    `SELECT i.category, i.severity, count(*)::int AS total,
       count(*) FILTER (WHERE incident_notified_in_time(i))::int AS "notifiedInTime",
       count(*) FILTER (WHERE incident_root_cause_late(i, $4::timestamptz))::int AS "rootCauseLate",
       count(*) FILTER (WHERE i.closed_at IS NULL OR company_day($1, i.closed_at) > $3::date)::int
         AS "openAtPeriodEnd"
     FROM incidents i
     WHERE i.target_company_id = $1
       AND company_day($1, i.occurred_at) BETWEEN $2::date AND $3::date
     GROUP BY i.category, i.severity`,
    [targetCompanyId, period.start, period.end, asOf.toISOString()],
  );
  const empty = () => ({
    total: 0,
    bySeverity: {} as Record<string, number>,
    notifiedInTime: 0,
    rootCauseLate: 0,
    openAtPeriodEnd: 0,
  });
  const add = (counts: ReturnType<typeof empty>, group: (typeof rows)[number]) => {
    counts.total += group.total;
    counts.bySeverity[group.severity] = (counts.bySeverity[group.severity] ?? 0) + group.total;
    counts.notifiedInTime += group.notifiedInTime;
    counts.rootCauseLate += group.rootCauseLate;
    counts.openAtPeriodEnd += group.openAtPeriodEnd;
  };
  const figures: ReportIncidentFigures = { ...empty(), byCategory: [] };
  for (const category of INCIDENT_CATEGORIES) {
    const groups = rows.filter((group) => group.category === category);
    if (groups.length === 0) continue;
    const counts = empty();
    for (const group of groups) {
      add(counts, group);
      add(figures, group);
    }
    figures.byCategory.push({ category, ...counts });
  }
  return figures;
}

/**
 * The grievances received in the period: the registers' own counts (by month and category, late by
 * `grievance_late` as at `asOf`), and the closed ones with the complainant's response.
 */
async function grievanceFigures(
  db: Queryable,
  targetCompanyId: string,
  period: { start: string; end: string },
  asOf: Date,
): Promise<ReportGrievanceFigures> {
  const inPeriod = (first: number) => `FROM grievances g WHERE g.target_company_id = $${first}
    AND g.received_on >= $${first + 1}::date AND g.received_on <= $${first + 2}::date`;
  const place = [targetCompanyId, period.start, period.end];
  const counts = await grievanceCounts(db, inPeriod(2), [asOf.toISOString(), ...place]);
  const { rows } = await db.query<{ response: string; closed: number }>(
    `SELECT g.complainant_response AS response, count(*)::int AS closed
     ${inPeriod(1)} AND g.closed_on IS NOT NULL GROUP BY 1 ORDER BY 1`,
    place,
  );
  const byResponse: Record<string, number> = {};
  for (const row of rows) byResponse[row.response] = row.closed;
  return { ...counts, closed: counts.total - counts.open, byResponse };
}

/** Only the known sections, in their order (a stored object may carry nothing else either). */
function sectionsOf(value: unknown): ReportSections {
  const stored = (value ?? {}) as Record<string, unknown>;
  const sections: ReportSections = {};
  for (const key of REPORT_SECTIONS) {
    const text = stored[key];
    if (typeof text === 'string') sections[key] = text;
  }
  return sections;
}

/** The whole report as the screens show it: live figures while the company may change it. */
export async function readReport(
  db: Queryable,
  user: SessionUser,
  reportId: string,
): Promise<MonitoringReport> {
  const row = await findReport(db, user, reportId);
  const [{ rows: versions }, { rows: reviews }] = [
    await db.query<{
      version: number;
      submitted_at: Date;
      submitted_by_name: string;
      sections: unknown;
      figures: ReportFigures;
    }>(
      `SELECT version, submitted_at, submitted_by_name, sections, figures
       FROM monitoring_report_versions WHERE report_id = $1 ORDER BY version`,
      [reportId],
    ),
    await db.query<{
      version: number;
      decision: ReportReviewInput['decision'];
      comment: string | null;
      section_comments: unknown;
      reviewed_at: Date;
      reviewed_by_name: string;
    }>(
      `SELECT version, decision, comment, section_comments, reviewed_at, reviewed_by_name
       FROM monitoring_report_reviews WHERE report_id = $1 ORDER BY version`,
      [reportId],
    ),
  ];
  const editable = row.status === 'draft' || row.status === 'changesRequested';
  const latest = versions.at(-1);
  const figures =
    editable || !latest
      ? await reportFigures(db, row.target_company_id, {
          start: row.period_start,
          end: row.period_end,
        })
      : latest.figures;
  return {
    ...summaryOf(row),
    targetCompanyName: row.target_company_name,
    revision: row.revision,
    sections: editable || !latest ? sectionsOf(row.sections) : sectionsOf(latest.sections),
    figures,
    history: versions.map((version) => ({
      version: version.version,
      submittedAt: new Date(version.submitted_at).toISOString(),
      submittedByName: version.submitted_by_name,
      sections: sectionsOf(version.sections),
      figures: version.figures,
    })),
    reviews: reviews.map((review) => ({
      version: review.version,
      decision: review.decision,
      comment: review.comment,
      sectionComments: sectionsOf(review.section_comments),
      reviewedAt: new Date(review.reviewed_at).toISOString(),
      reviewedByName: review.reviewed_by_name,
    })),
    canEdit: editable && may(user, 'prepareMonitoringReport'),
    canReview: row.status === 'submitted' && may(user, 'reviewMonitoringReport'),
  };
}

function checkRevision(row: ReportRow, revision: number | undefined) {
  if (revision !== undefined && revision !== row.revision) throw conflict(REPORT_STALE);
}

/** Saves the company's text of the sections sent (the others stay); only while it may change it. */
export async function saveReport(
  tx: Queryable,
  user: SessionUser,
  reportId: string,
  sections: ReportSections,
  revision: number | undefined,
): Promise<void> {
  const row = await findReport(tx, user, reportId, true);
  checkRevision(row, revision);
  if (row.status !== 'draft' && row.status !== 'changesRequested')
    throw conflict(REPORT_NOT_EDITABLE);
  await tx.query(
    `UPDATE monitoring_reports SET sections = sections || $2::jsonb, revision = revision + 1,
       updated_at = now() WHERE id = $1`,
    [reportId, JSON.stringify(sections)],
  );
}

export interface ReportEventPlace {
  reportId: string;
  targetCompanyId: string;
  periodEnd: string;
  version: number;
}

/** Freezes the sections and today's figures as the next version, and hands the report to the client. */
export async function submitReport(
  tx: Queryable,
  user: SessionUser,
  reportId: string,
  revision: number | undefined,
): Promise<ReportEventPlace> {
  const row = await findReport(tx, user, reportId, true);
  checkRevision(row, revision);
  if (row.status !== 'draft' && row.status !== 'changesRequested')
    throw conflict(REPORT_NOT_EDITABLE);
  const sections = sectionsOf(row.sections);
  if (!Object.values(sections).some((text) => text.trim())) throw invalid(REPORT_SECTIONS_EMPTY);
  const figures = await reportFigures(tx, row.target_company_id, {
    start: row.period_start,
    end: row.period_end,
  });
  const version = row.versions + 1;
  await tx.query(
    `INSERT INTO monitoring_report_versions
       (report_id, version, sections, figures, submitted_by, submitted_by_name)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [reportId, version, JSON.stringify(sections), JSON.stringify(figures), user._id, user.fullname],
  );
  await tx.query(
    `UPDATE monitoring_reports SET status = 'submitted', revision = revision + 1, updated_at = now()
     WHERE id = $1`,
    [reportId],
  );
  return { reportId, targetCompanyId: row.target_company_id, periodEnd: row.period_end, version };
}

/** The client's answer to the submitted version: changes requested (back to the company) or accepted. */
export async function reviewReport(
  tx: Queryable,
  user: SessionUser,
  reportId: string,
  review: ReportReviewInput,
  revision: number | undefined,
): Promise<ReportEventPlace> {
  const row = await findReport(tx, user, reportId, true);
  checkRevision(row, revision);
  if (row.status !== 'submitted') throw conflict(REPORT_NOT_UNDER_REVIEW);
  await tx.query(
    `INSERT INTO monitoring_report_reviews
       (report_id, version, decision, comment, section_comments, reviewed_by, reviewed_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      reportId,
      row.versions,
      review.decision,
      review.comment,
      JSON.stringify(review.sectionComments),
      user._id,
      user.fullname,
    ],
  );
  await tx.query(
    `UPDATE monitoring_reports SET status = $2, revision = revision + 1, updated_at = now()
     WHERE id = $1`,
    [reportId, review.decision === 'accept' ? 'accepted' : 'changesRequested'],
  );
  return {
    reportId,
    targetCompanyId: row.target_company_id,
    periodEnd: row.period_end,
    version: row.versions,
  };
}

/**
 * Each of the client's companies with the report of its latest ended period: due, late, under
 * review or accepted. Companies are few per client (hundreds), so each rule is read with its company.
 */
export async function reportPortfolio(
  db: Queryable,
  clientId: string,
): Promise<ReportPortfolioRow[]> {
  const { rows } = await db.query<{
    id: string;
    target_company_name: string;
    frequency: ReportRuleValue['frequency'] | null;
    year_end: string | null;
    due_days: number | null;
    today: string;
  }>(
    `SELECT tc.id, tc.target_company_name, r.frequency,
       to_char(make_date(2001, r.year_end_month, r.year_end_day), 'MM-DD') AS year_end, r.due_days,
       to_char(now() AT TIME ZONE tc.time_zone, 'YYYY-MM-DD') AS today
     FROM target_companies tc LEFT JOIN monitoring_report_rules r ON r.target_company_id = tc.id
     WHERE tc.client_id = $1 ORDER BY lower(tc.target_company_name), tc.id`,
    [clientId],
  );
  const latest = rows.map((row) => {
    const rule: ReportRuleValue = row.frequency
      ? { frequency: row.frequency, yearEnd: row.year_end!, dueDays: row.due_days! }
      : { ...DEFAULT_REPORT_RULE };
    return { row, period: endedPeriods(rule, row.today, 1)[0]! };
  });
  const { rows: reports } = await db.query<{
    id: string;
    target_company_id: string;
    status: ReportStatus;
  }>(
    `SELECT r.id, r.target_company_id, r.status FROM monitoring_reports r
     JOIN unnest($1::uuid[], $2::date[]) AS p (company_id, period_end)
       ON p.company_id = r.target_company_id AND p.period_end = r.period_end`,
    [latest.map(({ row }) => row.id), latest.map(({ period }) => period.end)],
  );
  const byCompany = new Map(reports.map((report) => [report.target_company_id, report]));
  return latest.map(({ row, period }) => {
    const report = byCompany.get(row.id);
    return {
      targetCompanyId: row.id,
      targetCompanyName: row.target_company_name,
      period,
      state: reportState(report?.status ?? null, period.dueOn, row.today),
      status: report?.status ?? null,
      reportId: report?.id ?? null,
    };
  });
}
