// Two tenants side by side on top of the demo seed: the home one (Northwind Capital, Acme Steel Ltd,
// GreenAudit Partners) and a foreign one (Southbank Finance) whose every text carries FOREIGN_MARKER.
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../src/db';
import type { Role, UserType } from '@verity/shared-api/src/server';
import type { Caller } from './callers';

/** In every text field of the foreign tenant; a home caller must never see it. */
export const FOREIGN_MARKER = 'ZZFOREIGN-7Q';
/** In the home tenant's fixture texts; a foreign caller must never see it. */
export const HOME_MARKER = 'ZZHOME-4P';
/** In the texts of a second auditor firm's work on the home company; GreenAudit's users must never see it. */
export const RIVAL_MARKER = 'ZZRIVAL-2M';
/** What a foreign caller must never see (the home marker and the home tenant's demo names). */
export const HOME_NAMES = [
  HOME_MARKER,
  'Northwind',
  'Acme Steel',
  'GreenAudit',
  'Clara Owner',
  'Aditi Auditor',
  'Carlos Company',
];

const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export interface TenantIds {
  clientId: string;
  auditorId: string;
  targetCompanyId: string;
  auditId: string;
  actionPlanId: string;
  gapId: string;
  remarkId: string;
  /** A member of each user type that a DELETE may remove. */
  deletableUserIds: Record<UserType, string>;
}

/** Another firm engaged by Northwind and assigned to Acme Steel Ltd, with its own audit work there. */
export interface RivalIds {
  auditorId: string;
  auditId: string;
  actionPlanId: string;
  gapId: string;
  remarkId: string;
}

export interface Fixtures {
  home: TenantIds;
  rival: RivalIds;
  foreign: TenantIds;
}

async function insertId(db: Queryable, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${sql} RETURNING id`, params);
  return rows[0]!.id;
}

async function idOf(db: Queryable, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`fixture lookup found nothing: ${sql} ${JSON.stringify(params)}`);
  return rows[0].id;
}

const ORGANISATION_COLUMN: Record<UserType, string> = {
  client: 'client_id',
  auditor: 'auditor_id',
  targetCompany: 'target_company_id',
};

export function insertUser(
  db: Queryable,
  user: { email: string; fullname: string; userType: UserType; role: Role; organisationId: string },
): Promise<string> {
  return insertId(
    db,
    `INSERT INTO users (email, fullname, user_type, role, ${ORGANISATION_COLUMN[user.userType]})
     VALUES ($1, $2, $3, $4, $5)`,
    [user.email, user.fullname, user.userType, user.role, user.organisationId],
  );
}

interface WorkTexts {
  heading: string;
  kpi: string;
  gapName: string;
  recommendation: string;
  responsibility: string;
  remark: string;
  remarkAuthor: string;
}

/** An audit by the firm on the company, with one action plan, one open gap (and its history) and one remark. */
async function insertAuditWork(
  db: Queryable,
  companyId: string,
  auditorId: string,
  authorId: string,
  texts: WorkTexts,
) {
  await db.query(
    `INSERT INTO company_auditors (target_company_id, auditor_id, audit_types, audit_categories, form_types)
     VALUES ($1, $2, '{normal_audit}', '{EHS}', '{ap}')
     ON CONFLICT (target_company_id, auditor_id) DO NOTHING`,
    [companyId, auditorId],
  );
  const auditId = await insertId(
    db,
    `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form, fields)
     VALUES ($1, $2, 'normal_audit', 'EHS', 'ap', $3)`,
    [
      companyId,
      auditorId,
      JSON.stringify([{ id: 'site', name: texts.kpi, placeholder: texts.kpi, type: 'text' }]),
    ],
  );
  const actionPlanId = await insertId(
    db,
    `INSERT INTO action_plans (audit_id, target_company_id, action_plan_heading, category, form_type, timeline)
     VALUES ($1, $2, $3, 'environment', 'ap', $4)`,
    [auditId, companyId, texts.heading, inDays(90)],
  );
  const gapId = await insertId(
    db,
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
                       action_taken_by_company, residual_risk, risk_severity, due_date, esg_aspect, timeline,
                       impacted_sdgs, fields, add_ons)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'high', $9, 'Environmental', $10, '{SDG6}', $11, $12)`,
    [
      actionPlanId,
      companyId,
      texts.kpi,
      texts.gapName,
      texts.recommendation,
      texts.responsibility,
      texts.responsibility,
      texts.recommendation,
      inDays(30),
      inDays(60),
      JSON.stringify({ site: { name: texts.kpi, value: texts.gapName } }),
      JSON.stringify({ note: { name: texts.kpi, value: texts.recommendation } }),
    ],
  );
  await db.query(
    `INSERT INTO gap_status_history (gap_id, status, changed_by) VALUES ($1, 'open', $2)`,
    [gapId, authorId],
  );
  const remarkId = await insertId(
    db,
    `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role)
     VALUES ($1, $2, $3, 'auditor', $4, 'owner')`,
    [gapId, texts.remark, authorId, texts.remarkAuthor],
  );
  return { auditId, actionPlanId, gapId, remarkId };
}

