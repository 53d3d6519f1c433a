// The per-company summaries (migrations 0027 and 0029) stay exact through every kind of gap write,
// their backfill and their roll, and the auditor and portfolio figures read from them equal a count
// of the gaps themselves.
import { randomUUID } from 'node:crypto';
import { runMigrations, type Database } from '../../../src/db';
import type { Queryable } from '../../../src/db';
import {
  CLOSURE_QUARTERS,
  OVERDUE_AGES,
  OVERDUE_AGE_DAYS,
  SDG_CODES,
  gapIsOverdue,
  quarterOf,
} from '@verity/shared-api/src/server';
import { companyGapStats, type FigureScope } from '../../../src/dashboards/figures';
import { closureSeriesStart, portfolioFigures } from '../../../src/portfolio/portfolio-figures';
import { auditorScope, clientScope } from '../../../src/dashboards/scopes';
import { rollCompanySummaries } from '../../../src/dashboards/summary-roll';
import { databaseKinds } from '../../support/databases';
import {
  AUDIT_COMPANY,
  createWorld,
  databaseBefore,
  openMigrated,
  overlapping,
  random,
  type World,
} from './summary-world';

// Every gap with its company, firm and category taken from its plan and audit, and its last closing
// from its status history (not from the gap's own copies).
const GAP_TRUTH = `
  SELECT ap.target_company_id AS company, a.auditor_id AS firm, g.status, g.risk_severity, g.due_date,
    CASE WHEN cardinality(g.requirement_references) = 0 THEN ARRAY[ap.category]
      ELSE g.requirement_references END AS requirements,
    g.impacted_sdgs AS sdgs,
    (SELECT max(h.changed_at) FROM gap_status_history h WHERE h.gap_id = g.id AND h.status = 'closed')
      AS closed_at
  FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id`;

/**
 * Detail summary rows (per requirement, SDG and quarter) and ageing counts that differ from the gaps,
 * each judged against its company row's overdue_as_of (empty when exact).
 */
const DETAIL_DRIFT_SQL = `
  WITH t AS (
    SELECT t.*, s.overdue_as_of AS moment FROM (${GAP_TRUTH}) t
    JOIN company_summaries s ON s.target_company_id = t.company AND s.auditor_id = t.firm
  ),
  requirement_truth AS (
    SELECT company, firm, r AS key,
      (count(*) FILTER (WHERE risk_severity = 'low'))::int AS a,
      (count(*) FILTER (WHERE risk_severity = 'moderate'))::int AS b,
      (count(*) FILTER (WHERE risk_severity = 'high'))::int AS c,
      (count(*) FILTER (WHERE gap_is_overdue(status, due_date, moment)))::int AS d
    FROM t CROSS JOIN LATERAL unnest(requirements) r WHERE status <> 'closed'
    GROUP BY 1, 2, 3
  ),
  requirement_stored AS (
    SELECT target_company_id, auditor_id, requirement, low, moderate, high, overdue
    FROM company_requirement_summaries WHERE (low, moderate, high, overdue) <> (0, 0, 0, 0)
  ),
  sdg_truth AS (
    SELECT company, firm, x AS key, count(*)::int AS a, 0 AS b, 0 AS c, 0 AS d
    FROM t CROSS JOIN LATERAL unnest(sdgs) x WHERE status <> 'closed' GROUP BY 1, 2, 3
  ),
  sdg_stored AS (
    SELECT target_company_id, auditor_id, sdg, open, 0, 0, 0 FROM company_sdg_summaries WHERE open <> 0
  ),
  closure_truth AS (
    SELECT company, firm, date_trunc('quarter', due_date AT TIME ZONE 'UTC')::date::text AS key,
      count(*)::int AS a,
      (count(*) FILTER (WHERE status = 'closed' AND closed_at <= due_date))::int AS b, 0 AS c, 0 AS d
    FROM t WHERE due_date < moment GROUP BY 1, 2, 3
  ),
  closure_stored AS (
    SELECT target_company_id, auditor_id, quarter::text, due, on_time, 0, 0
    FROM company_closure_summaries WHERE (due, on_time) <> (0, 0)
  ),
  ageing_truth AS (
    SELECT s.target_company_id AS company, s.auditor_id AS firm, 'ageing' AS key,
      (count(t.status) FILTER (WHERE gap_is_overdue(t.status, t.due_date,
        t.moment - interval '720 hours')))::int AS a,
      (count(t.status) FILTER (WHERE gap_is_overdue(t.status, t.due_date,
        t.moment - interval '2160 hours')))::int AS b,
      (count(t.status) FILTER (WHERE gap_is_overdue(t.status, t.due_date,
        t.moment - interval '4320 hours')))::int AS c, 0 AS d
    FROM company_summaries s
    LEFT JOIN t ON t.company = s.target_company_id AND t.firm = s.auditor_id
    GROUP BY 1, 2
  ),
  ageing_stored AS (
    SELECT target_company_id, auditor_id, 'ageing', overdue_30, overdue_90, overdue_180, 0
    FROM company_summaries
  ),
  truth AS (
    SELECT 'requirement' AS kind, * FROM requirement_truth UNION ALL SELECT 'sdg', * FROM sdg_truth
    UNION ALL SELECT 'closure', * FROM closure_truth UNION ALL SELECT 'ageing', * FROM ageing_truth
  ),
  stored AS (
    SELECT 'requirement', * FROM requirement_stored UNION ALL SELECT 'sdg', * FROM sdg_stored
    UNION ALL SELECT 'closure', * FROM closure_stored UNION ALL SELECT 'ageing', * FROM ageing_stored
  )
  (SELECT 'truth' AS side, * FROM truth EXCEPT SELECT 'truth', * FROM stored)
  UNION ALL
  (SELECT 'stored', * FROM stored EXCEPT SELECT 'stored', * FROM truth)`;

