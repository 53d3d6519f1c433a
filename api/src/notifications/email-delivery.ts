// Sending one queued e-mail: checked again when it runs (the reader still belongs to a party of the
// gap, still wants it, the notice still stands), written from the data as it is now, and sent. A
// failure throws, and the queue tries again later with back-off.
import {
  LOCKED_NOTIFICATION_KINDS,
  type NotificationKind,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import type { Mailer, MailMessage } from '../mail/mailer';
import { digestEmail, notificationEmail, notificationText } from './content';
import type { EmailJob } from './deliveries';
import { digestSections } from './digest';
import { gapLink, preferencesLink, readGapContext } from './gap-context';
import { eventParties, gapRecipients, NOTICE_PARTIES } from './recipients';
import { noticeStands } from './scan';

interface Reader {
  id: string;
  email: string;
  fullname: string;
  userType: UserType;
  clientId?: string;
  auditorId?: string;
  targetCompanyId?: string;
  digestByEmail: boolean;
}

/** The digest's reader: a member who has joined (an account is bound to the membership). */
async function readReader(db: Queryable, userId: string): Promise<Reader | null> {
  const { rows } = await db.query<Reader>(
    `SELECT u.id, u.email, u.fullname, u.user_type AS "userType",
       u.client_id AS "clientId", u.auditor_id AS "auditorId", u.target_company_id AS "targetCompanyId",
       COALESCE(p.email, true) AS "digestByEmail"
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
  kind: Exclude<NotificationKind, 'digest'>,
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
    notificationText(kind, gap, detail),
    {
      gap: `${publicUrl}${gapLink(recipient.userType, gap)}`,
      preferences: preferencesLink(publicUrl, recipient.userType),
    },
    LOCKED_NOTIFICATION_KINDS.includes(kind),
  );
}

/** The message a job stands for now, or null when nothing should be sent. */
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
        job.kind as Exclude<NotificationKind, 'digest'>,
        job.gapId,
        eventParties(job.authorType as UserType),
        { actorName: job.actorName, text: job.text, method: job.method },
        job.authorId,
      );
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
  }
}

/** Sends the job's e-mail if it should still go; throws when the SMTP server fails (retried). */
export async function deliverEmail(
  db: Queryable,
  mailer: Mailer,
  publicUrl: string,
  job: EmailJob,
): Promise<boolean> {
  const message = await emailOf(db, publicUrl, job);
  if (!message) return false;
  await mailer.send(message);
  return true;
}
