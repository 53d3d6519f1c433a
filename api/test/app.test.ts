import type { FastifyInstance } from 'fastify';
import { GAP_STORED_STATUSES, SDG_CODES, STATUS_KEYS } from '@verity/shared-api/src/server';
import { encodeAccessToken } from '../src/auth/access-token';
import { startSession } from '../src/auth/refresh-tokens';
import { compileEverySchema } from '../src/schema-compilers';
import { buildTestApp } from './support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from './support/databases';

interface Operation {
  responses: Record<string, unknown>;
}

describe('the app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** A fresh session of the client owner: its signed access cookie, and the user's id. */
  async function clientOwnerSession() {
    const { rows } = await app.db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'client.owner@verity.test'",
    );
    const userId = rows[0]!.id;
    const { sessionId } = await startSession(app.db, userId, 600);
    const access = app.signCookie(
      encodeAccessToken({ uid: userId, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 }),
    );
    return { access, userId };
  }

  it('serves an OpenAPI document describing every route with its responses', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/accounts/user',
      '/api/v1/action-plan',
      '/api/v1/action-plan/export/csv',
      '/api/v1/action-plan/import',
      '/api/v1/action-plan/{actionPlanId}/gaps',
      '/api/v1/action-plan/{actionPlanId}/gaps/bulk',
      '/api/v1/action-plan/{auditId}/action-plans',
      '/api/v1/action-plan/{id}',
      '/api/v1/action-plan/{id}/esap-workbook',
      '/api/v1/action-plan/{id}/report',
      '/api/v1/action-plan/{id}/revisions',
      '/api/v1/auditor',
      '/api/v1/auditor/target-company',
      '/api/v1/auditor/user',
      '/api/v1/auditor/user/{id}',
      '/api/v1/auditor/user/{id}/invitation',
      '/api/v1/auditor/users',
      '/api/v1/auditor/users/sign-in-limits',
      '/api/v1/auth/auditor/verity',
      '/api/v1/auth/callback',
      '/api/v1/auth/choose',
      '/api/v1/auth/client/verity',
      '/api/v1/auth/invitations/{token}',
      '/api/v1/auth/logout',
      '/api/v1/auth/me',
      '/api/v1/auth/me/settings',
      '/api/v1/auth/refresh',
      '/api/v1/auth/sso',
      '/api/v1/auth/target-company/verity',
      '/api/v1/client/add-target-company-auditor',
      '/api/v1/client/grievances',
      '/api/v1/client/grievances/export/csv',
      '/api/v1/client/incident-clocks',
      '/api/v1/client/incidents',
      '/api/v1/client/incidents/export/csv',
      '/api/v1/client/monitoring-reports',
      '/api/v1/client/settings',
      '/api/v1/client/user',
      '/api/v1/client/user/{id}',
      '/api/v1/client/user/{id}/invitation',
      '/api/v1/client/users',
      '/api/v1/client/users/sign-in-limits',
      '/api/v1/dashboard/auditor',
      '/api/v1/dashboard/client',
      '/api/v1/dashboard/target-company',
      '/api/v1/events',
      '/api/v1/gap/{gapId}',
      '/api/v1/gap/{gapId}/changes',
      '/api/v1/gap/{gapId}/incidents',
      '/api/v1/gap/{gapId}/remark/{remarkId}',
      '/api/v1/gap/{gapId}/remarks',
      '/api/v1/gap/{id}/closure-request',
      '/api/v1/gap/{id}/closure-review',
      '/api/v1/gap/{id}/extension-answer',
      '/api/v1/gap/{id}/extension-request',
      '/api/v1/gap/{id}/remark',
      '/api/v1/gap/{id}/status',
      '/api/v1/grievance/{id}',
      '/api/v1/grievance/{id}/steps',
      '/api/v1/incident-photo/{id}',
      '/api/v1/incident-question/{id}/answer',
      '/api/v1/incident/{id}',
      '/api/v1/incident/{id}/close',
      '/api/v1/incident/{id}/corrective-actions',
      '/api/v1/incident/{id}/photos',
      '/api/v1/incident/{id}/questions',
      '/api/v1/incident/{id}/root-cause',
      '/api/v1/monitoring-report/{id}',
      '/api/v1/monitoring-report/{id}/pdf',
      '/api/v1/monitoring-report/{id}/review',
      '/api/v1/monitoring-report/{id}/submit',
      '/api/v1/notification-preferences',
      '/api/v1/notification/{id}/read',
      '/api/v1/notifications',
      '/api/v1/notifications/read-all',
      '/api/v1/notifications/unread-count',
      '/api/v1/organisation/api-tokens',
      '/api/v1/organisation/api-tokens/{id}',
      '/api/v1/organisation/settings',
      '/api/v1/organisation/sso',
      '/api/v1/organisation/sso/test',
      '/api/v1/organisation/webhooks',
      '/api/v1/organisation/webhooks/{id}',
      '/api/v1/organisation/webhooks/{id}/deliveries',
      '/api/v1/organisation/webhooks/{id}/deliveries/{deliveryId}/resend',
      '/api/v1/organisation/webhooks/{id}/roll-secret',
      '/api/v1/portfolio',
      '/api/v1/portfolio/gaps',
      '/api/v1/portfolio/gaps/export/csv',
      '/api/v1/remark-document/{documentId}',
      '/api/v1/scim/v2/Groups',
      '/api/v1/scim/v2/Groups/{id}',
      '/api/v1/scim/v2/ServiceProviderConfig',
      '/api/v1/scim/v2/Users',
      '/api/v1/scim/v2/Users/{id}',
      '/api/v1/target-company',
      '/api/v1/target-company/audit',
      '/api/v1/target-company/audit/{auditId}',
      '/api/v1/target-company/auditors',
      '/api/v1/target-company/my-actions',
      '/api/v1/target-company/user',
      '/api/v1/target-company/user/{id}',
      '/api/v1/target-company/user/{id}/invitation',
      '/api/v1/target-company/users',
      '/api/v1/target-company/users/sign-in-limits',
      '/api/v1/target-company/{auditorId}/audits',
      '/api/v1/target-company/{id}/grievance-identity-viewers',
      '/api/v1/target-company/{id}/grievance-targets',
      '/api/v1/target-company/{id}/grievances',
      '/api/v1/target-company/{id}/grievances/export/csv',
      '/api/v1/target-company/{id}/incidents',
      '/api/v1/target-company/{id}/incidents/export/csv',
      '/api/v1/target-company/{id}/milestones',
      '/api/v1/target-company/{id}/monitoring-reports',
      '/api/v1/target-company/{id}/report',
      '/api/v1/target-company/{id}/report-rule',
      '/healthz',
      '/readyz',
    ]);
    const me = document.paths['/api/v1/auth/me'].get;
    expect(Object.keys(me.responses).sort()).toEqual(['200', '401', '403', '503']);
    expect(
      me.responses['200'].content['application/json'].schema.properties.data.properties.user
        .required,
    ).toEqual(
      expect.arrayContaining([
        '_id',
        'fullname',
        'emailId',
        'role',
        'userType',
        'organisationName',
      ]),
    );
    expect(document.paths['/api/v1/accounts/user'].get.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'email', required: true }),
    ]);
  });

  it('describes answers as exactly as the contract in shared-api gives them', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const gap =
      document.paths['/api/v1/gap/{id}/status'].patch.responses['200'].content['application/json']
        .schema.properties.data.properties.gap.properties;
    expect(gap.status.enum).toEqual([...GAP_STORED_STATUSES]);
    expect(gap.displayStatus.enum).toEqual([...STATUS_KEYS]);
    expect(gap.impactedSDGs.items.enum).toEqual([...SDG_CODES]);
    // Every route of /api/v1 may be refused while the server sheds load or the database is away.
    const without503 = Object.entries(document.paths as Record<string, Record<string, Operation>>)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
      )
      .filter(({ operation }) => !operation.responses['503'])
      .map(({ method, path }) => `${method} ${path}`);
    expect(without503).toEqual([]);
  });

  it("compiles every route's schemas, those no request has needed yet included", () => {
    // Compiled on a route's first request (docs/decisions/0079-each-schema-compiled-once.md): one
    // Ajv or fast-json-stringify refused would throw here, not in a user's request.
    expect(compileEverySchema()).toBeGreaterThan(0);
    expect(compileEverySchema()).toBe(0);
  });

  it('answers unknown paths with the error envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
  });

  it.each([
    ['fr', '/api/v1/no-such-thing', 404, 'Introuvable'],
    ['tr-TR,tr;q=0.9,en;q=0.8', '/api/v1/auth/me', 401, 'Oturum açılmamış'],
    ['de-DE,ar;q=0.5', '/api/v1/auth/me', 401, 'لم يتم تسجيل الدخول'],
    ['de-DE', '/api/v1/auth/me', 401, 'Not signed in'],
  ])(
    'answers a request in %s with its refusal in that language (%s)',
    async (language, url, status, message) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': language },
      });
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    },
  );

  it("writes a schema's refusal in the caller's language, the validator's own words in English", async () => {
    const { access } = await clientOwnerSession();
    const ask = async (language?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/monitoring-report/not-a-report',
          cookies: { verity_access: access },
          headers: language ? { 'accept-language': language } : {},
        })
      ).json().message;
    expect(await ask()).toBe('params/id must match format "uuid"');
    expect(await ask('fr')).toBe('params/id doit respecter le format «\u00a0uuid\u00a0»');
    expect(await ask('tr')).toBe('params/id “uuid” biçiminde olmalıdır');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('never sends the internals of a server failure', async () => {
    const { access, userId } = await clientOwnerSession();
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          cookies: { verity_access: access },
        })
      ).statusCode,
    ).toBe(200);

    // A second sign-in, not yet looked up: its request asks the database, which now fails.
    const second = await startSession(app.db, userId, 600);
    const secondAccess = app.signCookie(
      encodeAccessToken({
        uid: userId,
        sid: second.sessionId,
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    );
    // A fault of the server itself (a table it needs is missing), not a database it cannot reach.
    await app.db.query('ALTER TABLE users RENAME TO users_elsewhere');
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        cookies: { verity_access: secondAccess },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        message: 'Something went wrong.',
        code: 'INTERNAL_ERROR',
      });
      expect(response.body).not.toMatch(/users_elsewhere|relation|stack|database/i);
    } finally {
      await app.db.query('ALTER TABLE users_elsewhere RENAME TO users');
    }
  });
});
