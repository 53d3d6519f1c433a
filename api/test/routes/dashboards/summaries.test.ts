// The per-plan summaries behind the dashboards (migration 0008) stay exact through every kind of gap
// write, and the dashboard figures read from them equal a direct computation from the gaps.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../src/db';
import { actionPlanFigures, companyGapStats } from '../../../src/dashboards/figures';
import { auditorScope, companyScope } from '../../../src/dashboards/scopes';
import { databaseKinds } from '../../support/databases';
import { expectedCompanyStats, expectedFigures, loadPortfolio } from './summary-reference';
import { openMigrated, random } from './summary-world';

/** Plans whose stored summary differs from their gaps (empty when exact). */
const DRIFT_SQL = `
  WITH truth AS (
    SELECT ap.id AS action_plan_id, count(g.id)::int AS total,
      (count(g.id) FILTER (WHERE g.status = 'closed'))::int AS closed,
      (count(g.id) FILTER (WHERE g.status = 'provClosed'))::int AS prov_closed,
      (count(g.id) FILTER (WHERE g.risk_severity = 'low'))::int AS low,
      (count(g.id) FILTER (WHERE g.risk_severity = 'moderate'))::int AS moderate,
      (count(g.id) FILTER (WHERE g.risk_severity = 'high'))::int AS high,
      min(g.due_date) FILTER (WHERE g.status <> 'closed') AS earliest_open_due
    FROM action_plans ap LEFT JOIN gaps g ON g.action_plan_id = ap.id
    GROUP BY ap.id
  ),
  stored AS (
    SELECT ap.id AS action_plan_id, coalesce(s.total, 0) AS total, coalesce(s.closed, 0) AS closed,
      coalesce(s.prov_closed, 0) AS prov_closed, coalesce(s.low, 0) AS low,
      coalesce(s.moderate, 0) AS moderate, coalesce(s.high, 0) AS high, s.earliest_open_due
    FROM action_plans ap LEFT JOIN action_plan_summaries s ON s.action_plan_id = ap.id
  )
  (SELECT 'truth' AS side, * FROM truth EXCEPT SELECT 'truth', * FROM stored)
  UNION ALL
  (SELECT 'stored', * FROM stored EXCEPT SELECT 'stored', * FROM truth)`;

