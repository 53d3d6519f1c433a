// What the organisation route tests share: the demo world's sessions and ids, calls as a user, and row counts.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { injectAs, sessionFor, type TestSession } from '../../support/session';
import type { IdentityServer } from '../../support/identity';

export type Method = 'GET' | 'POST' | 'DELETE';

/** Calls /api/v1 as that user. */
export function call(
  app: FastifyInstance,
  session: TestSession,
  method: Method,
  path: string,
  body?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return injectAs(app, session, {
    method,
    url: `/api/v1${path}`,
    ...(body ? { payload: body } : {}),
  });
}

export interface DemoWorld {
  clientOwner: TestSession;
  clientViewer: TestSession;
  southbankOwner: TestSession;
  auditorOwner: TestSession;
  auditorViewer: TestSession;
  companyOwner: TestSession;
  companyViewer: TestSession;
  northwindId: string;
  southbankId: string;
  greenAuditId: string;
  acmeId: string;
}

async function idOf(app: FastifyInstance, sql: string, name: string): Promise<string> {
  const { rows } = await app.db.query<{ id: string }>(sql, [name]);
  if (!rows[0]) throw new Error(`demo data lacks ${name}`);
  return rows[0].id;
}

/** The demo organisations and users (tooling/demo-accounts.json) as sessions and ids. */
export async function demoWorld(app: FastifyInstance): Promise<DemoWorld> {
  return {
    clientOwner: await sessionFor(app, 'client.owner@verity.test', 'client'),
    clientViewer: await sessionFor(app, 'client.viewer@verity.test', 'client'),
    southbankOwner: await sessionFor(app, 'client2.owner@verity.test', 'client'),
    auditorOwner: await sessionFor(app, 'auditor.owner@verity.test', 'auditor'),
    auditorViewer: await sessionFor(app, 'auditor.viewer@verity.test', 'auditor'),
    companyOwner: await sessionFor(app, 'company.owner@verity.test', 'targetCompany'),
    companyViewer: await sessionFor(app, 'company.viewer@verity.test', 'targetCompany'),
    northwindId: await idOf(
      app,
      'SELECT id FROM clients WHERE client_name = $1',
      'Northwind Capital',
    ),
    southbankId: await idOf(
      app,
      'SELECT id FROM clients WHERE client_name = $1',
      'Southbank Finance',
    ),
    greenAuditId: await idOf(
      app,
      'SELECT id FROM auditors WHERE auditor_name = $1',
      'GreenAudit Partners',
    ),
    acmeId: await idOf(
      app,
      'SELECT id FROM target_companies WHERE target_company_name = $1',
      'Acme Steel Ltd',
    ),
  };
}

/** How many rows each organisation table holds, to see that a failed write left nothing behind. */
export async function rowCounts(app: FastifyInstance) {
  const { rows } = await app.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM target_companies) AS target_companies,
            (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM company_auditors) AS company_auditors,
            (SELECT count(*)::int FROM auditors) AS auditors,
            (SELECT count(*)::int FROM client_auditors) AS client_auditors,
            (SELECT count(*)::int FROM audits) AS audits`,
  );
  return rows[0]!;
}

/**
 * An account in the identity server (as someone who signed up), so its email exists in the records.
 * On the run's shared server another file may have made the same account already: 409 means it is
 * there, as asked.
 */
export async function createAccount(
  identity: Pick<IdentityServer, 'issuer' | 'apiKey'>,
  email: string,
  name: string,
) {
  const response = await fetch(`${identity.issuer}/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${identity.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, name, password: 'verity-test-password' }),
  });
  if (response.status !== 201 && response.status !== 409)
    throw new Error(`identity refused ${email}: ${await response.text()}`);
}

/** The API's environment that points it at this identity server. */
export const identityEnv = (
  identity: Pick<IdentityServer, 'issuer' | 'clientSecret' | 'apiKey'>,
) => ({
  IDENTITY_ISSUER: identity.issuer,
  IDENTITY_CLIENT_SECRET: identity.clientSecret,
  IDENTITY_API_KEY: identity.apiKey,
});

export const TARGET_COMPANY_KEYS = [
  '_id',
  'clientId',
  'companyType',
  'createdAt',
  'emailId',
  'fullname',
  'id',
  'registeredName',
  'sub',
  'targetCompanyName',
];
export const AUDITOR_KEYS = ['auditorName', 'createdAt', 'emailId', 'id', 'registeredName', 'sub'];
export const COMPANY_AUDITOR_KEYS = [
  'auditCategory',
  'auditType',
  'auditor',
  'createdAt',
  'formType',
  'id',
];
export const COMPANY_AUDITOR_FIRM_KEYS = [
  '_id',
  'auditorName',
  'createdAt',
  'emailId',
  'registeredName',
];
export const USER_KEYS = ['createdAt', 'emailId', 'fullname', 'id', 'role'];
export const AUDIT_KEYS = [
  '_id',
  'auditCategory',
  'auditForm',
  'auditType',
  'auditorId',
  'auditorName',
  'createdAt',
  'fields',
  'id',
  'targetCompanyId',
];

export const keysOf = (value: unknown) => Object.keys(value as object).sort();
