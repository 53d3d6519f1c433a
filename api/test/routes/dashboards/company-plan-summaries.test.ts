// The per-company plan counts (migration 0032) stay exact through plan and gap writes, their roll and
// their backfill, and the dashboards' plan pies read from them equal a count of the plans themselves.
import { randomUUID } from 'node:crypto';
import { runMigrations, type Database } from '../../../src/db';
import type { Queryable } from '../../../src/db';
import { actionPlanFigures, type FigureScope } from '../../../src/dashboards/figures';
import { clientScope, companyScope } from '../../../src/dashboards/scopes';
import { rollCompanySummaries } from '../../../src/dashboards/summary-roll';
import { databaseKinds } from '../../support/databases';
import { expectedFigures, loadPortfolio } from './summary-reference';
import {
  AUDIT_COMPANY,
  createWorld,
  databaseBefore,
  openMigrated,
  overlapping,
  random,
  type World,
} from './summary-world';

/**
 * Plan count rows that differ from the plans and their gaps (the time-bound counts judged against
 * each row's as_of), plans of a company and firm without a row, and next moments that are not lower
 * bounds: empty when exact. Plans are closed, provisionally closed and overdue by the per-plan
 * summary's rules (a gap waiting for its review is never overdue).
 */
const PLAN_DRIFT_SQL = `
  WITH plans AS (
    SELECT ap.target_company_id AS company, a.auditor_id AS firm, ap.category, ap.timeline,
      count(g.id) > 0 AND count(g.id) = count(g.id) FILTER (WHERE g.status = 'closed') AS closed,
      count(g.id) > 0 AND count(g.id) FILTER (WHERE g.status = 'closed') < count(g.id)
        AND count(g.id) = count(g.id) FILTER (WHERE g.status IN ('closed', 'provClosed')) AS prov,
      min(g.due_date) FILTER (WHERE g.status NOT IN ('closed', 'pending')) AS due
    FROM action_plans ap JOIN audits a ON a.id = ap.audit_id
    LEFT JOIN gaps g ON g.action_plan_id = ap.id
    GROUP BY ap.id, a.auditor_id
  ),
  t AS (
    SELECT p.*, s.as_of, s.next_moment FROM plans p
    LEFT JOIN company_plan_summaries s ON s.target_company_id = p.company AND s.auditor_id = p.firm
  ),
  truth AS (
    SELECT company, firm, count(*)::int AS plans, (count(*) FILTER (WHERE closed))::int AS closed,
      (count(*) FILTER (WHERE prov))::int AS prov_closed,
      (count(*) FILTER (WHERE category = 'environment'))::int AS environment,
      (count(*) FILTER (WHERE category = 'social'))::int AS social,
      (count(*) FILTER (WHERE category = 'governance'))::int AS governance,
      (count(*) FILTER (WHERE category = 'prosperity'))::int AS prosperity,
      (count(*) FILTER (WHERE NOT closed AND timeline IS NULL))::int AS untimed,
      (count(*) FILTER (WHERE NOT closed AND timeline < as_of))::int AS timeline_passed,
      (count(*) FILTER (WHERE prov AND due < as_of))::int AS prov_overdue
    FROM t GROUP BY company, firm
  ),
  stored AS (
    SELECT target_company_id, auditor_id, plans, closed, prov_closed, environment, social, governance,
      prosperity, untimed, timeline_passed, prov_overdue
    FROM company_plan_summaries
    WHERE (plans, closed, prov_closed, environment, social, governance, prosperity, untimed,
      timeline_passed, prov_overdue) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ),
  rule AS (
    SELECT DISTINCT company, firm FROM t
    WHERE as_of IS NULL
      OR (NOT closed AND timeline >= as_of AND (next_moment IS NULL OR timeline < next_moment))
      OR (prov AND due >= as_of AND (next_moment IS NULL OR due < next_moment))
  )
  (SELECT 'truth' AS side, * FROM truth EXCEPT SELECT 'truth', * FROM stored)
  UNION ALL
  (SELECT 'stored', * FROM stored EXCEPT SELECT 'stored', * FROM truth)
  UNION ALL
  SELECT 'rule', company, firm, null, null, null, null, null, null, null, null, null, null FROM rule`;

