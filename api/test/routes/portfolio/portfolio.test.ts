// The portfolio and its gap explorer: every figure equals a count made here, in plain code, from the
// gaps themselves; every figure's explorer filters give that same count; a client sees only its
// companies and an auditor firm only its own work; bad filters are 400s naming the field.
import type { FastifyInstance } from 'fastify';
import {
  CLOSURE_QUARTERS,
  NOT_CLOSED_STATUSES,
  OVERDUE_AGES,
  OVERDUE_AGE_DAYS,
  PORTFOLIO_REQUIREMENT_ORDER,
  PORTFOLIO_SORTS,
  PORTFOLIO_STATUSES,
  SDG_CODES,
  gapIsOverdue,
  gapRuleMessages,
  quarterDays,
  quarterOf,
  type Portfolio,
  type PortfolioGap,
} from '@verity/shared-api/src/server';
import { CSV_BYTE_ORDER_MARK } from '../../../src/action-plans/csv-export';
import { closureSeriesStart } from '../../../src/portfolio/portfolio-figures';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { injectAs, sessionFor, type TestSession } from '../../support/session';

const DAY = 86_400_000;

/** A gap as this test reads it straight from the tables (its company and firm from its plan and audit). */
interface Truth {
  id: string;
  company: string;
  client: string;
  firm: string;
  category: string;
  auditType: string;
  status: string;
  risk: string;
  due: Date | null;
  references: string[];
  sdgs: string[];
  condition: string | null;
  closedAt: Date | null;
}

const TRUTH_SQL = `
  SELECT g.id, ap.target_company_id AS company, tc.client_id AS client, a.auditor_id AS firm,
    ap.category, a.audit_type AS "auditType", g.status, g.risk_severity AS risk, g.due_date AS due,
    g.requirement_references AS "references", g.impacted_sdgs AS sdgs, g.condition_type AS condition,
    (SELECT max(h.changed_at) FROM gap_status_history h WHERE h.gap_id = g.id AND h.status = 'closed') AS "closedAt"
  FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id
  JOIN target_companies tc ON tc.id = ap.target_company_id`;

const isOverdue = (gap: Truth, now: number) => gapIsOverdue(gap.status, gap.due, new Date(now));
const daysOverdue = (gap: Truth, now: number) => Math.ceil((now - gap.due!.getTime()) / DAY);
const columnsOf = (gap: Truth) => (gap.references.length > 0 ? gap.references : [gap.category]);
const RISK_RANK: Record<string, number> = { low: 0, moderate: 1, high: 2 };

/** The portfolio's figures counted the plain way, from every gap in scope. */
function expectedFigures(gaps: Truth[], now: number) {
  const open = gaps.filter((gap) => gap.status !== 'closed');
  const cells = new Map<string, { open: number; overdue: number; worst: number }>();
  for (const gap of open) {
    for (const requirement of columnsOf(gap)) {
      const key = `${gap.company}|${requirement}`;
      const cell = cells.get(key) ?? { open: 0, overdue: 0, worst: 0 };
      cell.open += 1;
      if (isOverdue(gap, now)) cell.overdue += 1;
      cell.worst = Math.max(cell.worst, RISK_RANK[gap.risk]!);
      cells.set(key, cell);
    }
  }
  const overdue = gaps.filter((gap) => isOverdue(gap, now));
  const start = closureSeriesStart(new Date(now)).getTime();
  const due = gaps.filter(
    (gap) => gap.due && gap.due.getTime() >= start && gap.due.getTime() < now,
  );
  const onTime = (gap: Truth) =>
    gap.status === 'closed' && gap.closedAt !== null && gap.closedAt <= gap.due!;
  const byQuarter = (list: Truth[]) => {
    const counts = new Map<string, { due: number; onTime: number }>();
    for (const gap of list) {
      const quarter = quarterOf(gap.due!);
      const count = counts.get(quarter) ?? { due: 0, onTime: 0 };
      count.due += 1;
      if (onTime(gap)) count.onTime += 1;
      counts.set(quarter, count);
    }
    return counts;
  };
  return {
    cells,
    sdgs: SDG_CODES.map((sdg) => ({
      sdg,
      open: open.filter((gap) => gap.sdgs.includes(sdg)).length,
    })),
    ageing: OVERDUE_AGES.map((age) => {
      const [from, to] = OVERDUE_AGE_DAYS[age];
      return {
        age,
        gaps: overdue.filter((gap) => {
          const days = daysOverdue(gap, now);
          return days >= from && (to === null || days <= to);
        }).length,
      };
    }),
    closure: byQuarter(due),
    closureByCompany: (company: string) => byQuarter(due.filter((gap) => gap.company === company)),
    companyOpen: (company: string) => open.filter((gap) => gap.company === company).length,
    companyOverdue: (company: string) => overdue.filter((gap) => gap.company === company).length,
    mostOverdueHighRisk: overdue
      .filter((gap) => gap.risk === 'high')
      .sort((a, b) => a.due!.getTime() - b.due!.getTime() || (a.id < b.id ? -1 : 1))
      .slice(0, 10)
      .map((gap) => gap.id),
    precedentOpen: open.filter((gap) => gap.condition === 'precedent').length,
  };
}

