// The per-company summaries (migration 0027) stay exact through every kind of gap write, their
// backfill and their roll, and the auditor and portfolio figures read from them equal a count of the
// gaps themselves.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsDir, openDatabase, runMigrations, type Database } from '../../../src/db';
import type { Queryable } from '../../../src/db';
import { companyGapStats, type FigureScope } from '../../../src/dashboards/figures';
import { auditorScope, clientScope } from '../../../src/dashboards/scopes';
import { rollCompanySummaries } from '../../../src/dashboards/summary-roll';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';

// Every gap with its company and firm taken from its plan and audit (not from the gap's own copies).
const GAP_TRUTH = `
  SELECT ap.target_company_id AS company, a.auditor_id AS firm, g.status, g.risk_severity, g.due_date
  FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id`;

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
          AND t.due_date < s.overdue_as_of)
      OR s.overdue_prov_closed <> (SELECT count(*) FROM (${GAP_TRUTH}) t
        WHERE t.company = s.target_company_id AND t.firm = s.auditor_id AND t.status = 'provClosed'
          AND t.due_date < s.overdue_as_of)
      OR EXISTS (SELECT 1 FROM (${GAP_TRUTH}) t
        WHERE t.company = s.target_company_id AND t.firm = s.auditor_id
          AND t.status IN ('open', 'provClosed') AND t.due_date >= s.overdue_as_of
          AND (s.next_due IS NULL OR t.due_date < s.next_due))
  )
  (SELECT 'truth' AS side, * FROM truth EXCEPT SELECT 'truth', * FROM stored)
  UNION ALL
  (SELECT 'stored', * FROM stored EXCEPT SELECT 'stored', * FROM truth)
  UNION ALL
  SELECT 'overdue rule', target_company_id, auditor_id, null, null, null, null, null, null, null
  FROM overdue_rule`;

/** The stored overdue state rewritten exactly as a roll `days` ago would have left it. */
const REWIND_SQL = `
  UPDATE company_summaries s SET
    overdue_as_of = now() - $1::float8 * interval '1 day',
    overdue_open = (SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status = 'open' AND g.due_date < now() - $1::float8 * interval '1 day'),
    overdue_prov_closed = (SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status = 'provClosed' AND g.due_date < now() - $1::float8 * interval '1 day'),
    next_due = (SELECT min(g.due_date) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status IN ('open', 'provClosed') AND g.due_date >= now() - $1::float8 * interval '1 day')`;

interface GapRow {
  company: string;
  firm: string;
  status: string;
  due_date: Date | null;
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
  const overdue = (gap: GapRow) =>
    (gap.status === 'open' || gap.status === 'provClosed') &&
    gap.due_date !== null &&
    gap.due_date.getTime() < now.getTime();
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

/** A small deterministic random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface World {
  clientId: string;
  companies: string[];
  firms: string[];
  /** Audits: company 0 by firm 0, company 0 by firm 1, company 1 by firm 0. */
  audits: string[];
}

async function createWorld(db: Queryable): Promise<World> {
  const w: World = {
    clientId: randomUUID(),
    companies: [randomUUID(), randomUUID()],
    firms: [randomUUID(), randomUUID()],
    audits: [randomUUID(), randomUUID(), randomUUID()],
  };
  const { clientId, companies, firms, audits } = w;
  await db.query(`
    INSERT INTO clients (id, client_name) VALUES ('${clientId}', 'Company Summary Client');
    INSERT INTO auditors (id, auditor_name) VALUES ('${firms[0]}', 'Firm One'), ('${firms[1]}', 'Firm Two');
    INSERT INTO target_companies (id, client_id, target_company_name, email_id) VALUES
      ('${companies[0]}', '${clientId}', 'Company A', 'a@company-summary.test'),
      ('${companies[1]}', '${clientId}', 'Company B', 'b@company-summary.test');
    INSERT INTO company_auditors (target_company_id, auditor_id) VALUES
      ('${companies[0]}', '${firms[0]}'), ('${companies[1]}', '${firms[0]}'), ('${companies[0]}', '${firms[1]}');
    INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form) VALUES
      ('${audits[0]}', '${companies[0]}', '${firms[0]}', 'dd', 'Environment', 'ap'),
      ('${audits[1]}', '${companies[0]}', '${firms[1]}', 'dd', 'Environment', 'ap'),
      ('${audits[2]}', '${companies[1]}', '${firms[0]}', 'dd', 'Environment', 'ap');
  `);
  return w;
}

/** Audit index of each company index: the plans a test adds go to these audits. */
const AUDIT_COMPANY = [0, 0, 1];

async function addPlan(db: Queryable, w: World, audit: number) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type)
     VALUES ($1, $2, $3, 'Plan', 'social', 'ap')`,
    [id, w.audits[audit], w.companies[AUDIT_COMPANY[audit]!]],
  );
  return id;
}

type NewGap = { status: string; risk: string; dueDays: number | null };

