// The CSV export of a grievance register (a company's, or a client's portfolio): one SELECT that
// COPY streams out. It never carries a complainant's name or contact: a file leaves the reader's
// control, so it says only whether the complainant is anonymous (docs/decisions/0104-grievances.md).
// Lateness is the SQL rule of migration 0059.
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_CHANNEL_LABELS,
  GRIEVANCE_COMPLAINANT_LABELS,
  GRIEVANCE_RESPONSE_LABELS,
} from '@verity/shared-api/src/server';
import { columnName, labelSql, neutralisedCellSql } from '../action-plans/csv-export';
import { grievanceScopeSql } from './grievances';

const day = (expression: string) => `to_char(${expression}, 'YYYY-MM-DD')`;
const yesNo = (expression: string) => `(CASE WHEN ${expression} THEN 'Yes' ELSE 'No' END)`;

/** The export's columns: heading and the SQL of each cell, over the grievance `g` and its company `tc`. */
export const GRIEVANCE_CSV_COLUMNS: readonly [heading: string, cell: string][] = [
  ['Company', neutralisedCellSql('tc.target_company_name')],
  ['Received on', day('g.received_on')],
  ['Channel', labelSql('g.channel', GRIEVANCE_CHANNEL_LABELS)],
  ['From', labelSql('g.complainant_type', GRIEVANCE_COMPLAINANT_LABELS)],
  ['Category', labelSql('g.category', GRIEVANCE_CATEGORY_LABELS)],
  ['Anonymous', yesNo('g.anonymous')],
  ['Description', neutralisedCellSql('g.description')],
  ['Acknowledgement due', day('g.acknowledge_due_on')],
  ['Acknowledged on', day('g.acknowledged_on')],
  ['Investigated on', day('g.investigated_on')],
  ['Investigation', neutralisedCellSql('g.investigation')],
  ['Resolution due', day('g.resolve_due_on')],
  ['Resolved on', day('g.resolved_on')],
  ['Resolution', neutralisedCellSql('g.resolution')],
  ['Days to acknowledge', '(g.acknowledged_on - g.received_on)::text'],
  ['Days to resolve', '(g.resolved_on - g.received_on)::text'],
  ['Late', yesNo('grievance_late(g, $1::timestamptz)')],
  ['Closed on', day('g.closed_on')],
  ['Complainant response', labelSql('g.complainant_response', GRIEVANCE_RESPONSE_LABELS)],
  ['Recorded by', neutralisedCellSql('g.recorded_by_name')],
];

/** The SELECT of the register's export, newest received first, its lateness as at `now`. */
export function grievanceExportSelect(
  scope: { targetCompanyId: string } | { clientId: string },
  now: Date = new Date(),
) {
  const params: unknown[] = [now.toISOString()];
  const scopeSql = grievanceScopeSql(scope, params);
  const cells = GRIEVANCE_CSV_COLUMNS.map(
    ([heading, cell]) => `${cell} AS ${columnName(heading)}`,
  ).join(',\n  ');
  const sql = `SELECT ${cells}
  FROM grievances g JOIN target_companies tc ON tc.id = g.target_company_id
  WHERE ${scopeSql}
  ORDER BY g.received_on DESC, g.recorded_at DESC, g.id`;
  return { sql, params };
}

/** `grievances_${YYYY-MM-DD}.csv`, or with the company's id first, today in UTC. */
export const grievanceExportFileName = (targetCompanyId: string | null, today = new Date()) =>
  `${targetCompanyId ? `${targetCompanyId}_` : ''}grievances_${today.toISOString().slice(0, 10)}.csv`;