describe.each(databaseKinds)('dashboard summaries on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openMigrated>>;
  let db: Database;
  const clientId = randomUUID();
  const companies = [randomUUID(), randomUUID()];
  const firms = [randomUUID(), randomUUID()];
  const audits = [randomUUID(), randomUUID(), randomUUID()];
  const plans: string[] = [];

  const drift = async () => (await db.query(DRIFT_SQL)).rows;
  const summaryOf = async (planId: string) =>
    (
      await db.query<{ total: number; closed: number; earliest_open_due: Date | null }>(
        'SELECT total, closed, earliest_open_due FROM action_plan_summaries WHERE action_plan_id = $1',
        [planId],
      )
    ).rows[0];
  const addPlan = async (audit: number, company: number) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type, timeline)
       VALUES ($1, $2, $3, 'Plan', (ARRAY['environment', 'social', 'governance', 'prosperity'])[1 + floor(random() * 4)::int],
         'ap', CASE WHEN random() < 0.3 THEN NULL ELSE now() + (random() * 40 - 20) * interval '1 day' END)`,
      [id, audits[audit], companies[company]],
    );
    plans.push(id);
    return id;
  };
  const addGaps = (
    planId: string,
    rows: { status: string; risk: string; dueDays: number | null }[],
  ) =>
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

  beforeAll(async () => {
    opened = await openMigrated(kind);
    db = opened.db;
    await db.query(`
      INSERT INTO clients (id, client_name) VALUES ('${clientId}', 'Summary Client');
      INSERT INTO auditors (id, auditor_name) VALUES ('${firms[0]}', 'Firm One'), ('${firms[1]}', 'Firm Two');
      INSERT INTO target_companies (id, client_id, target_company_name, email_id) VALUES
        ('${companies[0]}', '${clientId}', 'Summary A', 'a@summary.test'),
        ('${companies[1]}', '${clientId}', 'Summary B', 'b@summary.test');
      INSERT INTO company_auditors (target_company_id, auditor_id) VALUES
        ('${companies[0]}', '${firms[0]}'), ('${companies[1]}', '${firms[0]}'), ('${companies[0]}', '${firms[1]}');
      INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form) VALUES
        ('${audits[0]}', '${companies[0]}', '${firms[0]}', 'dd', 'Environment', 'ap'),
        ('${audits[1]}', '${companies[0]}', '${firms[1]}', 'dd', 'Environment', 'ap'),
        ('${audits[2]}', '${companies[1]}', '${firms[0]}', 'dd', 'Environment', 'ap');
    `);
  });
  afterAll(() => opened?.dispose());

  it('follows an insert, a status change, a due date edit and a delete', async () => {
    const plan = await addPlan(0, 0);
    // A plan has its summary from the start (migration 0032), at zero.
    expect(await summaryOf(plan)).toEqual({ total: 0, closed: 0, earliest_open_due: null });

    await addGaps(plan, [
      { status: 'open', risk: 'high', dueDays: 10 },
      { status: 'open', risk: 'low', dueDays: 3 },
    ]);
    const afterInsert = await summaryOf(plan);
    expect(afterInsert).toMatchObject({ total: 2, closed: 0 });
    const { rows: gaps } = await db.query<{ id: string; due_date: Date }>(
      'SELECT id, due_date FROM gaps WHERE action_plan_id = $1 ORDER BY due_date',
      [plan],
    );
    const [earliest, later] = gaps as [
      { id: string; due_date: Date },
      { id: string; due_date: Date },
    ];
    expect(afterInsert?.earliest_open_due).toEqual(earliest.due_date);

    // Closing the earliest gap moves the plan's earliest open due date to the other gap.
    await db.query(`UPDATE gaps SET status = 'closed' WHERE id = $1`, [earliest.id]);
    expect(await summaryOf(plan)).toEqual({
      total: 2,
      closed: 1,
      earliest_open_due: later.due_date,
    });

    // An edit that moves the due date into the past makes the plan overdue on its dashboard.
    await db.query(`UPDATE gaps SET due_date = now() - interval '1 day' WHERE id = $1`, [later.id]);
    const edited = await summaryOf(plan);
    expect(edited!.earliest_open_due!.getTime()).toBeLessThan(Date.now());

    await db.query('DELETE FROM gaps WHERE id = $1', [later.id]);
    expect(await summaryOf(plan)).toEqual({ total: 1, closed: 1, earliest_open_due: null });
    expect(await drift()).toEqual([]);

    // The drift check itself notices a stored count that is off (inside a transaction rolled back).
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          'UPDATE action_plan_summaries SET total = total + 1 WHERE action_plan_id = $1',
          [plan],
        );
        expect((await tx.query(DRIFT_SQL)).rows).toHaveLength(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });

  it('keeps nothing of a rolled-back write, and drops the summary with its plan', async () => {
    const plan = await addPlan(2, 1);
    await addGaps(plan, [{ status: 'provClosed', risk: 'moderate', dueDays: -5 }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE gaps SET status = 'closed' WHERE action_plan_id = $1`, [plan]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await summaryOf(plan)).toMatchObject({ total: 1, closed: 0 });

    await db.query('DELETE FROM action_plans WHERE id = $1', [plan]);
    plans.splice(plans.indexOf(plan), 1);
    expect(await summaryOf(plan)).toBeUndefined();
    expect(await drift()).toEqual([]);
  });

  it('stays exact through random writes, and the dashboards equal a direct count of the gaps', async () => {
    const next = random(20261121);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const statuses = ['open', 'closed', 'provClosed'] as const;
    const risks = ['low', 'moderate', 'high'] as const;
    const dueDays = () => (next() < 0.15 ? null : Math.round((next() * 60 - 25) * 10) / 10);
    for (let i = 0; i < 6; i++) await addPlan(i % 3, i % 3 === 2 ? 1 : 0);

    for (let step = 0; step < 40; step++) {
      const { rows: gapRows } = await db.query<{ id: string; action_plan_id: string }>(
        'SELECT id, action_plan_id FROM gaps ORDER BY id',
      );
      const operation = next();
      if (operation < 0.3 || gapRows.length === 0) {
        const count = 1 + Math.floor(next() * 4);
        await addGaps(
          pick(plans),
          Array.from({ length: count }, () => ({
            status: pick(statuses),
            risk: pick(risks),
            dueDays: dueDays(),
          })),
        );
      } else if (operation < 0.5) {
        await db.query('UPDATE gaps SET status = $1 WHERE id = $2', [
          pick(statuses),
          pick(gapRows).id,
        ]);
      } else if (operation < 0.65) {
        const days = dueDays();
        await db.query(
          `UPDATE gaps SET due_date = CASE WHEN $1::float8 IS NULL THEN NULL ELSE now() + $1::float8 * interval '1 day' END,
             risk_severity = $2 WHERE id = $3`,
          [days, pick(risks), pick(gapRows).id],
        );
      } else if (operation < 0.75) {
        // A gap moved to another plan of the same company.
        const gap = pick(gapRows);
        await db.query(
          `UPDATE gaps g SET action_plan_id = other.id FROM (
             SELECT ap.id FROM action_plans ap JOIN action_plans mine ON mine.id = $1
             WHERE ap.target_company_id = mine.target_company_id AND ap.id <> mine.id
             ORDER BY ap.id LIMIT 1) other
           WHERE g.id = $2`,
          [gap.action_plan_id, gap.id],
        );
      } else if (operation < 0.85) {
        await db.query(`UPDATE gaps SET status = $1 WHERE action_plan_id = $2`, [
          pick(statuses),
          pick(plans),
        ]);
      } else if (operation < 0.95) {
        await db.query('DELETE FROM gaps WHERE id = $1', [pick(gapRows).id]);
      } else {
        const plan = pick(plans);
        await db.query('DELETE FROM action_plans WHERE id = $1', [plan]);
        plans.splice(plans.indexOf(plan), 1);
        await addPlan(0, 0);
      }
      expect({ step, drift: await drift() }).toEqual({ step, drift: [] });
    }

    const portfolio = await loadPortfolio(db);
    for (const company of companies) {
      expect(await actionPlanFigures(db, companyScope(company))).toEqual(
        expectedFigures(portfolio, [company]),
      );
      for (const firm of firms)
        expect(await actionPlanFigures(db, companyScope(company, firm))).toEqual(
          expectedFigures(portfolio, [company], firm),
        );
    }
    for (const firm of firms)
      expect(await companyGapStats(db, auditorScope(firm))).toEqual(
        expectedCompanyStats(portfolio, firm),
      );
  });

  if (kind === 'postgres') {
    const waitingForLock = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n > 0;

    /** `first` runs in a transaction that stays open until `second`, started meanwhile, waits for it. */
    async function overlapping(first: string, second: string, params: [unknown[], unknown[]]) {
      let releaseFirst!: () => void;
      const firstWrote = new Promise<void>((resolve) => (releaseFirst = resolve));
      const one = db.transaction(async (tx) => {
        await tx.query(first, params[0]);
        releaseFirst();
        while (!(await waitingForLock())) await new Promise((resolve) => setImmediate(resolve));
      });
      await firstWrote;
      const two = db.transaction((tx) => tx.query(second, params[1]));
      await Promise.all([one, two]);
    }

    it('stays exact when two transactions write gaps of the same plan at once', async () => {
      const plan = await addPlan(0, 0);
      await addGaps(plan, [
        { status: 'open', risk: 'low', dueDays: 2 },
        { status: 'open', risk: 'high', dueDays: 9 },
      ]);
      const { rows } = await db.query<{ id: string }>(
        'SELECT id FROM gaps WHERE action_plan_id = $1 ORDER BY due_date',
        [plan],
      );
      await overlapping(
        `UPDATE gaps SET status = 'closed' WHERE id = $1`,
        `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, due_date)
         SELECT id, target_company_id, 'kpi', 'gap', 'rec', 'resp', now() + interval '20 days' FROM action_plans WHERE id = $1`,
        [[rows[0]!.id], [plan]],
      );
      expect(await summaryOf(plan)).toMatchObject({ total: 3, closed: 1 });
      expect(await drift()).toEqual([]);

      // A due-date-only edit waiting behind a status change still sees that change once it commits.
      const { rows: open } = await db.query<{ id: string }>(
        `SELECT id FROM gaps WHERE action_plan_id = $1 AND status = 'open' ORDER BY due_date`,
        [plan],
      );
      await overlapping(
        `UPDATE gaps SET status = 'closed' WHERE id = $1`,
        `UPDATE gaps SET due_date = now() + interval '30 days' WHERE id = $1`,
        [[open[0]!.id], [open[1]!.id]],
      );
      expect(await drift()).toEqual([]);
    });
  }
});
