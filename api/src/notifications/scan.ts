// The daily scan (docs/decisions/0039-notifications.md): for each target company, once per day of
// its own time zone from the scan hour, the reminders (14, 7 and 1 days before a gap's due date),
// the overdue notice (the day after) and the escalation (7 days after). Each notice is a row keyed
// by gap, kind and day, so a scan run twice, or by two processes at once, sends nothing twice.
import {
  ESCALATION_DAYS_AFTER,
  OVERDUE_DAYS_AFTER,
  REMINDER_DAYS_BEFORE,
  type Language,
} from '@verity/shared-api/src/server';
import { gapCanBeOverdueSql, gapOverdueSql } from '../action-plans/derived-sql';
import type { Database, Queryable } from '../db';
import { notificationText } from './content';
import { gapSubject, insertInAppNotifications, type EmailJob, type Outbox } from './deliveries';
import { recordWebhookEvent, WEBHOOK_EVENT_OF } from '../webhooks/events';
import { readGapContext } from './gap-context';
import { gapRecipients, NOTICE_PARTIES } from './recipients';
import { scanCompanyIncidents } from '../incidents/incident-notifications';
import { scanCompanyReports } from '../monitoring-reports/report-notifications';

/** A company whose scan missed days (the API was down) catches up at most this many. */
export const MAX_CATCH_UP_DAYS = 7;

export type GapNoticeKind = keyof typeof NOTICE_PARTIES;

export interface ScanOptions {
  /** The scan's clock: now, or a test's day. */
  now: Date;
  /** Organisations are scanned from this hour of their own day. */
  scanHour: number;
  /** false for the demo seed: the bell's notices only, and the day stays open for the real scan. */
  claimDay?: boolean;
  email?: boolean;
}

export interface ScanResult {
  companies: number;
  notices: number;
}

interface CompanyDay {
  id: string;
  today: string;
  hour: number;
  lastDay: string | null;
}

