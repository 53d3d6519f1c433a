// Writing a notification: the bell's rows and the e-mail jobs, in the caller's transaction, so what
// caused it and its notification commit (or vanish) together. Invitations are e-mail jobs too, queued
// with the membership they invite to.
import type { Language, NotificationKind, UserType } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { languageOr } from '../language/translate';
import type { NotificationText } from './content';
import { gapLink, type GapContext } from './gap-context';
import { EMAIL_QUEUE, executorOf, type PgBoss } from './job-queue';
import type { Recipient } from './recipients';

/** What an e-mail job carries: enough to check, when it runs, that it should still go, and to write it. */
export type EmailJob =
  | { type: 'notice'; userId: string; noticeId: string }
  | {
      type: 'event';
      userId: string;
      kind: NotificationKind;
      gapId: string;
      actorName: string;
      text?: string;
      method?: string;
      /** An extension's new due date and its answer. */
      dueDate?: string;
      decision?: string;
      /** The author's user type: the parties are those other than theirs. */
      authorType: string;
      authorId: string;
    }
  | { type: 'digest'; userId: string; weekStart: string; now: string }
  /** A monitoring report submitted or reviewed (docs/decisions/0094-annual-monitoring-reports.md). */
  | {
      type: 'report';
      userId: string;
      kind: string;
      targetCompanyId: string;
      periodEnd: string;
      reportId: string;
      version: number;
      actorName: string;
      authorId: string;
      comment?: string;
    }
  /** The daily scan's report reminder or overdue notice. */
  | { type: 'reportNotice'; userId: string; noticeId: string }
  /** A serious incident reported, or its late root-cause analysis (docs/decisions/0099-serious-incidents.md). */
  | { type: 'incident'; userId: string; kind: string; incidentId: string; questionId?: string }
  /** The invitation to a membership: its one-time link is made when the job runs, never stored here. */
  | { type: 'invitation'; userId: string; invitedBy: string | null }
  /** An owner told that a webhook endpoint of their organisation was switched off. */
  | { type: 'webhookOff'; userId: string; endpointId: string };

export interface Outbox {
  /** Queues e-mail jobs in the transaction `tx`; the seed leaves e-mail out. */
  queueEmails(tx: Queryable, jobs: EmailJob[]): Promise<void>;
}

export function queueOutbox(
  queue: PgBoss,
  retry: { limit: number; delaySeconds: number },
  expirySeconds: number,
): Outbox {
  return {
    async queueEmails(tx, jobs) {
      if (jobs.length === 0) return;
      await queue.insert(
        jobs.map((data) => ({
          name: EMAIL_QUEUE,
          data,
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          // Taken by a worker that died, it goes back to the queue this long after it was taken.
          expireInSeconds: expirySeconds,
        })),
        { db: executorOf(tx) } as never,
      );
    },
  };
}

/**
 * What a bell's row is about, as its columns hold it: a gap (its plan and company), a company's
 * monitoring report (null before one is started) or incident; and its page in each reader's own area.
 */
export interface NotificationSubject {
  gapId: string | null;
  actionPlanId: string | null;
  targetCompanyId: string;
  monitoringReportId: string | null;
  /** A serious incident of the company. */
  incidentId?: string | null;
  link(userType: UserType): string;
}

export const gapSubject = (gap: GapContext): NotificationSubject => ({
  gapId: gap.gapId,
  actionPlanId: gap.actionPlanId,
  targetCompanyId: gap.targetCompanyId,
  monitoringReportId: null,
  link: (userType) => gapLink(userType, gap),
});

/**
 * The bell's row for each recipient who has it on, with the subject's link in their own area and
 * its words in their language (as their e-mails are; a row keeps the language it was written in).
 */
export async function insertInAppNotifications(
  tx: Queryable,
  kind: NotificationKind,
  subject: NotificationSubject,
  text: (language: Language) => NotificationText,
  recipients: Recipient[],
): Promise<void> {
  const readers = recipients.filter((recipient) => recipient.inApp);
  if (readers.length === 0) return;
  const written = new Map<Language, NotificationText>();
  const textOf = (reader: Recipient) => {
    const language = languageOr(reader.language);
    if (!written.has(language)) written.set(language, text(language));
    return written.get(language)!;
  };
  await tx.query(
    `INSERT INTO notifications (user_id, kind, title, body, gap_id, action_plan_id, target_company_id,
       monitoring_report_id, incident_id, link)
     SELECT r.user_id, $5, r.title, r.body, $6, $7, $8, $9, $10, r.link
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS r(user_id, link, title, body)`,
    [
      readers.map((reader) => reader.userId),
      readers.map((reader) => subject.link(reader.userType)),
      readers.map((reader) => textOf(reader).title),
      readers.map((reader) => textOf(reader).body),
      kind,
      subject.gapId,
      subject.actionPlanId,
      subject.targetCompanyId,
      subject.monitoringReportId,
      subject.incidentId ?? null,
    ],
  );
}