const addGaps = (db: Queryable, planId: string, rows: NewGap[]) =>
  db.query(
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, status, risk_severity, due_date)
     SELECT $1, ap.target_company_id, 'kpi', 'gap', 'rec', 'resp', r.status, r.risk,
       CASE WHEN r.due IS NULL THEN NULL ELSE now() + r.due * interval '1 day' END
     FROM action_plans ap, unnest($2::text[], $3::text[], $4::float8[]) AS r (status, risk, due)
     WHERE ap.id = $1`,
    [
      planId,
      rows.map((row) => row.status),
      rows.map((row) => row.risk),
      rows.map((row) => row.dueDays),
    ],
  );

describe.each(databaseKinds)('per-company dashboard summaries on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let w: World;

  const drift = async () => (await db.query(DRIFT_SQL)).rows;
  const scopes = () => [
    auditorScope(w.firms[0]!),
    auditorScope(w.firms[1]!),
    clientScope(w.clientId),
  ];
  const expectFiguresExact = async () => {
    for (const scope of scopes())
      expect(await companyGapStats(db, scope)).toEqual(await expectedStats(db, scope));
  };
  const statsOf = async (firm: number, company: number) =>
    (await companyGapStats(db, auditorScope(w.firms[firm]!))).companies.find(
      (c) => c.targetCompanyId === w.companies[company],
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'migrated' });
    db = await openDatabase({
      databaseUrl: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR,
    });
    await runMigrations(db);
    w = await createWorld(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

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
      { status: 'open', risk: 'high', dueDays: -20 },
      { status: 'open', risk: 'high', dueDays: -6 },
      { status: 'provClosed', risk: 'low', dueDays: -4 },
      { status: 'open', risk: 'low', dueDays: -0.5 },
      { status: 'open', risk: 'low', dueDays: 3 },
    ]);
    // As if the last roll was 10 days ago: three gaps came due since, and the readers add them.
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
    const dueDays = () => (next() < 0.15 ? null : Math.round((next() * 60 - 30) * 10) / 10);
    const plans: string[] = [];
    for (let i = 0; i < 6; i++) plans.push(await addPlan(db, w, i % 3));

    for (let step = 0; step < 50; step++) {
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
          })),
        );
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
        await db.query(REWIND_SQL, [Math.round(next() * 200) / 10]);
      } else {
        await db.query(`SELECT company_summaries_roll(now() - $1::float8 * interval '1 day')`, [
          Math.round(next() * 100) / 10,
        ]);
      }
      expect({ step, drift: await drift() }).toEqual({ step, drift: [] });
    }
    await expectFiguresExact();
  });

  if (kind === 'postgres') {
    const waitingForLock = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n > 0;

    /**
     * `first` runs in a transaction that stays open until `second`, started meanwhile, waits for it;
     * then `more` runs in the first transaction before it commits.
     */
    async function overlapping(
      first: (tx: Queryable) => Promise<unknown>,
      second: (tx: Queryable) => Promise<unknown>,
      more?: (tx: Queryable) => Promise<unknown>,
    ) {
      let releaseFirst!: () => void;
      const firstWrote = new Promise<void>((resolve) => (releaseFirst = resolve));
      const one = db.transaction(async (tx) => {
        await first(tx);
        releaseFirst();
        while (!(await waitingForLock())) await new Promise((resolve) => setImmediate(resolve));
        await more?.(tx);
      });
      await firstWrote;
      const two = db.transaction((tx) => second(tx));
      await Promise.all([one, two]);
    }

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
        (tx) => tx.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [rows[0]!.id]),
        (tx) => addGaps(tx, planB, [{ status: 'provClosed', risk: 'low', dueDays: -1 }]),
      );
      expect(await drift()).toEqual([]);

      // Each writes a gap of one plan, then the first also writes one of the plan the second waits
      // to write: the company row is locked before the plan rows, so neither waits for the other.
      await overlapping(
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
        (tx) => addGaps(tx, plan, [{ status: 'open', risk: 'high', dueDays: -4 }]),
        (tx) => tx.query(`SELECT company_summaries_roll(now())`),
      );
      expect(await drift()).toEqual([]);

      // A roll holds the row; the write waits and then counts its gap against the moved moment.
      await db.query(REWIND_SQL, [8]);
      await overlapping(
        (tx) => tx.query(`SELECT company_summaries_roll(now() - interval '2 days')`),
        (tx) => addGaps(tx, plan, [{ status: 'provClosed', risk: 'high', dueDays: -3 }]),
      );
      expect(await drift()).toEqual([]);
      await expectFiguresExact();
    });
  }
});

describe.each(databaseKinds)('the per-company summaries backfill on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let earlier: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'empty' });
    db = await openDatabase({
      databaseUrl: database.env.DATABASE_URL,
      dataDir: database.env.DATA_DIR,
    });
    earlier = await mkdtemp(path.join(os.tmpdir(), 'verity-migrations-'));
    for (const file of await readdir(migrationsDir))
      if (file < '0027') await copyFile(path.join(migrationsDir, file), path.join(earlier, file));
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
    await rm(earlier, { recursive: true, force: true });
  });

  it('counts the gaps stored before it, as of the migration', async () => {
    await runMigrations(db, earlier);
    const w = await createWorld(db);
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
