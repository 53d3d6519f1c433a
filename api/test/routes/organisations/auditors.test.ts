import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sessionFor } from '../../support/session';
import { sharedIdentity } from '../../support/shared-identity';
import {
  AUDITOR_KEYS,
  COMPANY_AUDITOR_FIRM_KEYS,
  COMPANY_AUDITOR_KEYS,
  call,
  createAccount,
  demoWorld,
  identityEnv,
  keysOf,
  rowCounts,
  type DemoWorld,
} from './fixtures';

// The run's identity server (support/shared-identity.ts): these tests need its accounts API only.
const identity = sharedIdentity();

beforeAll(async () => {
  await createAccount(identity, 'verify.lead@verity.test', 'Vera Verify');
  await createAccount(identity, 'harbour.owner@verity.test', 'Hana Harbour');
});
describe.each(databaseKinds)('auditor firms on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: DemoWorld;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, identityEnv(identity));
    world = await demoWorld(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const firmIds = (response: { json(): { data: { auditors: { id: string }[] } } }) =>
    response.json().data.auditors.map((auditor) => auditor.id);

  const newFirm = (change: Record<string, unknown> = {}) => ({
    emailId: 'verify.lead@verity.test',
    auditorName: 'Verify Associates',
    registeredName: 'Verify Associates LLP',
    ...change,
  });

  describe('GET /auditor', () => {
    it('lists the firms the client engaged, with the contract keys', async () => {
      const response = await call(app, world.clientViewer, 'GET', '/auditor');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['auditors', 'page', 'pageSize', 'total']);
      for (const auditor of data.auditors) expect(keysOf(auditor)).toEqual(AUDITOR_KEYS);
      expect(data.auditors).toContainEqual(
        expect.objectContaining({ id: world.greenAuditId, auditorName: 'GreenAudit Partners' }),
      );
      const only = await call(
        app,
        world.clientViewer,
        'GET',
        `/auditor?auditorId=${world.greenAuditId}`,
      );
      expect(firmIds(only)).toEqual([world.greenAuditId]);
      expect(
        (await call(app, world.clientViewer, 'GET', '/auditor?auditorId=green')).statusCode,
      ).toBe(400);
    });

    it("shows another client only its own engagements, none of Northwind's", async () => {
      const response = await call(app, world.southbankOwner, 'GET', '/auditor');
      const { rows } = await app.db.query<{ auditor_id: string }>(
        'SELECT auditor_id FROM client_auditors WHERE client_id = $1',
        [world.southbankId],
      );
      expect(firmIds(response).sort()).toEqual(rows.map((row) => row.auditor_id).sort());
      expect(firmIds(response)).not.toContain(world.greenAuditId);
    });

    it('refuses auditor and company users with 403', async () => {
      expect((await call(app, world.auditorOwner, 'GET', '/auditor')).statusCode).toBe(403);
      expect((await call(app, world.companyOwner, 'GET', '/auditor')).statusCode).toBe(403);
    });
  });

  describe('POST /auditor with the e-mail of a firm member who is not its owner', () => {
    it('makes a new firm for that person and engages nothing of the firm they work for', async () => {
      const before = await rowCounts(app);
      const response = await call(
        app,
        world.southbankOwner,
        'POST',
        '/auditor',
        newFirm({ emailId: 'auditor.viewer@verity.test', auditorName: 'Arjun Advisory' }),
      );
      expect(response.statusCode).toBe(201);
      const { auditor } = response.json().data;
      expect(auditor).toEqual({
        id: expect.any(String),
        auditorName: 'Arjun Advisory',
        registeredName: 'Verify Associates LLP',
        emailId: 'auditor.viewer@verity.test',
        sub: '',
        createdAt: expect.any(String),
      });
      expect(auditor.id).not.toBe(world.greenAuditId);
      expect(firmIds(await call(app, world.southbankOwner, 'GET', '/auditor'))).not.toContain(
        world.greenAuditId,
      );
      expect(await rowCounts(app)).toEqual({
        ...before,
        auditors: before.auditors! + 1,
        users: before.users! + 1,
        client_auditors: before.client_auditors! + 1,
      });
    });
  });

  describe('POST /auditor', () => {
    it.each([
      [{ emailId: 'verify.lead@' }, 'Please enter a valid email'],
      [{ emailId: 'nobody@verity.test' }, 'Please enter a valid email that exists in our records'],
      [{ auditorName: '' }, 'Auditor name is required'],
      [{ registeredName: undefined }, 'Registered name is required'],
    ])('refuses %p with %p and creates nothing', async (change, message) => {
      const before = await rowCounts(app);
      const response = await call(app, world.clientOwner, 'POST', '/auditor', newFirm(change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, code: 'VALIDATION_FAILED' });
      expect(await rowCounts(app)).toEqual(before);
    });

    it('refuses a viewer and other user types with 403', async () => {
      for (const who of ['clientViewer', 'auditorOwner', 'companyOwner'] as const)
        expect((await call(app, world[who], 'POST', '/auditor', newFirm())).statusCode).toBe(403);
    });

    it("creates a firm owned by the email's account and engages it for the client", async () => {
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/auditor',
        newFirm({ clientId: world.southbankId, role: 'viewer' }),
      );
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['auditor']);
      expect(keysOf(data.auditor)).toEqual(AUDITOR_KEYS);
      expect(data.auditor).toMatchObject({
        auditorName: 'Verify Associates',
        registeredName: 'Verify Associates LLP',
        emailId: 'verify.lead@verity.test',
        // No answer gives out an identity account's id.
        sub: '',
      });
      // Engaged by Northwind, listed first; not by Southbank, whatever the body said.
      expect(firmIds(await call(app, world.clientOwner, 'GET', '/auditor'))[0]).toBe(
        data.auditor.id,
      );
      expect(firmIds(await call(app, world.southbankOwner, 'GET', '/auditor'))).not.toContain(
        data.auditor.id,
      );
      const lead = await sessionFor(app, 'verify.lead@verity.test', 'auditor');
      const users = await call(app, lead, 'GET', '/auditor/users');
      expect(users.json().data.users).toEqual([
        expect.objectContaining({
          emailId: 'verify.lead@verity.test',
          fullname: 'Vera Verify',
          role: 'owner',
        }),
      ]);
    });

    it('engages the existing firm of an email that already belongs to one, once', async () => {
      const before = await rowCounts(app);
      const response = await call(
        app,
        world.southbankOwner,
        'POST',
        '/auditor',
        newFirm({ emailId: 'auditor.owner@verity.test', auditorName: 'Another Name' }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().data.auditor).toMatchObject({
        id: world.greenAuditId,
        auditorName: 'GreenAudit Partners',
      });
      const after = await rowCounts(app);
      expect(after).toEqual({
        ...before,
        client_auditors: before.client_auditors! + 1,
      });
      expect(firmIds(await call(app, world.southbankOwner, 'GET', '/auditor'))).toContain(
        world.greenAuditId,
      );

      const again = await call(
        app,
        world.southbankOwner,
        'POST',
        '/auditor',
        newFirm({ emailId: 'auditor.owner@verity.test' }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This auditor is already one of your auditors');
      expect(await rowCounts(app)).toEqual(after);
    });
  });

  describe('GET /target-company/auditors', () => {
    let harbourId: string;
    let verifyId: string;

    beforeAll(async () => {
      const firms = await call(app, world.clientOwner, 'GET', '/auditor');
      verifyId = firms
        .json()
        .data.auditors.find(
          (a: { auditorName: string }) => a.auditorName === 'Verify Associates',
        ).id;
      const created = await call(app, world.clientOwner, 'POST', '/target-company', {
        targetCompanyName: 'Harbour Textiles',
        emailId: 'harbour.owner@verity.test',
        companyType: 'partner',
        auditorId: world.greenAuditId,
        auditType: ['dd'],
        auditCategory: ['Social'],
        formType: ['ap'],
      });
      expect(created.statusCode).toBe(201);
      harbourId = created.json().data.targetCompany._id;
      const assigned = await call(
        app,
        world.clientOwner,
        'POST',
        '/client/add-target-company-auditor',
        {
          targetCompanyId: harbourId,
          auditorId: verifyId,
          auditType: ['esap'],
          auditCategory: ['Environment'],
          formType: ['mp'],
        },
      );
      expect(assigned.statusCode).toBe(201);
    });

    const auditorsOf = (session: Parameters<typeof call>[1], targetCompanyId = harbourId) =>
      call(app, session, 'GET', `/target-company/auditors?targetCompanyId=${targetCompanyId}`);

    it('lists the assignments newest first with the firm nested, for the client and the company', async () => {
      const harbourOwner = await sessionFor(app, 'harbour.owner@verity.test', 'targetCompany');
      for (const session of [world.clientViewer, harbourOwner]) {
        const response = await auditorsOf(session);
        expect(response.statusCode).toBe(200);
        const { data } = response.json();
        expect(keysOf(data)).toEqual(['auditors', 'page', 'pageSize', 'total']);
        expect(data.auditors).toHaveLength(2);
        for (const entry of data.auditors) {
          expect(keysOf(entry)).toEqual(COMPANY_AUDITOR_KEYS);
          expect(keysOf(entry.auditor)).toEqual(COMPANY_AUDITOR_FIRM_KEYS);
        }
        expect(data.auditors[0]).toMatchObject({
          auditor: {
            _id: verifyId,
            auditorName: 'Verify Associates',
            emailId: 'verify.lead@verity.test',
          },
          auditType: ['esap'],
          auditCategory: ['Environment'],
          formType: ['mp'],
        });
        expect(data.auditors[1]).toMatchObject({
          auditor: { _id: world.greenAuditId },
          auditType: ['dd'],
          auditCategory: ['Social'],
          formType: ['ap'],
        });
      }
    });

    it("shows an auditor only their own firm's entry", async () => {
      const response = await auditorsOf(world.auditorViewer);
      expect(response.statusCode).toBe(200);
      expect(
        response.json().data.auditors.map((e: { auditor: { _id: string } }) => e.auditor._id),
      ).toEqual([world.greenAuditId]);
    });

    it('answers 404 to anyone who cannot see the company, and 400 for a non-uuid', async () => {
      expect((await auditorsOf(world.southbankOwner)).statusCode).toBe(404);
      expect((await auditorsOf(world.companyOwner)).statusCode).toBe(404);
      const lead = await sessionFor(app, 'verify.lead@verity.test', 'auditor');
      expect((await auditorsOf(lead, world.acmeId)).statusCode).toBe(404);
      expect((await auditorsOf(world.clientOwner, 'harbour')).statusCode).toBe(400);
    });
  });
});
