// Tenancy: which target companies, audits, action plans and gaps a signed-in user can see, and the
// permission check of docs/api.md "Calls" (column Who may; the table is shared-api's, which the
// screens' buttons ask too). Every domain route goes through these before it reads or writes.
import type { Queryable } from '../db';
import { forbidden, notFound } from '../errors';
import { may, type Permission, type SessionUser } from '@verity/shared-api/src/server';

export interface VisibleCompany {
  id: string;
  client_id: string;
  target_company_name: string;
}

/**
 * SQL that is true when the target company aliased `alias` is visible to the user, with its params
 * appended to `params` (so it composes with the caller's own placeholders).
 */
export function companyVisibleSql(user: SessionUser, alias: string, params: unknown[]): string {
  switch (user.userType) {
    case 'client':
      params.push(user.clientId);
      return `${alias}.client_id = $${params.length}`;
    case 'auditor':
      params.push(user.auditorId);
      return `EXISTS (SELECT 1 FROM company_auditors ca WHERE ca.target_company_id = ${alias}.id AND ca.auditor_id = $${params.length})`;
    case 'targetCompany':
      params.push(user.targetCompanyId);
      return `${alias}.id = $${params.length}`;
  }
}

/** SQL that is true when the audit aliased `alias` is visible: its company is, and an auditor sees only their firm's. */
export function auditVisibleSql(user: SessionUser, alias: string, params: unknown[]): string {
  switch (user.userType) {
    case 'client':
      params.push(user.clientId);
      return `EXISTS (SELECT 1 FROM target_companies tc WHERE tc.id = ${alias}.target_company_id AND tc.client_id = $${params.length})`;
    case 'auditor':
      params.push(user.auditorId);
      return `${alias}.auditor_id = $${params.length} AND EXISTS (SELECT 1 FROM company_auditors ca WHERE ca.target_company_id = ${alias}.target_company_id AND ca.auditor_id = ${alias}.auditor_id)`;
    case 'targetCompany':
      params.push(user.targetCompanyId);
      return `${alias}.target_company_id = $${params.length}`;
  }
}

/** The target company if the user can see it; otherwise 404. */
export async function requireVisibleCompany(
  db: Queryable,
  user: SessionUser,
  targetCompanyId: string,
): Promise<VisibleCompany> {
  const params: unknown[] = [targetCompanyId];
  const { rows } = await db.query<VisibleCompany>(
    `SELECT tc.id, tc.client_id, tc.target_company_name FROM target_companies tc
     WHERE tc.id = $1 AND ${companyVisibleSql(user, 'tc', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export interface VisibleAudit {
  id: string;
  target_company_id: string;
  auditor_id: string;
  audit_form: string;
}

/** The audit if the user can see it (and, when given, it belongs to that company); otherwise 404. */
export async function requireVisibleAudit(
  db: Queryable,
  user: SessionUser,
  auditId: string,
  targetCompanyId?: string,
): Promise<VisibleAudit> {
  const params: unknown[] = [auditId];
  const companyFilter = targetCompanyId
    ? ` AND a.target_company_id = $${params.push(targetCompanyId)}`
    : '';
  const { rows } = await db.query<VisibleAudit>(
    `SELECT a.id, a.target_company_id, a.auditor_id, a.audit_form FROM audits a
     WHERE a.id = $1${companyFilter} AND ${auditVisibleSql(user, 'a', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export interface VisibleActionPlan {
  id: string;
  audit_id: string;
  target_company_id: string;
  form_type: string;
  timeline: Date | null;
}

/** The action plan if the user can see its audit (and, when given, it belongs to that company); otherwise 404. */
export async function requireVisibleActionPlan(
  db: Queryable,
  user: SessionUser,
  actionPlanId: string,
  targetCompanyId?: string,
): Promise<VisibleActionPlan> {
  const params: unknown[] = [actionPlanId];
  const companyFilter = targetCompanyId
    ? ` AND ap.target_company_id = $${params.push(targetCompanyId)}`
    : '';
  const { rows } = await db.query<VisibleActionPlan>(
    `SELECT ap.id, ap.audit_id, ap.target_company_id, ap.form_type, ap.timeline
     FROM action_plans ap JOIN audits a ON a.id = ap.audit_id
     WHERE ap.id = $1${companyFilter} AND ${auditVisibleSql(user, 'a', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export interface VisibleGap {
  id: string;
  action_plan_id: string;
  audit_id: string;
  target_company_id: string;
  form_type: string;
  timeline: Date | null;
}

/** The gap if the user can see its audit (and, when given, it belongs to that company); otherwise 404. */
export async function requireVisibleGap(
  db: Queryable,
  user: SessionUser,
  gapId: string,
  targetCompanyId?: string,
): Promise<VisibleGap> {
  const params: unknown[] = [gapId];
  const companyFilter = targetCompanyId
    ? ` AND g.target_company_id = $${params.push(targetCompanyId)}`
    : '';
  const { rows } = await db.query<VisibleGap>(
    `SELECT g.id, g.action_plan_id, ap.audit_id, g.target_company_id, ap.form_type, ap.timeline
     FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id
     WHERE g.id = $1${companyFilter} AND ${auditVisibleSql(user, 'a', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Throws 403 unless the user's type and role hold the permission (shared-api's permission table). */
export function requirePermission(user: SessionUser, permission: Permission): void {
  if (!may(user, permission)) throw forbidden();
}
