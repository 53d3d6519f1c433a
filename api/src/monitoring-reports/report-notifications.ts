// Who hears of a monitoring report, and when (docs/decisions/0094-annual-monitoring-reports.md):
// a submission goes to the client's non-viewers, a request for changes and an acceptance to the
// company's non-viewers, never to the author; the daily scan reminds the company 14, 7 and 1 days
// before the due date and, the day after it, tells the company and escalates to the client. Each
// scan notice is a row unique per company, period, kind and day, so nothing is sent twice; the bell's
// rows and the e-mail jobs are written in the transaction of what caused them.
import {
  DEFAULT_LANGUAGE,
  REPORT_OVERDUE_DAYS_AFTER,
  REPORT_REMINDER_DAYS_BEFORE,
  USER_TYPE_AREA_PATHS,
  endedPeriods,
  type Language,
  type ReportRuleValue,
  type SessionUser,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { languageOr, translatorFor } from '../language/translate';
import type { MailMessage } from '../mail/mailer';
import { notificationEmail, withQuote, type NotificationText } from '../notifications/content';
import {
  insertInAppNotifications,
  type EmailJob,
  type NotificationSubject,
  type Outbox,
} from '../notifications/deliveries';
import { formatDay, preferencesLink } from '../notifications/gap-context';
import { companyRecipients, type CompanyParty, type Recipient } from '../notifications/recipients';
import { readRule } from './reports';

export type ReportEventKind = 'reportSubmitted' | 'reportChangesRequested' | 'reportAccepted';
export type ReportNoticeKind = 'reportDueSoon' | 'reportOverdue';
export type ReportNotificationKind = ReportEventKind | ReportNoticeKind;

const REPORT_PARTIES: Readonly<Record<ReportNotificationKind, readonly CompanyParty[]>> = {
  reportSubmitted: ['client'],
  reportChangesRequested: ['company'],
  reportAccepted: ['company'],
  reportDueSoon: ['company'],
  reportOverdue: ['company', 'client'],
};

/** The people of the report's parties around its company, with their switches for `kind`. */
const reportRecipients = (
  db: Queryable,
  targetCompanyId: string,
  kind: ReportNotificationKind,
  exceptUserId: string | null,
): Promise<Recipient[]> =>
  companyRecipients(db, targetCompanyId, kind, REPORT_PARTIES[kind], exceptUserId);

/** The report's page (or the company's reports, before one is started) in the reader's area. */
export function reportLink(
  userType: UserType,
  place: { targetCompanyId: string; reportId: string | null },
): string {
  const id = encodeURIComponent;
  const report = place.reportId ? `/${id(place.reportId)}` : '';
  return userType === 'client'
    ? `${USER_TYPE_AREA_PATHS.client}/target-companies/${id(place.targetCompanyId)}/monitoring-reports${report}`
    : `${USER_TYPE_AREA_PATHS.targetCompany}/monitoring-reports${report}`;
}

export interface ReportNoticeDetail {
  companyName: string;
  periodEnd: string;
  dueOn: string;
  version?: number;
  actorName?: string;
  comment?: string | null;
  days?: number;
}

/** The notification's title and body in `language`: its reader's, for the bell's row and the e-mail. */
export function reportNotificationText(
  kind: ReportNotificationKind,
  detail: ReportNoticeDetail,
  language: Language = DEFAULT_LANGUAGE,
): NotificationText {
  const t = translatorFor(language);
  const values = {
    company: detail.companyName,
    period: formatDay(detail.periodEnd),
    actor: detail.actorName || t('mail.common.someone'),
    version: detail.version ?? 1,
    days: detail.days ?? 0,
    due: formatDay(detail.dueOn),
  };
  switch (kind) {
    case 'reportSubmitted':
      return {
        title: t('mail.report.submitted.title', values),
        body: t('mail.report.submitted.body', values),
      };
    case 'reportChangesRequested':
      return {
        title: t('mail.report.changesRequested.title', values),
        body: withQuote(
          t,
          t('mail.report.changesRequested.body', values),
          'mail.common.theirComment',
          detail.comment,
        ),
      };
    case 'reportAccepted':
      return {
        title: t('mail.report.accepted.title', values),
        body: withQuote(
          t,
          t('mail.report.accepted.body', values),
          'mail.common.theirComment',
          detail.comment,
        ),
      };
    case 'reportDueSoon':
      return {
        title: t('mail.report.dueSoon.title', values),
        body: t('mail.report.dueSoon.body', values),
      };
    case 'reportOverdue':
      return {
        title: t('mail.report.overdue.title', values),
        body: t('mail.report.overdue.body', values),
      };
  }
}

/** A bell's row about the report (or the company's reports, before one is started). */
const reportSubject = (place: {
  targetCompanyId: string;
  reportId: string | null;
}): NotificationSubject => ({
  gapId: null,
  actionPlanId: null,
  targetCompanyId: place.targetCompanyId,
  monitoringReportId: place.reportId,
  link: (userType) => reportLink(userType, place),
});

interface ReportContext {
  companyName: string;
  periodEnd: string;
  dueOn: string;
  status: string | null;
}

async function readReportContext(
  db: Queryable,
  targetCompanyId: string,
  periodEnd: string,
): Promise<ReportContext | null> {
  const { rows } = await db.query<ReportContext>(
    `SELECT tc.target_company_name AS "companyName", $2::text AS "periodEnd",
       to_char(r.due_on, 'YYYY-MM-DD') AS "dueOn", r.status
     FROM target_companies tc
     LEFT JOIN monitoring_reports r ON r.target_company_id = tc.id AND r.period_end = $2::date
     WHERE tc.id = $1`,
    [targetCompanyId, periodEnd],
  );
  return rows[0] ?? null;
}

export interface ReportEvent {
  kind: ReportEventKind;
  reportId: string;
  targetCompanyId: string;
  periodEnd: string;
  version: number;
  author: SessionUser;
  comment?: string | null;
}

/** Tells the other party of a submission or a review, in the write's transaction. */
export async function notifyReportEvent(
  tx: Queryable,
  outbox: Outbox,
  event: ReportEvent,
): Promise<void> {
  const context = await readReportContext(tx, event.targetCompanyId, event.periodEnd);
  if (!context) return;
  const recipients = await reportRecipients(
    tx,
    event.targetCompanyId,
    event.kind,
    event.author._id,
  );
  const detail: ReportNoticeDetail = {
    ...context,
    version: event.version,
    actorName: event.author.fullname,
    comment: event.comment,
  };
  const text = (language: Language) => reportNotificationText(event.kind, detail, language);
  await insertInAppNotifications(tx, event.kind, reportSubject(event), text, recipients);
  const jobs: EmailJob[] = recipients
    .filter((recipient) => recipient.byEmail)
    .map((recipient) => ({
      type: 'report',
      userId: recipient.userId,
      kind: event.kind,
      targetCompanyId: event.targetCompanyId,
      periodEnd: event.periodEnd,
      reportId: event.reportId,
      version: event.version,
      actorName: event.author.fullname,
      authorId: event.author._id,
      comment: event.comment ?? undefined,
    }));
  await outbox.queueEmails(tx, jobs);
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

interface PlannedNotice {
  periodEnd: string;
  dueOn: string;
  kind: ReportNoticeKind;
  noticeDay: string;
  days: number;
}

/**
 * The report notices of one company's day, as the rule gives them: the latest reminder whose day
 * came (within `catchUp` days), and the overdue notice from the day after the due date, for the
 * current period (and the next, once its reminders start) unless its report is submitted or accepted.
 */
export function plannedReportNotices(
  rule: ReportRuleValue,
  today: string,
  catchUp: number,
  handedIn: ReadonlySet<string>,
): PlannedNotice[] {
  // The period being reported now (the latest ended) and, when the reminders reach it, the next one:
  // an older report left late shows on the portfolio, and is not chased again.
  const reach = Math.max(...REPORT_REMINDER_DAYS_BEFORE);
  const current = [
    endedPeriods(rule, today, 1)[0]!,
    endedPeriods(rule, shiftDay(today, reach), 1)[0]!,
  ];
  const periods = current.filter(
    (period, index) =>
      !handedIn.has(period.end) && current.findIndex((other) => other.end === period.end) === index,
  );
  const planned: PlannedNotice[] = [];
  for (const period of periods) {
    if (today < period.dueOn) {
      const reminders = REPORT_REMINDER_DAYS_BEFORE.map((days) => shiftDay(period.dueOn, -days))
        .filter((day) => day <= today && day >= shiftDay(today, -catchUp))
        .sort();
      const day = reminders.at(-1);
      if (day)
        planned.push({
          periodEnd: period.end,
          dueOn: period.dueOn,
          kind: 'reportDueSoon',
          noticeDay: day,
          days: daysBetween(today, period.dueOn),
        });
    } else {
      const day = shiftDay(period.dueOn, REPORT_OVERDUE_DAYS_AFTER);
      if (day <= today)
        planned.push({
          periodEnd: period.end,
          dueOn: period.dueOn,
          kind: 'reportOverdue',
          noticeDay: day,
          days: daysBetween(period.dueOn, today),
        });
    }
  }
  return planned;
}

/**
 * The daily scan's part for reports, in the company's day transaction. Only a company whose client
 * has set its reporting rule is reminded: the default rule is shown, never chased.
 */
export async function scanCompanyReports(
  tx: Queryable,
  company: { id: string; today: string },
  catchUp: number,
  outbox: Outbox | null,
): Promise<number> {
  const { rule, isDefault } = await readRule(tx, company.id);
  if (isDefault) return 0;
  const { rows: reports } = await tx.query<{ period_end: string }>(
    `SELECT to_char(period_end, 'YYYY-MM-DD') AS period_end FROM monitoring_reports
     WHERE target_company_id = $1 AND status IN ('submitted', 'accepted')`,
    [company.id],
  );
  const handedIn = new Set(reports.map((report) => report.period_end));
  const planned = plannedReportNotices(rule, company.today, catchUp, handedIn);
  let sent = 0;
  for (const notice of planned) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO monitoring_report_notices (target_company_id, period_end, due_on, kind, notice_day, days)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT monitoring_report_notices_once DO NOTHING RETURNING id`,
      [company.id, notice.periodEnd, notice.dueOn, notice.kind, notice.noticeDay, notice.days],
    );
    if (!rows[0]) continue;
    sent += 1;
    const context = await readReportContext(tx, company.id, notice.periodEnd);
    if (!context) continue;
    const { rows: started } = await tx.query<{ id: string }>(
      'SELECT id FROM monitoring_reports WHERE target_company_id = $1 AND period_end = $2',
      [company.id, notice.periodEnd],
    );
    const place = { targetCompanyId: company.id, reportId: started[0]?.id ?? null };
    const recipients = await reportRecipients(tx, company.id, notice.kind, null);
    const detail = { ...context, dueOn: notice.dueOn, days: notice.days };
    const text = (language: Language) => reportNotificationText(notice.kind, detail, language);
    await insertInAppNotifications(tx, notice.kind, reportSubject(place), text, recipients);
    if (outbox)
      await outbox.queueEmails(
        tx,
        recipients
          .filter((recipient) => recipient.byEmail)
          .map((recipient) => ({
            type: 'reportNotice' as const,
            userId: recipient.userId,
            noticeId: rows[0]!.id,
          })),
      );
  }
  return sent;
}

/** The e-mail a report job stands for now, or null when it should no longer go. */
export async function reportEmailOf(
  db: Queryable,
  publicUrl: string,
  job: Extract<EmailJob, { type: 'report' | 'reportNotice' }>,
): Promise<MailMessage | null> {
  let kind: ReportNotificationKind;
  let targetCompanyId: string;
  let detail: ReportNoticeDetail;
  let reportId: string | null;
  let exceptUserId: string | null = null;
  if (job.type === 'reportNotice') {
    // A notice stands while its period's report is neither submitted nor accepted.
    const { rows } = await db.query<{
      kind: ReportNoticeKind;
      target_company_id: string;
      period_end: string;
      due_on: string;
      days: number;
      company_name: string;
      report_id: string | null;
    }>(
      `SELECT n.kind, n.target_company_id, to_char(n.period_end, 'YYYY-MM-DD') AS period_end,
         to_char(n.due_on, 'YYYY-MM-DD') AS due_on, n.days, tc.target_company_name AS company_name,
         r.id AS report_id
       FROM monitoring_report_notices n JOIN target_companies tc ON tc.id = n.target_company_id
       LEFT JOIN monitoring_reports r ON r.target_company_id = n.target_company_id
         AND r.period_end = n.period_end
       WHERE n.id = $1 AND (r.status IS NULL OR r.status IN ('draft', 'changesRequested'))`,
      [job.noticeId],
    );
    const notice = rows[0];
    if (!notice) return null;
    kind = notice.kind;
    targetCompanyId = notice.target_company_id;
    reportId = notice.report_id;
    detail = {
      companyName: notice.company_name,
      periodEnd: notice.period_end,
      dueOn: notice.due_on,
      days: notice.days,
    };
  } else {
    const context = await readReportContext(db, job.targetCompanyId, job.periodEnd);
    if (!context) return null;
    kind = job.kind as ReportEventKind;
    targetCompanyId = job.targetCompanyId;
    reportId = job.reportId;
    exceptUserId = job.authorId;
    detail = {
      ...context,
      version: job.version,
      actorName: job.actorName,
      comment: job.comment,
    };
  }
  const recipient = (await reportRecipients(db, targetCompanyId, kind, exceptUserId)).find(
    (candidate) => candidate.userId === job.userId,
  );
  if (!recipient?.byEmail) return null;
  return notificationEmail(
    recipient,
    reportNotificationText(kind, detail, languageOr(recipient.language)),
    {
      gap: `${publicUrl}${reportLink(recipient.userType, { targetCompanyId, reportId })}`,
      preferences: preferencesLink(publicUrl, recipient.userType),
      place: 'report',
    },
    false,
  );
}
