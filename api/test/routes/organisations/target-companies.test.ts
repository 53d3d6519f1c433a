import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sessionFor, type TestSession } from '../../support/session';
import { sharedIdentity } from '../../support/shared-identity';
import {
  COMPANY_AUDITOR_FIRM_KEYS,
  COMPANY_AUDITOR_KEYS,
  TARGET_COMPANY_KEYS,
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
  for (const [email, name] of [
    ['harbour.owner@verity.test', 'Hana Harbour'],
    ['delta.owner@verity.test', 'Dev Delta'],
    ['verify.lead@verity.test', 'Vera Verify'],
    ['south.company@verity.test', 'Sam South'],
    ['idle.lead@verity.test', 'Ida Idle'],
  ])
    await createAccount(identity, email!, name!);
});
describe.each(databaseKinds)('target companies on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: DemoWorld;
  let harbour: { _id: string };
  /** A second firm Northwind engaged, assigned to nothing yet. */
  let verifyId: string;
  let verifyOwner: TestSession;
  /** A third engaged firm that is never assigned to any company. */
  let idleOwner: TestSession;

  const newCompany = (change: Record<string, unknown> = {}) => ({
    targetCompanyName: 'Harbour Textiles',
    registeredName: 'Harbour Textiles Pvt Ltd',
    emailId: 'harbour.owner@verity.test',
    companyType: 'contractor',
    auditorId: world.greenAuditId,
    auditType: ['dd'],
    auditCategory: ['Social', 'Governance'],
    formType: ['capa', 'ap'],
    ...change,
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, identityEnv(identity));
    world = await demoWorld(app);
    const created = await call(app, world.clientOwner, 'POST', '/target-company', newCompany());
    expect(created.statusCode).toBe(201);
    harbour = created.json().data.targetCompany;
    const verify = await call(app, world.clientOwner, 'POST', '/auditor', {
      emailId: 'verify.lead@verity.test',
      auditorName: 'Verify Associates',
      registeredName: 'Verify Associates LLP',
    });
    expect(verify.statusCode).toBe(201);
    verifyId = verify.json().data.auditor.id;
    verifyOwner = await sessionFor(app, 'verify.lead@verity.test', 'auditor');
    const idle = await call(app, world.clientOwner, 'POST', '/auditor', {
      emailId: 'idle.lead@verity.test',
      auditorName: 'Idle Auditors',
      registeredName: 'Idle Auditors LLP',
    });
    expect(idle.statusCode).toBe(201);
    idleOwner = await sessionFor(app, 'idle.lead@verity.test', 'auditor');
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  describe('POST /target-company', () => {
    it('creates the company, its owner user and the auditor assignment', async () => {
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/target-company',
        newCompany({
          targetCompanyName: 'Delta Foods',
          emailId: 'delta.owner@verity.test',
          companyType: undefined,
          registeredName: undefined,
          auditorId: verifyId,
          auditType: ['normal_audit'],
          auditCategory: ['QA'],
          formType: [],
        }),
      );
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['companyAuditor', 'targetCompany']);
      expect(keysOf(data.targetCompany)).toEqual(TARGET_COMPANY_KEYS);
      expect(data.targetCompany).toMatchObject({
        targetCompanyName: 'Delta Foods',
        registeredName: '',
        emailId: 'delta.owner@verity.test',
        companyType: 'borrower',
        fullname: 'Dev Delta',
        // No answer gives out an identity account's id.
        sub: '',
        clientId: world.northwindId,
      });
      expect(data.targetCompany._id).toBe(data.targetCompany.id);
      expect(keysOf(data.companyAuditor)).toEqual(COMPANY_AUDITOR_KEYS);
      expect(keysOf(data.companyAuditor.auditor)).toEqual(COMPANY_AUDITOR_FIRM_KEYS);
      expect(data.companyAuditor).toMatchObject({
        auditor: { _id: verifyId, auditorName: 'Verify Associates' },
        auditType: ['normal_audit'],
        auditCategory: ['QA'],
        formType: [],
      });

      // The account of the email is now the company's owner and sees that company only.
      const owner = await sessionFor(app, 'delta.owner@verity.test', 'targetCompany');
      const mine = await call(app, owner, 'GET', '/target-company');
      expect(mine.json().data.targetCompanies.map((c: { _id: string }) => c._id)).toEqual([
        data.targetCompany._id,
      ]);
      const users = await call(
        app,
        owner,
        'GET',
        `/target-company/users?targetCompanyId=${data.targetCompany._id}`,
      );
      expect(users.json().data.users).toEqual([
        expect.objectContaining({ emailId: 'delta.owner@verity.test', role: 'owner' }),
      ]);
    });

    it('never stores a property the contract does not name', async () => {
      const { rows } = await app.db.query<{ client_id: string }>(
        'SELECT client_id FROM target_companies WHERE id = $1',
        [harbour._id],
      );
      expect(rows[0]!.client_id).toBe(world.northwindId);
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/target-company',
        newCompany({
          targetCompanyName: 'Mass Assigned',
          emailId: 'south.company@verity.test',
          clientId: world.southbankId,
          role: 'viewer',
        }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().data.targetCompany.clientId).toBe(world.northwindId);
      const southbank = await call(app, world.southbankOwner, 'GET', '/target-company');
      expect(
        southbank
          .json()
          .data.targetCompanies.map((c: { targetCompanyName: string }) => c.targetCompanyName),
      ).not.toContain('Mass Assigned');
      const owner = await app.db.query<{ role: string }>(
        "SELECT role FROM users WHERE email = 'south.company@verity.test' AND user_type = 'targetCompany'",
      );
      expect(owner.rows).toEqual([{ role: 'owner' }]);
    });

    it.each([
      [{ targetCompanyName: ' ' }, 'Company name is required'],
      [{ emailId: undefined }, 'Email is required'],
      [{ emailId: 'not-an-email' }, 'Please enter a valid email that exists in our records'],
      [{ emailId: 'nobody@verity.test' }, 'Please enter a valid email that exists in our records'],
      [{ companyType: 'bank' }, 'Please choose a company type from the list'],
      [{ auditorId: undefined }, 'Please select auditor'],
      [{ auditorId: '' }, 'Please select auditor'],
      [
        { auditType: ['esap'], auditCategory: ['Social'] },
        'Please choose a category of the selected audit type',
      ],
      [{ formType: ['memo'] }, 'Please choose an audit form from the list'],
    ])('refuses %p with the message %p and creates nothing', async (change, message) => {
      const before = await rowCounts(app);
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/target-company',
        newCompany({
          targetCompanyName: 'Refused Ltd',
          emailId: 'new.person@verity.test',
          ...change,
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, code: 'VALIDATION_FAILED' });
      expect(await rowCounts(app)).toEqual(before);
    });

    it('answers 400 for an auditor id that is not a uuid', async () => {
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/target-company',
        newCompany({ emailId: 'new.person@verity.test', auditorId: 'greenaudit' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });

    it('leaves no company behind when the auditor is not one the client engaged', async () => {
      const southbankFirm = await app.db.query<{ id: string }>(
        "INSERT INTO auditors (auditor_name) VALUES ('Southbank Assurance') RETURNING id",
      );
      await app.db.query('INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)', [
        world.southbankId,
        southbankFirm.rows[0]!.id,
      ]);
      for (const auditorId of [southbankFirm.rows[0]!.id, '00000000-0000-4000-8000-000000000000']) {
        const before = await rowCounts(app);
        const response = await call(
          app,
          world.clientOwner,
          'POST',
          '/target-company',
          newCompany({
            targetCompanyName: 'Half Way Ltd',
            emailId: 'new.person@verity.test',
            auditorId,
          }),
        );
        expect(response.statusCode).toBe(404);
        expect(await rowCounts(app)).toEqual(before);
      }
      const names = await app.db.query(
        "SELECT 1 FROM target_companies WHERE target_company_name = 'Half Way Ltd'",
      );
      expect(names.rows).toEqual([]);
      const person = await app.db.query(
        "SELECT 1 FROM users WHERE email = 'new.person@verity.test' AND user_type = 'targetCompany'",
      );
      expect(person.rows).toEqual([]);
    });

    it('creates a second company owned by the same person, each with its own owner membership', async () => {
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/target-company',
        newCompany({ targetCompanyName: 'Second Harbour' }),
      );
      expect(response.statusCode).toBe(201);
      const { rows } = await app.db.query<{ name: string }>(
        `SELECT tc.target_company_name AS name FROM users u
         JOIN target_companies tc ON tc.id = u.target_company_id
         WHERE u.email = 'harbour.owner@verity.test' AND u.role = 'owner' ORDER BY u.created_at`,
      );
      expect(rows.map((row) => row.name)).toEqual(['Harbour Textiles', 'Second Harbour']);
    });

    it.each([
      ['a client viewer', 'clientViewer'],
      ['an auditor owner', 'auditorOwner'],
      ['a company owner', 'companyOwner'],
    ] as const)('refuses %s with 403', async (_who, who) => {
      const before = await rowCounts(app);
      const response = await call(
        app,
        world[who],
        'POST',
        '/target-company',
        newCompany({ targetCompanyName: 'Not Allowed', emailId: 'new.person@verity.test' }),
      );
      expect(response.statusCode).toBe(403);
      expect(await rowCounts(app)).toEqual(before);
    });
  });

  describe('GET /target-company', () => {
    const names = (response: {
      json(): { data: { targetCompanies: { targetCompanyName: string }[] } };
    }) => response.json().data.targetCompanies.map((company) => company.targetCompanyName);

    it("lists the client's companies newest first with the contract's keys", async () => {
      const response = await call(app, world.clientViewer, 'GET', '/target-company');
      expect(response.statusCode).toBe(200);
      const { targetCompanies } = response.json().data;
      expect(targetCompanies.length).toBeGreaterThanOrEqual(4);
      for (const company of targetCompanies) {
        expect(keysOf(company)).toEqual(TARGET_COMPANY_KEYS);
        expect(company.clientId).toBe(world.northwindId);
      }
      const created = targetCompanies.map((c: { createdAt: string }) => c.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(names(response)).toEqual(
        expect.arrayContaining(['Acme Steel Ltd', 'Harbour Textiles']),
      );
    });

    it("shows another client none of Northwind's companies", async () => {
      const response = await call(app, world.southbankOwner, 'GET', '/target-company');
      expect(response.statusCode).toBe(200);
      const seen: string[] = response
        .json()
        .data.targetCompanies.map((c: { _id: string }) => c._id);
      const { rows } = await app.db.query<{ id: string }>(
        'SELECT id FROM target_companies WHERE client_id = $1',
        [world.southbankId],
      );
      expect([...seen].sort()).toEqual(rows.map((row) => row.id).sort());
      expect(seen).not.toContain(world.acmeId);
      expect(seen).not.toContain(harbour._id);
    });

    it('shows an auditor only the companies their firm is assigned to', async () => {
      const assigned = names(await call(app, world.auditorViewer, 'GET', '/target-company'));
      const { rows } = await app.db.query<{ target_company_name: string }>(
        `SELECT tc.target_company_name FROM company_auditors ca
         JOIN target_companies tc ON tc.id = ca.target_company_id WHERE ca.auditor_id = $1`,
        [world.greenAuditId],
      );
      expect([...assigned].sort()).toEqual(rows.map((row) => row.target_company_name).sort());
      expect(assigned).toContain('Harbour Textiles');
      expect(assigned).not.toContain('Delta Foods');
      expect(names(await call(app, verifyOwner, 'GET', '/target-company'))).toEqual([
        'Delta Foods',
      ]);
      expect(names(await call(app, idleOwner, 'GET', '/target-company'))).toEqual([]);
    });

    it('filters by auditorId, which for an auditor must be their own firm', async () => {
      const own = await call(
        app,
        world.auditorOwner,
        'GET',
        `/target-company?auditorId=${world.greenAuditId}`,
      );
      expect(names(own)).toContain('Harbour Textiles');
      const foreign = await call(
        app,
        world.auditorOwner,
        'GET',
        `/target-company?auditorId=${verifyId}`,
      );
      expect(foreign.statusCode).toBe(404);
      const byClient = await call(
        app,
        world.clientOwner,
        'GET',
        `/target-company?auditorId=${verifyId}`,
      );
      expect(names(byClient)).toEqual(['Delta Foods']);
      const notUuid = await call(app, world.clientOwner, 'GET', '/target-company?auditorId=42');
      expect(notUuid.statusCode).toBe(400);
    });

    it('shows a company user their own company only', async () => {
      const response = await call(app, world.companyViewer, 'GET', '/target-company');
      expect(names(response)).toEqual(['Acme Steel Ltd']);
    });

    it('answers 401 without a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/target-company' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /auditor/target-company', () => {
    it("lists the firm's assigned companies for an auditor", async () => {
      const response = await call(app, world.auditorViewer, 'GET', '/auditor/target-company');
      expect(response.statusCode).toBe(200);
      const companies = response.json().data.targetCompanies;
      expect(companies.map((c: { _id: string }) => c._id)).toContain(harbour._id);
      expect(keysOf(companies[0])).toEqual(TARGET_COMPANY_KEYS);
      const none = await call(app, idleOwner, 'GET', '/auditor/target-company');
      expect(none.json().data.targetCompanies).toEqual([]);
    });

    it("refuses another firm's auditorId (404) and other user types (403)", async () => {
      const foreign = await call(
        app,
        world.auditorOwner,
        'GET',
        `/auditor/target-company?auditorId=${verifyId}`,
      );
      expect(foreign.statusCode).toBe(404);
      expect(
        (await call(app, world.clientOwner, 'GET', '/auditor/target-company')).statusCode,
      ).toBe(403);
      expect(
        (await call(app, world.companyOwner, 'GET', '/auditor/target-company')).statusCode,
      ).toBe(403);
    });
  });

  describe('POST /client/add-target-company-auditor', () => {
    const assignment = (change: Record<string, unknown> = {}) => ({
      targetCompanyId: world.acmeId,
      auditorId: verifyId,
      auditType: ['normal_audit'],
      auditCategory: ['EHS'],
      formType: ['mp'],
      ...change,
    });

    it.each([
      [{ auditorId: undefined }, 'Please select auditor'],
      [{ auditType: ['weekly'] }, 'Please choose an audit type from the list'],
      [{ auditCategory: ['Social'] }, 'Please choose a category of the selected audit type'],
    ])('refuses %p with %p', async (change, message) => {
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/client/add-target-company-auditor',
        assignment(change),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('assigns an engaged firm to a company once', async () => {
      const response = await call(
        app,
        world.clientOwner,
        'POST',
        '/client/add-target-company-auditor',
        assignment(),
      );
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(keysOf(data)).toEqual(['audit']);
      expect(keysOf(data.audit)).toEqual(COMPANY_AUDITOR_KEYS);
      expect(data.audit).toMatchObject({
        auditor: {
          _id: verifyId,
          auditorName: 'Verify Associates',
          registeredName: 'Verify Associates LLP',
        },
        auditType: ['normal_audit'],
        auditCategory: ['EHS'],
        formType: ['mp'],
      });
      // The firm now sees the company.
      const seen = await call(app, verifyOwner, 'GET', '/target-company');
      expect(seen.json().data.targetCompanies.map((c: { _id: string }) => c._id)).toContain(
        world.acmeId,
      );

      const again = await call(
        app,
        world.clientOwner,
        'POST',
        '/client/add-target-company-auditor',
        assignment(),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This auditor is already assigned to this target company');
    });

    it('answers 404 for a company or an auditor outside the client', async () => {
      const otherClient = await call(
        app,
        world.southbankOwner,
        'POST',
        '/client/add-target-company-auditor',
        assignment(),
      );
      expect(otherClient.statusCode).toBe(404);
      const unknownFirm = await call(
        app,
        world.clientOwner,
        'POST',
        '/client/add-target-company-auditor',
        assignment({
          targetCompanyId: harbour._id,
          auditorId: '00000000-0000-4000-8000-000000000001',
        }),
      );
      expect(unknownFirm.statusCode).toBe(404);
    });

    it('refuses viewers and other user types with 403, and a non-uuid company with 400', async () => {
      for (const who of ['clientViewer', 'auditorOwner', 'companyOwner'] as const) {
        const response = await call(
          app,
          world[who],
          'POST',
          '/client/add-target-company-auditor',
          assignment(),
        );
        expect(response.statusCode).toBe(403);
      }
      const notUuid = await call(
        app,
        world.clientOwner,
        'POST',
        '/client/add-target-company-auditor',
        assignment({ targetCompanyId: 'acme' }),
      );
      expect(notUuid.statusCode).toBe(400);
    });
  });
});