const HOME_MEMBERS: { email: string; fullname: string; userType: UserType; role: Role }[] = [
  { email: 'client.admin@verity.test', fullname: 'Cora Admin', userType: 'client', role: 'admin' },
  {
    email: 'client.editor@verity.test',
    fullname: 'Cyrus Editor',
    userType: 'client',
    role: 'editor',
  },
  {
    email: 'auditor.admin@verity.test',
    fullname: 'Anil Admin',
    userType: 'auditor',
    role: 'admin',
  },
  {
    email: 'auditor.editor@verity.test',
    fullname: 'Asha Editor',
    userType: 'auditor',
    role: 'editor',
  },
  {
    email: 'company.admin@verity.test',
    fullname: 'Cathy Admin',
    userType: 'targetCompany',
    role: 'admin',
  },
  // company.editor@verity.test is a demo account (tooling/demo-accounts.json).
];

async function createHome(db: Queryable): Promise<TenantIds> {
  const clientId = await idOf(
    db,
    `SELECT id FROM clients WHERE client_name = 'Northwind Capital'`,
    [],
  );
  const auditorId = await idOf(
    db,
    `SELECT id FROM auditors WHERE auditor_name = 'GreenAudit Partners'`,
    [],
  );
  const targetCompanyId = await idOf(
    db,
    `SELECT id FROM target_companies WHERE target_company_name = 'Acme Steel Ltd'`,
    [],
  );
  const organisation = { client: clientId, auditor: auditorId, targetCompany: targetCompanyId };
  for (const member of HOME_MEMBERS)
    await insertUser(db, { ...member, organisationId: organisation[member.userType] });
  const authorId = await idOf(
    db,
    `SELECT id FROM users WHERE email = 'auditor.owner@verity.test'`,
    [],
  );
  const work = await insertAuditWork(db, targetCompanyId, auditorId, authorId, {
    heading: `Water plan ${HOME_MARKER}`,
    kpi: `Effluent KPI ${HOME_MARKER}`,
    gapName: `Untreated discharge ${HOME_MARKER}`,
    recommendation: `Install treatment ${HOME_MARKER}`,
    responsibility: `Plant manager ${HOME_MARKER}`,
    remark: `Checked on site ${HOME_MARKER}`,
    remarkAuthor: 'Aditi Auditor',
  });
  const deletableUserIds = {} as Record<UserType, string>;
  for (const userType of ['client', 'auditor', 'targetCompany'] as const)
    deletableUserIds[userType] = await insertUser(db, {
      email: `home.leaver.${userType}@verity.test`,
      fullname: `Leaver ${HOME_MARKER}`,
      userType,
      role: 'viewer',
      organisationId: organisation[userType],
    });
  return { clientId, auditorId, targetCompanyId, ...work, deletableUserIds };
}

