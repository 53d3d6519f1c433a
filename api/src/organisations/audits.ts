import {
  AUDIT_FORM_LABELS,
  AUDIT_TYPE_LABELS,
  type AuditInput,
  type AuditQuery,
  type CreateAuditPayload,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { auditVisibleSql } from '../auth/tenancy';
import type { Queryable } from '../db';
import { invalid, notFound } from '../errors';
import { readPage, searchSql } from '../pages';
import { organisationMessages } from './messages';
import { AUDIT_COLUMNS, toAudit, type AuditRow } from './rows';

/**
 * One page of the firm's audits of a company that the user may see, newest first; `search` in the
 * type and form labels and the category, `auditType` and `auditCategory` exact.
 */
export async function listAudits(
  db: Queryable,
  user: SessionUser,
  targetCompanyId: string,
  auditorId: string,
  query: Omit<AuditQuery, 'targetCompanyId' | 'auditorId'> = {},
) {
  const params: unknown[] = [targetCompanyId, auditorId];
  const where = [
    'au.target_company_id = $1',
    'au.auditor_id = $2',
    auditVisibleSql(user, 'au', params),
  ];
  if (query.auditType) where.push(`au.audit_type = $${params.push(query.auditType)}`);
  if (query.auditCategory) where.push(`au.audit_category = $${params.push(query.auditCategory)}`);
  const search = searchSql(
    query.search,
    params,
    ['au.audit_category'],
    [
      { column: 'au.audit_type', labels: AUDIT_TYPE_LABELS },
      { column: 'au.audit_form', labels: AUDIT_FORM_LABELS },
    ],
  );
  if (search) where.push(search);
  const { rows, ...page } = await readPage<AuditRow>(
    db,
    {
      select: AUDIT_COLUMNS,
      fromWhere: `audits au JOIN auditors a ON a.id = au.auditor_id WHERE ${where.join(' AND ')}`,
      orderBy: 'au.created_at DESC, au.id DESC',
      params,
      prepare: true,
      countWithPage: search !== undefined,
    },
    query,
  );
  return { audits: rows.map(toAudit), ...page };
}

/** One audit the user may see; otherwise 404. */
export async function findAudit(db: Queryable, user: SessionUser, auditId: string) {
  const params: unknown[] = [auditId];
  const { rows } = await db.query<AuditRow>(
    `SELECT ${AUDIT_COLUMNS}
     FROM audits au JOIN auditors a ON a.id = au.auditor_id
     WHERE au.id = $1 AND ${auditVisibleSql(user, 'au', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return toAudit(rows[0]);
}

interface Assignment {
  audit_types: string[];
  audit_categories: string[];
  form_types: string[];
}

/** What the firm was assigned to do at the company; 404 when it is not assigned there. */
export async function requireAssignment(db: Queryable, targetCompanyId: string, auditorId: string) {
  const { rows } = await db.query<Assignment>(
    `SELECT audit_types, audit_categories, form_types FROM company_auditors
     WHERE target_company_id = $1 AND auditor_id = $2`,
    [targetCompanyId, auditorId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** 400 unless the audit's type, category and form are among the assignment's (an empty list allows all). */
export function checkWithinAssignment(assignment: Assignment, audit: AuditInput): void {
  const allows = (list: string[], value: string) => list.length === 0 || list.includes(value);
  if (!allows(assignment.audit_types, audit.auditType))
    throw invalid(organisationMessages.auditTypeNotAssigned);
  if (!allows(assignment.audit_categories, audit.auditCategory))
    throw invalid(organisationMessages.auditCategoryNotAssigned);
  if (!allows(assignment.form_types, audit.auditForm))
    throw invalid(organisationMessages.auditFormNotAssigned);
}

export async function createAudit(
  db: Queryable,
  user: SessionUser,
  targetCompanyId: string,
  auditorId: string,
  audit: AuditInput,
  /** As sent, once the audit rules passed them. */
  fields: NonNullable<CreateAuditPayload['fields']>,
) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form, fields, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     RETURNING id`,
    [
      targetCompanyId,
      auditorId,
      audit.auditType,
      audit.auditCategory,
      audit.auditForm,
      JSON.stringify(fields),
      user._id,
    ],
  );
  return findAudit(db, user, rows[0]!.id);
}