/** Every plan count kept "as of" a moment recounted as a roll `days` ago would have left it. */
const REWIND_SQL = `SELECT company_plan_summaries_recount(now() - $1::float8 * interval '1 day')`;

/** A plan of the audit, its timeline `timelineDays` from now (none when null). */
async function addPlan(
  db: Queryable,
  w: World,
  audit: number,
  category = 'social',
  timelineDays: number | null = null,
) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type, timeline)
     VALUES ($1, $2, $3, 'Plan', $4, 'ap',
       CASE WHEN $5::float8 IS NULL THEN NULL ELSE now() + $5::float8 * interval '1 day' END)`,
    [id, w.audits[audit], w.companies[AUDIT_COMPANY[audit]!], category, timelineDays],
  );
  return id;
}

type NewGap = { status: string; dueDays: number | null };

const addGaps = (db: Queryable, planId: string, rows: NewGap[]) =>
  db.query(
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
       status, risk_severity, due_date)
     SELECT $1, ap.target_company_id, 'kpi', 'gap', 'rec', 'resp', r.status, 'moderate',
       CASE WHEN r.due IS NULL THEN NULL ELSE now() + r.due * interval '1 day' END
     FROM action_plans ap, unnest($2::text[], $3::float8[]) AS r (status, due)
     WHERE ap.id = $1`,
    [planId, rows.map((row) => row.status), rows.map((row) => row.dueDays)],
  );

const setTimeline = (db: Queryable, planId: string, days: number | null) =>
  db.query(
    `UPDATE action_plans SET timeline =
       CASE WHEN $1::float8 IS NULL THEN NULL ELSE now() + $1::float8 * interval '1 day' END
     WHERE id = $2`,
    [days, planId],
  );

