import type {
  AuditorInput,
  AuditorQuery,
  CompanyAuditorQuery,
  SessionUser,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import type { Outbox } from '../notifications/deliveries';
import { readPage, searchSql } from '../pages';
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

/**
 * One page of the firms the client engaged, most recently engaged first; with `auditorId`, only
 * that one; `search` in names, registered names and emails.
 */
export async function listClientAuditors(
  db: Queryable,
  clientId: string,
  query: AuditorQuery = {},
) {
  const params: unknown[] = [clientId];
  const where = ['e.client_id = $1'];
  if (query.auditorId) where.push(`a.id = $${params.push(query.auditorId)}`);
  const search = searchSql(query.search, params, [
    'a.auditor_name',
    'a.registered_name',
    'a.email_id',
  ]);
  if (search) where.push(search);
  const { rows, ...page } = await readPage<AuditorRow>(
    db,
    {
      select: AUDITOR_COLUMNS,
      fromWhere: `client_auditors e JOIN auditors a ON a.id = e.auditor_id WHERE ${where.join(' AND ')}`,
      orderBy: 'e.created_at DESC, a.id DESC',
      params,
      prepare: true,
      countWithPage: search !== undefined,
    },
    query,
  );
  return { auditors: rows.map(toAuditor), ...page };
}

/**
 * One page of the firms assigned to a (visible) company, newest first; an auditor user sees only
 * their own firm's entry. `search` in the firms' names, registered names and emails; `auditType`
 * keeps the firms assigned that type.
 */
export async function listCompanyAuditors(
  db: Queryable,
  user: SessionUser,
  targetCompanyId: string,
  query: Omit<CompanyAuditorQuery, 'targetCompanyId'> = {},
) {
  const params: unknown[] = [targetCompanyId];
  const where = ['ca.target_company_id = $1'];
  if (user.userType === 'auditor') where.push(`ca.auditor_id = $${params.push(user.auditorId)}`);
  if (query.auditType) where.push(`$${params.push(query.auditType)} = ANY(ca.audit_types)`);
  if (query.auditorId) where.push(`ca.auditor_id = $${params.push(query.auditorId)}`);
  const search = searchSql(query.search, params, [
    'a.auditor_name',
    'a.registered_name',
    'a.email_id',
  ]);
  if (search) where.push(search);
  const { rows, ...page } = await readPage<CompanyAuditorRow>(
    db,
    {
      select: COMPANY_AUDITOR_COLUMNS,
      fromWhere: `company_auditors ca JOIN auditors a ON a.id = ca.auditor_id WHERE ${where.join(' AND ')}`,
      orderBy: 'ca.created_at DESC, ca.id DESC',
      params,
      prepare: true,
      countWithPage: search !== undefined,
    },
    query,
  );
  return { auditors: rows.map(toCompanyAuditor), ...page };
}

/**
 * Engages an auditor firm for the client, in one transaction. An email that is an owner of a firm
 * engages that firm (the earliest, if several; its own names are kept): the owner's address is the
 * firm's to give. Any other email gets a new firm it owns, with the owner's invitation (its e-mail
 * job queued in this transaction); a member who is not an owner reveals nothing of their firm. A firm
 * the client already engaged is 409.
 */
export function createAuditor(
  db: Database,
  clientId: string,
  input: AuditorInput,
  account: ExistingAccount,
  invitedBy: string,
  outbox: Outbox,
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
      await outbox.queueEmails(tx, [{ type: 'invitation', userId: owner.rows[0]!.id, invitedBy }]);
    }
    const engaged = await tx.query(
      `INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING auditor_id`,
      [clientId, firm.id],
    );
    if (engaged.rows.length === 0) throw conflict(organisationMessages.auditorAlreadyEngaged);
    return { auditor: toAuditor(firm) };
  });
}