type Filters = Record<string, string | readonly string[] | number>;

/** The explorer's query string for a set of filters (lists repeat their field). */
function explorerUrl(filters: Filters, path = '/api/v1/portfolio/gaps') {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return `${path}?${search}`;
}

describe.each(databaseKinds)('the portfolio on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clientOwner: TestSession;
  let clientViewer: TestSession;
  let otherClient: TestSession;
  let firmUser: TestSession;
  let rivalUser: TestSession;
  let companyUser: TestSession;
  let ids: { client: string; otherClient: string; firm: string; rival: string; unengaged: string };
  let otherCompany: string;
  let truth: Truth[];

  const get = async <T>(session: TestSession, url: string) => {
    const response = await injectAs(app, session, { method: 'GET', url });
    expect({
      url,
      status: response.statusCode,
      body: response.statusCode === 200 ? '' : response.body,
    }).toEqual({
      url,
      status: 200,
      body: '',
    });
    return (response.json() as { data: T }).data;
  };
  const totalOf = async (session: TestSession, filters: Filters) =>
    (await get<{ total: number }>(session, explorerUrl({ ...filters, pageSize: 1 }))).total;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { SEED_DEMO: '0' });
    const db = app.db;
    const one = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: string }>(`${sql} RETURNING id`, params)).rows[0]!.id;
    const client = await one("INSERT INTO clients (client_name) VALUES ('Portfolio Capital')");
    const other = await one("INSERT INTO clients (client_name) VALUES ('Other Capital')");
    const firm = await one(
      "INSERT INTO auditors (auditor_name, email_id) VALUES ('Firm One', 'one@firm.test')",
    );
    const rival = await one(
      "INSERT INTO auditors (auditor_name, email_id) VALUES ('Firm Two', 'two@firm.test')",
    );
    const unengaged = await one(
      "INSERT INTO auditors (auditor_name, email_id) VALUES ('Firm Three', 'three@firm.test')",
    );
    ids = { client, otherClient: other, firm, rival, unengaged };
    await db.query(
      `INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $3), ($1, $4), ($2, $3)`,
      [client, other, firm, rival],
    );
    // Five companies of Portfolio Capital (the first three also served by Firm Two), one of Other Capital.
    await db.query(
      `INSERT INTO target_companies (client_id, target_company_name, email_id)
       SELECT $1, 'Company ' || n, 'company' || n || '@portfolio.test' FROM generate_series(1, 5) n`,
      [client],
    );
    otherCompany = await one(
      `INSERT INTO target_companies (client_id, target_company_name, email_id)
       VALUES ($1, 'Other Company', 'other@portfolio.test')`,
      [other],
    );
    await db.query(
      `INSERT INTO company_auditors (target_company_id, auditor_id)
       SELECT tc.id, $1::uuid FROM target_companies tc WHERE tc.client_id IN ($3, $4)
       UNION ALL
       SELECT tc.id, $2::uuid FROM target_companies tc
       WHERE tc.client_id = $3 AND tc.target_company_name IN ('Company 1', 'Company 2', 'Company 3')`,
      [firm, rival, client, other],
    );
    await db.query(
      `INSERT INTO audits (target_company_id, auditor_id, audit_type, audit_category, audit_form)
       SELECT ca.target_company_id, ca.auditor_id,
         (ARRAY['normal_audit', 'dd', 'esap'])[(row_number() OVER (ORDER BY ca.id))::int % 3 + 1],
         'Portfolio', 'ap'
       FROM company_auditors ca`,
    );
    await db.query(
      `INSERT INTO action_plans (audit_id, target_company_id, action_plan_heading, category, form_type)
       SELECT a.id, a.target_company_id, 'Plan ' || p,
         (ARRAY['environment', 'social', 'governance', 'prosperity'])[(row_number() OVER (ORDER BY a.id, p))::int % 4 + 1], 'ap'
       FROM audits a CROSS JOIN generate_series(1, 2) p`,
    );
    // 25 gaps a plan, their values cycling at different rates so that every combination occurs.
    // Due dates fall between 500 days ago and 200 days ahead, 6 hours off the day, some none.
    await db.query(
      `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
         risk_severity, status, due_date, requirement_references, impacted_sdgs, condition_type)
       SELECT ap.id, ap.target_company_id, 'KPI ' || n, 'Gap ' || n, 'Do it', 'Someone',
         (ARRAY['low', 'moderate', 'high'])[n * 7 % 3 + 1],
         (ARRAY['closed', 'open', 'provClosed', 'open', 'pending', 'closed', 'open'])[n % 7 + 1],
         CASE WHEN n % 17 = 0 THEN NULL
           ELSE now() + ((n * 37 % 700) - 500) * interval '1 day' - interval '6 hours' END,
         (ARRAY['{}', '{IFC PS1}', '{IFC PS2,EBRD PR10}', '{EP3}', '{}', '{IFC PS1,National law}'])[n % 6 + 1]::text[],
         (ARRAY['{}', '{SDG6}', '{SDG6,SDG13}', '{SDG8}', '{SDG17}'])[n % 5 + 1]::text[],
         (ARRAY['precedent', 'subsequent', NULL, NULL, 'ongoing'])[n % 5 + 1]
       FROM (SELECT ap.*, row_number() OVER (ORDER BY ap.id) AS plan_no FROM action_plans ap) ap
       CROSS JOIN LATERAL (SELECT ap.plan_no * 25 + k AS n FROM generate_series(1, 25) k) numbers`,
    );
    // Closed gaps were closed a little before or after their due date; some were closed, reopened
    // and closed again late (the last closing counts); a few have no closing on record, as a gap
    // written closed would (never on time, so late).
    await db.query(
      `INSERT INTO gap_status_history (gap_id, status, changed_at)
       SELECT g.id, s.status, coalesce(g.due_date, now() - interval '1 day') + s.offset_days * interval '1 day'
       FROM (SELECT g.*, row_number() OVER (ORDER BY g.id) AS n FROM gaps g WHERE g.status = 'closed') g
       CROSS JOIN LATERAL (VALUES
         ('closed', CASE WHEN g.n % 3 = 0 THEN -3 WHEN g.n % 3 = 1 THEN 4 ELSE -1 END, true),
         ('open', 1, g.n % 5 = 0),
         ('closed', 9, g.n % 5 = 0)
       ) AS s(status, offset_days, made)
       WHERE s.made AND g.n % 11 <> 0`,
    );
    const users = [
      ['owner@portfolio.test', 'client', 'owner', 'client_id', client],
      ['viewer@portfolio.test', 'client', 'viewer', 'client_id', client],
      ['owner@other.test', 'client', 'owner', 'client_id', other],
      ['editor@firm.test', 'auditor', 'editor', 'auditor_id', firm],
      ['viewer@rival.test', 'auditor', 'viewer', 'auditor_id', rival],
    ] as const;
    for (const [email, userType, role, column, organisation] of users) {
      await db.query(
        `INSERT INTO users (email, fullname, user_type, role, ${column}) VALUES ($1, $1, $2, $3, $4)`,
        [email, userType, role, organisation],
      );
    }
    await db.query(
      `INSERT INTO users (email, fullname, user_type, role, target_company_id)
       SELECT 'owner@company.test', 'Company Owner', 'targetCompany', 'owner', id
       FROM target_companies WHERE target_company_name = 'Company 1'`,
    );
    clientOwner = await sessionFor(app, 'owner@portfolio.test', 'client');
    clientViewer = await sessionFor(app, 'viewer@portfolio.test', 'client');
    otherClient = await sessionFor(app, 'owner@other.test', 'client');
    firmUser = await sessionFor(app, 'editor@firm.test', 'auditor');
    rivalUser = await sessionFor(app, 'viewer@rival.test', 'auditor');
    companyUser = await sessionFor(app, 'owner@company.test', 'targetCompany');
    truth = (await db.query<Truth>(TRUTH_SQL)).rows.map((row) => ({
      ...row,
      due: row.due && new Date(row.due),
      closedAt: row.closedAt && new Date(row.closedAt),
    }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const scopes = () => [
    {
      name: 'a client',
      session: clientOwner,
      gaps: truth.filter((gap) => gap.client === ids.client),
    },
    {
      name: 'an auditor firm',
      session: firmUser,
      gaps: truth.filter((gap) => gap.firm === ids.firm),
    },
    {
      name: 'a second firm',
      session: rivalUser,
      gaps: truth.filter((gap) => gap.firm === ids.rival),
    },
  ];

  it('has data in every figure, so that the comparisons below can fail', () => {
    const expected = expectedFigures(truth, Date.now());
    expect(expected.cells.size).toBeGreaterThan(20);
    expect(expected.ageing.every((bucket) => bucket.gaps > 0)).toBe(true);
    expect(
      [...expected.closure.values()].some((count) => count.onTime > 0 && count.onTime < count.due),
    ).toBe(true);
    expect(expected.mostOverdueHighRisk).toHaveLength(10);
    expect(expected.precedentOpen).toBeGreaterThan(0);
  });

  it('counts every figure as the gaps themselves do, for a client and for each firm', async () => {
    for (const { name, session, gaps } of scopes()) {
      const portfolio = await get<Portfolio>(session, '/api/v1/portfolio');
      const now = Date.now();
      const expected = expectedFigures(gaps, now);
      const companies = [...new Set(gaps.map((gap) => gap.company))].sort();
      expect({ name, companies: portfolio.companies.map((c) => c.targetCompanyId).sort() }).toEqual(
        {
          name,
          companies,
        },
      );
      for (const company of portfolio.companies) {
        expect({
          name,
          company: company.targetCompanyName,
          open: company.open,
          overdue: company.overdue,
        }).toEqual({
          name,
          company: company.targetCompanyName,
          open: expected.companyOpen(company.targetCompanyId),
          overdue: expected.companyOverdue(company.targetCompanyId),
        });
      }
      expect(
        new Map(
          portfolio.matrix.map((cell) => [
            `${cell.targetCompanyId}|${cell.requirement}`,
            { open: cell.open, overdue: cell.overdue, worst: RISK_RANK[cell.worstRisk]! },
          ]),
        ),
      ).toEqual(expected.cells);
      expect(portfolio.requirements).toEqual(
        PORTFOLIO_REQUIREMENT_ORDER.filter((requirement) =>
          portfolio.matrix.some((cell) => cell.requirement === requirement),
        ),
      );
      expect(portfolio.sdgs).toEqual(expected.sdgs);
      expect(portfolio.overdueAgeing).toEqual(expected.ageing);
      expect(portfolio.closureOnTime.quarters).toHaveLength(CLOSURE_QUARTERS);
      expect(portfolio.closureOnTime.quarters.at(-1)!.quarter).toBe(quarterOf(new Date(now)));
      for (const count of portfolio.closureOnTime.quarters) {
        expect({ name, ...count }).toEqual({
          name,
          quarter: count.quarter,
          ...(expected.closure.get(count.quarter) ?? { due: 0, onTime: 0 }),
        });
      }
      for (const company of portfolio.closureOnTime.companies) {
        const counts = expected.closureByCompany(company.targetCompanyId);
        for (const count of company.quarters)
          expect(count).toEqual({
            quarter: count.quarter,
            ...(counts.get(count.quarter) ?? { due: 0, onTime: 0 }),
          });
      }
      expect(portfolio.mostOverdueHighRisk.map((gap) => gap.id)).toEqual(
        expected.mostOverdueHighRisk,
      );
      expect(portfolio.conditionsPrecedent.open).toBe(expected.precedentOpen);
      expect(
        portfolio.conditionsPrecedent.gaps.every((gap) => gap.conditionType === 'precedent'),
      ).toBe(true);
    }
  });

  it('links every figure to explorer filters whose total is that figure', async () => {
    const portfolio = await get<Portfolio>(clientOwner, '/api/v1/portfolio');
    const notClosed = [...NOT_CLOSED_STATUSES];
    const checks: { figure: string; value: number; filters: Record<string, string | string[]> }[] =
      [];
    for (const cell of portfolio.matrix) {
      const at = { targetCompanyId: cell.targetCompanyId, requirement: cell.requirement };
      checks.push({
        figure: `cell ${cell.requirement} open`,
        value: cell.open,
        filters: { ...at, status: notClosed },
      });
      checks.push({
        figure: `cell ${cell.requirement} overdue`,
        value: cell.overdue,
        filters: { ...at, status: ['overdue'] },
      });
    }
    for (const company of portfolio.companies) {
      const at = { targetCompanyId: company.targetCompanyId };
      checks.push({
        figure: `${company.targetCompanyName} open`,
        value: company.open,
        filters: { ...at, status: notClosed },
      });
      checks.push({
        figure: `${company.targetCompanyName} overdue`,
        value: company.overdue,
        filters: { ...at, status: ['overdue'] },
      });
    }
    for (const { sdg, open } of portfolio.sdgs)
      checks.push({ figure: sdg, value: open, filters: { sdg, status: notClosed } });
    for (const { age, gaps } of portfolio.overdueAgeing)
      checks.push({ figure: `overdue ${age}`, value: gaps, filters: { overdueAge: age } });
    for (const { quarter, due, onTime } of portfolio.closureOnTime.quarters) {
      const { from, to } = quarterDays(quarter);
      const range = { dueFrom: from, dueTo: to };
      checks.push({
        figure: `${quarter} due`,
        value: due,
        filters: { ...range, closure: ['onTime', 'late'] },
      });
      checks.push({
        figure: `${quarter} on time`,
        value: onTime,
        filters: { ...range, closure: ['onTime'] },
      });
      checks.push({
        figure: `${quarter} late`,
        value: due - onTime,
        filters: { ...range, closure: ['late'] },
      });
    }
    checks.push({
      figure: 'conditions precedent',
      value: portfolio.conditionsPrecedent.open,
      filters: { conditionType: 'precedent', status: notClosed },
    });
    const answers = [];
    for (const check of checks)
      answers.push({ figure: check.figure, value: await totalOf(clientOwner, check.filters) });
    expect(answers).toEqual(checks.map(({ figure, value }) => ({ figure, value })));
    const mostOverdue = await get<{ gaps: PortfolioGap[] }>(
      clientOwner,
      explorerUrl({ risk: 'high', status: 'overdue', sort: 'dueDate', pageSize: 10 }),
    );
    expect(mostOverdue.gaps.map((gap) => gap.id)).toEqual(
      portfolio.mostOverdueHighRisk.map((gap) => gap.id),
    );
  });

  it('narrows by company, firm, audit type and risk, each as the gaps say', async () => {
    const gaps = truth.filter((gap) => gap.client === ids.client);
    const company = gaps[0]!.company;
    const cases: { filters: Filters; count: number }[] = [
      {
        filters: { targetCompanyId: company },
        count: gaps.filter((gap) => gap.company === company).length,
      },
      {
        filters: { auditorId: ids.rival },
        count: gaps.filter((gap) => gap.firm === ids.rival).length,
      },
      {
        filters: { auditType: ['dd', 'esap'] },
        count: gaps.filter((gap) => gap.auditType !== 'normal_audit').length,
      },
      {
        filters: { risk: ['high'], status: ['closed'] },
        count: gaps.filter((gap) => gap.risk === 'high' && gap.status === 'closed').length,
      },
      {
        filters: { requirement: 'environment' },
        count: gaps.filter((gap) => gap.references.length === 0 && gap.category === 'environment')
          .length,
      },
    ];
    for (const { filters, count } of cases) {
      expect(count).toBeGreaterThan(0);
      expect({ filters, total: await totalOf(clientOwner, filters) }).toEqual({
        filters,
        total: count,
      });
    }
  });

  it('filters by every combination of shown statuses as the gaps say, with one risk or two', async () => {
    const gaps = truth.filter((gap) => gap.client === ids.client);
    const now = Date.now();
    const shown = (gap: Truth) => (isOverdue(gap, now) ? 'overdue' : gap.status);
    const combinations = PORTFOLIO_STATUSES.flatMap((_, size) =>
      Array.from({ length: 2 ** PORTFOLIO_STATUSES.length }, (__, bits) =>
        PORTFOLIO_STATUSES.filter((___, index) => bits & (1 << index)),
      ).filter((statuses) => statuses.length === size + 1),
    );
    for (const status of combinations) {
      for (const risk of [['high'], ['low', 'moderate']]) {
        const count = gaps.filter(
          (gap) => status.includes(shown(gap) as never) && risk.includes(gap.risk),
        ).length;
        const filters = { status, risk };
        expect({ filters, total: await totalOf(clientOwner, filters) }).toEqual({
          filters,
          total: count,
        });
      }
    }
  });

  it.each(
    PORTFOLIO_SORTS.flatMap(
      (sort) =>
        [
          [sort, 'asc'],
          [sort, 'desc'],
        ] as const,
    ),
  )('pages through every gap once when sorted by %s %s', async (sort, order) => {
    const expected = truth
      .filter((gap) => gap.firm === ids.firm)
      .map((gap) => gap.id)
      .sort();
    const seen: PortfolioGap[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await get<{ gaps: PortfolioGap[]; total: number }>(
        firmUser,
        explorerUrl({ sort, order, page, pageSize: 100 }),
      );
      expect(answer.total).toBe(expected.length);
      seen.push(...answer.gaps);
      if (answer.gaps.length < 100) break;
    }
    expect(seen.map((gap) => gap.id).sort()).toEqual(expected);
    if (sort === 'dueDate') {
      const dues = seen.map((gap) => gap.dueDate);
      const dated = dues.filter((due): due is string => due !== null);
      expect(dues.slice(dated.length).every((due) => due === null)).toBe(true);
      const sorted = [...dated].sort();
      expect(dated).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it("never shows a client another client's gaps, nor a firm another firm's", async () => {
    const mine = await get<{ gaps: PortfolioGap[]; total: number }>(
      clientOwner,
      explorerUrl({ pageSize: 100 }),
    );
    expect(mine.total).toBe(truth.filter((gap) => gap.client === ids.client).length);
    const theirs = await get<Portfolio>(otherClient, '/api/v1/portfolio');
    expect(theirs.companies.map((company) => company.targetCompanyName)).toEqual(['Other Company']);
    const rival = await get<Portfolio>(rivalUser, '/api/v1/portfolio');
    expect(rival.companies.map((company) => company.targetCompanyName)).toEqual([
      'Company 1',
      'Company 2',
      'Company 3',
    ]);
    // The firm's portfolio spans both clients, but only its own work.
    const firm = await totalOf(firmUser, {});
    expect(firm).toBe(truth.filter((gap) => gap.firm === ids.firm).length);
    const refused = [
      [clientOwner, explorerUrl({ targetCompanyId: otherCompany }), 404],
      [clientOwner, explorerUrl({ auditorId: ids.unengaged }), 404],
      [rivalUser, explorerUrl({ auditorId: ids.firm }), 404],
      [rivalUser, explorerUrl({ targetCompanyId: otherCompany }), 404],
      [companyUser, '/api/v1/portfolio', 403],
      [companyUser, explorerUrl({}), 403],
      [companyUser, explorerUrl({}, '/api/v1/portfolio/gaps/export/csv'), 403],
    ] as const;
    for (const [session, url, status] of refused) {
      const response = await injectAs(app, session, { method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
    }
    // A viewer reads the portfolio as the owner does.
    expect((await get<Portfolio>(clientViewer, '/api/v1/portfolio')).companies).toHaveLength(5);
    const signedOut = await app.inject({ method: 'GET', url: '/api/v1/portfolio?status=nonsense' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers bad filters with a 400 that names what is wrong, in the explorer and its export', async () => {
    const bad = [
      [{ status: 'nonsense' }, 'status'],
      [{ risk: 'extreme' }, 'risk'],
      [{ requirement: 'IFC PS9' }, 'requirement'],
      [{ overdueAge: '0-1' }, 'overdueAge'],
      [{ dueFrom: '2026-13-40' }, 'dueFrom'],
      [{ pageSize: '101' }, 'pageSize'],
      [{ sort: 'salary' }, 'sort'],
      [{ targetCompanyId: 'not-an-id' }, 'targetCompanyId'],
      [{ dueFrom: '2026-06-02', dueTo: '2026-06-01' }, "'Due from' must not be after 'Due to'."],
      // Calendar days the format takes but no date column holds: refused before the export starts.
      [{ dueFrom: '0000-01-01' }, gapRuleMessages.dateOutOfRange],
      [{ dueTo: '1899-12-31' }, gapRuleMessages.dateOutOfRange],
    ] as const;
    for (const path of ['/api/v1/portfolio/gaps/export/csv', '/api/v1/portfolio/gaps']) {
      for (const [filters, named] of bad) {
        const response = await injectAs(app, clientOwner, {
          method: 'GET',
          url: explorerUrl(filters, path),
        });
        expect({ path, filters, status: response.statusCode }).toEqual({
          path,
          filters,
          status: 400,
        });
        expect((response.json() as { message: string }).message).toContain(named);
      }
    }
  });

  it('exports exactly the filtered rows as CSV, in the explorer’s order', async () => {
    const filters = { status: ['overdue'], sort: 'dueDate' };
    const page = await get<{ gaps: PortfolioGap[]; total: number }>(
      clientOwner,
      explorerUrl({ ...filters, pageSize: 100 }),
    );
    const response = await injectAs(app, clientOwner, {
      method: 'GET',
      url: explorerUrl(filters, '/api/v1/portfolio/gaps/export/csv'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="portfolio_gaps_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith(CSV_BYTE_ORDER_MARK)).toBe(true);
    const lines = response.body.slice(CSV_BYTE_ORDER_MARK.length).trim().split('\n');
    expect(lines[0]).toBe(
      'Target Company,Auditor,Audit Type,Action Plan Heading,ESAP Item No.,Gap Name,KPI,Risk Severity,Status,Due Date,Days Overdue,Requirement References,Impacted SDGs,Condition Type',
    );
    expect(lines).toHaveLength(page.total + 1);
    const names = lines.slice(1).map((line) => line.split(',')[5]);
    expect(names.slice(0, page.gaps.length)).toEqual(page.gaps.map((gap) => gap.gapName));
    expect(lines.slice(1).every((line) => line.split(',')[8] === 'Overdue')).toBe(true);
  });
});