/** Summary rows whose counts differ from the gaps, or whose overdue state breaks its rule (empty when exact). */
const DRIFT_SQL = `
  WITH truth AS (
    SELECT company, firm,
      (count(*) FILTER (WHERE status = 'open'))::int AS open,
      (count(*) FILTER (WHERE status = 'provClosed'))::int AS prov_closed,
      (count(*) FILTER (WHERE status = 'pending'))::int AS pending,
      (count(*) FILTER (WHERE status = 'closed'))::int AS closed,
      (count(*) FILTER (WHERE risk_severity = 'low'))::int AS low,
      (count(*) FILTER (WHERE risk_severity = 'moderate'))::int AS moderate,
      (count(*) FILTER (WHERE risk_severity = 'high'))::int AS high
    FROM (${GAP_TRUTH}) t GROUP BY company, firm
  ),
  stored AS (
    SELECT target_company_id, auditor_id, open, prov_closed, pending, closed, low, moderate, high
    FROM company_summaries
    WHERE (open, prov_closed, pending, closed, low, moderate, high) <> (0, 0, 0, 0, 0, 0, 0)
  ),
  overdue_rule AS (
    SELECT s.target_company_id, s.auditor_id
    FROM company_summaries s
    WHERE s.overdue_open <> (SELECT count(*) FROM (${GAP_TRUTH}) t
        WHERE t.company = s.target_company_id AND t.firm = s.auditor_id AND t.status = 'open'
          AND gap_is_overdue(t.status, t.due_date, s.overdue_as_of))
      OR s.overdue_prov_closed <> (SELECT count(*) FROM (${GAP_TRUTH}) t
        WHERE t.company = s.target_company_id AND t.firm = s.auditor_id AND t.status = 'provClosed'
          AND gap_is_overdue(t.status, t.due_date, s.overdue_as_of))
      OR EXISTS (SELECT 1 FROM (${GAP_TRUTH}) t
        WHERE t.company = s.target_company_id AND t.firm = s.auditor_id
          AND gap_can_be_overdue(t.status) AND t.due_date IS NOT NULL
          AND NOT gap_is_overdue(t.status, t.due_date, s.overdue_as_of)
          AND (s.next_due IS NULL OR gap_overdue_after(t.due_date) < s.next_due))
  )
  (SELECT 'truth' AS side, * FROM truth EXCEPT SELECT 'truth', * FROM stored)
  UNION ALL
  (SELECT 'stored', * FROM stored EXCEPT SELECT 'stored', * FROM truth)
  UNION ALL
  SELECT 'overdue rule', target_company_id, auditor_id, null, null, null, null, null, null, null
  FROM overdue_rule`;

/** Every count kept "as of" a moment recounted as a roll `days` ago would have left it. */
const REWIND_SQL = `SELECT company_summaries_recount(now() - $1::float8 * interval '1 day')`;

