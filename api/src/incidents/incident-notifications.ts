// Who hears of a serious incident, and when (docs/decisions/0099-serious-incidents.md): a report
// goes at once to every member of the company's client and of the firms assigned to the company,
// never to the author; the client's question goes to the company's non-viewers and the answer to
// the client's, never to the author; the daily scan escalates a late root-cause analysis once, to the company's
// and the client's non-viewers. The bell's rows and the e-mail jobs are written in the transaction
// of what caused them; an e-mail job checks when it runs that what it tells still holds.
import {
  DEFAULT_LANGUAGE,
  incidentPath,
  type IncidentCategory,
  type IncidentSeverity,
  type Language,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { languageOr, translatorFor, type Translator } from '../language/translate';
import type { MailMessage } from '../mail/mailer';
import { notificationEmail, type NotificationText } from '../notifications/content';
import {
  insertInAppNotifications,
  type EmailJob,
  type NotificationSubject,
  type Outbox,
} from '../notifications/deliveries';
import { formatDay, preferencesLink } from '../notifications/gap-context';
import { companyRecipients, type CompanyParty, type Recipient } from '../notifications/recipients';

export type IncidentNotificationKind =
  | 'incidentReported'
  | 'incidentRootCauseLate'
  | 'incidentQuestionAsked'
  | 'incidentQuestionAnswered';

const INCIDENT_PARTIES: Readonly<Record<IncidentNotificationKind, readonly CompanyParty[]>> = {
  incidentReported: ['clientMembers', 'firmMembers'],
  incidentRootCauseLate: ['company', 'client'],
  incidentQuestionAsked: ['company'],
  incidentQuestionAnswered: ['client'],
};

const incidentRecipients = (
  db: Queryable,
  targetCompanyId: string,
  kind: IncidentNotificationKind,
  exceptUserId: string | null,
): Promise<Recipient[]> =>
  companyRecipients(db, targetCompanyId, kind, INCIDENT_PARTIES[kind], exceptUserId);

/** The incident's page in the reader's own area (one definition with the screens'). */
export const incidentLink = incidentPath;

interface IncidentContext {
  incidentId: string;
  targetCompanyId: string;
  companyName: string;
  category: IncidentCategory;
  severity: IncidentSeverity;
  occurredOn: string;
  location: string;
  reportedByName: string;
  reportedBy: string | null;
  rootCauseDueOn: string;
  late: boolean;
  /** The question (and its answer) a question's notice is about. */
  question?: string;
  answer?: string | null;
  askedBy?: string | null;
  answeredBy?: string | null;
  actorName?: string | null;
}

async function readIncidentContext(
  db: Queryable,
  incidentId: string,
): Promise<IncidentContext | null> {
  const { rows } = await db.query<IncidentContext>(
    `SELECT i.id AS "incidentId", i.target_company_id AS "targetCompanyId",
       tc.target_company_name AS "companyName", i.category, i.severity,
       to_char(company_day(i.target_company_id, i.occurred_at), 'YYYY-MM-DD') AS "occurredOn",
       i.location, i.reported_by_name AS "reportedByName", i.reported_by AS "reportedBy",
       to_char(i.root_cause_due_on, 'YYYY-MM-DD') AS "rootCauseDueOn",
       incident_root_cause_late(i, now()) AS late
     FROM incidents i JOIN target_companies tc ON tc.id = i.target_company_id WHERE i.id = $1`,
    [incidentId],
  );
  return rows[0] ?? null;
}

/** The notification's title and body in `language`: its reader's, for the bell's row and the e-mail. */
export function incidentNotificationText(
  kind: IncidentNotificationKind,
  incident: IncidentContext,
  language: Language = DEFAULT_LANGUAGE,
): NotificationText {
  const t = translatorFor(language);
  const what = t('mail.incident.what', {
    category: t(`mail.incident.category.${incident.category}`),
    severity: t(`mail.incident.severity.${incident.severity}`),
  });
  const values = {
    company: incident.companyName,
    what,
    location: incident.location,
    day: formatDay(incident.occurredOn),
    due: formatDay(incident.rootCauseDueOn),
    reporter: incident.reportedByName,
    actor: incident.actorName || t('mail.common.someone'),
    question: quote(t, incident.question),
    answer: quote(t, incident.answer),
  };
  const name = {
    incidentReported: 'reported',
    incidentQuestionAsked: 'questionAsked',
    incidentQuestionAnswered: 'questionAnswered',
    incidentRootCauseLate: 'rootCauseLate',
  } as const;
  return {
    title: t(`mail.incident.${name[kind]}.title`, values),
    body: t(`mail.incident.${name[kind]}.body`, values),
  };
}

const EXCERPT = 300;
const quote = (t: Translator, text?: string | null) =>
  text
    ? t('mail.common.quoted', {
        text: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text,
      })
    : '';

const incidentSubject = (incident: IncidentContext): NotificationSubject => ({
  gapId: null,
  actionPlanId: null,
  targetCompanyId: incident.targetCompanyId,
  monitoringReportId: null,
  incidentId: incident.incidentId,
  link: (userType) => incidentLink(userType, incident),
});

async function notify(
  tx: Queryable,
  outbox: Outbox | null,
  kind: IncidentNotificationKind,
  incident: IncidentContext,
  exceptUserId: string | null,
  questionId?: string,
): Promise<void> {
  const recipients = await incidentRecipients(tx, incident.targetCompanyId, kind, exceptUserId);
  const text = (language: Language) => incidentNotificationText(kind, incident, language);
  await insertInAppNotifications(tx, kind, incidentSubject(incident), text, recipients);
  const jobs: EmailJob[] = recipients
    .filter((recipient) => recipient.byEmail)
    .map((recipient) => ({
      type: 'incident',
      userId: recipient.userId,
      kind,
      incidentId: incident.incidentId,
      ...(questionId ? { questionId } : {}),
    }));
  if (outbox) await outbox.queueEmails(tx, jobs);
}

/** Tells the client and the company's firms of a report, in the report's transaction. */
export async function notifyIncidentReported(
  tx: Queryable,
  outbox: Outbox,
  incidentId: string,
  author: SessionUser,
): Promise<void> {
  const incident = await readIncidentContext(tx, incidentId);
  if (incident) await notify(tx, outbox, 'incidentReported', incident, author._id);
}

/** The incident of a question, with the question, its answer and who wrote the one `kind` tells of. */
async function readQuestionContext(
  db: Queryable,
  questionId: string,
  kind: 'incidentQuestionAsked' | 'incidentQuestionAnswered',
): Promise<IncidentContext | null> {
  const { rows } = await db.query<{
    incident_id: string;
    question: string;
    answer: string | null;
    asked_by: string | null;
    answered_by: string | null;
    asked_by_name: string;
    answered_by_name: string | null;
  }>(
    `SELECT incident_id, question, answer, asked_by, answered_by, asked_by_name, answered_by_name
     FROM incident_questions WHERE id = $1`,
    [questionId],
  );
  const question = rows[0];
  if (!question) return null;
  const incident = await readIncidentContext(db, question.incident_id);
  if (!incident) return null;
  const asked = kind === 'incidentQuestionAsked';
  return {
    ...incident,
    question: question.question,
    answer: question.answer,
    askedBy: question.asked_by,
    answeredBy: question.answered_by,
    actorName: asked ? question.asked_by_name : question.answered_by_name,
  };
}

/** Tells the company of the client's question, or the client of the company's answer. */
export async function notifyIncidentQuestion(
  tx: Queryable,
  outbox: Outbox,
  kind: 'incidentQuestionAsked' | 'incidentQuestionAnswered',
  questionId: string,
  author: SessionUser,
): Promise<void> {
  const incident = await readQuestionContext(tx, questionId, kind);
  if (incident) await notify(tx, outbox, kind, incident, author._id, questionId);
}

/**
 * The daily scan's part for incidents, in the company's day transaction: each incident whose
 * root-cause analysis is late at `now` is escalated once (`incident_notices`).
 */
export async function scanCompanyIncidents(
  tx: Queryable,
  targetCompanyId: string,
  now: Date,
  outbox: Outbox | null,
): Promise<number> {
  const { rows } = await tx.query<{ incident_id: string }>(
    `INSERT INTO incident_notices (incident_id, kind)
     SELECT i.id, 'incidentRootCauseLate' FROM incidents i
     WHERE i.target_company_id = $1 AND incident_root_cause_late(i, $2::timestamptz)
     ON CONFLICT ON CONSTRAINT incident_notices_once DO NOTHING
     RETURNING incident_id`,
    [targetCompanyId, now.toISOString()],
  );
  for (const { incident_id } of rows) {
    const incident = await readIncidentContext(tx, incident_id);
    if (incident) await notify(tx, outbox, 'incidentRootCauseLate', incident, null);
  }
  return rows.length;
}

/**
 * Escalates at once, as the next daily scan would, every root-cause analysis late at `now` and not
 * yet escalated, whatever the hour and whether the company's day was scanned: each once, as the
 * scan does (`incident_notices`). An operator's `kill -USR2` asks for it (api/src/server.ts), and
 * the browser tests so, since their stack's scan took its day at start.
 */
export async function escalateLateIncidents(
  db: Database,
  outbox: Outbox | null,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ target_company_id: string }>(
    `SELECT DISTINCT i.target_company_id FROM incidents i
     WHERE incident_root_cause_late(i, $1::timestamptz)
       AND NOT EXISTS (SELECT 1 FROM incident_notices n
         WHERE n.incident_id = i.id AND n.kind = 'incidentRootCauseLate')`,
    [now.toISOString()],
  );
  let escalated = 0;
  for (const { target_company_id } of rows)
    escalated += await db.transaction((tx) =>
      scanCompanyIncidents(tx, target_company_id, now, outbox),
    );
  return escalated;
}

