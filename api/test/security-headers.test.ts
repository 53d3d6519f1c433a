// The security headers of every API answer, and what caches may keep.
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from './support/databases';
import { injectAs, sessionFor, type TestSession } from './support/session';

describe('security headers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let owner: TestSession;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database);
    owner = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it.each([
    [
      'a signed-in JSON answer',
      () => injectAs(app, owner, { method: 'GET', url: '/api/v1/auth/me' }),
    ],
    ['a signed-out 401', () => app.inject({ method: 'GET', url: '/api/v1/auth/me' })],
    ['a 404', () => app.inject({ method: 'GET', url: '/api/v1/nowhere' })],
  ])('%s allows no content, no framing, no sniffing and no caching', async (_name, send) => {
    const response = await send();
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    // Served over http here: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the browser keep an image privately, and never the CSV export', async () => {
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT d.id FROM remark_documents d WHERE d.target_company_id =
         (SELECT id FROM target_companies WHERE target_company_name = 'Acme Steel Ltd') LIMIT 1`,
    );
    const image = await injectAs(app, owner, {
      method: 'GET',
      url: `/api/v1/remark-document/${rows[0]!.id}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    const me = await injectAs(app, owner, { method: 'GET', url: '/api/v1/auth/me' });
    const csv = await injectAs(app, owner, {
      method: 'GET',
      url: '/api/v1/action-plan/export/csv',
      query: { targetCompanyId: me.json().data.user.targetCompanyId },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('private, no-store');
  });

  it('sends HSTS when the product is served over https', async () => {
    const secure = await buildTestApp(database, {
      PUBLIC_URL: 'https://verity.example.com',
      SEED_DEMO: '0',
    });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/v1/auth/me' });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await secure.close();
    }
  });
});