interface GapRow {
  company: string;
  firm: string;
  status: string;
  risk_severity: string;
  due_date: Date | null;
  requirements: string[];
  sdgs: string[];
  closed_at: Date | null;
}

/** The portfolio's counted figures computed the plain way, in Node, from every gap. */
async function expectedPortfolio(db: Queryable, scope: FigureScope) {
  const now = (await db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
  const { rows: inScope } = await db.query<{ id: string }>(
    `SELECT id FROM target_companies WHERE id ${scope.companyFilter}`,
    scope.params,
  );
  const companies = new Set(inScope.map((row) => row.id));
  const gaps = (await db.query<GapRow>(GAP_TRUTH)).rows.filter(
    (gap) =>
      companies.has(gap.company) && (scope.auditorId === undefined || gap.firm === scope.auditorId),
  );
  const overdue = (gap: GapRow) => gapIsOverdue(gap.status, gap.due_date, now);
  const notClosed = gaps.filter((gap) => gap.status !== 'closed');
  const ranks = ['low', 'moderate', 'high'];

  const cells = new Map<string, { open: number; overdue: number; worst: number }>();
  for (const gap of notClosed)
    for (const requirement of gap.requirements) {
      const key = `${gap.company} ${requirement}`;
      const cell = cells.get(key) ?? { open: 0, overdue: 0, worst: 0 };
      cells.set(key, cell);
      cell.open += 1;
      cell.overdue += overdue(gap) ? 1 : 0;
      cell.worst = Math.max(cell.worst, ranks.indexOf(gap.risk_severity));
    }
  const matrix = [...cells]
    .map(([key, cell]) => {
      const [targetCompanyId = '', ...requirement] = key.split(' ');
      return {
        targetCompanyId,
        requirement: requirement.join(' '),
        open: cell.open,
        overdue: cell.overdue,
        worstRisk: ranks[cell.worst],
      };
    })
    .sort(byKey);

  const sdgs = SDG_CODES.map((sdg) => ({
    sdg,
    open: notClosed.filter((gap) => gap.sdgs.includes(sdg)).length,
  }));

  const daysOverdue = (gap: GapRow) =>
    Math.ceil((now.getTime() - gap.due_date!.getTime()) / 86_400_000);
  const overdueAgeing = OVERDUE_AGES.map((age) => {
    const [from, to] = OVERDUE_AGE_DAYS[age];
    return {
      age,
      gaps: gaps.filter(
        (gap) =>
          overdue(gap) && daysOverdue(gap) >= from && (to === null || daysOverdue(gap) <= to),
      ).length,
    };
  });

  const start = closureSeriesStart(now);
  const quarters = Array.from({ length: CLOSURE_QUARTERS }, (_, index) =>
    quarterOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3 * index, 1))),
  );
  const due = gaps.filter(
    (gap) =>
      gap.due_date !== null &&
      gap.due_date.getTime() >= start.getTime() &&
      gap.due_date.getTime() < now.getTime(),
  );
  const series = (mine: GapRow[]) =>
    quarters.map((quarter) => {
      const inQuarter = mine.filter((gap) => quarterOf(gap.due_date!) === quarter);
      return {
        quarter,
        due: inQuarter.length,
        onTime: inQuarter.filter(
          (gap) =>
            gap.status === 'closed' &&
            gap.closed_at !== null &&
            gap.closed_at.getTime() <= gap.due_date!.getTime(),
        ).length,
      };
    });
  const dueCompanies = [...new Set(due.map((gap) => gap.company))].sort();
  return {
    matrix,
    sdgs,
    overdueAgeing,
    closureOnTime: {
      quarters: series(due),
      companies: dueCompanies.map((targetCompanyId) => ({
        targetCompanyId,
        quarters: series(due.filter((gap) => gap.company === targetCompanyId)),
      })),
    },
  };
}

const byKey = (
  a: { targetCompanyId: string; requirement: string },
  b: { targetCompanyId: string; requirement: string },
) =>
  a.targetCompanyId.localeCompare(b.targetCompanyId) || a.requirement.localeCompare(b.requirement);

/** portfolioFigures' counted figures, in the order expectedPortfolio gives them. */
async function portfolioCounts(db: Database, scope: FigureScope) {
  const figures = await portfolioFigures(db, scope);
  return {
    matrix: [...figures.matrix].sort(byKey),
    sdgs: figures.sdgs,
    overdueAgeing: figures.overdueAgeing,
    closureOnTime: {
      quarters: figures.closureOnTime.quarters,
      companies: [...figures.closureOnTime.companies].sort((a, b) =>
        a.targetCompanyId.localeCompare(b.targetCompanyId),
      ),
    },
  };
}

