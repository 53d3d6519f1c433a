// The CSV export of a company's action plans and gaps: one SELECT that COPY streams out as it is read.
import { Readable } from 'node:stream';
import {
  ACTION_PLAN_CATEGORY_LABELS,
  AUDIT_FORM_LABELS,
  AUDIT_TYPE_LABELS,
  CLOSURE_METHOD_LABELS,
  CONDITION_TYPE_LABELS,
  DUE_RELATIVE_TO_LABEL,
  ESAP_FIELD_LABELS,
  RISK_SEVERITY_LABELS,
  STANDARD_MILESTONES,
  GAP_STORED_STATUSES,
  STATUS_LABELS,
  contractText as text,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { auditVisibleSql } from '../auth/tenancy';
import { gapOverdueSql } from './derived-sql';
import { gapFieldSql } from './gap-sql';

/** A text as an SQL string literal. */
export const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * shared-api's milestoneDueText in SQL, for the gaps aliased `g` ("6 months after financial close",
 * "By first disbursement"); null for a gap with a due date of its own. api/test/db/gap-rules.test.ts
 * holds the two equal.
 */
export function milestoneDueTextSql(g: string): string {
  const standard = STANDARD_MILESTONES.map((name) => quoted(name.toLowerCase())).join(', ');
  const name = `CASE WHEN lower(${g}.due_milestone) IN (${standard}) THEN lower(${g}.due_milestone)
    ELSE ${g}.due_milestone END`;
  const part = (column: string, one: string) =>
    `CASE WHEN ${g}.${column} > 0 THEN ${g}.${column} || CASE WHEN ${g}.${column} = 1 THEN ' ${one}'
      ELSE ' ${one}s' END END`;
  return `CASE WHEN ${g}.due_milestone IS NULL THEN NULL
    WHEN ${g}.due_offset_months = 0 AND ${g}.due_offset_days = 0 THEN 'By ' || ${name}
    ELSE concat_ws(' ', ${part('due_offset_months', 'month')}, ${part('due_offset_days', 'day')})
      || ' after ' || ${name} END`;
}

/** A CASE turning stored values into their labels (the labels are product constants, not user input). */
export const labelSql = (expression: string, labels: Readonly<Record<string, string>>) =>
  `(CASE ${expression} ${Object.entries(labels)
    .map(([value, label]) => `WHEN ${quoted(value)} THEN ${quoted(label)}`)
    .join(' ')} ELSE ${expression} END)`;

export const dateSql = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab, CR or LF) gets a
 * leading single quote, so it shows as text. `ascii` reads the first character's code: the cheapest test.
 */
export const neutralisedCellSql = (expression: string) =>
  `(CASE WHEN ascii(${expression}) IN (61, 43, 45, 64, 9, 13, 10) THEN '''' || ${expression} ELSE ${expression} END)`;

/** The status cell (overdue shown as such), its labels in the language read in (`readingIn`). */
export const statusCellSql = () => `(CASE
    WHEN ${gapOverdueSql('g')} THEN ${quoted(STATUS_LABELS.overdue)}
    ${GAP_STORED_STATUSES.map((status) => `WHEN g.status = ${quoted(status)} THEN ${quoted(STATUS_LABELS[status])}`).join(' ')}
  END)`;

/**
 * The export's columns: heading, the SQL of each cell (text), and whether it is a plan's cell
 * (computed once per plan, over the plans aliased `ap`) or a gap's (over the gaps aliased `g`).
 * A gap's field reads with its SQL in GAP_COLUMNS (gap-sql.ts); the status (shown with overdue), the
 * amount (in two cells) and the closure loop's cells are the export's own.
 * Only free texts are neutralised: labels, dates and amounts (numeric(18, 2) >= 0, printed with its
 * two decimals) never start with one of those characters, and their columns are constrained by CHECKs.
 * Headings and labels are read in the language the export is read in (`readingIn`, decision 0110).
 */