/** The e-mail an incident job stands for now, or null when it should no longer go. */
export async function incidentEmailOf(
  db: Queryable,
  publicUrl: string,
  job: Extract<EmailJob, { type: 'incident' }>,
): Promise<MailMessage | null> {
  const kind = job.kind as IncidentNotificationKind;
  const asked = kind === 'incidentQuestionAsked' || kind === 'incidentQuestionAnswered';
  const incident =
    asked && job.questionId
      ? await readQuestionContext(db, job.questionId, kind)
      : await readIncidentContext(db, job.incidentId);
  // An escalation stands while the analysis is still late.
  if (!incident || (kind === 'incidentRootCauseLate' && !incident.late)) return null;
  const exceptUserId = {
    incidentReported: incident.reportedBy,
    incidentRootCauseLate: null,
    incidentQuestionAsked: incident.askedBy ?? null,
    incidentQuestionAnswered: incident.answeredBy ?? null,
  }[kind];
  const recipient = (
    await incidentRecipients(db, incident.targetCompanyId, kind, exceptUserId)
  ).find((candidate) => candidate.userId === job.userId);
  if (!recipient?.byEmail) return null;
  return notificationEmail(
    recipient,
    incidentNotificationText(kind, incident, languageOr(recipient.language)),
    {
      gap: `${publicUrl}${incidentLink(recipient.userType, incident)}`,
      preferences: preferencesLink(publicUrl, recipient.userType),
      place: 'incident',
    },
    false,
  );
}
