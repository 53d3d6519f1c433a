// The world of the action plan tests, on top of the demo data: a second auditor firm, a second
// client's company, more roles, and one audit per form type.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { injectAs, sessionFor, type TestSession } from '../../support/session';

export interface World {
  acmeId: string;
  betaId: string;
  greenAuditId: string;
  otherFirmId: string;
  audits: {
    ap: string;
    capa: string;
    mp: string;
    recommendation: string;
    otherFirm: string;
    beta: string;
  };
  as: Record<SessionName, (options: InjectOptions) => Promise<LightMyRequestResponse>>;
}

type SessionName =
  | 'clientOwner'
  | 'clientViewer'
  | 'otherClient'
  | 'auditorOwner'
  | 'auditorAdmin'
  | 'auditorEditor'
  | 'auditorViewer'
  | 'otherFirmOwner'
  | 'companyOwner'
  | 'companyViewer'
  | 'betaOwner';

async function one<T>(app: FastifyInstance, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await app.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`No row for ${sql}`);
  return rows[0];
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const id = (sql: string, params: unknown[] = []) =>
    one<{ id: string }>(app, sql, params).then((row) => row.id);
  const acmeId = await id(
    `SELECT id FROM target_companies WHERE target_company_name = 'Acme Steel Ltd'`,
  );
  const greenAuditId = await id(
    `SELECT id FROM auditors WHERE auditor_name = 'GreenAudit Partners'`,
  );
  const southbankId = await id(`SELECT id FROM clients WHERE client_name = 'Southbank Finance'`);
  const otherFirmId = await id(
    `INSERT INTO auditors (auditor_name, registered_name, email_id) VALUES ('Other Audit', 'Other Audit', 'other@audit.test') RETURNING id`,
  );
  const betaId = await id(
    `INSERT INTO target_companies (client_id, target_company_name, email_id) VALUES ($1, 'Beta Corp', 'beta@verity.test') RETURNING id`,
    [southbankId],
  );
  const addUser = (email: string, type: string, role: string, column: string, org: string) =>
    app.db.query(
      `INSERT INTO users (email, fullname, user_type, role, ${column}) VALUES ($1, $1, $2, $3, $4)`,
      [email, type, role, org],
    );
  await addUser('auditor.admin@verity.test', 'auditor', 'admin', 'auditor_id', greenAuditId);
  await addUser('auditor.editor@verity.test', 'auditor', 'editor', 'auditor_id', greenAuditId);
  await addUser('other.owner@audit.test', 'auditor', 'owner', 'auditor_id', otherFirmId);
  await addUser('beta.owner@verity.test', 'targetCompany', 'owner', 'target_company_id', betaId);
  for (const [company, firm] of [
    [acmeId, greenAuditId],
    [acmeId, otherFirmId],
    [betaId, greenAuditId],
  ]) {
    await app.db.query(
      `INSERT INTO company_auditors (target_company_id, auditor_id, form_types) VALUES ($1, $2, '{ap,capa,mp,recommendation}')
       ON CONFLICT DO NOTHING`,
      [company, firm],
    );
  }
  const audit = (company: string, firm: string, form: string) =>
    id(
      `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form)
       VALUES ($1, $2, 'esap', 'Environment', $3) RETURNING id`,
      [company, firm, form],
    );
  const audits = {
    ap: await audit(acmeId, greenAuditId, 'ap'),
    capa: await audit(acmeId, greenAuditId, 'capa'),
    mp: await audit(acmeId, greenAuditId, 'mp'),
    recommendation: await audit(acmeId, greenAuditId, 'recommendation'),
    otherFirm: await audit(acmeId, otherFirmId, 'ap'),
    beta: await audit(betaId, greenAuditId, 'ap'),
  };

  const sessions: [SessionName, string, 'client' | 'auditor' | 'targetCompany'][] = [
    ['clientOwner', 'client.owner@verity.test', 'client'],
    ['clientViewer', 'client.viewer@verity.test', 'client'],
    ['otherClient', 'client2.owner@verity.test', 'client'],
    ['auditorOwner', 'auditor.owner@verity.test', 'auditor'],
    ['auditorAdmin', 'auditor.admin@verity.test', 'auditor'],
    ['auditorEditor', 'auditor.editor@verity.test', 'auditor'],
    ['auditorViewer', 'auditor.viewer@verity.test', 'auditor'],
    ['otherFirmOwner', 'other.owner@audit.test', 'auditor'],
    ['companyOwner', 'company.owner@verity.test', 'targetCompany'],
    ['companyViewer', 'company.viewer@verity.test', 'targetCompany'],
    ['betaOwner', 'beta.owner@verity.test', 'targetCompany'],
  ];
  const as = {} as World['as'];
  for (const [name, email, type] of sessions) {
    const session: TestSession = await sessionFor(app, email, type);
    as[name] = (options) => injectAs(app, session, options);
  }
  return { acmeId, betaId, greenAuditId, otherFirmId, audits, as };
}