describe.each(databaseKinds)('per-company plan counts on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openMigrated>>;
  let db: Database;
  let w: World;

  const drift = async () => (await db.query(PLAN_DRIFT_SQL)).rows;
  const scopes = (): [FigureScope, string[], string | undefined][] => [
    [clientScope(w.clientId), w.companies, undefined],
    [companyScope(w.companies[0]!), [w.companies[0]!], undefined],
    [companyScope(w.companies[0]!, w.firms[1]), [w.companies[0]!], w.firms[1]],
    [companyScope(w.companies[1]!, w.firms[0]), [w.companies[1]!], w.firms[0]],
  ];
  /** The pies of every scope equal a count of the plans (no gap waits for its review here). */
  const expectFiguresExact = async () => {
    const portfolio = await loadPortfolio(db);
    for (const [scope, companies, firm] of scopes())
      expect(await actionPlanFigures(db, scope)).toEqual(
        expectedFigures(portfolio, companies, firm),
      );
  };
  const overviewOf = async (scope: FigureScope) => (await actionPlanFigures(db, scope)).actionPlans;

  beforeAll(async () => {
    opened = await openMigrated(kind);
    db = opened.db;
    w = await createWorld(db, 'Plan Count');
  });
  afterAll(() => opened?.dispose());

  it('counts a plan from its making, and follows its gaps, category, timeline, audit and deletion', async () => {
    const company = companyScope(w.companies[1]!);
    const plan = await addPlan(db, w, 2, 'environment', 5);
    expect(await overviewOf(company)).toMatchObject({
      statusOverview: { total: 1, closed: 0, provClosed: 0, open: 1 },
      categoryBreakdown: [{ name: 'Environment', value: 1 }],
      timelineAnalysis: [
        { name: 'Completed', value: 0 },
        { name: 'Overdue', value: 0 },
        { name: 'On Track', value: 1 },
        { name: 'No Timeline', value: 0 },
      ],
    });
    expect(await drift()).toEqual([]);

    // Its gaps provisionally closed, one due yesterday: overdue, so in neither closed pie.
    await addGaps(db, plan, [
      { status: 'provClosed', dueDays: -1 },
      { status: 'closed', dueDays: -3 },
    ]);
    expect((await overviewOf(company)).statusOverview).toEqual({
      total: 1,
      closed: 0,
      provClosed: 0,
      open: 1,
    });
    // Its due date moved ahead: provisionally closed.
    await db.query(
      `UPDATE gaps SET due_date = now() + interval '4 days' WHERE action_plan_id = $1 AND status = 'provClosed'`,
      [plan],
    );
    expect((await overviewOf(company)).statusOverview).toMatchObject({ provClosed: 1, open: 0 });
    // A closure request waiting for review: neither closed nor provisionally closed.
    await db.query(
      `UPDATE gaps SET status = 'pending' WHERE action_plan_id = $1 AND status = 'provClosed'`,
      [plan],
    );
    expect((await overviewOf(company)).statusOverview).toMatchObject({ provClosed: 0, open: 1 });
    expect(await drift()).toEqual([]);
    // Accepted: the plan is closed, its timeline no longer counts.
    await db.query(`UPDATE gaps SET status = 'closed' WHERE action_plan_id = $1`, [plan]);
    await setTimeline(db, plan, -2);
    expect(await overviewOf(company)).toMatchObject({
      statusOverview: { total: 1, closed: 1, provClosed: 0, open: 0 },
      timelineAnalysis: [
        { name: 'Completed', value: 1 },
        { name: 'Overdue', value: 0 },
        { name: 'On Track', value: 0 },
        { name: 'No Timeline', value: 0 },
      ],
    });
    // Reopened: its timeline has passed.
    await addGaps(db, plan, [{ status: 'open', dueDays: 10 }]);
    expect((await overviewOf(company)).timelineAnalysis[1]).toEqual({
      name: 'Overdue',
      value: 1,
    });
    await db.query(`UPDATE action_plans SET category = 'governance' WHERE id = $1`, [plan]);
    expect((await overviewOf(company)).categoryBreakdown).toEqual([
      { name: 'Governance', value: 1 },
    ]);
    await setTimeline(db, plan, null);
    expect((await overviewOf(company)).timelineAnalysis[3]).toEqual({
      name: 'No Timeline',
      value: 1,
    });
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // A plan moved to the other firm's audit, then that audit given to the first firm.
    const moved = await addPlan(db, w, 0, 'prosperity', -4);
    await addGaps(db, moved, [{ status: 'open', dueDays: 3 }]);
    await db.query('UPDATE action_plans SET audit_id = $1 WHERE id = $2', [w.audits[1], moved]);
    expect(await drift()).toEqual([]);
    expect((await overviewOf(companyScope(w.companies[0]!, w.firms[1]))).categoryBreakdown).toEqual(
      [{ name: 'Prosperity', value: 1 }],
    );
    await db.query('UPDATE audits SET auditor_id = $1 WHERE id = $2', [w.firms[0], w.audits[1]]);
    expect(await drift()).toEqual([]);
    expect((await overviewOf(companyScope(w.companies[0]!, w.firms[1]))).statusOverview.total).toBe(
      0,
    );
    await expectFiguresExact();
    await db.query('UPDATE audits SET auditor_id = $1 WHERE id = $2', [w.firms[1], w.audits[1]]);

    // Deleted, and a rolled-back plan write leaves nothing.
    await db.query('DELETE FROM action_plans WHERE id = $1', [plan]);
    expect((await overviewOf(company)).statusOverview.total).toBe(0);
    await expect(
      db.transaction(async (tx) => {
        await addPlan(tx, w, 2, 'social', -1);
        await tx.query(`UPDATE action_plans SET category = 'social' WHERE id = $1`, [moved]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // The drift check itself notices a stored count that is off (inside a transaction rolled back).
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE company_plan_summaries SET untimed = untimed + 1`);
        expect((await tx.query(PLAN_DRIFT_SQL)).rows.length).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });

  it('adds the plans that passed since the stored moment, and the roll moves that moment on', async () => {
    const passing = await addPlan(db, w, 0, 'environment', -6);
    await addGaps(db, passing, [{ status: 'open', dueDays: 2 }]);
    const prov = await addPlan(db, w, 0, 'social', 30);
    await addGaps(db, prov, [
      { status: 'provClosed', dueDays: -3 },
      { status: 'closed', dueDays: -8 },
    ]);
    await addPlan(db, w, 2, 'governance', -0.5);
    await addPlan(db, w, 1, 'environment', 12);
    // As if the last roll was 10 days ago: the readers add what passed since.
    await db.query(REWIND_SQL, [10]);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // Writes while the stored moment is old: a timeline moved within the window, a plan closed.
    await setTimeline(db, passing, -2);
    await addGaps(db, await addPlan(db, w, 1, 'prosperity', -1), [{ status: 'open', dueDays: -1 }]);
    await db.query(`UPDATE gaps SET status = 'closed' WHERE action_plan_id = $1`, [prov]);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();

    // A roll part of the way, then to now: the figures do not move, the stored moment does.
    await db.query(`SELECT company_plan_summaries_roll(now() - interval '3 days')`);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();
    expect(await rollCompanySummaries(db)).toBeGreaterThan(0);
    expect(await drift()).toEqual([]);
    await expectFiguresExact();
    // Every next moment is ahead; the plan due in 12 days is one.
    const { rows } = await db.query<{ late: boolean; ahead: boolean }>(
      `SELECT coalesce(bool_or(next_moment < now()), false) AS late,
         bool_or(next_moment > now() + interval '11 days') AS ahead
       FROM company_plan_summaries`,
    );
    expect(rows[0]).toEqual({ late: false, ahead: true });
    expect(await rollCompanySummaries(db)).toBe(0);
    await expect(
      db.query(`SELECT company_plan_summaries_roll(now() + interval '1 day')`),
    ).rejects.toThrow(/after now/);
  });

  it('stays exact through random plan and gap writes and rolls, and the pies equal a count of the plans', async () => {
    const next = random(20261128);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const statuses = ['open', 'closed', 'provClosed'] as const;
    const categories = ['environment', 'social', 'governance', 'prosperity'] as const;
    const days = () => (next() < 0.2 ? null : Math.round((next() * 60 - 30) * 10) / 10);
    const plans: string[] = [];
    for (let i = 0; i < 6; i++) plans.push(await addPlan(db, w, i % 3, pick(categories), days()));

    for (let step = 0; step < 60; step++) {
      const { rows: gapRows } = await db.query<{ id: string }>('SELECT id FROM gaps ORDER BY id');
      const operation = next();
      if (operation < 0.25 || gapRows.length === 0) {
        await addGaps(
          db,
          pick(plans),
          Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
            status: pick(statuses),
            dueDays: days(),
          })),
        );
      } else if (operation < 0.4) {
        await db.query('UPDATE gaps SET status = $1 WHERE id = $2', [
          pick(statuses),
          pick(gapRows).id,
        ]);
      } else if (operation < 0.5) {
        await db.query(
          `UPDATE gaps SET due_date = CASE WHEN $1::float8 IS NULL THEN NULL ELSE now() + $1::float8 * interval '1 day' END
           WHERE id = $2`,
          [days(), pick(gapRows).id],
        );
      } else if (operation < 0.6) {
        await setTimeline(db, pick(plans), days());
      } else if (operation < 0.67) {
        await db.query('UPDATE action_plans SET category = $1 WHERE id = $2', [
          pick(categories),
          pick(plans),
        ]);
      } else if (operation < 0.72) {
        await db.query(`UPDATE gaps SET status = $1 WHERE action_plan_id = $2`, [
          pick(statuses),
          pick(plans),
        ]);
      } else if (operation < 0.8) {
        await db.query('DELETE FROM gaps WHERE id = $1', [pick(gapRows).id]);
      } else if (operation < 0.86) {
        const plan = pick(plans);
        await db.query('DELETE FROM action_plans WHERE id = $1', [plan]);
        plans.splice(
          plans.indexOf(plan),
          1,
          await addPlan(db, w, Math.floor(next() * 3), pick(categories), days()),
        );
      } else if (operation < 0.93) {
        await db.query(REWIND_SQL, [Math.round(next() * 400) / 10]);
      } else {
        await db.query(
          `SELECT company_plan_summaries_roll(now() - $1::float8 * interval '1 day')`,
          [Math.round(next() * 200) / 10],
        );
      }
      expect({ step, drift: await drift() }).toEqual({ step, drift: [] });
    }
    await expectFiguresExact();
  });

  if (kind === 'postgres') {
    it('stays exact, without a deadlock, when plan and gap writes of one company and firm meet', async () => {
      const [planA, planB] = [await addPlan(db, w, 0), await addPlan(db, w, 0)];
      await addGaps(db, planA, [{ status: 'open', dueDays: 4 }]);
      // A plan's category edited while a gap of that plan is written, then the editor writes a gap
      // of the other plan: the gap summary row is locked first by both.
      await overlapping(
        db,
        (tx) => tx.query(`UPDATE action_plans SET category = 'governance' WHERE id = $1`, [planA]),
        (tx) => addGaps(tx, planA, [{ status: 'closed', dueDays: -1 }]),
        (tx) => addGaps(tx, planB, [{ status: 'open', dueDays: -2 }]),
      );
      expect(await drift()).toEqual([]);

      // A gap written while a plan is made (and its first gaps written) in one transaction.
      let planC = '';
      await overlapping(
        db,
        async (tx) => {
          planC = await addPlan(tx, w, 0, 'environment', -3);
        },
        (tx) => addGaps(tx, planB, [{ status: 'provClosed', dueDays: 6 }]),
        (tx) => addGaps(tx, planC, [{ status: 'open', dueDays: 1 }]),
      );
      expect(await drift()).toEqual([]);

      // A plan deleted while a gap of another plan is written.
      await overlapping(
        db,
        (tx) => tx.query('DELETE FROM action_plans WHERE id = $1', [planC]),
        (tx) => addGaps(tx, planA, [{ status: 'open', dueDays: -5 }]),
      );
      expect(await drift()).toEqual([]);
      await expectFiguresExact();
    });

    it('stays exact when a roll and a write meet', async () => {
      const plan = await addPlan(db, w, 2, 'social', -1);
      await db.query(REWIND_SQL, [8]);
      // A write holds the row; the roll waits and then counts the plan the write added in its window.
      await overlapping(
        db,
        (tx) => addPlan(tx, w, 2, 'social', -4),
        (tx) => tx.query(`SELECT company_plan_summaries_roll(now())`),
      );
      expect(await drift()).toEqual([]);

      // A roll holds the row; the write waits and then counts against the moved moment.
      await db.query(REWIND_SQL, [8]);
      await overlapping(
        db,
        (tx) => tx.query(`SELECT company_plan_summaries_roll(now() - interval '2 days')`),
        (tx) => setTimeline(tx, plan, -3),
      );
      expect(await drift()).toEqual([]);
      await expectFiguresExact();
    });
  }
});

describe.each(databaseKinds)('the per-company plan counts backfill on %s', (kind) => {
  let before: Awaited<ReturnType<typeof databaseBefore>>;
  let db: Database;

  beforeAll(async () => {
    before = await databaseBefore(kind, '0032');
    db = before.db;
  });
  afterAll(() => before?.dispose());

  it('counts the plans stored before it, with and without gaps, as of the migration', async () => {
    const w = await createWorld(db, 'Plan Count');
    const next = random(11);
    const statuses = ['open', 'closed', 'provClosed'];
    for (let i = 0; i < 9; i++) {
      const plan = await addPlan(
        db,
        w,
        i % 3,
        ['environment', 'social', 'governance'][i % 3],
        i % 4 === 0 ? null : Math.round((next() * 40 - 20) * 10) / 10,
      );
      if (i % 3 !== 1)
        await addGaps(
          db,
          plan,
          Array.from({ length: 1 + (i % 4) }, (_, j) => ({
            status: statuses[(i + j) % 3]!,
            dueDays: Math.round((next() * 40 - 20) * 10) / 10,
          })),
        );
    }
    expect((await runMigrations(db))[0]).toBe('0032.do.company_plan_summaries.sql');
    expect((await db.query(PLAN_DRIFT_SQL)).rows).toEqual([]);
    const portfolio = await loadPortfolio(db);
    expect(await actionPlanFigures(db, clientScope(w.clientId))).toEqual(
      expectedFigures(portfolio, w.companies),
    );
  });
});