export const csvColumns = (): readonly [heading: string, cell: string, of: 'plan' | 'gap'][] => [
  [text('contract.csv.auditor'), neutralisedCellSql('au.auditor_name'), 'plan'],
  [text('contract.csv.auditType'), labelSql('a.audit_type', AUDIT_TYPE_LABELS), 'plan'],
  [text('contract.csv.auditCategory'), neutralisedCellSql('a.audit_category'), 'plan'],
  [text('contract.csv.actionPlanHeading'), neutralisedCellSql('ap.action_plan_heading'), 'plan'],
  [text('contract.csv.category'), labelSql('ap.category', ACTION_PLAN_CATEGORY_LABELS), 'plan'],
  [text('contract.csv.form'), labelSql('ap.form_type', AUDIT_FORM_LABELS), 'plan'],
  [text('contract.csv.planTimeline'), dateSql('ap.timeline'), 'plan'],
  [text('contract.csv.planCreated'), dateSql('ap.created_at'), 'plan'],
  [text('contract.csv.gapName'), neutralisedCellSql(gapFieldSql('gapName')), 'gap'],
  [text('contract.csv.kpi'), neutralisedCellSql(gapFieldSql('KPI')), 'gap'],
  [text('contract.csv.recommendation'), neutralisedCellSql(gapFieldSql('recommendation')), 'gap'],
  [text('contract.csv.responsibility'), neutralisedCellSql(gapFieldSql('responsibility')), 'gap'],
  [
    text('contract.csv.actionTakenByCompany'),
    neutralisedCellSql(gapFieldSql('actionTakenByCompany')),
    'gap',
  ],
  [text('contract.csv.residualRisk'), neutralisedCellSql(gapFieldSql('residualRisk')), 'gap'],
  [
    text('contract.csv.riskSeverity'),
    labelSql(gapFieldSql('riskSeverity'), RISK_SEVERITY_LABELS),
    'gap',
  ],
  [text('contract.csv.status'), statusCellSql(), 'gap'],
  [text('contract.csv.dueDate'), dateSql(gapFieldSql('dueDate')), 'gap'],
  [text('contract.csv.esgAspect'), gapFieldSql('ESGAspect'), 'gap'],
  [text('contract.csv.gapTimeline'), dateSql(gapFieldSql('timeline')), 'gap'],
  [text('contract.csv.areaCode'), neutralisedCellSql(gapFieldSql('areaCode')), 'gap'],
  [text('contract.csv.currency'), 'g.amount_currency', 'gap'],
  [text('contract.csv.amount'), 'g.amount_value::text', 'gap'],
  [
    'Impacted SDGs',
    neutralisedCellSql(`array_to_string(${gapFieldSql('impactedSDGs')}, ', ')`),
    'gap',
  ],
  [text('contract.csv.gapCreated'), dateSql(gapFieldSql('createdAt')), 'gap'],
  // The closure loop's, after the spec's columns: the latest request, and who verified it how
  // (one read of the gap's closure requests, `cr` in exportSelect).
  [text('contract.csv.closureRequestedAt'), dateSql('cr.requested_at'), 'gap'],
  [text('contract.csv.verifiedBy'), neutralisedCellSql('cr.verified_by'), 'gap'],
  [text('contract.csv.verificationMethod'), labelSql('cr.method', CLOSURE_METHOD_LABELS), 'gap'],
  [
    'Last Evidence Date',
    dateSql(`(SELECT max(d.created_at) FROM remarks r JOIN remark_documents d ON d.remark_id = r.id
      WHERE r.gap_id = g.id AND r.withdrawn_at IS NULL AND d.withdrawn_at IS NULL)`),
    'gap',
  ],
  // The lender's ESAP fields, after the closure loop's (ESAP_CSV_COLUMNS, in that order).
  [ESAP_FIELD_LABELS.esapItemNumber, neutralisedCellSql(gapFieldSql('esapItemNumber')), 'gap'],
  [
    ESAP_FIELD_LABELS.requirementReferences,
    neutralisedCellSql(`array_to_string(${gapFieldSql('requirementReferences')}, '; ')`),
    'gap',
  ],
  [
    ESAP_FIELD_LABELS.completionIndicator,
    neutralisedCellSql(gapFieldSql('completionIndicator')),
    'gap',
  ],
  [ESAP_FIELD_LABELS.timetable, neutralisedCellSql(gapFieldSql('timetable')), 'gap'],
  [
    ESAP_FIELD_LABELS.conditionType,
    labelSql(gapFieldSql('conditionType'), CONDITION_TYPE_LABELS),
    'gap',
  ],
  [ESAP_FIELD_LABELS.loanClause, neutralisedCellSql(gapFieldSql('loanClause')), 'gap'],
  [DUE_RELATIVE_TO_LABEL, neutralisedCellSql(milestoneDueTextSql('g')), 'gap'],
  [ESAP_FIELD_LABELS.resources, neutralisedCellSql(gapFieldSql('resources')), 'gap'],
  [ESAP_FIELD_LABELS.esapSection, neutralisedCellSql(gapFieldSql('esapSection')), 'gap'],
];

