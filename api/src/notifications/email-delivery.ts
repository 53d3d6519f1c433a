// Sending one queued e-mail: checked again when it runs (the reader still belongs to a party of the
// gap, still wants it, the notice still stands; the invited member has not joined yet), written from
// the data as it is now, and sent at most once: its delivery is claimed and committed before the SMTP
// conversation starts (docs/decisions/0040-e-mail-that-arrives-once.md). A refusal throws, and the
// queue tries again later with back-off.
import {
  LOCKED_NOTIFICATION_KINDS,
  type Language,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { invitationMessage } from '../invitations/invitation-mail';
import { createInvitation } from '../invitations/invitations';
import { languageOr } from '../language/translate';
import { notTaken, senderDomain, type Mailer, type MailMessage } from '../mail/mailer';
import {
  digestEmail,
  notificationEmail,
  notificationText,
  type GapNotificationKind,
} from './content';
import type { EmailJob } from './deliveries';
import { digestSections } from './digest';
import { gapLink, preferencesLink, readGapContext } from './gap-context';
import { eventParties, gapRecipients, NOTICE_PARTIES } from './recipients';
import { noticeStands } from './scan';
import { webhookOffMessage } from '../webhooks/webhook-mail';
import { incidentEmailOf } from '../incidents/incident-notifications';
import { reportEmailOf } from '../monitoring-reports/report-notifications';

interface Reader {
  id: string;
  email: string;
  fullname: string;
  userType: UserType;
  clientId?: string;
  auditorId?: string;
  targetCompanyId?: string;
  language: Language | null;
  digestByEmail: boolean;
}

/** The digest's reader: a member who has joined (an account is bound to the membership). */
async function readReader(db: Queryable, userId: string): Promise<Reader | null> {
  const { rows } = await db.query<Reader>(
    `SELECT u.id, u.email, u.fullname, u.user_type AS "userType",
       u.client_id AS "clientId", u.auditor_id AS "auditorId", u.target_company_id AS "targetCompanyId",
       u.language, COALESCE(p.email, true) AS "digestByEmail"
     FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = 'digest'
     WHERE u.id = $1 AND u.sub IS NOT NULL`,
    [userId],
  );
  const reader = rows[0];
  if (!reader) return null;
  return {
    ...reader,
    clientId: reader.clientId ?? undefined,
    auditorId: reader.auditorId ?? undefined,
    targetCompanyId: reader.targetCompanyId ?? undefined,
  };
}

/** The e-mail a gap notification becomes for `userId`, or null when it should no longer go. */
async function gapEmail(
  db: Queryable,
  publicUrl: string,
  userId: string,
  kind: GapNotificationKind,
  gapId: string,
  parties: Parameters<typeof gapRecipients>[3],
  detail: Parameters<typeof notificationText>[2],
  exceptUserId: string | null = null,
): Promise<MailMessage | null> {
  const recipient = (await gapRecipients(db, gapId, kind, parties, exceptUserId)).find(
    (candidate) => candidate.userId === userId,
  );
  if (!recipient?.byEmail) return null;
  const gap = await readGapContext(db, gapId);
  if (!gap) return null;
  return notificationEmail(
    recipient,
    notificationText(kind, gap, detail, languageOr(recipient.language)),
    {
      gap: `${publicUrl}${gapLink(recipient.userType, gap)}`,
      preferences: preferencesLink(publicUrl, recipient.userType),
    },
    LOCKED_NOTIFICATION_KINDS.includes(kind),
  );
}

/**
 * The message a job stands for now, or null when nothing should be sent. An invitation's one-time link
 * is made here, in the caller's transaction (the delivery's claim), so it is never stored in clear.
 */
export async function emailOf(
  db: Queryable,
  publicUrl: string,
  job: EmailJob,
): Promise<MailMessage | null> {
  switch (job.type) {
    case 'notice': {
      const notice = await noticeStands(db, job.noticeId);
      if (!notice) return null;
      return gapEmail(
        db,
        publicUrl,
        job.userId,
        notice.kind,
        notice.gapId,
        NOTICE_PARTIES[notice.kind],
        {
          days: notice.days,
        },
      );
    }
    case 'event':
      return gapEmail(
        db,
        publicUrl,
        job.userId,
        job.kind as GapNotificationKind,
        job.gapId,
        eventParties(job.authorType as UserType),
        {
          actorName: job.actorName,
          text: job.text,
          method: job.method,
          dueDate: job.dueDate,
          decision: job.decision,
        },
        job.authorId,
      );
    case 'report':
    case 'reportNotice':
      return reportEmailOf(db, publicUrl, job);
    case 'incident':
      return incidentEmailOf(db, publicUrl, job);
    case 'digest': {
      const reader = await readReader(db, job.userId);
      if (!reader?.digestByEmail) return null;
      const sections = await digestSections(db, reader, new Date(job.now));
      if (sections.length === 0) return null;
      for (const section of sections)
        for (const gap of section.gaps) gap.link = `${publicUrl}${gap.link}`;
      return digestEmail(
        reader,
        job.weekStart,
        sections,
        preferencesLink(publicUrl, reader.userType),
      );
    }
    case 'invitation': {
      // Removed since, or joined already (signed in with its verified address): no invitation.
      const { rows } = await db.query<{ joined: boolean }>(
        'SELECT sub IS NOT NULL AS joined FROM users WHERE id = $1',
        [job.userId],
      );
      if (!rows[0] || rows[0].joined) return null;
      return invitationMessage(await createInvitation(db, job.userId, job.invitedBy), publicUrl);
    }
    case 'webhookOff':
      return webhookOffMessage(db, publicUrl, job.userId, job.endpointId);
  }
}

/**
 * What became of one e-mail job: `sent` (the server took it), `nothing` (nothing to send any more),
 * `already` (an earlier try of this job claimed it: sent, or perhaps sent, never again), `unconfirmed`
 * (the connection broke mid-way: the server may have kept it; recorded, not tried again).
 */
export type DeliveryOutcome = 'sent' | 'nothing' | 'already' | 'unconfirmed';

/** The server certainly did not take the message: the queue tries the job again later. */
export class EmailRefusedError extends Error {
  override name = 'EmailRefusedError';
}

/**
 * Sends the job's e-mail once: the delivery is claimed (a row keyed by the job) and committed before
 * the SMTP conversation starts, so a job handed out again (expired, retried, taken by a second worker)
 * never sends what was already attempted. Throws EmailRefusedError when the server refused it or could
 * not be reached (the claim is released for the next try).
 */
export async function deliverEmail(
  db: Database,
  mailer: Mailer,
  settings: { publicUrl: string; mailFrom: string },
  job: { id: string; data: EmailJob },
): Promise<DeliveryOutcome> {
  const messageId = `<${job.id}@${senderDomain(settings.mailFrom)}>`;
  const claim = await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO email_deliveries AS d (job_id, message_id) VALUES ($1, $2)
       ON CONFLICT (job_id) DO UPDATE SET claimed_at = now(), refused_at = NULL, failure = NULL
         WHERE d.refused_at IS NOT NULL
       RETURNING d.job_id`,
      [job.id, messageId],
    );
    if (rows.length === 0) return { outcome: 'already' as const };
    const message = await emailOf(tx, settings.publicUrl, job.data);
    if (!message) {
      await tx.query('DELETE FROM email_deliveries WHERE job_id = $1', [job.id]);
      return { outcome: 'nothing' as const };
    }
    await tx.query('UPDATE email_deliveries SET recipient = $2 WHERE job_id = $1', [
      job.id,
      message.to,
    ]);
    return { outcome: 'claimed' as const, message: { ...message, messageId } };
  });
  if (claim.outcome !== 'claimed') return claim.outcome;
  try {
    await mailer.send(claim.message);
  } catch (error) {
    const refused = notTaken(error);
    await db.query(
      `UPDATE email_deliveries SET failure = $2, refused_at = CASE WHEN $3::boolean THEN now() END
       WHERE job_id = $1`,
      [job.id, (error as Error).message, refused],
    );
    if (refused) throw new EmailRefusedError((error as Error).message, { cause: error });
    return 'unconfirmed';
  }
  await db.query('UPDATE email_deliveries SET sent_at = now() WHERE job_id = $1', [job.id]);
  return 'sent';
}

/** Delivery records are kept a month, well past the longest life of a job and its retries. */
export async function forgetDeliveries(db: Queryable): Promise<void> {
  await db.query("DELETE FROM email_deliveries WHERE claimed_at < now() - interval '30 days'");
}
