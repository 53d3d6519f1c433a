// One change to many gaps (POST /action-plan/{id}/gaps/bulk): each gap's history exactly as its
// single edit writes it, every gap checked by its own rules, and one refused gap refusing them all
// with a message naming it; and "My actions" (GET /target-company/my-actions).
import type { FastifyInstance } from 'fastify';
import { BULK_GAPS_MAX, BULK_TEXT } from '@verity/shared-api/src/server';
import { databaseDigest } from '../../permissions/database-digest';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { addGap, buildWorld, createPlan, inDays, validGap, type World } from './fixtures';

interface GapBody {
  id: string;
  esapItemNumber: string | null;
  status: string;
  dueDate: string | null;
  responsibility: string;
  version: number;
  statusHistory: { status: string }[];
  changeHistory: {
    field: string;
    oldValue: unknown;
    newValue: unknown;
    reason: string | null;
    changedBy: { name: string; userType: string; role: string };
  }[];
}

describe.each(databaseKinds)('bulk gap changes and my actions on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** A plan with gaps numbered 1.1, 1.2 and 1.3 (besides the plan's first gap); gives them. */
  async function planWithItems(): Promise<{ planId: string; gaps: GapBody[] }> {
    const planId = await createPlan(world);
    for (const itemNumber of ['1.1', '1.2', '1.3']) {
      await addGap(world, planId, { ...validGap(), esapItemNumber: itemNumber });
    }
    return { planId, gaps: (await gapsOf(planId)).filter((gap) => gap.esapItemNumber) };
  }

  async function gapsOf(planId: string): Promise<GapBody[]> {
    const response = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    return (response.json() as { data: { gaps: GapBody[] } }).data.gaps;
  }

  const bulk = (as: keyof World['as'], planId: string, payload: object) =>
    world.as[as]({
      method: 'POST',
      url: `/api/v1/action-plan/${planId}/gaps/bulk`,
      query: { targetCompanyId: world.acmeId },
      payload,
    });

  const named = (gaps: readonly GapBody[]) => gaps.map(({ id, version }) => ({ id, version }));

  /** A history entry as a reader compares it: what changed, by whom, why. */
  const entry = (gap: GapBody) => {
    const { field, oldValue, newValue, reason, changedBy } = gap.changeHistory[0]!;
    return { field, oldValue, newValue, reason, changedBy };
  };

  it('sets the status of every gap named, each recorded as the status selector records it', async () => {
    const { planId, gaps } = await planWithItems();
    const [single, ...rest] = gaps;
    const notificationsBefore = await app.db.query('SELECT count(*)::int AS n FROM notifications');
    const patched = await world.as.clientOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${single!.id}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'provClosed', version: single!.version },
    });
    expect(patched.statusCode).toBe(200);

    const response = await bulk('clientOwner', planId, { gaps: named(rest), status: 'provClosed' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.gaps).toEqual(
      rest.map((gap) => ({ id: gap.id, version: gap.version + 1 })),
    );

    const after = (await gapsOf(planId)).filter((gap) => gap.esapItemNumber);
    const bySingleEdit = after.find((gap) => gap.id === single!.id)!;
    for (const gap of after) {
      expect([gap.esapItemNumber, gap.status, gap.statusHistory.map((h) => h.status)]).toEqual([
        gap.esapItemNumber,
        'provClosed',
        ['open', 'provClosed'],
      ]);
      expect(entry(gap)).toEqual(entry(bySingleEdit));
    }
    expect(entry(bySingleEdit)).toEqual({
      field: 'status',
      oldValue: 'open',
      newValue: 'provClosed',
      reason: null,
      changedBy: { name: 'Clara Owner', userType: 'client', role: 'owner' },
    });
    // A status change notifies no one, singly or in bulk.
    expect((await app.db.query('SELECT count(*)::int AS n FROM notifications')).rows).toEqual(
      notificationsBefore.rows,
    );
  });

  it('moves every due date later with the one reason, each recorded as the edit form records it', async () => {
    const { planId, gaps } = await planWithItems();
    const dueDate = inDays(45);
    const response = await bulk('auditorAdmin', planId, {
      gaps: named(gaps),
      dueDate,
      reason: 'The lender agreed a later date',
    });
    expect(response.statusCode).toBe(200);
    for (const gap of (await gapsOf(planId)).filter((g) => g.esapItemNumber)) {
      const before = gaps.find((g) => g.id === gap.id)!;
      expect(gap.dueDate).toBe(dueDate);
      expect(entry(gap)).toEqual({
        field: 'dueDate',
        oldValue: before.dueDate,
        newValue: dueDate,
        reason: 'The lender agreed a later date',
        changedBy: { name: 'auditor.admin@verity.test', userType: 'auditor', role: 'admin' },
      });
    }
  });

  it('sets every responsibility', async () => {
    const { planId, gaps } = await planWithItems();
    const response = await bulk('auditorOwner', planId, {
      gaps: named(gaps),
      responsibility: 'Esther Editor',
    });
    expect(response.statusCode).toBe(200);
    const after = (await gapsOf(planId)).filter((gap) => gap.esapItemNumber);
    expect(after.map((gap) => [gap.responsibility, entry(gap).field, entry(gap).oldValue])).toEqual(
      after.map(() => ['Esther Editor', 'responsibility', 'Plant manager']),
    );
  });

  it.each([
    [
      'a stale version',
      async (gaps: GapBody[]) => ({
        gaps: named(gaps).map((gap, index) =>
          index === 1 ? { ...gap, version: gap.version + 5 } : gap,
        ),
        status: 'closed',
      }),
      'auditorOwner' as const,
      409,
      /^Item 1\.2: This gap was changed by .+\. Reload to see the change\.$/,
    ],
    [
      'a due date moved later without a reason',
      async (gaps: GapBody[]) => ({ gaps: named(gaps), dueDate: inDays(50) }),
      'auditorOwner' as const,
      422,
      /^Item 1\.1: /,
    ],
    [
      'a due date past the plan timeline',
      async (gaps: GapBody[]) => ({
        gaps: named(gaps),
        dueDate: inDays(400),
        reason: 'The lender agreed a later date',
      }),
      'auditorOwner' as const,
      400,
      /^Item 1\.1: Gap due date cannot be later than Action Plan timeline$/,
    ],
    [
      'a responsibility left blank',
      async (gaps: GapBody[]) => ({ gaps: named(gaps), responsibility: '  ' }),
      'auditorOwner' as const,
      400,
      /^Item 1\.1: Responsibility is required$/,
    ],
  ])('refuses them all for %s in one gap, naming it', async (_name, body, as, status, message) => {
    const { planId, gaps } = await planWithItems();
    const before = await databaseDigest(app);
    const response = await bulk(as, planId, await body(gaps));
    expect([response.statusCode, response.json().message]).toEqual([
      status,
      expect.stringMatching(message),
    ]);
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('refuses them all when one gap waits for its closure review, naming it', async () => {
    const { planId, gaps } = await planWithItems();
    await app.db.query(`UPDATE gaps SET status = 'pending' WHERE id = $1`, [gaps[2]!.id]);
    const before = await databaseDigest(app);
    const response = await bulk('clientOwner', planId, {
      gaps: gaps.map((gap) => ({ id: gap.id, version: gap.version })),
      status: 'closed',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Item 1\.3: /);
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('lets only those who make a change singly make it in bulk', async () => {
    const { planId, gaps } = await planWithItems();
    const responsibility = { gaps: named(gaps), responsibility: 'Someone else' };
    const status = { gaps: named(gaps), status: 'closed' };
    const answers = [
      (await bulk('auditorEditor', planId, responsibility)).statusCode,
      (await bulk('clientOwner', planId, responsibility)).statusCode,
      (await bulk('clientViewer', planId, status)).statusCode,
      (await bulk('companyOwner', planId, status)).statusCode,
      (await bulk('auditorEditor', planId, status)).statusCode,
    ];
    expect(answers).toEqual([403, 403, 403, 403, 200]);
  });

  it('answers 404 for a gap of another plan, and for a plan of another firm', async () => {
    const { planId, gaps } = await planWithItems();
    const other = await planWithItems();
    const before = await databaseDigest(app);
    const mixed = await bulk('auditorOwner', planId, {
      gaps: [...named(gaps), ...named(other.gaps.slice(0, 1))],
      status: 'closed',
    });
    const foreign = await bulk('otherFirmOwner', planId, { gaps: named(gaps), status: 'closed' });
    expect([mixed.statusCode, foreign.statusCode]).toEqual([404, 404]);
    expect(await databaseDigest(app)).toEqual(before);
  });

  it.each([
    ['no change', (gaps: object[]) => ({ gaps }), BULK_TEXT.noChange],
    [
      'two changes',
      (gaps: object[]) => ({ gaps, status: 'closed', responsibility: 'Someone' }),
      BULK_TEXT.oneChangeAtATime,
    ],
    ['no gaps', () => ({ gaps: [], status: 'closed' }), BULK_TEXT.noGaps],
    [
      'a gap named twice',
      (gaps: object[]) => ({ gaps: [...gaps, gaps[0]], status: 'closed' }),
      BULK_TEXT.repeated,
    ],
    [
      `more than ${BULK_GAPS_MAX} gaps`,
      (gaps: object[]) => ({
        gaps: Array.from({ length: BULK_GAPS_MAX + 1 }, () => gaps[0]),
        status: 'closed',
      }),
      BULK_TEXT.tooMany,
    ],
  ])('refuses %s with a 400 saying so', async (_name, body, message) => {
    const { planId, gaps } = await planWithItems();
    const before = await databaseDigest(app);
    const response = await bulk('auditorOwner', planId, body(named(gaps)));
    expect([response.statusCode, response.json().message]).toEqual([400, message]);
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('refuses a due date for the gaps of a plan without due dates', async () => {
    const planId = await createPlan(
      world,
      {
        actionPlanHeading: 'Recommendations',
        category: 'environment',
        formType: 'recommendation',
        gap: { ...validGap(), dueDate: undefined },
      },
      world.audits.recommendation,
    );
    const gaps = await gapsOf(planId);
    const response = await bulk('auditorOwner', planId, {
      gaps: named(gaps),
      dueDate: inDays(10),
    });
    expect([response.statusCode, response.json().message]).toEqual([400, BULK_TEXT.noDueDate]);
  });

  describe('my actions', () => {
    const myActions = async (as: keyof World['as']) =>
      world.as[as]({ method: 'GET', url: '/api/v1/target-company/my-actions' });

    it('lists the open gaps naming the user, overdue first, then by due date, across plans', async () => {
      const { rows } = await app.db.query<{ fullname: string }>(
        `SELECT fullname FROM users WHERE email = 'company.owner@verity.test'`,
      );
      const name = rows[0]!.fullname;
      const first = await planWithItems();
      const second = await planWithItems();
      const set = async (gapId: string, responsibility: string, dueDays: number, status = 'open') =>
        app.db.query(
          `UPDATE gaps SET responsibility = $2, due_date = now() + make_interval(days => $3), status = $4
           WHERE id = $1`,
          [gapId, responsibility, dueDays, status],
        );
      const [a1, a2, a3] = first.gaps;
      const [b1, b2, b3] = second.gaps;
      await set(a1!.id, name.toUpperCase(), 20);
      await set(a2!.id, `Plant manager, ${name}`, -3);
      await set(a3!.id, 'company.owner@verity.test', 5);
      await set(b1!.id, `${name} and the EHS team`, -10);
      await set(b2!.id, name, 1, 'closed');
      await set(b3!.id, `Not ${name}`, 2);

      const response = await myActions('companyOwner');
      expect(response.statusCode).toBe(200);
      const { actions, total } = response.json().data as {
        actions: { gapId: string; overdue: boolean; displayStatus: string; auditorId: string }[];
        total: number;
      };
      expect(actions.map((action) => [action.gapId, action.overdue, action.displayStatus])).toEqual(
        [
          [b1!.id, true, 'overdue'],
          [a2!.id, true, 'overdue'],
          [a3!.id, false, 'open'],
          [a1!.id, false, 'open'],
        ],
      );
      expect(total).toBe(4);
      expect(actions[0]).toMatchObject({
        actionPlanId: second.planId,
        auditId: world.audits.ap,
        auditorId: world.greenAuditId,
        esapItemNumber: '1.1',
      });
    });

    it('shows another company’s user none of these gaps, and refuses clients and auditors', async () => {
      const beta = await myActions('betaOwner');
      expect(beta.json().data).toEqual({ actions: [], total: 0 });
      expect([
        (await myActions('clientOwner')).statusCode,
        (await myActions('auditorOwner')).statusCode,
      ]).toEqual([403, 403]);
    });
  });
});
