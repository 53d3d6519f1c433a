// Each rule of a gap's state is one SQL function (migration 0038); the browser's twins in shared-api
// (src/rules/gap-state.ts) must give the same answers. The same cases run through both, on every
// database kind.
import {
  GAP_STORED_STATUSES,
  completionPercentage,
  gapCanBeOverdue,
  gapInFigures,
  gapIsClosed,
  gapIsOverdue,
  gapIsPendingReview,
  gapIsProvClosed,
  gapIsWaiting,
  milestoneDueDate,
  milestoneDueText,
  planOverallStatus,
  planStatistics,
  planStatus,
} from '@verity/shared-api/src/server';
import type { Database } from '../../src/db';
import { planOverallStatusSql, planStatisticsSql } from '../../src/action-plans/derived-sql';
import { milestoneDueTextSql } from '../../src/action-plans/csv-export';
import { databaseKinds } from '../support/databases';
import { openMigrated } from '../routes/dashboards/summary-world';

const AT = new Date('2026-03-15T12:00:00.000Z');
const shifted = (ms: number) => new Date(AT.getTime() + ms);
const DAY = 86_400_000;

/** Due dates around the moment asked about: none, long past, just past, the moment itself, ahead. */
const DUES: (Date | null)[] = [
  null,
  shifted(-40 * DAY),
  shifted(-1),
  AT,
  shifted(1),
  shifted(DAY),
  new Date('2026-03-15T00:00:00.000Z'),
];
const STATUSES = [...GAP_STORED_STATUSES];

const GAP_CASES = STATUSES.flatMap((status) => DUES.map((due) => ({ status, due })));

const COMPLETION_CASES: [number, number][] = [
  [0, 0],
  [0, 3],
  [1, 3],
  [2, 3],
  [1, 8],
  [3, 8],
  [1, 200],
  [199, 200],
  [5, 5],
];

const PLAN_CASES: [number, number, number, number][] = [
  [0, 0, 0, 0],
  [2, 2, 0, 0],
  [2, 1, 1, 0],
  [2, 1, 1, 1],
  [3, 1, 1, 0],
  [3, 0, 0, 2],
  [3, 1, 0, 1],
  [1, 0, 1, 1],
];