async function createRival(db: Queryable, home: TenantIds): Promise<RivalIds> {
  const auditorId = await insertId(
    db,
    'INSERT INTO auditors (auditor_name, registered_name, email_id) VALUES ($1, $1, $2)',
    [`${RIVAL_MARKER} Auditors`, 'rival.owner@verity.test'],
  );
  await db.query('INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)', [
    home.clientId,
    auditorId,
  ]);
  const authorId = await insertUser(db, {
    email: 'rival.owner@verity.test',
    fullname: `${RIVAL_MARKER} Owner`,
    userType: 'auditor',
    role: 'owner',
    organisationId: auditorId,
  });
  const work = await insertAuditWork(db, home.targetCompanyId, auditorId, authorId, {
    heading: `${RIVAL_MARKER} plan`,
    kpi: `${RIVAL_MARKER} KPI`,
    gapName: `${RIVAL_MARKER} gap`,
    recommendation: `${RIVAL_MARKER} recommendation`,
    responsibility: `${RIVAL_MARKER} responsibility`,
    remark: `${RIVAL_MARKER} remark`,
    remarkAuthor: `${RIVAL_MARKER} Owner`,
  });
  return { auditorId, ...work };
}

const F = FOREIGN_MARKER;
const foreignEmail = (local: string) => `${local}@${F.toLowerCase()}.test`;

/** The foreign tenant's owners: Southbank Finance, its auditor firm and its company. */
export const FOREIGN_CALLERS: readonly Caller[] = (
  ['client', 'auditor', 'targetCompany'] as const
).map((userType) => ({
  userType,
  role: 'owner',
  email: foreignEmail(`${userType.toLowerCase()}.owner`),
  name: `foreign ${userType} owner`,
}));

async function createForeign(db: Queryable): Promise<TenantIds> {
  const clientId = await idOf(
    db,
    `SELECT id FROM clients WHERE client_name = 'Southbank Finance'`,
    [],
  );
  const auditorId = await insertId(
    db,
    `INSERT INTO auditors (auditor_name, registered_name, email_id, sub) VALUES ($1, $2, $3, $4)`,
    [`${F} Assurance`, `${F} Assurance LLP`, foreignEmail('audit.owner'), `${F}-auditor-sub`],
  );
  await db.query('INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)', [
    clientId,
    auditorId,
  ]);
  const targetCompanyId = await insertId(
    db,
    `INSERT INTO target_companies (client_id, target_company_name, registered_name, email_id, company_type, sub, fullname)
     VALUES ($1, $2, $3, $4, 'contractor', $5, $6)`,
    [
      clientId,
      `${F} Holdings`,
      `${F} Holdings Registered`,
      foreignEmail('company.owner'),
      `${F}-company-sub`,
      `${F} Founder`,
    ],
  );
  const organisation = { client: clientId, auditor: auditorId, targetCompany: targetCompanyId };
  for (const caller of FOREIGN_CALLERS)
    await insertUser(db, {
      email: caller.email,
      fullname: `${F} ${caller.userType} Owner`,
      userType: caller.userType,
      role: 'owner',
      organisationId: organisation[caller.userType],
    });
  const authorId = await idOf(db, 'SELECT id FROM users WHERE email = $1 AND user_type = $2', [
    foreignEmail('auditor.owner'),
    'auditor',
  ]);
  const work = await insertAuditWork(db, targetCompanyId, auditorId, authorId, {
    heading: `${F} Secret plan`,
    kpi: `${F} KPI`,
    gapName: `${F} Gap`,
    recommendation: `${F} Recommendation`,
    responsibility: `${F} Responsibility`,
    remark: `${F} Remark comments`,
    remarkAuthor: `${F} auditor Owner`,
  });
  const deletableUserIds = {} as Record<UserType, string>;
  for (const userType of ['client', 'auditor', 'targetCompany'] as const)
    deletableUserIds[userType] = await insertUser(db, {
      email: foreignEmail(`${userType.toLowerCase()}.viewer`),
      fullname: `${F} ${userType} Viewer`,
      userType,
      role: 'viewer',
      organisationId: organisation[userType],
    });
  return { clientId, auditorId, targetCompanyId, ...work, deletableUserIds };
}

/** Both tenants, in one transaction. */
export async function createFixtures(app: FastifyInstance): Promise<Fixtures> {
  return app.db.transaction(async (tx) => {
    const home = await createHome(tx);
    const rival = await createRival(tx, home);
    const foreign = await createForeign(tx);
    return { home, rival, foreign };
  });
}
