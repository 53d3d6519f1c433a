// The lists of users, companies, auditor firms and audits one page at a time: 20 rows a page unless
// asked otherwise (at most 100), the count of the whole filtered list, a stable order with the id as
// tie-breaker, and the search and filters on the server. That the users' search folds case as a
// case-blind match does on either database is users-search-locale.test.ts's.
import type { FastifyInstance } from 'fastify';
import { LIST_MAX_PAGE_SIZE } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { sessionFor, type TestSession } from '../../support/session';
import { call } from './fixtures';

/** A row of any of the lists: its id (`id`, or `_id` for audits) and when it was made. */
interface Row {
  id?: string;
  _id?: string;
  createdAt: string;
}
interface Page {
  total: number;
  page: number;
  pageSize: number;
  [rows: string]: unknown;
}

/** The first TIED rows of each list share one creation time: the id alone orders them. */
const TIED = 10;
/** `n` minutes after the first of 2025 for n > TIED, the first of 2025 for the others. */
const timeOf = (n: string) =>
  `timestamptz '2025-01-01T00:00:00Z' + (CASE WHEN ${n} <= ${TIED} THEN 0 ELSE ${n} END) * interval '1 minute'`;
const two = (n: string) => `lpad(${n}::text, 2, '0')`;

const COUNTS = {
  clientUsers: 25,
  auditorUsers: 21,
  companyUsers: 21,
  companies: 23,
  firms: 22,
  audits: 24,
};

/** An id no organisation of this test has. */
const FOREIGN_COMPANY_ID = '00000000-0000-4000-8000-000000000001';

