// A tenant of its own for the notification tests: a client, an auditor firm and a target company,
// with one joined user per role in each, an audit and an action plan. Written straight to the database.
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../src/db';
import { EMAIL_QUEUE } from '../../src/notifications/job-queue';
import type { MailCatcher, CaughtMessage } from '../../../tooling/mail/mail-catcher';
import { waitFor } from '../support/api-process';

const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
type Role = (typeof ROLES)[number];

export interface Tenant {
  name: string;
  clientId: string;
  auditorId: string;
  targetCompanyId: string;
  auditId: string;
  actionPlanId: string;
  companyName: string;
  planHeading: string;
  /** users[userType][role] = { id, email } */
  users: Record<
    'client' | 'auditor' | 'targetCompany',
    Record<Role, { id: string; email: string }>
  >;
}

async function insertId(db: Queryable, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  return rows[0]!.id;
}

/**
 * A tenant named `name` (its texts carry the name, so a test can look for it in others' mail). With
 * `digest: false` every user of it has switched the weekly digest off (e-mail and bell).
 */
export async function createTenant(
  db: Queryable,
  name: string,
  timeZone = 'UTC',
  { digest = true }: { digest?: boolean } = {},
): Promise<Tenant> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const clientId = await insertId(
    db,
    'INSERT INTO clients (client_name, time_zone) VALUES ($1, $2) RETURNING id',
    [`${name} Capital`, timeZone],
  );
  const auditorId = await insertId(
    db,
    `INSERT INTO auditors (auditor_name, registered_name, email_id, time_zone) VALUES ($1, $1, $2, $3) RETURNING id`,
    [`${name} Audit`, `audit@${slug}.test`, timeZone],
  );
  await db.query('INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)', [
    clientId,
    auditorId,
  ]);
  const companyName = `${name} Foods`;
  const targetCompanyId = await insertId(
    db,
    `INSERT INTO target_companies (client_id, target_company_name, registered_name, email_id, time_zone)
     VALUES ($1, $2, $2, $3, $4) RETURNING id`,
    [clientId, companyName, `company@${slug}.test`, timeZone],
  );
  await db.query('INSERT INTO company_auditors (target_company_id, auditor_id) VALUES ($1, $2)', [
    targetCompanyId,
    auditorId,
  ]);
  const users = {} as Tenant['users'];
  for (const userType of ['client', 'auditor', 'targetCompany'] as const) {
    users[userType] = {} as Tenant['users']['client'];
    for (const role of ROLES) {
      const email = `${userType}.${role}@${slug}.test`.toLowerCase();
      // Joined: each membership is bound to an account (its sub), as after its first sign-in.
      const id = await insertId(
        db,
        `INSERT INTO users (email, fullname, user_type, role, client_id, auditor_id, target_company_id, sub)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          email,
          `${name} ${userType} ${role}`,
          userType,
          role,
          userType === 'client' ? clientId : null,
          userType === 'auditor' ? auditorId : null,
          userType === 'targetCompany' ? targetCompanyId : null,
          `account|${email}`,
        ],
      );
      users[userType][role] = { id, email };
      if (!digest)
        await db.query(
          `INSERT INTO notification_preferences (user_id, kind, email, in_app) VALUES ($1, 'digest', false, false)`,
          [id],
        );
    }
  }
  const auditId = await insertId(
    db,
    `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form)
     VALUES ($1, $2, 'esap', 'Environment', 'ap') RETURNING id`,
    [targetCompanyId, auditorId],
  );
  const planHeading = `${name} water plan`;
  const actionPlanId = await insertId(
    db,
    `INSERT INTO action_plans (audit_id, target_company_id, action_plan_heading, category, form_type)
     VALUES ($1, $2, $3, 'environment', 'ap') RETURNING id`,
    [auditId, targetCompanyId, planHeading],
  );
  return {
    name,
    clientId,
    auditorId,
    targetCompanyId,
    auditId,
    actionPlanId,
    companyName,
    planHeading,
    users,
  };
}

/** A gap of the tenant's plan, due at `dueDate` (an instant: midnight of the picked day). */
export async function addGap(
  db: Queryable,
  tenant: Tenant,
  gapName: string,
  dueDate: string,
  status = 'open',
): Promise<string> {
  return insertId(
    db,
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, due_date, status)
     VALUES ($1, $2, 'Water use', $3, 'Meter the wells', 'Plant Head', $4, $5) RETURNING id`,
    [tenant.actionPlanId, tenant.targetCompanyId, gapName, dueDate, status],
  );
}

/** `day` (YYYY-MM-DD) plus `days`. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The scan's clock: `hour`:00 UTC of `day` plus `days`. */
export const at = (day: string, days: number, hour = 8) =>
  new Date(`${shiftDay(day, days)}T${String(hour).padStart(2, '0')}:00:00Z`);

/** Resolves once no e-mail job waits or runs (every one sent, or given up). */
export async function emailsSettled(app: FastifyInstance): Promise<void> {
  await waitFor(async () => {
    const { rows } = await app.db.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pgboss.job
         WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [EMAIL_QUEUE],
    );
    return rows[0]!.waiting === 0;
  }, 'the queued notification e-mails to be sent');
}

/** The messages received for a gap (its name in the subject), by recipient. */
export function mailAbout(mail: MailCatcher, gapName: string): CaughtMessage[] {
  return mail.messages().filter((message) => message.subject.includes(gapName));
}

export const recipientsOf = (messages: CaughtMessage[]) =>
  messages.flatMap((message) => message.to).sort();