describe.each(databaseKinds)('the rules of a gap state on %s', (kind) => {
  let db: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dispose } = await openMigrated(kind));
  });
  afterAll(async () => {
    await dispose();
  });

  it('decide each status as the browser does', async () => {
    const { rows } = await db.query<Record<string, boolean>>(
      `SELECT gap_is_closed(s) AS closed, gap_is_prov_closed(s) AS prov, gap_is_pending_review(s) AS pending,
         gap_can_be_overdue(s) AS can, gap_in_figures(s) AS counted
       FROM unnest($1::text[]) WITH ORDINALITY AS t (s, n) ORDER BY n`,
      [STATUSES],
    );
    expect(rows).toEqual(
      STATUSES.map((status) => ({
        closed: gapIsClosed(status),
        prov: gapIsProvClosed(status),
        pending: gapIsPendingReview(status),
        can: gapCanBeOverdue(status),
        counted: gapInFigures(status),
      })),
    );
  });

  it('decide overdue as the browser does, for every status and due date around the moment', async () => {
    const { rows } = await db.query<{ overdue: boolean; shown: string }>(
      `SELECT gap_is_overdue(s, d, $3::timestamptz) AS overdue,
         gap_display_status(s, d, $3::timestamptz) AS shown
       FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS t (s, d, n) ORDER BY n`,
      [GAP_CASES.map((c) => c.status), GAP_CASES.map((c) => c.due), AT],
    );
    const expected = GAP_CASES.map(({ status, due }) => {
      const overdue = gapIsOverdue(status, due, AT);
      return { overdue, shown: overdue ? 'overdue' : status };
    });
    expect(rows).toEqual(expected);
    // The cases reach both answers.
    expect(new Set(expected.map((c) => c.overdue))).toEqual(new Set([true, false]));
  });

  it('work out completion and a plan status from counts as the browser does', async () => {
    const completion = await db.query<{ p: number }>(
      `SELECT completion_percentage(c, t) AS p
       FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS x (c, t, n) ORDER BY n`,
      [COMPLETION_CASES.map(([c]) => c), COMPLETION_CASES.map(([, t]) => t)],
    );
    expect(completion.rows.map((row) => row.p)).toEqual(
      COMPLETION_CASES.map(([closed, total]) => completionPercentage(closed, total)),
    );
    const status = await db.query<{ s: string }>(
      `SELECT plan_overall_status(t, c, p, o) AS s
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS x (t, c, p, o, n)
       ORDER BY n`,
      [0, 1, 2, 3].map((i) => PLAN_CASES.map((row) => row[i])),
    );
    expect(status.rows.map((row) => row.s)).toEqual(
      PLAN_CASES.map(([total, closed, prov, overdue]) =>
        planOverallStatus(total, closed, prov, overdue),
      ),
    );
  });

  it('give a plan the statistics and status the browser works out from its gaps', async () => {
    // Every subset of a few gaps (as bits of a number): each status, overdue or not.
    const pool = GAP_CASES.filter((_, i) => i % 3 === 0);
    for (let mask = 0; mask < 1 << Math.min(pool.length, 9); mask += 7) {
      const gaps = pool.filter((_, i) => mask & (1 << i));
      const { rows } = await db.query<Record<string, unknown>>(
        // The API's SQL as it is, asked about the cases' moment instead of now().
        `SELECT ${planStatisticsSql('g')}, ${planOverallStatusSql('g')} AS status
         FROM (SELECT 1) one
         LEFT JOIN (
           SELECT n AS id, s AS status, d AS due_date
           FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS t (s, d, n)
         ) g ON true`.replace(/now\(\)/g, '$3::timestamptz'),
        [gaps.map((c) => c.status), gaps.map((c) => c.due), AT],
      );
      const counted = gaps.map(({ status, due }) => ({
        status,
        displayStatus: gapIsOverdue(status, due, AT) ? 'overdue' : status,
      }));
      const { status, ...statistics } = rows[0]!;
      expect({ statistics, status }).toEqual({
        statistics: planStatistics(counted),
        status: planStatus(counted),
      });
    }
  });

  // A gap due relative to a milestone (migration 0042): reached on, months, days.
  const MILESTONE_CASES: [string | null, number, number][] = [
    [null, 6, 0],
    ['2026-03-15', 0, 0],
    ['2026-01-31', 1, 0],
    ['2024-01-31', 1, 0],
    ['2026-08-31', 6, 0],
    ['2026-03-15', 0, 90],
    ['2026-12-31', 1, 1],
    ['2026-10-01', 14, 45],
  ];

  it('give a gap due relative to a milestone the due date the browser works out, and none while waiting', async () => {
    const { rows } = await db.query<{ due: Date | null; waiting: boolean; overdue: boolean }>(
      `SELECT milestone_due_date(r, m, d) AS due,
         gap_is_waiting('Financial close', milestone_due_date(r, m, d)) AS waiting,
         gap_is_overdue('open', milestone_due_date(r, m, d), $4::timestamptz) AS overdue
       FROM unnest($1::date[], $2::int[], $3::int[]) WITH ORDINALITY AS t (r, m, d, n) ORDER BY n`,
      [
        MILESTONE_CASES.map(([reached]) => reached),
        MILESTONE_CASES.map(([, months]) => months),
        MILESTONE_CASES.map(([, , days]) => days),
        AT,
      ],
    );
    const expected = MILESTONE_CASES.map(([reached, months, days]) => {
      const due = milestoneDueDate(reached, months, days);
      return {
        due,
        waiting: gapIsWaiting('Financial close', due),
        overdue: gapIsOverdue('open', due, AT),
      };
    });
    expect(rows).toEqual(expected);
    // Waiting: no due date and never overdue, whatever the clock.
    expect(expected[0]).toEqual({ due: null, waiting: true, overdue: false });
    expect(expected.map((c) => c.overdue)).toContain(true);
    expect(milestoneDueDate('2026-01-31', 1, 0)).toEqual(new Date('2026-02-28T00:00:00.000Z'));
  });

  it('word a due date relative to a milestone as the browser does', async () => {
    const names = ['Financial close', 'First disbursement', 'Commercial operation date'];
    const cases = names.flatMap((name) =>
      [
        [0, 0],
        [1, 0],
        [6, 0],
        [0, 1],
        [0, 90],
        [2, 15],
      ].map(([months, days]) => ({ name, months: months!, days: days! })),
    );
    const { rows } = await db.query<{ text: string }>(
      `SELECT ${milestoneDueTextSql('g')} AS text
       FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY
         AS g (due_milestone, due_offset_months, due_offset_days, n) ORDER BY n`,
      [cases.map((c) => c.name), cases.map((c) => c.months), cases.map((c) => c.days)],
    );
    expect(rows.map((row) => row.text)).toEqual(
      cases.map((c) => milestoneDueText(c.name, c.months, c.days)),
    );
  });
});