export const columnName = (heading: string) => `"${heading.replace(/"/g, '""')}"`;

/**
 * The SELECT (with its params) of every action plan and gap of one company the user can see (of one
 * of its audits when `auditId` is given), one row per gap (a plan without gaps gives one row with
 * empty gap cells), in a stable order: the plans oldest first, each plan's gaps by their ESAP item
 * numbers (as the plan shows them, migration 0040), then oldest first. The plans are sorted (and
 * their cells formatted) first and each plan's gaps sorted within it, so the final ORDER BY is an
 * incremental sort within each plan, never a sort of the whole export.
 */
export function exportSelect(user: SessionUser, targetCompanyId: string, auditId?: string) {
  const params: unknown[] = [targetCompanyId];
  const auditFilter = auditId ? ` AND ap.audit_id = $${params.push(auditId)}` : '';
  const columns = csvColumns();
  const planCells = columns
    .filter(([, , of]) => of === 'plan')
    .map(([heading, cell]) => `${cell} AS ${columnName(heading)}`)
    .join(',\n      ');
  const cells = columns
    .map(([heading, cell, of]) =>
      of === 'plan' ? `ap.${columnName(heading)}` : `${cell} AS ${columnName(heading)}`,
    )
    .join(',\n  ');
  const sql = `SELECT ${cells}
  FROM (
    SELECT ap.id, ap.created_at,
      ${planCells}
    FROM action_plans ap
    JOIN audits a ON a.id = ap.audit_id
    JOIN auditors au ON au.id = a.auditor_id
    WHERE ap.target_company_id = $1${auditFilter} AND ${auditVisibleSql(user, 'a', params)}
    ORDER BY ap.created_at, ap.id
  ) ap
  LEFT JOIN LATERAL (
    SELECT * FROM gaps g WHERE g.action_plan_id = ap.id
    ORDER BY g.esap_item_order NULLS LAST, g.created_at, g.id
  ) g ON true
  -- The gap's closure requests, read once: the latest request, and the latest accepted review.
  LEFT JOIN LATERAL (
    SELECT max(c.requested_at) AS requested_at,
      (array_agg(c.reviewed_by_name ORDER BY c.reviewed_at DESC)
        FILTER (WHERE c.decision = 'accept'))[1] AS verified_by,
      (array_agg(c.method ORDER BY c.reviewed_at DESC) FILTER (WHERE c.decision = 'accept'))[1] AS method
    FROM closure_requests c WHERE c.gap_id = g.id
  ) cr ON true
  ORDER BY ap.created_at, ap.id, g.esap_item_order NULLS LAST, g.created_at, g.id`;
  return { sql, params };
}

/**
 * What the file starts with: UTF-8's byte-order mark, by which spreadsheet programs (Excel first)
 * know the encoding and show names with accents or in other scripts as they were written.
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** The CSV stream behind UTF-8's byte-order mark; ending early (a reader gone) ends the copy too. */
export function withByteOrderMark(rows: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(CSV_BYTE_ORDER_MARK, 'utf8');
      yield* rows;
    })(),
    { objectMode: false },
  );
}

/** `${targetCompanyId}_esap_export_${YYYY-MM-DD}.csv` (docs/api.md "Calls"), today in UTC. */
export const exportFileName = (targetCompanyId: string, today = new Date()) =>
  `${targetCompanyId}_esap_export_${today.toISOString().slice(0, 10)}.csv`;