/** A due date `days` from now. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const validGap = () => ({
  KPI: 'Water use per tonne',
  gapName: 'No water metering',
  recommendation: 'Install meters on every line',
  responsibility: 'Plant manager',
  actionTakenByCompany: 'Quotes requested',
  residualRisk: 'Low once metered',
  impactedSDGs: ['SDG6', 'SDG12'],
  dueDate: inDays(30),
  ESGAspect: 'Environmental',
});

export const validPlan = () => ({
  actionPlanHeading: 'Water stewardship',
  category: 'environment',
  formType: 'ap',
  timeline: inDays(60),
  gap: validGap(),
});

/** Creates an ap plan on the world's ap audit as the auditor owner; gives the plan id. */
export async function createPlan(
  world: World,
  body: object = validPlan(),
  auditId = world.audits.ap,
) {
  const response = await world.as.auditorOwner({
    method: 'POST',
    url: '/api/v1/action-plan',
    query: { targetCompanyId: world.acmeId, auditId },
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`create plan: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { actionPlan: { id: string } } }).data.actionPlan.id;
}

export async function gapsOf(world: World, planId: string) {
  const response = await world.as.clientOwner({
    method: 'GET',
    url: `/api/v1/action-plan/${planId}`,
    query: { targetCompanyId: world.acmeId },
  });
  return (response.json() as { data: { gaps: { id: string }[] } }).data.gaps;
}

/** A plan with one open gap at Beta Corp (the world's firm audits it for Acme's client), written directly. */
export async function addBetaGap(app: FastifyInstance, world: World) {
  await app.db.query(
    `INSERT INTO action_plans (audit_id, target_company_id, action_plan_heading, category, form_type)
     VALUES ($1, $2, 'Beta plan', 'social', 'ap')`,
    [world.audits.beta, world.betaId],
  );
  await app.db.query(
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation,
       responsibility, risk_severity, status)
     SELECT id, target_company_id, 'KPI', 'Beta gap', 'Do it', 'Someone', 'low', 'open'
     FROM action_plans WHERE audit_id = $1`,
    [world.audits.beta],
  );
}

/** The version a gap or a plan now has (what a stale-write check is given). */
export async function versionOf(
  app: FastifyInstance,
  table: 'gaps' | 'action_plans',
  id: string,
): Promise<number> {
  const { rows } = await app.db.query<{ version: number }>(
    `SELECT version FROM ${table} WHERE id = $1`,
    [id],
  );
  return rows[0]!.version;
}

/**
 * Reads `url` as each reader naming each company, and checks that every one is refused as a thing
 * that does not exist (404) and is shown nothing that contains `secret`.
 */
export async function expectRefused(
  world: World,
  url: string,
  readers: readonly (readonly [SessionName, string])[],
  secret: string,
): Promise<void> {
  for (const [as, company] of readers) {
    const refused = await world.as[as]({
      method: 'GET',
      url,
      query: { targetCompanyId: company },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(secret);
  }
}

/** Edits the gap on the world's ap audit as the auditor owner, from its current version; checks it took. */
export async function editGap(app: FastifyInstance, world: World, gapId: string, changes: object) {
  const response = await world.as.auditorOwner({
    method: 'PUT',
    url: `/api/v1/gap/${gapId}`,
    query: { auditId: world.audits.ap },
    payload: { ...changes, version: await versionOf(app, 'gaps', gapId) },
  });
  expect(response.statusCode).toBe(200);
}

/** Edits the plan on the world's ap audit as the auditor owner, from its current version; checks it took. */
export async function editPlan(
  app: FastifyInstance,
  world: World,
  planId: string,
  changes: object,
) {
  const response = await world.as.auditorOwner({
    method: 'PUT',
    url: `/api/v1/action-plan/${planId}`,
    query: { auditId: world.audits.ap },
    payload: { ...changes, version: await versionOf(app, 'action_plans', planId) },
  });
  expect(response.statusCode).toBe(200);
}

/** Adds a gap to the plan on the world's ap audit as the auditor owner; checks it took. */
export async function addGap(world: World, planId: string, gap: object) {
  const response = await world.as.auditorOwner({
    method: 'POST',
    url: `/api/v1/action-plan/${planId}/gaps`,
    query: { targetCompanyId: world.acmeId, auditId: world.audits.ap },
    payload: gap,
  });
  expect(response.statusCode).toBe(201);
}
