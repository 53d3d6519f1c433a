// What a notification says about its gap, read in one query, and where the gap opens in each area.
import { USER_TYPE_AREA_PATHS, type UserType } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';

export interface GapContext {
  gapId: string;
  gapName: string;
  /** The lender's item number ('2.3'), where the gap has one. */
  esapItemNumber: string | null;
  status: string;
  dueDate: Date | null;
  /** The due date's day in the target company's time zone, YYYY-MM-DD. */
  dueDay: string | null;
  actionPlanId: string;
  actionPlanHeading: string;
  auditId: string;
  auditorId: string;
  targetCompanyId: string;
  targetCompanyName: string;
}

export async function readGapContext(db: Queryable, gapId: string): Promise<GapContext | null> {
  const { rows } = await db.query<GapContext>(
    `SELECT g.id AS "gapId", g.gap_name AS "gapName", g.esap_item_number AS "esapItemNumber", g.status, g.due_date AS "dueDate",
       to_char(g.due_date AT TIME ZONE tc.time_zone, 'YYYY-MM-DD') AS "dueDay",
       ap.id AS "actionPlanId", ap.action_plan_heading AS "actionPlanHeading",
       a.id AS "auditId", a.auditor_id AS "auditorId",
       tc.id AS "targetCompanyId", tc.target_company_name AS "targetCompanyName"
     FROM gaps g
     JOIN action_plans ap ON ap.id = g.action_plan_id
     JOIN audits a ON a.id = ap.audit_id
     JOIN target_companies tc ON tc.id = g.target_company_id
     WHERE g.id = $1`,
    [gapId],
  );
  return rows[0] ?? null;
}

type GapPlace = Pick<
  GapContext,
  'gapId' | 'actionPlanId' | 'auditId' | 'auditorId' | 'targetCompanyId'
>;

/** The gap's page in the reader's own area (the remotes' routes), relative to the product's address. */
export function gapLink(userType: UserType, gap: GapPlace): string {
  const id = encodeURIComponent;
  const plan = `${id(gap.auditId)}/action-plans/${id(gap.actionPlanId)}?gap_id=${id(gap.gapId)}`;
  switch (userType) {
    case 'client':
      return `/client/target-companies/${id(gap.targetCompanyId)}/auditors/${id(gap.auditorId)}/${plan}`;
    case 'auditor':
      return `/auditor/target-companies/${id(gap.targetCompanyId)}/audits/${plan}`;
    case 'targetCompany':
      return `/target-company/auditors/${id(gap.auditorId)}/${plan}`;
  }
}

/** Where the reader switches their notifications on and off. */
export const PREFERENCES_PATH = 'notification-settings';
export const preferencesLink = (publicUrl: string, userType: UserType) =>
  `${publicUrl}${USER_TYPE_AREA_PATHS[userType]}/${PREFERENCES_PATH}`;

/** A YYYY-MM-DD day as e-mails and the bell write it: '1 December 2026'. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
