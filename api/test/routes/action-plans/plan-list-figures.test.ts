// The action plan list reads each plan's figures from its per-plan summary; they equal what the plan
// detail aggregates from the plan's gaps, for plans in every state, through a status filter and a
// page past the end, and nothing is given to a reader who may not see the audit.
import { randomUUID } from 'node:crypto';
import type { ActionPlanStatistics, SessionUser, StatusKey } from '@verity/shared-api/src/server';
import type { Database } from '../../../src/db';
import {
  findActionPlanDetail,
  listActionPlans,
  listPlanGaps,
} from '../../../src/action-plans/action-plan-queries';
import { databaseKinds } from '../../support/databases';
import {
  AUDIT_COMPANY,
  createWorld,
  openMigrated,
  random,
  type World,
} from '../dashboards/summary-world';

const STATUSES = ['open', 'provClosed', 'closed', 'pending'] as const;
const OVERALL: StatusKey[] = ['open', 'overdue', 'provClosed', 'closed', 'pending'];

const reader = (w: World, userType: 'client' | 'targetCompany', company = 0): SessionUser => ({
  _id: randomUUID(),
  fullname: 'Reader',
  emailId: 'reader@plan-figures.test',
  role: 'viewer',
  userType,
  ...(userType === 'client'
    ? { clientId: w.clientId }
    : { targetCompanyId: w.companies[company] as string }),
  organisationName: 'Reader’s organisation',
});

describe.each(databaseKinds)('plan list figures from the per-plan summaries on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openMigrated>>;
  let db: Database;
  let w: World;
  const audit = 0;

  /** A plan of audit 0 with gaps of the given statuses, each due `dueDays` from now (null: no date). */
  async function planWith(gaps: { status: string; dueDays: number | null }[]) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type)
       VALUES ($1, $2, $3, 'Plan', 'environment', 'ap')`,
      [id, w.audits[audit], w.companies[AUDIT_COMPANY[audit]!]],
    );
    if (gaps.length > 0) {
      await db.query(
        `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation,
           responsibility, status, risk_severity, due_date)
         SELECT $1, ap.target_company_id, 'kpi', 'gap', 'rec', 'resp', r.status, 'moderate',
           CASE WHEN r.due IS NULL THEN NULL ELSE now() + r.due * interval '1 day' END
         FROM action_plans ap, unnest($2::text[], $3::float8[]) AS r (status, due)
         WHERE ap.id = $1`,
        [id, gaps.map((gap) => gap.status), gaps.map((gap) => gap.dueDays)],
      );
    }
    return id;
  }

  /** What the plan detail (aggregated from the gaps) says of a plan. */
  async function detailFigures(planId: string) {
    const detail = await findActionPlanDetail(db, planId);
    if (!detail) throw new Error(`no plan ${planId}`);
    return { overallStatus: detail.actionPlan.overallStatus, statistics: detail.statistics };
  }

  async function listedFigures(status?: StatusKey) {
    const page = await listActionPlans(
      db,
      w.audits[audit] as string,
      { pageSize: 100, ...(status ? { status } : {}) },
      reader(w, 'client'),
    );
    if (!page) throw new Error('the audit was not visible');
    return {
      total: page.total,
      plans: new Map<string, { overallStatus: StatusKey; statistics: ActionPlanStatistics }>(
        page.actionPlans.map((plan) => [
          plan.id,
          { overallStatus: plan.overallStatus, statistics: plan.statistics },
        ]),
      ),
    };
  }

  beforeAll(async () => {
    opened = await openMigrated(kind);
    db = opened.db;
    w = await createWorld(db, 'Plan Figures');
  });
  afterAll(() => opened?.dispose());

  it('gives every plan the figures and status its gaps give, also through the status filter', async () => {
    const next = random(16);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    // The states a plan can be in, named, then random mixes.
    const planIds = [
      await planWith([]),
      await planWith([{ status: 'closed', dueDays: -3 }]),
      await planWith([{ status: 'open', dueDays: -2 }]),
      await planWith([{ status: 'provClosed', dueDays: -2 }]),
      await planWith([{ status: 'pending', dueDays: -2 }]),
      await planWith([
        { status: 'provClosed', dueDays: 4 },
        { status: 'closed', dueDays: -4 },
      ]),
      await planWith([
        { status: 'open', dueDays: null },
        { status: 'pending', dueDays: 1 },
      ]),
    ];
    const mixed: typeof planIds = [];
    for (let n = 0; n < 30; n += 1) {
      const gaps = Array.from({ length: Math.floor(next() * 7) }, () => ({
        status: pick(STATUSES),
        dueDays: next() < 0.2 ? null : Math.round((next() - 0.5) * 20),
      }));
      mixed.push(await planWith(gaps));
    }
    planIds.push(...mixed);
    // Gaps of the random mixes change after the plans are made: statuses move and due dates pass
    // (the named plans keep their states, so every overall status is there whatever the ids).
    await db.query(
      `UPDATE gaps SET status = CASE WHEN status = 'open' THEN 'closed' ELSE 'open' END
       WHERE id IN (SELECT id FROM gaps WHERE action_plan_id = ANY($1::uuid[]) ORDER BY id LIMIT 15)`,
      [mixed],
    );
    await db.query(
      `UPDATE gaps SET due_date = now() - interval '1 hour'
       WHERE id IN (SELECT id FROM gaps WHERE action_plan_id = ANY($1::uuid[]) ORDER BY id DESC LIMIT 15)`,
      [mixed],
    );

    const expected = new Map<string, Awaited<ReturnType<typeof detailFigures>>>();
    for (const id of planIds) expected.set(id, await detailFigures(id));
    const seen = new Set([...expected.values()].map((figures) => figures.overallStatus));
    expect([...seen].sort()).toEqual([...OVERALL].sort());

    const all = await listedFigures();
    expect(all.total).toBe(planIds.length);
    expect(all.plans).toEqual(expected);

    for (const status of OVERALL) {
      const ofStatus = new Map(
        [...expected].filter(([, figures]) => figures.overallStatus === status),
      );
      const listed = await listedFigures(status);
      expect({ status, total: listed.total }).toEqual({ status, total: ofStatus.size });
      expect(listed.plans).toEqual(ofStatus);
    }
  });

  it('counts the plans on a page past the end, also through the status filter', async () => {
    const page = (status?: StatusKey) =>
      listActionPlans(
        db,
        w.audits[audit] as string,
        { page: 50, pageSize: 20, ...(status ? { status } : {}) },
        reader(w, 'targetCompany'),
      );
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM action_plans WHERE audit_id = $1',
      [w.audits[audit]],
    );
    expect(await page()).toEqual({ actionPlans: [], total: rows[0]!.n, page: 50, pageSize: 20 });
    const closed = (await listActionPlans(db, w.audits[audit] as string, { status: 'closed' }))!;
    expect(closed.total).toBeGreaterThan(0);
    expect((await page('closed'))!.total).toBe(closed.total);
  });

  it('shows gaps made at one moment in one order: the newest gaps, all of them and the detail', async () => {
    // One statement makes every gap of the plan at the same moment (as a bulk write can).
    const planId = await planWith(
      Array.from({ length: 8 }, () => ({ status: 'open', dueDays: 5 })),
    );
    const listed = (await listActionPlans(db, w.audits[audit] as string, { pageSize: 100 }))!;
    const previews = listed.actionPlans.find((plan) => plan.id === planId)!.gaps;
    expect(previews).toHaveLength(5);
    const all = await listPlanGaps(db, planId, {});
    const detail = (await findActionPlanDetail(db, planId))!.gaps;
    expect(all.gaps.map((gap) => gap.id)).toEqual(detail.map((gap) => gap.id));
    expect(previews.map((gap) => gap.id)).toEqual(all.gaps.slice(0, 5).map((gap) => gap.id));
  });

  it('lists each plan and its newest gaps as the plan detail and the gaps page give them', async () => {
    // Three reads of the same rows, written by three statements. Times to the microsecond, a
    // timeline on one plan, a gap without a due date.
    const planId = await planWith([
      { status: 'open', dueDays: null },
      { status: 'closed', dueDays: -3 },
    ]);
    await db.query(
      `UPDATE action_plans SET timeline = '2027-03-04T05:06:07.891234Z',
         action_plan_heading = 'Plan "quoted" \\ with ünïcode and a line