/** companyGapStats computed the plain way, in Node, from every gap (pending is never overdue). */
async function expectedStats(db: Queryable, scope: FigureScope) {
  const now = (await db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
  const gaps = (await db.query<GapRow>(GAP_TRUTH)).rows;
  const firm = scope.auditorId;
  const { rows: companies } = await db.query<{ id: string; name: string }>(
    `SELECT id, target_company_name AS name FROM target_companies
     WHERE id ${scope.companyFilter} ORDER BY target_company_name, id`,
    scope.params,
  );
  const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
  const overdue = (gap: GapRow) => gapIsOverdue(gap.status, gap.due_date, now);
  const stats = companies.map((company) => {
    const mine = gaps.filter(
      (gap) => gap.company === company.id && (firm === undefined || gap.firm === firm),
    );
    return {
      targetCompanyId: company.id,
      targetCompanyName: company.name,
      open: count(
        mine,
        (gap) => (gap.status === 'open' || gap.status === 'pending') && !overdue(gap),
      ),
      closed: count(mine, (gap) => gap.status === 'closed'),
      provClosed: count(mine, (gap) => gap.status === 'provClosed' && !overdue(gap)),
      overdue: count(mine, overdue),
      total: mine.length,
    };
  });
  const completed = count(stats, (c) => c.total > 0 && c.closed === c.total);
  const overdueProjects = count(stats, (c) => c.overdue > 0);
  return {
    projectsOverview: {
      totalProjects: stats.length,
      completed,
      inProgress: stats.length - completed - overdueProjects,
      overdue: overdueProjects,
    },
    companies: stats.map(({ total: _total, ...company }) => company),
  };
}

async function addPlan(db: Queryable, w: World, audit: number) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type)
     VALUES ($1, $2, $3, 'Plan', 'social', 'ap')`,
    [id, w.audits[audit], w.companies[AUDIT_COMPANY[audit]!]],
  );
  return id;
}

type NewGap = {
  status: string;
  risk: string;
  dueDays: number | null;
  /** Requirement references and impacted SDGs, comma-separated (none when left out). */
  references?: string;
  sdgs?: string;
};

const addGaps = (db: Queryable, planId: string, rows: NewGap[]) =>
  db.query(
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
       status, risk_severity, due_date, requirement_references, impacted_sdgs)
     SELECT $1, ap.target_company_id, 'kpi', 'gap', 'rec', 'resp', r.status, r.risk,
       CASE WHEN r.due IS NULL THEN NULL ELSE now() + r.due * interval '1 day' END,
       string_to_array(r.refs, ','), string_to_array(r.sdgs, ',')
     FROM action_plans ap,
       unnest($2::text[], $3::text[], $4::float8[], $5::text[], $6::text[]) AS r (status, risk, due, refs, sdgs)
     WHERE ap.id = $1`,
    [
      planId,
      rows.map((row) => row.status),
      rows.map((row) => row.risk),
      rows.map((row) => row.dueDays),
      rows.map((row) => row.references ?? ''),
      rows.map((row) => row.sdgs ?? ''),
    ],
  );

/** A closing of the gap written to its status history, `days` from now (the gap's closed_at follows). */
const addClosing = (db: Queryable, gapId: string, days: number) =>
  db.query(
    `INSERT INTO gap_status_history (gap_id, status, changed_at)
     VALUES ($1, 'closed', now() + $2::float8 * interval '1 day')`,
    [gapId, days],
  );

