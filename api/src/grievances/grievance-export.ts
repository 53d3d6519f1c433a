// The CSV export of a grievance register (a company's, or a client's portfolio): one SELECT that
// COPY streams out. It never carries a complainant's name or contact: a file leaves the reader's
// control, so it says only whether the complainant is anonymous (docs/decisions/0104-grievances.md).
// Lateness is the SQL rule of migration 0059.
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_CHANNEL_LABELS,
  GRIEVANCE_COMPLAINANT_LABELS,
  GRIEVANCE_RESPONSE_LABELS,
  contractText as text,
} from '@verity/shared-api/src/server';
import { columnName, labelSql, neutralisedCellSql, quoted } from '../action-plans/csv-export';
import { grievanceScopeSql } from './grievances';

const day = (expression: string) => `to_char(${expression}, 'YYYY-MM-DD')`;
const yesNo = (expression: string) =>
  `(CASE WHEN ${expression} THEN ${quoted(text('contract.csv.yes'))} ELSE ${quoted(text('contract.csv.no'))} END)`;

/** The export's columns: heading and the SQL of each cell, over the grievance `g` and its company `tc`. */
export const grievanceCsvColumns = (): readonly [heading: string, cell: string][] => [
  [text('contract.csv.company'), neutralisedCellSql('tc.target_company_name')],
  [text('contract.csv.receivedOn'), day('g.received_on')],
  [text('contract.csv.channel'), labelSql('g.channel', GRIEVANCE_CHANNEL_LABELS)],
  [text('contract.csv.from'), labelSql('g.complainant_type', GRIEVANCE_COMPLAINANT_LABELS)],
  [text('contract.csv.category'), labelSql('g.category', GRIEVANCE_CATEGORY_LABELS)],
  [text('contract.csv.anonymous'), yesNo('g.anonymous')],
  [text('contract.csv.description'), neutralisedCellSql('g.description')],
  [text('contract.csv.acknowledgementDue'), day('g.acknowledge_due_on')],
  [text('contract.csv.acknowledgedOn'), day('g.acknowledged_on')],
  [text('contract.csv.investigatedOn'), day('g.investigated_on')],
  [text('contract.csv.investigation'), neutralisedCellSql('g.investigation')],
  [text('contract.csv.resolutionDue'), day('g.resolve_due_on')],
  [text('contract.csv.resolvedOn'), day('g.resolved_on')],
  [text('contract.csv.resolution'), neutralisedCellSql('g.resolution')],
  [text('contract.csv.daysToAcknowledge'), '(g.acknowledged_on - g.received_on)::text'],
  [text('contract.csv.daysToResolve'), '(g.resolved_on - g.received_on)::text'],
  [text('contract.csv.late'), yesNo('grievance_late(g, $1::timestamptz)')],
  [text('contract.csv.closedOn'), day('g.closed_on')],
  [
    text('contract.csv.complainantResponse'),
    labelSql('g.complainant_response', GRIEVANCE_RESPONSE_LABELS),
  ],
  [text('contract.csv.recordedBy'), neutralisedCellSql('g.recorded_by_name')],
];

/** The SELECT of the register's export, newest received first, its lateness as at `now`. */
export function grievanceExportSelect(
  scope: { targetCompanyId: string } | { clientId: string },
  now: Date = new Date(),
) {
  const params: unknown[] = [now.toISOString()];
  const scopeSql = grievanceScopeSql(scope, params);
  const cells = grievanceCsvColumns()
    .map(([heading, cell]) => `${cell} AS ${columnName(heading)}`)
    .join(',\n  ');
  const sql = `SELECT ${cells}
  FROM grievances g JOIN target_companies tc ON tc.id = g.target_company_id
  WHERE ${scopeSql}
  ORDER BY g.received_on DESC, g.recorded_at DESC, g.id`;
  return { sql, params };
}

/** `grievances_${YYYY-MM-DD}.csv`, or with the company's id first, today in UTC. */
export const grievanceExportFileName = (targetCompanyId: string | null, today = new Date()) =>
  `${targetCompanyId ? `${targetCompanyId}_` : ''}grievances_${today.toISOString().slice(0, 10)}.csv`;
