import {
  COMPANY_TYPE_LABELS,
  type CompanyAuditorSettings,
  type TargetCompanyInput,
  type TargetCompanyQuery,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { companyVisibleSql } from '../auth/tenancy';
import type { Database, Queryable } from '../db';
import type { Outbox } from '../notifications/deliveries';
import { readPage, searchSql } from '../pages';
import type { ExistingAccount } from './account-lookup';
import {
  COMPANY_AUDITOR_COLUMNS,
  COMPANY_COLUMNS,
  toCompanyAuditor,
  toTargetCompany,
  type CompanyAuditorRow,
  type CompanyRow,
} from './rows';

/**
 * One page of the companies the user sees, newest first; with `auditorId`, only those that firm is
 * assigned to; `search` in names, registered names, emails and company type labels.
 */
export async function listTargetCompanies(
  db: Queryable,
  user: SessionUser,
  query: TargetCompanyQuery = {},
) {
  const params: unknown[] = [];
  const where = [companyVisibleSql(user, 'tc', params)];
  if (query.auditorId) {
    params.push(query.auditorId);
    where.push(
      `EXISTS (SELECT 1 FROM company_auditors f WHERE f.target_company_id = tc.id AND f.auditor_id = $${params.length})`,
    );
  }
  if (query.targetCompanyId) where.push(`tc.id = $${params.push(query.targetCompanyId)}`);
  const search = searchSql(
    query.search,
    params,
    ['tc.target_company_name', 'tc.registered_name', 'tc.email_id'],
    [{ column: 'tc.company_type', labels: COMPANY_TYPE_LABELS }],
  );
  if (search) where.push(search);
  const { rows, ...page } = await readPage<CompanyRow>(
    db,
    {
      select: COMPANY_COLUMNS,
      fromWhere: `target_companies tc WHERE ${where.join(' AND ')}`,
      orderBy: 'tc.created_at DESC, tc.id DESC',
      params,
      prepare: true,
      countWithPage: search !== undefined,
    },
    query,
  );
  return { targetCompanies: rows.map(toTargetCompany), ...page };
}

/** True when the client engaged that auditor firm. */
export async function isEngaged(db: Queryable, clientId: string, auditorId: string) {
  const { rows } = await db.query(
    'SELECT 1 FROM client_auditors WHERE client_id = $1 AND auditor_id = $2',
    [clientId, auditorId],
  );
  return rows.length > 0;
}

/** Assigns the firm to the company with these settings; undefined when it already was. */
export async function assignAuditor(
  db: Queryable,
  targetCompanyId: string,
  settings: CompanyAuditorSettings,
) {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO company_auditors (target_company_id, auditor_id, audit_types, audit_categories, form_types)
     VALUES ($1, $2, $3::text[], $4::text[], $5::text[])
     ON CONFLICT (target_company_id, auditor_id) DO NOTHING
     RETURNING id`,
    [
      targetCompanyId,
      settings.auditorId,
      settings.auditType,
      settings.auditCategory,
      settings.formType,
    ],
  );
  const id = inserted.rows[0]?.id;
  if (!id) return undefined;
  const { rows } = await db.query<CompanyAuditorRow>(
    `SELECT ${COMPANY_AUDITOR_COLUMNS}
     FROM company_auditors ca JOIN auditors a ON a.id = ca.auditor_id
     WHERE ca.id = $1`,
    [id],
  );
  return toCompanyAuditor(rows[0]!);
}

/**
 * The company, its owner user (invited by e-mail: the invitation's job is queued here too) and its
 * first auditor assignment, in one transaction. The caller checks that the client engaged the
 * auditor (an engagement is never removed, so the check still holds here).
 */
export function createTargetCompany(
  db: Database,
  clientId: string,
  input: TargetCompanyInput,
  account: ExistingAccount,
  invitedBy: string,
  outbox: Outbox,
) {
  return db.transaction(async (tx) => {
    const fullname = input.fullname || account.name;
    const created = await tx.query<CompanyRow>(
      `INSERT INTO target_companies AS tc (client_id, target_company_name, registered_name, email_id, company_type, fullname)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING ${COMPANY_COLUMNS}`,
      [
        clientId,
        input.targetCompanyName,
        input.registeredName,
        input.emailId,
        input.companyType,
        fullname,
      ],
    );
    const company = created.rows[0]!;
    const owner = await tx.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, target_company_id)
       VALUES ($1, $2, 'targetCompany', 'owner', $3)
       RETURNING id`,
      [input.emailId, fullname, company.id],
    );
    await outbox.queueEmails(tx, [{ type: 'invitation', userId: owner.rows[0]!.id, invitedBy }]);
    const companyAuditor = await assignAuditor(tx, company.id, input);
    return { targetCompany: toTargetCompany(company), companyAuditor: companyAuditor! };
  });
}