describe.each(databaseKinds)('per-company dashboard summaries on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openMigrated>>;
  let db: Database;
  let w: World;

  const drift = async () => [
    ...(await db.query(DRIFT_SQL)).rows,
    ...(await db.query(DETAIL_DRIFT_SQL)).rows,
  ];
  const scopes = () => [
    auditorScope(w.firms[0]!),
    auditorScope(w.firms[1]!),
    clientScope(w.clientId),
  ];
  const expectFiguresExact = async () => {
    for (const scope of scopes()) {
      expect(await companyGapStats(db, scope)).toEqual(await expectedStats(db, scope));
      expect(await portfolioCounts(db, scope)).toEqual(await expectedPortfolio(db, scope));
    }
  };
  const statsOf = async (firm: number, company: number) =>
    (await companyGapStats(db, auditorScope(w.firms[firm]!))).companies.find(
      (c) => c.targetCompanyId === w.companies[company],
    );

  beforeAll(async () => {
    opened = await openMigrated(kind);
    db = opened.db;
    w = await createWorld(db, 'Company Summary');
  });
  afterAll(() => opened?.dispose());

  it('follows inserts, status and risk changes, due date edits, moves and deletes', async () => {
    const planA = await addPlan(db, w, 0);
    const planB = await addPlan(db, w, 1);
    await addGaps(db, planA, [
      { status: 'open', risk: 'high', dueDays: -3 },
      { status: 'open', risk: 'low', dueDays: 5 },
      { status: 'provClosed', risk: 'moderate', dueDays: -1 },
      { status: 'closed', risk: 'low', dueDays: -10 },
      { status: 'open', risk: 'moderate', dueDays: null },
    ]);
    expect(await statsOf(0, 0)).toMatchObject({ open: 2, closed: 1, provClosed: 0, overdue: 2 });
    expect(await drift()).toEqual([]);

    const { rows: gaps } = await db.query<{ id: string; status: string; due_date: Date | null }>(
      `SELECT id, status, due_date FROM gaps WHERE action_plan_id = $1 ORDER BY due_date NULLS LAST, status`,
      [planA],
    );
    const [, overdueOpen, overdueProv, dueLater, noDue] = gaps.map((gap) => gap.id) as string[];

    // A closure request: pending is never overdue.
    await db.query(`UPDATE gaps SET status = 'pending' WHERE id = $1`, [overdueOpen]);
    expect(await statsOf(0, 0)).toMatchObject({ open: 3, overdue: 1 });
    // Its review accepts it; a risk change and a text edit count nothing new.
    await db.query(`UPDATE gaps SET status = 'closed', risk_severity = 'low' WHERE id = $1`, [
      overdueOpen,
    ]);
    await db.query(`UPDATE gaps SET gap_name = 'renamed' WHERE action_plan_id = $1`, [planA]);
    expect(await statsOf(0, 0)).toMatchObject({ open: 2, closed: 2, provClosed: 0, overdue: 1 });
    // Its closing is on record half a day before its due date (on time); the other closed gap's
    // closing came a day after its own (late).
    await addClosing(db, overdueOpen!, -3.5);
    await addClosing(db, gaps[0]!.id, -9);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();
    const closure = async () =>
      (await portfolioFigures(db, auditorScope(w.firms[0]!))).closureOnTime.quarters.reduce(
        (sum, quarter) => ({ due: sum.due + quarter.due, onTime: sum.onTime + quarter.onTime }),
        { due: 0, onTime: 0 },
      );
    expect(await closure()).toEqual({ due: 3, onTime: 1 });
    // A due date moved into the past makes the gap overdue; one moved ahead makes another not.
    await db.query(`UPDATE gaps SET due_date = now() - interval '2 days' WHERE id = $1`, [
      dueLater,
    ]);
    await db.query(`UPDATE gaps SET due_date = now() + interval '9 days' WHERE id = $1`, [
      overdueProv,
    ]);
    expect(await statsOf(0, 0)).toMatchObject({ open: 1, provClosed: 1, overdue: 1 });
    expect(await drift()).toEqual([]);

    // A gap moved to a plan of the other firm's audit leaves this firm's figures for the other's.
    await db.query('UPDATE gaps SET action_plan_id = $1 WHERE id = $2', [planB, dueLater]);
    expect(await statsOf(0, 0)).toMatchObject({ open: 1, overdue: 0 });
    expect(await statsOf(1, 0)).toMatchObject({ open: 0, overdue: 1 });
    const { rows: moved } = await db.query<{ auditor_id: string }>(
      'SELECT auditor_id FROM gaps WHERE id = $1',
      [dueLater],
    );
    expect(moved[0]!.auditor_id).toBe(w.firms[1]);
    expect(await drift()).toEqual([]);

    await db.query('DELETE FROM gaps WHERE id = $1', [noDue]);
    expect(await statsOf(0, 0)).toMatchObject({ open: 0, closed: 2, provClosed: 1, overdue: 0 });
    // A plan deleted with its gaps, then an audit deleted with its plans and their gaps.
    await db.query('DELETE FROM action_plans WHERE id = $1', [planA]);
    expect(await statsOf(0, 0)).toEqual(expect.objectContaining({ open: 0, closed: 0 }));
    await db.query('DELETE FROM audits WHERE id = $1', [w.audits[1]]);
    expect(await statsOf(1, 0)).toMatchObject({ open: 0, closed: 0, overdue: 0 });
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // The drift check itself notices a stored count that is off (inside a transaction rolled back).
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE company_summaries SET overdue_open = overdue_open + 1`);
        expect((await tx.query(DRIFT_SQL)).rows.length).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.query(
      `INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form)
       VALUES ($1, $2, $3, 'dd', 'Environment', 'ap')`,
      [w.audits[1], w.companies[0], w.firms[1]],
    );
  });

  it('keeps nothing of a rolled-back write', async () => {
    const plan = await addPlan(db, w, 2);
    await addGaps(db, plan, [{ status: 'open', risk: 'moderate', dueDays: -5 }]);
    const before = await statsOf(0, 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE gaps SET status = 'closed' WHERE action_plan_id = $1`, [plan]);
        await addGaps(tx, plan, [{ status: 'open', risk: 'high', dueDays: -1 }]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await statsOf(0, 1)).toEqual(before);
    expect(await drift()).toEqual([]);
  });

  it('follows a plan moved to another audit, and an audit given to another firm', async () => {
    const plan = await addPlan(db, w, 0);
    await addGaps(db, plan, [
      { status: 'open', risk: 'high', dueDays: -2 },
      { status: 'provClosed', risk: 'low', dueDays: 4 },
    ]);
    await db.query('UPDATE action_plans SET audit_id = $1 WHERE id = $2', [w.audits[1], plan]);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    const audit = randomUUID();
    await db.query(
      `INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form)
       VALUES ($1, $2, $3, 'dd', 'Environment', 'ap')`,
      [audit, w.companies[0], w.firms[0]],
    );
    await db.query('UPDATE action_plans SET audit_id = $1 WHERE id = $2', [audit, plan]);
    await db.query('UPDATE audits SET auditor_id = $1 WHERE id = $2', [w.firms[1], audit]);
    const { rows } = await db.query<{ auditor_id: string }>(
      'SELECT DISTINCT auditor_id FROM gaps WHERE action_plan_id = $1',
      [plan],
    );
    expect(rows).toEqual([{ auditor_id: w.firms[1] }]);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();
  });

  it('adds the gaps that came due since the stored moment, and the roll moves that moment on', async () => {
    const plan = await addPlan(db, w, 0);
    await addGaps(db, plan, [
      { status: 'open', risk: 'high', dueDays: -20, references: 'IFC PS2', sdgs: 'SDG8' },
      { status: 'open', risk: 'high', dueDays: -6, references: 'IFC PS2,EBRD PR4' },
      { status: 'provClosed', risk: 'low', dueDays: -4, sdgs: 'SDG6' },
      { status: 'open', risk: 'low', dueDays: -0.5 },
      { status: 'open', risk: 'low', dueDays: 3 },
      // Past each band's boundary within the last ten days.
      { status: 'open', risk: 'moderate', dueDays: -35 },
      { status: 'provClosed', risk: 'high', dueDays: -95 },
      { status: 'open', risk: 'low', dueDays: -185 },
      { status: 'closed', risk: 'low', dueDays: -2 },
    ]);
    const { rows: closedGap } = await db.query<{ id: string }>(
      `SELECT id FROM gaps WHERE action_plan_id = $1 AND status = 'closed'`,
      [plan],
    );
    await addClosing(db, closedGap[0]!.id, -3);
    // As if the last roll was 10 days ago: gaps came due and crossed the bands since, and the readers
    // add them.
    await db.query(REWIND_SQL, [10]);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // Writes while the stored moment is old: a gap due in the window, a status change inside it.
    await addGaps(db, plan, [{ status: 'provClosed', risk: 'low', dueDays: -2 }]);
    await db.query(
      `UPDATE gaps SET status = 'closed' WHERE action_plan_id = $1 AND due_date < now() - interval '5 days'
         AND due_date > now() - interval '7 days'`,
      [plan],
    );
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // A roll part of the way, then to now: the figures do not move, the stored moment does.
    await db.query(`SELECT company_summaries_roll(now() - interval '3 days')`);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();
    expect(await rollCompanySummaries(db)).toBeGreaterThan(0);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();
    const { rows } = await db.query<{ late: boolean }>(
      `SELECT bool_or(next_due < now()) AS late FROM company_summaries`,
    );
    expect(rows[0]!.late).toBe(false);
    // Nothing due since: a second roll moves nothing.
    expect(await rollCompanySummaries(db)).toBe(0);
    await expect(
      db.query(`SELECT company_summaries_roll(now() + interval '1 day')`),
    ).rejects.toThrow(/after now/);
  });

  it('stays exact through random writes and rolls, and the figures equal a count of the gaps', async () => {
    const next = random(20261127);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const statuses = ['open', 'closed', 'provClosed', 'pending'] as const;
    const risks = ['low', 'moderate', 'high'] as const;
    const dueDays = () => (next() < 0.15 ? null : Math.round((next() * 280 - 250) * 10) / 10);
    const references = ['', '', 'IFC PS1', 'IFC PS2,EBRD PR4', 'National law'] as const;
    const sdgs = ['', 'SDG6', 'SDG6,SDG13', 'SDG8'] as const;
    const categories = ['environment', 'social', 'governance', 'prosperity'] as const;
    const plans: string[] = [];
    for (let i = 0; i < 6; i++) plans.push(await addPlan(db, w, i % 3));

    for (let step = 0; step < 80; step++) {
      const { rows: gapRows } = await db.query<{ id: string }>('SELECT id FROM gaps ORDER BY id');
      const operation = next();
      if (operation < 0.25 || gapRows.length === 0) {
        await addGaps(
          db,
          pick(plans),
          Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({
            status: pick(statuses),
            risk: pick(risks),
            dueDays: dueDays(),
            references: pick(references),
            sdgs: pick(sdgs),
          })),
        );
      } else if (operation < 0.3) {
        // A closing written to the history, before or after the gap's due date; or a gap's
        // references and SDGs edited; or a plan's category.
        const kind = next();
        if (kind < 0.4)
          await addClosing(db, pick(gapRows).id, Math.round((next() * 280 - 250) * 10) / 10);
        else if (kind < 0.8)
          await db.query(
            `UPDATE gaps SET requirement_references = string_to_array($1, ','),
               impacted_sdgs = string_to_array($2, ',') WHERE id = $3`,
            [pick(references), pick(sdgs), pick(gapRows).id],
          );
        else
          await db.query('UPDATE action_plans SET category = $1 WHERE id = $2', [
            pick(categories),
            pick(plans),
          ]);
      } else if (operation < 0.4) {
        await db.query('UPDATE gaps SET status = $1 WHERE id = $2', [
          pick(statuses),
          pick(gapRows).id,
        ]);
      } else if (operation < 0.5) {
        const days = dueDays();
        await db.query(
          `UPDATE gaps SET due_date = CASE WHEN $1::float8 IS NULL THEN NULL ELSE now() + $1::float8 * interval '1 day' END,
             risk_severity = $2 WHERE id = $3`,
          [days, pick(risks), pick(gapRows).id],
        );
      } else if (operation < 0.6) {
        // A gap moved to another plan of its company, of the same firm or the other.
        const gap = pick(gapRows).id;
        await db.query(
          `UPDATE gaps g SET action_plan_id = (
             SELECT ap.id FROM action_plans ap
             WHERE ap.target_company_id = g.target_company_id AND ap.id <> g.action_plan_id
             ORDER BY ap.id OFFSET $2 LIMIT 1)
           WHERE g.id = $1 AND EXISTS (
             SELECT 1 FROM action_plans ap
             WHERE ap.target_company_id = g.target_company_id AND ap.id <> g.action_plan_id
             ORDER BY ap.id OFFSET $2 LIMIT 1)`,
          [gap, Math.floor(next() * 2)],
        );
      } else if (operation < 0.7) {
        await db.query(`UPDATE gaps SET status = $1 WHERE action_plan_id = $2`, [
          pick(statuses),
          pick(plans),
        ]);
      } else if (operation < 0.8) {
        await db.query('DELETE FROM gaps WHERE id = $1', [pick(gapRows).id]);
      } else if (operation < 0.85) {
        const plan = pick(plans);
        await db.query('DELETE FROM action_plans WHERE id = $1', [plan]);
        plans.splice(plans.indexOf(plan), 1, await addPlan(db, w, Math.floor(next() * 3)));
      } else if (operation < 0.93) {
        await db.query(REWIND_SQL, [Math.round(next() * 2000) / 10]);
      } else {
        await db.query(`SELECT company_summaries_roll(now() - $1::float8 * interval '1 day')`, [
          Math.round(next() * 1000) / 10,
        ]);
      }
      expect({ step, drift: await drift() }).toEqual({ step, drift: [] });
    }
    await expectFiguresExact();
  });

  if (kind === 'postgres') {
    it('stays exact when two transactions write gaps of one company and firm at once', async () => {
      const [planA, planB] = [await addPlan(db, w, 0), await addPlan(db, w, 0)];
      await addGaps(db, planA, [
        { status: 'open', risk: 'low', dueDays: -2 },
        { status: 'open', risk: 'high', dueDays: 9 },
      ]);
      const { rows } = await db.query<{ id: string }>(
        'SELECT id FROM gaps WHERE action_plan_id = $1 ORDER BY due_date',
        [planA],
      );
      await overlapping(
        db,
        (tx) => tx.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [rows[0]!.id]),
        (tx) => addGaps(tx, planB, [{ status: 'provClosed', risk: 'low', dueDays: -1 }]),
      );
      expect(await drift()).toEqual([]);

      // Each writes a gap of one plan, then the first also writes one of the plan the second waits
      // to write: the company row is locked before the plan rows, so neither waits for the other.
      await overlapping(
        db,
        (tx) => addGaps(tx, planA, [{ status: 'open', risk: 'low', dueDays: 1 }]),
        (tx) => addGaps(tx, planB, [{ status: 'open', risk: 'low', dueDays: -1 }]),
        (tx) => addGaps(tx, planB, [{ status: 'open', risk: 'high', dueDays: -3 }]),
      );
      expect(await drift()).toEqual([]);
      await expectFiguresExact();
    });

    it('stays exact when a roll and a write meet', async () => {
      const plan = await addPlan(db, w, 2);
      await addGaps(db, plan, [{ status: 'open', risk: 'low', dueDays: -1 }]);
      await db.query(REWIND_SQL, [8]);
      // A write holds the row; the roll waits and then counts the gap the write added in its window.
      await overlapping(
        db,
        (tx) => addGaps(tx, plan, [{ status: 'open', risk: 'high', dueDays: -4 }]),
        (tx) => tx.query(`SELECT company_summaries_roll(now())`),
      );
      expect(await drift()).toEqual([]);

      // A roll holds the row; the write waits and then counts its gap against the moved moment.
      await db.query(REWIND_SQL, [8]);
      await overlapping(
        db,
        (tx) => tx.query(`SELECT company_summaries_roll(now() - interval '2 days')`),
        (tx) => addGaps(tx, plan, [{ status: 'provClosed', risk: 'high', dueDays: -3 }]),
      );
      expect(await drift()).toEqual([]);
      await expectFiguresExact();
    });
  }
});

