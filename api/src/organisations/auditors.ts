import type { AuditorInput, SessionUser } from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { createInvitation, type Invitation } from '../invitations/invitations';
import type { ExistingAccount } from './account-lookup';
import { conflict, organisationMessages } from './messages';
import {
  AUDITOR_COLUMNS,
  COMPANY_AUDITOR_COLUMNS,
  toAuditor,
  toCompanyAuditor,
  type AuditorRow,
  type CompanyAuditorRow,
} from './rows';

/** The firms the client engaged, most recently engaged first; with `auditorId`, only that one. */
export async function listClientAuditors(db: Queryable, clientId: string, auditorId?: string) {
  const params: unknown[] = [clientId];
  const only = auditorId ? ` AND a.id = $${params.push(auditorId)}` : '';
  const { rows } = await db.query<AuditorRow>(
    `SELECT ${AUDITOR_COLUMNS}
     FROM client_auditors e JOIN auditors a ON a.id = e.auditor_id
     WHERE e.client_id = $1${only}
     ORDER BY e.created_at DESC, a.id DESC`,
    params,
  );
  return rows.map(toAuditor);
}

/** The firms assigned to a (visible) company, newest first; an auditor user sees only their own firm's entry. */
export async function listCompanyAuditors(
  db: Queryable,
  user: SessionUser,
  targetCompanyId: string,
) {
  const params: unknown[] = [targetCompanyId];
  const own =
    user.userType === 'auditor' ? ` AND ca.auditor_id = $${params.push(user.auditorId)}` : '';
  const { rows } = await db.query<CompanyAuditorRow>(
    `SELECT ${COMPANY_AUDITOR_COLUMNS}
     FROM company_auditors ca JOIN auditors a ON a.id = ca.auditor_id
     WHERE ca.target_company_id = $1${own}
     ORDER BY ca.created_at DESC, ca.id DESC`,
    params,
  );
  return rows.map(toCompanyAuditor);
}

/**
 * Engages an auditor firm for the client, in one transaction. An email that is an owner of a firm
 * engages that firm (the earliest, if several; its own names are kept): the owner's address is the
 * firm's to give. Any other email gets a new firm it owns, with the owner's invitation (the caller
 * e-mails it after commit); a member who is not an owner reveals nothing of their firm. A firm the
 * client already engaged is 409.
 */
export function createAuditor(
  db: Database,
  clientId: string,
  input: AuditorInput,
  account: ExistingAccount,
  invitedBy: string,
) {
  return db.transaction(async (tx) => {
    const owned = await tx.query<AuditorRow>(
      `SELECT ${AUDITOR_COLUMNS}
       FROM users u JOIN auditors a ON a.id = u.auditor_id
       WHERE lower(u.email) = lower($1) AND u.user_type = 'auditor' AND u.role = 'owner'
       ORDER BY a.created_at, a.id LIMIT 1`,
      [input.emailId],
    );
    let firm = owned.rows[0];
    let invitation: Invitation | undefined;
    if (!firm) {
      const created = await tx.query<AuditorRow>(
        `INSERT INTO auditors AS a (auditor_name, registered_name, email_id)
         VALUES ($1, $2, $3)
         RETURNING ${AUDITOR_COLUMNS}`,
        [input.auditorName, input.registeredName, input.emailId],
      );
      firm = created.rows[0]!;
      const owner = await tx.query<{ id: string }>(
        `INSERT INTO users (email, fullname, user_type, role, auditor_id)
         VALUES ($1, $2, 'auditor', 'owner', $3)
         RETURNING id`,
        [input.emailId, account.name, firm.id],
      );
      invitation = await createInvitation(tx, owner.rows[0]!.id, invitedBy);
    }
    const engaged = await tx.query(
      `INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING auditor_id`,
      [clientId, firm.id],
    );
    if (engaged.rows.length === 0) throw conflict(organisationMessages.auditorAlreadyEngaged);
    return { auditor: toAuditor(firm), invitation };
  });
}
