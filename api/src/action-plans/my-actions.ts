// "My actions" (docs/decisions/0088-my-actions.md): the open gaps of the signed-in company user's
// own company whose responsibility names them, overdue first, then by due date.
import { MY_ACTIONS_MAX, type MyActions, type SessionUser } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { gapDisplayStatusSql, gapOverdueSql } from './derived-sql';

/**
 * True when the responsibility of the gap aliased `g` names one of `names` (a text[] parameter of
 * lowercased, trimmed names): the responsibility split at commas, semicolons, slashes, ampersands,
 * line breaks and the word 'and', one part equal to a name when both are lowercased and trimmed.
 */
export const responsibilityNamesSql = (g: string, names: string) =>
  `EXISTS (SELECT 1 FROM regexp_split_to_table(${g}.responsibility, '[,;/&\\n]|\\s+and\\s+', 'i') AS part
    WHERE lower(btrim(part)) = ANY(${names}))`;

/** The names a responsibility may give for `user`: their full name and their e-mail address. */
export function namesOf(user: Pick<SessionUser, 'fullname' | 'emailId'>): string[] {
  return [
    ...new Set([user.fullname, user.emailId].map((name) => name.trim().toLowerCase())),
  ].filter((name) => name !== '');
}

/** The open gaps (stored status open, overdue ones too) of the user's company naming the user. */
export async function findMyActions(
  db: Queryable,
  user: SessionUser & { targetCompanyId: string },
): Promise<MyActions> {
  const { rows } = await db.query<MyActions['actions'][number] & { total: number }>(
    `SELECT g.id AS "gapId", g.action_plan_id AS "actionPlanId", ap.audit_id AS "auditId",
       a.auditor_id AS "auditorId", ap.action_plan_heading AS "actionPlanHeading",
       g.esap_item_number AS "esapItemNumber", g.kpi AS "KPI", g.gap_name AS "gapName",
       g.responsibility, g.due_date AS "dueDate", ${gapDisplayStatusSql('g')} AS "displayStatus",
       ${gapOverdueSql('g')} AS overdue, (count(*) OVER ())::int AS total
     FROM gaps g
     JOIN action_plans ap ON ap.id = g.action_plan_id
     JOIN audits a ON a.id = ap.audit_id
     WHERE g.target_company_id = $1 AND ap.target_company_id = $1 AND g.status = 'open'
       AND ${responsibilityNamesSql('g', '$2::text[]')}
     ORDER BY ${gapOverdueSql('g')} DESC, g.due_date ASC NULLS LAST, g.created_at, g.id
     LIMIT $3`,
    [user.targetCompanyId, namesOf(user), MY_ACTIONS_MAX],
  );
  return {
    actions: rows.map(({ total: _total, ...action }) => ({
      ...action,
      dueDate: action.dueDate === null ? null : new Date(action.dueDate).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}