describe.each(databaseKinds)('the per-company summaries backfill on %s', (kind) => {
  let before: Awaited<ReturnType<typeof databaseBefore>>;
  let db: Database;

  beforeAll(async () => {
    before = await databaseBefore(kind, '0027');
    db = before.db;
  });
  afterAll(() => before?.dispose());

  it('counts the gaps stored before it, as of the migration', async () => {
    const w = await createWorld(db, 'Company Summary');
    const plans = [await addPlan(db, w, 0), await addPlan(db, w, 1), await addPlan(db, w, 2)];
    const next = random(7);
    const statuses = ['open', 'closed', 'provClosed', 'pending'];
    for (const plan of plans)
      await addGaps(
        db,
        plan,
        Array.from({ length: 12 }, (_, i) => ({
          status: statuses[i % 4]!,
          risk: ['low', 'moderate', 'high'][i % 3]!,
          dueDays: i % 5 === 0 ? null : Math.round((next() * 40 - 20) * 10) / 10,
        })),
      );
    // 0027 first, then whatever migrations came after it.
    expect((await runMigrations(db))[0]).toBe('0027.do.company_summaries.sql');
    expect((await db.query(DRIFT_SQL)).rows).toEqual([]);
    for (const scope of [
      auditorScope(w.firms[0]!),
      auditorScope(w.firms[1]!),
      clientScope(w.clientId),
    ])
      expect(await companyGapStats(db, scope)).toEqual(await expectedStats(db, scope));
  });
});
