// Who hears of what (docs/decisions/0039-notifications.md): the parties of a gap, and each user's
// switches, found around a gap or (for its monitoring reports) a company. Resolved in the
// transaction that queues a notification and again before an e-mail goes.
import type { Language, NotificationKind, UserType } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';

/** The three organisations around a gap. */
export type Party = 'company' | 'auditor' | 'client';

export const PARTY_OF_USER_TYPE: Readonly<Record<UserType, Party>> = {
  targetCompany: 'company',
  auditor: 'auditor',
  client: 'client',
};

/**
 * The people of each party who hear of a gap: the company's users who work the gaps (not viewers),
 * the owners and admins of the audit's firm while it is assigned to the company, the client's owners
 * and admins. SQL over the user `u`, the gap `g`, its audit `a` and its company `tc`.
 */
const PARTY_SQL: Readonly<Record<Party, string>> = {
  company: `(u.user_type = 'targetCompany' AND u.target_company_id = g.target_company_id AND u.role <> 'viewer')`,
  auditor: `(u.user_type = 'auditor' AND u.auditor_id = a.auditor_id AND u.role IN ('owner', 'admin')
    AND EXISTS (SELECT 1 FROM company_auditors ca
      WHERE ca.target_company_id = g.target_company_id AND ca.auditor_id = a.auditor_id))`,
  client: `(u.user_type = 'client' AND u.client_id = tc.client_id AND u.role IN ('owner', 'admin'))`,
};

/** The reminders and overdue notices go to those who do the work; the escalation to the client. */
export const NOTICE_PARTIES = {
  dueSoon: ['company', 'auditor'],
  overdue: ['company', 'auditor'],
  escalation: ['client'],
} as const satisfies Record<string, readonly Party[]>;

/** An event on a gap goes to the parties other than the author's own. */
export const eventParties = (authorType: UserType): Party[] =>
  (['company', 'auditor', 'client'] as const).filter(
    (party) => party !== PARTY_OF_USER_TYPE[authorType],
  );

export interface Recipient {
  userId: string;
  userType: UserType;
  email: string;
  fullname: string;
  /** The language the user chose (their e-mails are written in it), null for English. */
  language: Language | null;
  /** The user's switches for this kind (escalations are always on; the digest never in the app). */
  byEmail: boolean;
  inApp: boolean;
}

/**
 * The rows a notification's people are found around, by the subject's id: a gap (with its plan `ap`,
 * audit `a` and company `tc`), or a company (`tc`), for its monitoring reports.
 */
const SUBJECT_ROWS = {
  gap: {
    from: `gaps g
     JOIN action_plans ap ON ap.id = g.action_plan_id
     JOIN audits a ON a.id = ap.audit_id
     JOIN target_companies tc ON tc.id = g.target_company_id`,
    id: 'g.id',
  },
  company: { from: 'target_companies tc', id: 'tc.id' },
} as const;

export interface RecipientSubject {
  type: keyof typeof SUBJECT_ROWS;
  id: string;
}

/**
 * The users whom any of `partySql` (conditions over the user `u` and the subject's rows) picks around
 * the subject, with their switches for `kind`; never `exceptUserId`.
 */
export async function subjectRecipients(
  db: Queryable,
  subject: RecipientSubject,
  kind: NotificationKind,
  partySql: readonly string[],
  exceptUserId: string | null,
): Promise<Recipient[]> {
  if (partySql.length === 0) return [];
  const { rows } = await db.query<Recipient>(
    `SELECT u.id AS "userId", u.user_type AS "userType", u.email, u.fullname, u.language,
       (COALESCE(p.email, true) OR $2 = 'escalation') AS "byEmail",
       ((COALESCE(p.in_app, true) OR $2 = 'escalation') AND $2 <> 'digest') AS "inApp"
     FROM ${SUBJECT_ROWS[subject.type].from}
     JOIN users u ON (${partySql.join(' OR ')})
     LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = $2
     WHERE ${SUBJECT_ROWS[subject.type].id} = $1 AND u.id IS DISTINCT FROM $3::uuid AND u.kind = 'person'
     ORDER BY u.created_at, u.id`,
    [subject.id, kind, exceptUserId],
  );
  return rows;
}

/** The users of `parties` around the gap, with their switches for `kind`; never `exceptUserId`. */
export function gapRecipients(
  db: Queryable,
  gapId: string,
  kind: NotificationKind,
  parties: readonly Party[],
  exceptUserId: string | null = null,
): Promise<Recipient[]> {
  return subjectRecipients(
    db,
    { type: 'gap', id: gapId },
    kind,
    parties.map((party) => PARTY_SQL[party]),
    exceptUserId,
  );
}

/**
 * The people around a company, by party (SQL over the user `u` and the company `tc`): its own and
 * its client's users who are not viewers, or every member of its client or of the firms assigned
 * to it.
 */
const COMPANY_PARTY_SQL = {
  company: `(u.user_type = 'targetCompany' AND u.target_company_id = tc.id AND u.role <> 'viewer')`,
  client: `(u.user_type = 'client' AND u.client_id = tc.client_id AND u.role <> 'viewer')`,
  clientMembers: `(u.user_type = 'client' AND u.client_id = tc.client_id)`,
  firmMembers: `(u.user_type = 'auditor' AND EXISTS (SELECT 1 FROM company_auditors ca
    WHERE ca.target_company_id = tc.id AND ca.auditor_id = u.auditor_id))`,
} as const;

export type CompanyParty = keyof typeof COMPANY_PARTY_SQL;

/** The people of `parties` around the company, with their switches for `kind`; never `exceptUserId`. */
export function companyRecipients(
  db: Queryable,
  targetCompanyId: string,
  kind: NotificationKind,
  parties: readonly CompanyParty[],
  exceptUserId: string | null,
): Promise<Recipient[]> {
  return subjectRecipients(
    db,
    { type: 'company', id: targetCompanyId },
    kind,
    parties.map((party) => COMPANY_PARTY_SQL[party]),
    exceptUserId,
  );
}
