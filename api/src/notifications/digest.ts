// The weekly digest: on Monday from the scan hour, in the organisation's time zone (or on Tuesday when
// no scan ran on Monday), one e-mail per member who has joined, with their gaps due soon, overdue and
// awaiting review; a member with none gets no digest, and one invited but not joined yet none either.
import { REMINDER_DAYS_BEFORE, type SessionUser } from '@verity/shared-api/src/server';
import { gapOverdueSql } from '../action-plans/derived-sql';
import { auditVisibleSql } from '../auth/tenancy';
import type { Database, Queryable } from '../db';
import type { DigestGap, DigestSection } from './content';
import type { EmailJob, Outbox } from './deliveries';
import { gapLink } from './gap-context';

/** Gaps listed per section; the rest are counted. */
export const DIGEST_SECTION_SIZE = 20;
/** 'Due soon' is the reminders' horizon: due within the first reminder's days. */
export const DIGEST_DUE_SOON_DAYS = Math.max(...REMINDER_DAYS_BEFORE);

const ORGANISATION_ZONE = `COALESCE(c.time_zone, au.time_zone, tc.time_zone, 'UTC')`;

/**
 * Queues this week's digest of every user whose Monday morning it is (once per user and week). A
 * Monday on which no scan ran is caught up on Tuesday, as the daily scan catches up a missed day.
 */
export async function planDigests(
  db: Database,
  outbox: Outbox,
  { now, scanHour }: { now: Date; scanHour: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ userId: string; weekStart: string }>(
      `INSERT INTO notification_digests (user_id, week_start)
       SELECT u.id, (l.local)::date - (extract(isodow FROM l.local)::int - 1) FROM users u
       LEFT JOIN clients c ON c.id = u.client_id
       LEFT JOIN auditors au ON au.id = u.auditor_id
       LEFT JOIN target_companies tc ON tc.id = u.target_company_id
       CROSS JOIN LATERAL (SELECT $1::timestamptz AT TIME ZONE ${ORGANISATION_ZONE} AS local) l
       LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = 'digest'
       WHERE (extract(isodow FROM l.local) = 1 AND extract(hour FROM l.local) >= $2
           OR extract(isodow FROM l.local) = 2)
         AND COALESCE(p.email, true)
         -- Members who have joined: an account is bound to the membership (invited ones wait).
         AND u.sub IS NOT NULL
       ON CONFLICT DO NOTHING
       RETURNING user_id AS "userId", to_char(week_start, 'YYYY-MM-DD') AS "weekStart"`,
      [now.toISOString(), scanHour],
    );
    const jobs: EmailJob[] = rows.map((row) => ({
      type: 'digest',
      userId: row.userId,
      weekStart: row.weekStart,
      now: now.toISOString(),
    }));
    await outbox.queueEmails(tx, jobs);
    return jobs.length;
  });
}

interface DigestRow extends DigestGap {
  section: 'dueSoon' | 'overdue' | 'awaitingReview';
  total: number;
  gapId: string;
  actionPlanId: string;
  auditId: string;
  auditorId: string;
  targetCompanyId: string;
}

export const DIGEST_HEADINGS = {
  overdue: 'Overdue',
  dueSoon: `Due in the next ${DIGEST_DUE_SOON_DAYS} days`,
  awaitingReview: 'Awaiting closure review',
} as const;

/** The user's digest sections at `now`, in their own tenancy; empty sections are left out. */
export async function digestSections(
  db: Queryable,
  user: Pick<SessionUser, 'userType' | 'clientId' | 'auditorId' | 'targetCompanyId'>,
  now: Date,
): Promise<DigestSection[]> {
  const params: unknown[] = [now.toISOString(), DIGEST_DUE_SOON_DAYS, DIGEST_SECTION_SIZE];
  const visible = auditVisibleSql(user as SessionUser, 'a', params);
  const { rows } = await db.query<DigestRow>(
    `WITH sorted AS (
       SELECT g.id AS "gapId", g.gap_name AS "gapName", g.esap_item_number AS "esapItemNumber",
         ap.action_plan_heading AS "actionPlanHeading",
         tc.target_company_name AS "targetCompanyName",
         to_char(g.due_date AT TIME ZONE tc.time_zone, 'YYYY-MM-DD') AS "dueDay",
         ap.id AS "actionPlanId", a.id AS "auditId", a.auditor_id AS "auditorId", tc.id AS "targetCompanyId",
         CASE WHEN gap_is_pending_review(g.status) THEN 'awaitingReview'
           WHEN ${gapOverdueSql('g', '$1::timestamptz')} THEN 'overdue'
           ELSE 'dueSoon' END AS section,
         g.due_date
       FROM gaps g
       JOIN action_plans ap ON ap.id = g.action_plan_id
       JOIN audits a ON a.id = ap.audit_id
       JOIN target_companies tc ON tc.id = g.target_company_id
       WHERE ${visible}
         AND (gap_is_pending_review(g.status)
           OR ${gapOverdueSql('g', '$1::timestamptz + make_interval(days => $2)')})
     ), ranked AS (
       SELECT sorted.*, row_number() OVER (PARTITION BY section ORDER BY due_date, "gapId") AS position,
         (count(*) OVER (PARTITION BY section))::int AS total
       FROM sorted
     )
     SELECT * FROM ranked WHERE position <= $3 ORDER BY section, position`,
    params,
  );
  return (['overdue', 'dueSoon', 'awaitingReview'] as const)
    .map((section) => {
      const gaps = rows.filter((row) => row.section === section);
      return {
        kind: section,
        heading: DIGEST_HEADINGS[section],
        gaps: gaps.map((row) => ({
          esapItemNumber: row.esapItemNumber,
          gapName: row.gapName,
          actionPlanHeading: row.actionPlanHeading,
          targetCompanyName: row.targetCompanyName,
          dueDay: row.dueDay,
          link: gapLink(user.userType, row),
        })),
        more: (gaps[0]?.total ?? 0) - gaps.length,
      };
    })
    .filter((section) => section.gaps.length > 0);
}