describe.each(databaseKinds)('list pages on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientOwner: TestSession;
  let firmOwner: TestSession;
  let companyOwner: TestSession;
  /** The newest company: all firms are assigned to it, it has the audits and the company users. */
  let companyId: string;
  /** The oldest firm: assigned to every company, its audits of the newest company are listed. */
  let firmId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    const db = app.db;
    const one = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: string }>(sql, params)).rows[0]!.id;

    const clientId = await one(
      "INSERT INTO clients (client_name) VALUES ('Paging Capital') RETURNING id",
    );
    await db.query(
      `INSERT INTO users (email, fullname, user_type, role, client_id, created_at)
       SELECT 'user' || n || '@paging.test', 'Paging User ' || ${two('n')}, 'client',
              CASE WHEN n = 1 THEN 'owner' WHEN n % 3 = 0 THEN 'viewer' WHEN n % 3 = 1 THEN 'editor' ELSE 'admin' END,
              $1, ${timeOf('n')}
       FROM generate_series(1, ${COUNTS.clientUsers}) AS n`,
      [clientId],
    );
    await db.query(
      `INSERT INTO target_companies (client_id, target_company_name, email_id, company_type, created_at)
       SELECT $1, 'Paging Company ' || ${two('n')}, 'company' || n || '@paging.test',
              CASE WHEN n % 4 = 0 THEN 'contractor' ELSE 'borrower' END, ${timeOf('n')}
       FROM generate_series(1, ${COUNTS.companies}) AS n`,
      [clientId],
    );
    companyId = await one(
      "SELECT id FROM target_companies WHERE target_company_name = 'Paging Company 23'",
    );
    await db.query(
      `INSERT INTO auditors (auditor_name, email_id, created_at)
       SELECT 'Paging Firm ' || ${two('n')}, 'firm' || n || '@paging.test', ${timeOf('n')}
       FROM generate_series(1, ${COUNTS.firms}) AS n`,
    );
    firmId = await one("SELECT id FROM auditors WHERE auditor_name = 'Paging Firm 01'");
    // Engaged and assigned to the newest company when made; the odd firms for normal audits, the even for due diligence.
    await db.query(
      `INSERT INTO client_auditors (client_id, auditor_id, created_at)
       SELECT $1, a.id, a.created_at FROM auditors a WHERE a.auditor_name LIKE 'Paging Firm %'`,
      [clientId],
    );
    await db.query(
      `INSERT INTO company_auditors (target_company_id, auditor_id, audit_types, created_at)
       SELECT $1, a.id,
              CASE WHEN right(a.auditor_name, 2)::int % 2 = 0 THEN '{dd}'::text[] ELSE '{normal_audit,dd,esap}'::text[] END,
              a.created_at
       FROM auditors a WHERE a.auditor_name LIKE 'Paging Firm %'`,
      [companyId],
    );
    await db.query(
      `INSERT INTO company_auditors (target_company_id, auditor_id, created_at)
       SELECT tc.id, $2, tc.created_at FROM target_companies tc
       WHERE tc.client_id = $1 AND tc.id <> $3`,
      [clientId, firmId, companyId],
    );
    await db.query(
      `INSERT INTO users (email, fullname, user_type, role, auditor_id, created_at)
       SELECT 'firmuser' || n || '@paging.test', 'Firm User ' || ${two('n')}, 'auditor',
              CASE WHEN n = 1 THEN 'owner' ELSE 'editor' END, $1, ${timeOf('n')}
       FROM generate_series(1, ${COUNTS.auditorUsers}) AS n`,
      [firmId],
    );
    await db.query(
      `INSERT INTO users (email, fullname, user_type, role, target_company_id, created_at)
       SELECT 'companyuser' || n || '@paging.test', 'Company User ' || ${two('n')}, 'targetCompany',
              CASE WHEN n = 1 THEN 'owner' ELSE 'viewer' END, $1, ${timeOf('n')}
       FROM generate_series(1, ${COUNTS.companyUsers}) AS n`,
      [companyId],
    );
    // Audits cycle through the types; their categories are 'Paging 01' to 'Paging 24'.
    await db.query(
      `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form, created_at)
       SELECT $1, $2, (ARRAY['normal_audit', 'dd', 'esap'])[n % 3 + 1], 'Paging ' || ${two('n')},
              (ARRAY['ap', 'capa', 'mp', 'recommendation'])[n % 4 + 1], ${timeOf('n')}
       FROM generate_series(1, ${COUNTS.audits}) AS n`,
      [companyId, firmId],
    );
    clientOwner = await sessionFor(app, 'user1@paging.test', 'client');
    firmOwner = await sessionFor(app, 'firmuser1@paging.test', 'auditor');
    companyOwner = await sessionFor(app, 'companyuser1@paging.test', 'targetCompany');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  interface ListCase {
    name: string;
    session: () => TestSession;
    path: () => string;
    query?: () => Record<string, string>;
    rows: string;
    total: number;
  }

  const LISTS: ListCase[] = [
    {
      name: 'GET /client/users',
      session: () => clientOwner,
      path: () => '/client/users',
      rows: 'users',
      total: COUNTS.clientUsers,
    },
    {
      name: 'GET /auditor/users',
      session: () => firmOwner,
      path: () => '/auditor/users',
      rows: 'users',
      total: COUNTS.auditorUsers,
    },
    {
      name: 'GET /target-company/users',
      session: () => companyOwner,
      path: () => '/target-company/users',
      query: () => ({ targetCompanyId: companyId }),
      rows: 'users',
      total: COUNTS.companyUsers,
    },
    {
      name: 'GET /target-company (a client)',
      session: () => clientOwner,
      path: () => '/target-company',
      rows: 'targetCompanies',
      total: COUNTS.companies,
    },
    {
      name: 'GET /target-company?auditorId (a client, one firm)',
      session: () => clientOwner,
      path: () => '/target-company',
      query: () => ({ auditorId: firmId }),
      rows: 'targetCompanies',
      total: COUNTS.companies,
    },
    {
      name: 'GET /auditor/target-company',
      session: () => firmOwner,
      path: () => '/auditor/target-company',
      rows: 'targetCompanies',
      total: COUNTS.companies,
    },
    {
      name: 'GET /auditor',
      session: () => clientOwner,
      path: () => '/auditor',
      rows: 'auditors',
      total: COUNTS.firms,
    },
    {
      name: 'GET /target-company/auditors',
      session: () => clientOwner,
      path: () => '/target-company/auditors',
      query: () => ({ targetCompanyId: companyId }),
      rows: 'auditors',
      total: COUNTS.firms,
    },
    {
      name: 'GET /target-company/{auditorId}/audits',
      session: () => clientOwner,
      path: () => `/target-company/${firmId}/audits`,
      query: () => ({ targetCompanyId: companyId }),
      rows: 'audits',
      total: COUNTS.audits,
    },
  ];

  async function read(list: ListCase, extra: Record<string, string> = {}) {
    const query = new URLSearchParams({ ...list.query?.(), ...extra }).toString();
    const response = await call(app, list.session(), 'GET', `${list.path()}?${query}`);
    return response;
  }
  async function pageOf(list: ListCase, extra: Record<string, string> = {}) {
    const response = await read(list, extra);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Page;
    return { data, rows: data[list.rows] as Row[] };
  }
  const idOf = (row: Row) => (row._id ?? row.id) as string;

  describe.each(LISTS.map((list) => [list.name, list] as const))('%s', (_, list) => {
    it('gives 20 rows a page, and every row once across the pages', async () => {
      const first = await pageOf(list);
      const second = await pageOf(list, { page: '2' });
      expect(first.data).toMatchObject({ total: list.total, page: 1, pageSize: 20 });
      expect(second.data).toMatchObject({ total: list.total, page: 2, pageSize: 20 });
      expect(first.rows).toHaveLength(20);
      expect(second.rows).toHaveLength(list.total - 20);
      const all = (await pageOf(list, { pageSize: String(LIST_MAX_PAGE_SIZE) })).rows;
      expect(all).toHaveLength(list.total);
      expect([...first.rows, ...second.rows].map(idOf)).toEqual(all.map(idOf));
      expect(new Set(all.map(idOf)).size).toBe(list.total);
    });

    it('orders newest first, rows made at the same moment by id, the same on every read', async () => {
      const all = (await pageOf(list, { pageSize: String(LIST_MAX_PAGE_SIZE) })).rows;
      for (let i = 1; i < all.length; i += 1) {
        const [before, after] = [all[i - 1]!, all[i]!];
        const [a, b] = [Date.parse(before.createdAt), Date.parse(after.createdAt)];
        expect(a > b || (a === b && idOf(before) > idOf(after))).toBe(true);
      }
      // The tied rows fall across a page boundary: small pages give them once each, in order.
      const pages = [];
      for (let page = 1; page <= Math.ceil(list.total / 7); page += 1)
        pages.push(...(await pageOf(list, { pageSize: '7', page: String(page) })).rows);
      expect(pages.map(idOf)).toEqual(all.map(idOf));
    });

    it('answers a page past the end with no rows and the true total', async () => {
      const past = await pageOf(list, { page: '9' });
      expect(past.rows).toEqual([]);
      expect(past.data).toMatchObject({ total: list.total, page: 9, pageSize: 20 });
    });

    it.each([
      [{ pageSize: String(LIST_MAX_PAGE_SIZE + 1) }, 'pageSize'],
      [{ pageSize: '0' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ page: 'two' }, 'page'],
    ])('refuses %j with a 400 naming the parameter', async (extra, name) => {
      const response = await read(list, extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(name);
    });
  });

  const byName = (name: string) => LISTS.find((list) => list.name === name)!;
  const names = (rows: Row[], key: string) =>
    rows.map((row) => (row as unknown as Record<string, string>)[key]);

  it('searches users by name and by role label, and counts only those found', async () => {
    const users = byName('GET /client/users');
    const named = await pageOf(users, { search: 'paging user 1', pageSize: '4' });
    expect(named.data.total).toBe(10);
    expect(names(named.rows, 'fullname')).toEqual([
      'Paging User 19',
      'Paging User 18',
      'Paging User 17',
      'Paging User 16',
    ]);
    const viewers = await pageOf(users, { search: 'Viewer' });
    expect(viewers.data.total).toBe(8);
    expect(
      viewers.rows.every((row) => (row as unknown as { role: string }).role === 'viewer'),
    ).toBe(true);
    // The counts per role stay those of all the client's users.
    expect(viewers.data.counts).toEqual({ total: 25, admins: 8, editors: 8, viewers: 8 });
    const none = await pageOf(users, { search: '100%_' });
    expect(none.data.total).toBe(0);
  });

  it('gives a search’s true total on its last page and past it', async () => {
    const cases: [string, string, number][] = [
      ['GET /client/users', 'paging user 1', 10],
      ['GET /target-company (a client)', 'company 1', 10],
      ['GET /auditor', 'firm 0', 9],
    ];
    for (const [name, search, total] of cases) {
      const last = await pageOf(byName(name), { search, pageSize: '4', page: '3' });
      expect([last.rows.length, last.data.total]).toEqual([total - 8, total]);
      const past = await pageOf(byName(name), { search, pageSize: '4', page: '4' });
      expect([past.rows.length, past.data.total]).toEqual([0, total]);
    }
    // The counts per role beside a search past its end stay those of all the client's users.
    const users = await pageOf(byName('GET /client/users'), { search: 'paging user 1', page: '9' });
    expect(users.data.counts).toEqual({ total: 25, admins: 8, editors: 8, viewers: 8 });
  });

  it('searches companies by name, email and company type label', async () => {
    const companies = byName('GET /target-company (a client)');
    const named = await pageOf(companies, { search: 'Company 2' });
    expect(names(named.rows, 'targetCompanyName')).toEqual([
      'Paging Company 23',
      'Paging Company 22',
      'Paging Company 21',
      'Paging Company 20',
    ]);
    expect(named.data.total).toBe(4);
    expect((await pageOf(companies, { search: 'company7@paging' })).data.total).toBe(1);
    expect((await pageOf(companies, { search: 'contractor' })).data.total).toBe(5);
    const auditorSide = await pageOf(byName('GET /auditor/target-company'), {
      search: 'company 1',
      page: '2',
      pageSize: '6',
    });
    expect(auditorSide.data.total).toBe(10);
    expect(names(auditorSide.rows, 'targetCompanyName')).toEqual([
      'Paging Company 13',
      'Paging Company 12',
      'Paging Company 11',
      'Paging Company 10',
    ]);
  });

  it('searches auditor firms, and filters a company’s firms by audit type', async () => {
    const firms = await pageOf(byName('GET /auditor'), { search: 'FIRM 0' });
    expect(firms.data.total).toBe(9);
    const assigned = byName('GET /target-company/auditors');
    const dd = await pageOf(assigned, { auditType: 'dd' });
    expect(dd.data.total).toBe(COUNTS.firms);
    const esap = await pageOf(assigned, { auditType: 'esap', search: 'firm 1' });
    // The odd firms among 'Paging Firm 10' to 'Paging Firm 19'.
    expect(esap.data.total).toBe(5);
    expect(
      esap.rows.map((row) => (row as unknown as { auditor: { auditorName: string } }).auditor),
    ).toEqual([
      expect.objectContaining({ auditorName: 'Paging Firm 19' }),
      expect.objectContaining({ auditorName: 'Paging Firm 17' }),
      expect.objectContaining({ auditorName: 'Paging Firm 15' }),
      expect.objectContaining({ auditorName: 'Paging Firm 13' }),
      expect.objectContaining({ auditorName: 'Paging Firm 11' }),
    ]);
  });

  it('narrows a list to the one company or firm a page names, whatever its place in the list', async () => {
    const companies = byName('GET /target-company (a client)');
    // The oldest company, far past the first page.
    const everyCompany = await pageOf(companies, { pageSize: '100' });
    const oldest = everyCompany.rows.at(-1)!;
    const one = await pageOf(companies, { targetCompanyId: idOf(oldest), pageSize: '1' });
    expect(one.data.total).toBe(1);
    expect(names(one.rows, 'targetCompanyName')).toEqual(names([oldest], 'targetCompanyName'));
    const auditorSide = await pageOf(byName('GET /auditor/target-company'), {
      targetCompanyId: idOf(oldest),
    });
    expect(auditorSide.data.total).toBe(1);
    // A company the user does not see gives nothing, as a search that finds nothing.
    const foreign = await pageOf(companies, { targetCompanyId: FOREIGN_COMPANY_ID });
    expect(foreign.data.total).toBe(0);

    const assigned = byName('GET /target-company/auditors');
    const firm = await pageOf(assigned, { auditorId: firmId });
    expect(firm.data.total).toBe(1);
    expect((firm.rows[0] as unknown as { auditor: { _id: string } }).auditor._id).toBe(firmId);
    expect((await read(assigned, { auditorId: 'not-an-id' })).statusCode).toBe(400);
  });

  it('filters audits by type, category and the search in type, category and form labels', async () => {
    const audits = byName('GET /target-company/{auditorId}/audits');
    expect((await pageOf(audits, { auditType: 'esap' })).data.total).toBe(8);
    const category = await pageOf(audits, { auditCategory: 'Paging 07' });
    expect(names(category.rows, 'auditCategory')).toEqual(['Paging 07']);
    expect((await pageOf(audits, { search: 'due diligence' })).data.total).toBe(8);
    expect((await pageOf(audits, { search: 'CAPA' })).data.total).toBe(6);
    const both = await pageOf(audits, { auditType: 'dd', search: 'paging 1', pageSize: '2' });
    // dd audits are n % 3 = 1: Paging 10, 13, 16, 19.
    expect(both.data.total).toBe(4);
    expect(names(both.rows, 'auditCategory')).toEqual(['Paging 19', 'Paging 16']);
    const refused = await read(audits, { auditType: 'annual' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('auditType');
  });

  it('keeps each list to its own organisation whatever the page', async () => {
    const outsider = await sessionFor(app, 'client.owner@verity.test', 'client');
    const response = await call(
      app,
      outsider,
      'GET',
      `/target-company/auditors?targetCompanyId=${companyId}&pageSize=100`,
    );
    expect(response.statusCode).toBe(404);
    const own = await call(app, outsider, 'GET', '/client/users?pageSize=100&search=paging');
    expect(own.json().data).toMatchObject({ users: [], total: 0 });
  });
});
