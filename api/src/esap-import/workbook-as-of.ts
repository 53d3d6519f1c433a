// What the lender's workbook is filled in with (docs/decisions/0093-esap-back-in-the-lenders-layout.md):
// each gap of the plan as it stood at the end of a day in the company's time zone, its status and due
// date taken back through its change history, its latest remark, its evidence and its verification
// as they were then. One statement, one snapshot.
import type { StatusKey } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';

export interface GapAsOf {
  id: string;
  itemNumber: string | null;
  section: string | null;
  gapName: string;
  recommendation: string;
  responsibility: string;
  timetable: string | null;
  requirementReferences: string[];
  /** Raised in Verity by the end of the day. */
  existed: boolean;
  /** As shown then: overdue when open past its due date then. */
  status: StatusKey;
  dueDate: Date | null;
  remark: { comments: string; at: Date } | null;
  evidence: { files: number; latest: Date | null };
  /** The accepted closure in force then, when the gap was closed or provisionally closed then. */
  verified: { method: 'desk' | 'site'; on: Date } | null;
}

interface Row {
  id: string;
  item_number: string | null;
  section: string | null;
  gap_name: string;
  recommendation: string;
  responsibility: string;
  timetable: string | null;
  requirement_references: string[] | null;
  existed: boolean;
  status: StatusKey;
  due_date: Date | null;
  remark: string | null;
  remark_at: Date | null;
  evidence_files: number;
  evidence_latest: Date | null;
  method: 'desk' | 'site' | null;
  reviewed_at: Date | null;
  visit_date: Date | null;
}

/** The first change of `field` after the moment: its old value is what the gap had then. */
const firstChangeAfter = (field: string) =>
  `(SELECT c.old_value FROM change_history c WHERE c.gap_id = g.id AND c.field = '${field}'
      AND c.changed_at >= at.moment ORDER BY c.position LIMIT 1)`;

/** The plan's gaps as they stood at the end of `asOf` (yyyy-mm-dd) in the company's time zone. */
export async function readGapsAsOf(
  db: Queryable,
  actionPlanId: string,
  asOf: string,
): Promise<GapAsOf[]> {
  const { rows } = await db.query<Row>(
    `WITH at AS (
       SELECT (($2::date + 1)::timestamp AT TIME ZONE tc.time_zone) AS moment
       FROM action_plans ap JOIN target_companies tc ON tc.id = ap.target_company_id
       WHERE ap.id = $1)
     SELECT g.id, g.esap_item_number AS item_number, g.esap_section AS section, g.gap_name,
       g.recommendation, g.responsibility, g.timetable, g.requirement_references,
       g.created_at < at.moment AS existed,
       gap_display_status(s.status, d.due, at.moment) AS status, d.due AS due_date,
       r.comments AS remark, r.created_at AS remark_at,
       coalesce(e.files, 0)::int AS evidence_files, e.latest AS evidence_latest,
       v.method, v.reviewed_at, v.visit_date
     FROM gaps g CROSS JOIN at
     CROSS JOIN LATERAL (SELECT coalesce(${firstChangeAfter('status')} #>> '{}', g.status) AS status) s
     CROSS JOIN LATERAL (SELECT CASE WHEN ${firstChangeAfter('dueDate')} IS NULL THEN g.due_date
       ELSE (${firstChangeAfter('dueDate')} #>> '{}')::timestamptz END AS due) d
     LEFT JOIN LATERAL (SELECT r.comments, r.created_at FROM remarks r
       WHERE r.gap_id = g.id AND r.withdrawn_at IS NULL AND r.created_at < at.moment
       ORDER BY r.created_at DESC LIMIT 1) r ON true
     LEFT JOIN LATERAL (SELECT count(*) AS files, max(r.created_at) AS latest
       FROM remarks r JOIN remark_documents d ON d.remark_id = r.id
       WHERE r.gap_id = g.id AND r.withdrawn_at IS NULL AND d.withdrawn_at IS NULL
         AND r.created_at < at.moment) e ON true
     LEFT JOIN LATERAL (SELECT c.method, c.reviewed_at, c.visit_date FROM closure_requests c
       WHERE c.gap_id = g.id AND c.decision = 'accept' AND c.reviewed_at < at.moment
       ORDER BY c.reviewed_at DESC LIMIT 1) v ON true
     WHERE g.action_plan_id = $1
     ORDER BY g.esap_item_order NULLS LAST, g.created_at, g.id`,
    [actionPlanId, asOf],
  );
  return rows.map((row) => ({
    id: row.id,
    itemNumber: row.item_number,
    section: row.section,
    gapName: row.gap_name,
    recommendation: row.recommendation,
    responsibility: row.responsibility,
    timetable: row.timetable,
    requirementReferences: row.requirement_references ?? [],
    existed: row.existed,
    status: row.status,
    dueDate: row.due_date ? new Date(row.due_date) : null,
    remark:
      row.remark !== null && row.remark_at
        ? { comments: row.remark, at: new Date(row.remark_at) }
        : null,
    evidence: {
      files: row.evidence_files,
      latest: row.evidence_latest ? new Date(row.evidence_latest) : null,
    },
    verified:
      row.method && row.reviewed_at && (row.status === 'closed' || row.status === 'provClosed')
        ? { method: row.method, on: new Date(row.visit_date ?? row.reviewed_at) }
        : null,
  }));
}