interface NewNotice {
  id: string;
  gapId: string;
  kind: GapNoticeKind;
  days: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

// Every milestone of a due date: its kind and its day, counted from the due date's day.
const MILESTONES = [
  ...REMINDER_DAYS_BEFORE.map((days) => `('dueSoon', ${-days})`),
  `('overdue', ${OVERDUE_DAYS_AFTER})`,
  `('escalation', ${ESCALATION_DAYS_AFTER})`,
].join(', ');

/**
 * The notices of one company's day, recorded. A reminder is sent on its day, or within `catchUp`
 * days after it when scans were missed, and only the latest one due; none once the gap is overdue.
 * Overdue and escalation use the dashboards' own overdue rule at the scan's clock, from the day
 * after (7 days after) the due date's day in the company's time zone. Closed and pending gaps get
 * nothing; a moved due date plans anew (the old notices no longer match it).
 */
async function recordNotices(
  tx: Queryable,
  company: CompanyDay,
  now: Date,
  catchUp: number,
): Promise<NewNotice[]> {
  const { rows } = await tx.query<NewNotice>(
    `WITH candidates AS (
       SELECT g.id AS gap_id, g.due_date,
         (g.due_date AT TIME ZONE tc.time_zone)::date AS due_day,
         ${gapOverdueSql('g', '$2::timestamptz')} AS overdue
       FROM gaps g JOIN target_companies tc ON tc.id = g.target_company_id
       WHERE g.target_company_id = $1 AND ${gapCanBeOverdueSql('g')} AND g.due_date IS NOT NULL
     ),
     due AS (
       SELECT DISTINCT ON (c.gap_id, m.kind) c.gap_id, c.due_date, m.kind,
         c.due_day + m.shift AS notice_day,
         -- As the reader sees it on the scan's day (a caught-up reminder is a day closer).
         abs(c.due_day - $3::date) AS days
       FROM candidates c CROSS JOIN (VALUES ${MILESTONES}) AS m(kind, shift)
       WHERE CASE WHEN m.kind = 'dueSoon'
         THEN NOT c.overdue AND c.due_day + m.shift BETWEEN $3::date - $4::int AND $3::date
         ELSE c.overdue AND c.due_day + m.shift <= $3::date END
       ORDER BY c.gap_id, m.kind, notice_day DESC
     )
     INSERT INTO gap_notices (gap_id, kind, due_date, notice_day, days)
     SELECT gap_id, kind, due_date, notice_day, days FROM due
     ON CONFLICT ON CONSTRAINT gap_notices_once DO NOTHING
     RETURNING id, gap_id AS "gapId", kind, days`,
    [company.id, now.toISOString(), company.today, catchUp],
  );
  return rows;
}

/** The bell's rows and the e-mail jobs of one notice, to its recipients as they are now. */
async function notify(tx: Queryable, notice: NewNotice, outbox: Outbox | null): Promise<void> {
  const gap = await readGapContext(tx, notice.gapId);
  if (!gap) return;
  const recipients = await gapRecipients(tx, gap.gapId, notice.kind, NOTICE_PARTIES[notice.kind]);
  const text = (language: Language) =>
    notificationText(notice.kind, gap, { days: notice.days }, language);
  await insertInAppNotifications(tx, notice.kind, gapSubject(gap), text, recipients);
  const jobs: EmailJob[] = recipients
    .filter((recipient) => recipient.byEmail)
    .map((recipient) => ({ type: 'notice', userId: recipient.userId, noticeId: notice.id }));
  if (outbox) await outbox.queueEmails(tx, jobs);
  const webhook = WEBHOOK_EVENT_OF[notice.kind];
  if (webhook)
    await recordWebhookEvent(tx, {
      type: webhook,
      gapId: gap.gapId,
      actionPlanId: gap.actionPlanId,
      targetCompanyId: gap.targetCompanyId,
      detail: { itemNumber: gap.esapItemNumber, dueDay: gap.dueDay, days: notice.days },
    });
}

/** Runs the day's scan of every company whose day it is; safe to run any number of times. */
export async function scanGaps(
  db: Database,
  outbox: Outbox | null,
  options: ScanOptions,
): Promise<ScanResult> {
  const { now, scanHour, claimDay = true } = options;
  const { rows: companies } = await db.query<CompanyDay>(
    `SELECT tc.id, to_char($1::timestamptz AT TIME ZONE tc.time_zone, 'YYYY-MM-DD') AS today,
       extract(hour FROM $1::timestamptz AT TIME ZONE tc.time_zone)::int AS hour,
       (SELECT to_char(max(d.day), 'YYYY-MM-DD') FROM notification_scan_days d
        WHERE d.target_company_id = tc.id) AS "lastDay"
     FROM target_companies tc ORDER BY tc.created_at, tc.id`,
    [now.toISOString()],
  );
  const result: ScanResult = { companies: 0, notices: 0 };
  for (const company of companies) {
    if (claimDay && company.hour < scanHour) continue;
    if (company.lastDay && company.lastDay >= company.today) continue;
    const missed = company.lastDay ? daysBetween(company.lastDay, company.today) - 1 : 0;
    const catchUp = Math.min(Math.max(missed, 0), MAX_CATCH_UP_DAYS);
    await db.transaction(async (tx) => {
      if (claimDay) {
        // The day is claimed first: a second scan (another process) waits here, then finds it taken.
        const claimed = await tx.query(
          `INSERT INTO notification_scan_days (target_company_id, day) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING day`,
          [company.id, company.today],
        );
        if (claimed.rows.length === 0) return;
      }
      const notices = await recordNotices(tx, company, now, catchUp);
      for (const notice of notices) {
        await notify(tx, notice, options.email === false ? null : outbox);
      }
      // The company's monitoring report reminders and overdue notice, on the same day.
      await scanCompanyReports(tx, company, catchUp, options.email === false ? null : outbox);
      // A late root-cause analysis of the company's incidents, escalated once.
      await scanCompanyIncidents(tx, company.id, now, options.email === false ? null : outbox);
      result.companies += 1;
      result.notices += notices.length;
    });
  }
  return result;
}

/**
 * Whether a notice still stands when its e-mail is about to go: the gap keeps the due date it was
 * decided on and is neither closed nor waiting for review.
 */
export async function noticeStands(
  db: Queryable,
  noticeId: string,
): Promise<{ gapId: string; kind: GapNoticeKind; days: number } | null> {
  const { rows } = await db.query<{ gapId: string; kind: GapNoticeKind; days: number }>(
    `SELECT n.gap_id AS "gapId", n.kind, n.days FROM gap_notices n JOIN gaps g ON g.id = n.gap_id
     WHERE n.id = $1 AND g.due_date = n.due_date AND ${gapCanBeOverdueSql('g')}`,
    [noticeId],
  );
  return rows[0] ?? null;
}
