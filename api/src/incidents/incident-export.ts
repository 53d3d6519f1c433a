// The CSV export of an incident register (a company's, or a client's portfolio): one SELECT that
// COPY streams out. Days are the client's (its time zone), as the clocks count them; lateness is
// the SQL rule of migration 0056.
import { INCIDENT_CATEGORY_LABELS, contractText as text } from '@verity/shared-api/src/server';
import { columnName, labelSql, neutralisedCellSql, quoted } from '../action-plans/csv-export';

const day = (expression: string) =>
  `to_char(company_day(i.target_company_id, ${expression}), 'YYYY-MM-DD')`;
const yesNo = (expression: string) =>
  `(CASE WHEN ${expression} THEN ${quoted(text('contract.csv.yes'))} ELSE ${quoted(text('contract.csv.no'))} END)`;

/** The export's columns: heading and the SQL of each cell, over the incident `i` and its company `tc`. */
export const incidentCsvColumns = (): readonly [heading: string, cell: string][] => [
  [text('contract.csv.company'), neutralisedCellSql('tc.target_company_name')],
  [text('contract.csv.category'), labelSql('i.category', INCIDENT_CATEGORY_LABELS)],
  [text('contract.csv.severity'), 'i.severity'],
  [text('contract.csv.occurredOn'), day('i.occurred_at')],
  [text('contract.csv.location'), neutralisedCellSql('i.location')],
  [text('contract.csv.peopleAffected'), 'i.people_affected::text'],
  [text('contract.csv.description'), neutralisedCellSql('i.description')],
  [text('contract.csv.immediateActions'), neutralisedCellSql('i.immediate_actions')],
  [text('contract.csv.reportedBy'), neutralisedCellSql('i.reported_by_name')],
  [text('contract.csv.lenderNotifiedOn'), day('i.lender_notified_at')],
  [text('contract.csv.notificationDue'), "to_char(i.notify_due_on, 'YYYY-MM-DD')"],
  [text('contract.csv.notifiedInTime'), yesNo('incident_notified_in_time(i)')],
  [text('contract.csv.rootCauseDue'), "to_char(i.root_cause_due_on, 'YYYY-MM-DD')"],
  [text('contract.csv.rootCauseSubmittedOn'), day('i.root_cause_submitted_at')],
  [text('contract.csv.rootCauseLate'), yesNo('incident_root_cause_late(i, $1::timestamptz)')],
  [text('contract.csv.rootCause'), neutralisedCellSql('i.root_cause')],
  [text('contract.csv.closedOn'), day('i.closed_at')],
  [
    'Corrective actions',
    '(SELECT count(*) FROM incident_corrective_actions ca WHERE ca.incident_id = i.id)::text',
  ],
  [
    'Open questions',
    '(SELECT count(*) FROM incident_questions q WHERE q.incident_id = i.id AND q.answered_at IS NULL)::text',
  ],
];

/** The SELECT of the register's export, newest event first, its lateness as at `now`. */
export function incidentExportSelect(
  scope: { targetCompanyId: string } | { clientId: string },
  now: Date = new Date(),
) {
  const params: unknown[] = [now.toISOString()];
  const scopeSql =
    'targetCompanyId' in scope
      ? `i.target_company_id = $${params.push(scope.targetCompanyId)}`
      : `tc.client_id = $${params.push(scope.clientId)}`;
  const cells = incidentCsvColumns()
    .map(([heading, cell]) => `${cell} AS ${columnName(heading)}`)
    .join(',\n  ');
  const sql = `SELECT ${cells}
  FROM incidents i JOIN target_companies tc ON tc.id = i.target_company_id
  WHERE ${scopeSql}
  ORDER BY i.occurred_at DESC, i.id`;
  return { sql, params };
}

/** `incidents_${YYYY-MM-DD}.csv`, or with the company's id first, today in UTC. */
export const incidentExportFileName = (targetCompanyId: string | null, today = new Date()) =>
  `${targetCompanyId ? `${targetCompanyId}_` : ''}incidents_${today.toISOString().slice(0, 10)}.csv`;
