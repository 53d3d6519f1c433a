import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sessionFor, type TestSession } from '../../support/session';
import { AUDIT_KEYS, call, demoWorld, keysOf, rowCounts, type DemoWorld } from './fixtures';

describe.each(databaseKinds)('audits on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: DemoWorld;
  /** A Northwind company of this file only, assigned to GreenAudit for some kinds of audit. */
  let companyId: string;
  let companyUser: TestSession;
  /** An auditor firm Northwind engaged but never assigned to the company. */
  let idleFirmId: string;
  let idleAuditor: TestSession;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await demoWorld(app);
    const company = await app.db.query<{ id: string }>(
      `INSERT INTO target_companies (client_id, target_company_name, email_id)
       VALUES ($1, 'Lighthouse Ceramics', 'owner@lighthouse.test') RETURNING id`,
      [world.northwindId],
    );
    companyId = company.rows[0]!.id;
    await app.db.query(
      `INSERT INTO users (email, fullname, user_type, role, target_company_id)
       VALUES ('owner@lighthouse.test', 'Lia Lighthouse', 'targetCompany', 'owner', $1)`,
      [companyId],
    );
    companyUser = await sessionFor(app, 'owner@lighthouse.test', 'targetCompany');
    const idle = await app.db.query<{ id: string }>(
      "INSERT INTO auditors (auditor_name) VALUES ('Idle Auditors') RETURNING id",
    );
    idleFirmId = idle.rows[0]!.id;
    await app.db.query('INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)', [
      world.northwindId,
      idleFirmId,
    ]);
    await app.db.query(
      `INSERT INTO users (email, fullname, user_type, role, auditor_id)
       VALUES ('lead@idle.test', 'Ivo Idle', 'auditor', 'owner', $1)`,
      [idleFirmId],
    );
    idleAuditor = await sessionFor(app, 'lead@idle.test', 'auditor');
    const assigned = await call(
      app,
      world.clientOwner,
      'POST',
      '/client/add-target-company-auditor',
      {
        targetCompanyId: companyId,
        auditorId: world.greenAuditId,
        auditType: ['normal_audit', 'dd'],
        auditCategory: ['EHS', 'Social'],
        formType: ['capa', 'ap'],
      },
    );
    expect(assigned.statusCode).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const newAudit = (change: Record<string, unknown> = {}) => ({
    targetCompanyId: companyId,
    auditorId: world.greenAuditId,
    auditType: 'normal_audit',
    auditCategory: 'EHS',
    auditForm: 'capa',
    fields: [{ id: 'site', name: 'Site', placeholder: 'Which site?', type: 'text' }],
    ...change,
  });
  const create = (session: TestSession, change: Record<string, unknown> = {}) =>
    call(app, session, 'POST', '/target-company/audit', newAudit(change));

  let firstAuditId: string;
  let secondAuditId: string;

  describe('POST /target-company/audit', () => {
    it('creates an audit by the assigned firm with its custom fields', async () => {
      const response = await create(world.clientOwner, {
        createdAt: '2001-01-01T00:00:00.000Z',
        fields: [
          { id: 'site', name: 'Site', placeholder: 'Which site?', type: 'text', secret: 'dropped' },
          { id: 'staff', name: 'Staff', type: 'number', other: 'headcount' },
        ],
      });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['audit']);
      expect(keysOf(data.audit)).toEqual(AUDIT_KEYS);
      expect(data.audit).toMatchObject({
        targetCompanyId: companyId,
        auditorId: world.greenAuditId,
        auditorName: 'GreenAudit Partners',
        auditType: 'normal_audit',
        auditCategory: 'EHS',
        auditForm: 'capa',
        fields: [
          { id: 'site', name: 'Site', placeholder: 'Which site?', type: 'text' },
          { id: 'staff', name: 'Staff', type: 'number', other: 'headcount' },
        ],
      });
      expect(data.audit.fields[0]).not.toHaveProperty('secret');
      expect(data.audit.createdAt).not.toBe('2001-01-01T00:00:00.000Z');
      expect(data.audit._id).toBe(data.audit.id);
      firstAuditId = data.audit.id;

      const second = await create(world.clientOwner, {
        auditType: 'dd',
        auditCategory: 'Social',
        auditForm: 'ap',
      });
      expect(second.statusCode).toBe(201);
      secondAuditId = second.json().data.audit.id;
    });

    it.each([
      [{ auditType: 'weekly' }, 'Please choose an audit type from the list'],
      [{ auditCategory: 'Governance' }, 'Please choose a category of the selected audit type'],
      [{ auditCategory: '' }, 'Audit category is required'],
      [{ auditForm: 'memo' }, 'Please choose an audit form from the list'],
      [
        { fields: [{ id: 'f', name: 'Kind', type: 'select' }] },
        'Please choose a custom field type from the list',
      ],
      [
        { auditType: 'esap', auditCategory: 'Environment' },
        'This auditor is not assigned this audit type for this target company',
      ],
      [
        { auditCategory: 'QA' },
        'This auditor is not assigned this audit category for this target company',
      ],
      [{ auditForm: 'mp' }, 'This auditor is not assigned this audit form for this target company'],
    ])('refuses %p with %p and stores nothing', async (change, message) => {
      const before = await rowCounts(app);
      const response = await create(world.clientOwner, change);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, code: 'VALIDATION_FAILED' });
      expect(await rowCounts(app)).toEqual(before);
    });

    it('answers 404 for a firm not assigned to the company or a company of another client', async () => {
      const before = await rowCounts(app);
      expect((await create(world.clientOwner, { auditorId: idleFirmId })).statusCode).toBe(404);
      expect((await create(world.southbankOwner)).statusCode).toBe(404);
      expect(await rowCounts(app)).toEqual(before);
    });

    it('refuses viewers, auditors and company users with 403, and non-uuid ids with 400', async () => {
      for (const who of ['clientViewer', 'auditorOwner', 'companyOwner'] as const)
        expect((await create(world[who])).statusCode).toBe(403);
      expect((await create(world.clientOwner, { targetCompanyId: 'lighthouse' })).statusCode).toBe(
        400,
      );
      expect((await create(world.clientOwner, { auditorId: 'green' })).statusCode).toBe(400);
    });
  });

  describe('GET /target-company/{auditorId}/audits', () => {
    const auditsOf = (session: TestSession, auditorId = world.greenAuditId, query = '') =>
      call(
        app,
        session,
        'GET',
        `/target-company/${auditorId}/audits?targetCompanyId=${companyId}${query}`,
      );

    it("lists the firm's audits of the company newest first for the client, the company and the firm", async () => {
      for (const session of [world.clientViewer, companyUser, world.auditorViewer]) {
        const response = await auditsOf(
          session,
          world.greenAuditId,
          `&auditorId=${world.greenAuditId}`,
        );
        expect(response.statusCode).toBe(200);
        const { data } = response.json();
        expect(keysOf(data)).toEqual(['audits', 'page', 'pageSize', 'total']);
        expect(data.audits.map((audit: { id: string }) => audit.id)).toEqual([
          secondAuditId,
          firstAuditId,
        ]);
        for (const audit of data.audits) expect(keysOf(audit)).toEqual(AUDIT_KEYS);
      }
    });

    it('answers 404 outside the tenancy, 400 for mismatched or non-uuid ids', async () => {
      expect((await auditsOf(world.southbankOwner)).statusCode).toBe(404);
      expect((await auditsOf(world.companyOwner)).statusCode).toBe(404);
      expect((await auditsOf(idleAuditor)).statusCode).toBe(404);
      expect((await auditsOf(idleAuditor, idleFirmId)).statusCode).toBe(404);
      expect((await auditsOf(world.clientOwner, idleFirmId)).json().data.audits).toEqual([]);
      const mismatch = await auditsOf(
        world.clientOwner,
        world.greenAuditId,
        `&auditorId=${idleFirmId}`,
      );
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toBe(
        'The auditorId in the query must match the one in the path',
      );
      expect((await auditsOf(world.clientOwner, 'green')).statusCode).toBe(400);
      const badCompany = await call(
        app,
        world.clientOwner,
        'GET',
        `/target-company/${world.greenAuditId}/audits?targetCompanyId=x`,
      );
      expect(badCompany.statusCode).toBe(400);
    });
  });

  describe('GET /target-company/audit/{auditId}', () => {
    const auditOf = (session: TestSession, auditId = firstAuditId) =>
      call(app, session, 'GET', `/target-company/audit/${auditId}`);

    it('answers the audit to the client, the company and the firm', async () => {
      for (const session of [world.clientViewer, companyUser, world.auditorViewer]) {
        const response = await auditOf(session);
        expect(response.statusCode).toBe(200);
        expect(keysOf(response.json().data)).toEqual(['audit']);
        expect(response.json().data.audit).toMatchObject({ id: firstAuditId, auditForm: 'capa' });
      }
    });

    it('answers 404 outside the tenancy and 400 for a non-uuid', async () => {
      for (const session of [world.southbankOwner, world.companyOwner, idleAuditor])
        expect((await auditOf(session)).statusCode).toBe(404);
      expect(
        (await auditOf(world.clientOwner, '00000000-0000-4000-8000-000000000000')).statusCode,
      ).toBe(404);
      expect((await auditOf(world.clientOwner, 'audit-1')).statusCode).toBe(400);
    });
  });
});