break' WHERE id = $1`,
      [planId],
    );
    const listed = (await listActionPlans(db, w.audits[audit] as string, { pageSize: 100 }))!;
    expect(listed.actionPlans.length).toBeGreaterThan(30);
    for (const { statistics, gaps, ...plan } of listed.actionPlans) {
      const detail = (await findActionPlanDetail(db, plan.id))!;
      expect(plan).toEqual(detail.actionPlan);
      expect(statistics).toEqual(detail.statistics);
      const page = await listPlanGaps(db, plan.id, { pageSize: 5 });
      expect(gaps).toEqual(page.gaps);
    }
    const timed = listed.actionPlans.find((plan) => plan.id === planId)!;
    expect(timed.timeline).toBe('2027-03-04T05:06:07.891Z');
    expect(timed.actionPlanHeading).toBe('Plan "quoted" \\ with ünïcode and a line\nbreak');
    expect(timed.gaps.map((gap) => gap.dueDate === null)).toContain(true);
  });

  it('gives nothing to a reader who may not see the audit', async () => {
    const other = reader(w, 'targetCompany', 1);
    expect(await listActionPlans(db, w.audits[audit] as string, {}, other)).toBeUndefined();
    expect(
      await listActionPlans(db, w.audits[audit] as string, { status: 'open' }, other),
    ).toBeUndefined();
    // The right reader naming another company than the audit's is refused too.
    expect(
      await listActionPlans(db, w.audits[audit] as string, {}, reader(w, 'client'), w.companies[1]),
    ).toBeUndefined();
    // An audit of the reader's that has no plans is an empty list, not a refusal.
    expect(await listActionPlans(db, w.audits[2] as string, {}, other)).toEqual({
      actionPlans: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });
});
