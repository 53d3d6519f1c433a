// The change history of gaps and plans, the reasons a later date needs, and stale writes (409): each
// kind of change writes its entries, each refusal changes nothing, and the table is append-only.
import type { FastifyInstance } from 'fastify';
import {
  ACTION_PLAN_HEADING_REQUIRED,
  CATEGORY_REQUIRED,
  DUE_DATE_AFTER_TIMELINE,
  changeRuleMessages,
} from '@verity/shared-api/src/server';
import { setGapStatus } from '../../../src/action-plans/gap-writes';
import { databaseDigest } from '../../permissions/database-digest';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, inDays, type World } from './fixtures';
import { multipart, pngOf } from './remark-uploads';

type Caller = keyof World['as'];

interface Entry {
  id: string;
  field: string;
  oldValue: unknown;
  newValue: unknown;
  reason: string | null;
  changedBy: { name: string; userType: string; role: string };
  changedAt: string;
}

interface GapBody {
  id: string;
  dueDate: string | null;
  status: string;
  version: number;
  statusHistory: { status: string; timestamp: string }[];
  changeHistory: Entry[];
  remark: { id: string; docs: { _id: string }[] }[];
}

interface PlanBody {
  id: string;
  actionPlanHeading: string;
  category: string;
  timeline: string | null;
  version: number;
}

/** 'This gap was changed by {name} at dd/MM/yyyy hh:mm AM UTC. Reload to see the change.' */
const staleMessage = (subject: 'gap' | 'action plan', name: string) =>
  new RegExp(
    `^This ${subject} was changed by ${name} at \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} [AP]M UTC\\. Reload to see the change\\.$`,
  );

describe.each(databaseKinds)('change history and stale writes on %s', (kind) => {
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

  async function planDetail(planId: string) {
    const response = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: { actionPlan: PlanBody; gaps: GapBody[]; changeHistory: Entry[] };
    }>().data;
  }

  /** A new plan (timeline in 60 days) with its one gap (due in 30 days). */
  async function newPlan() {
    const planId = await createPlan(world);
    const detail = await planDetail(planId);
    return { planId, plan: detail.actionPlan, gap: detail.gaps[0]! };
  }

  const editGap = (as: Caller, gapId: string, body: object, auditId = world.audits.ap) =>
    world.as[as]({ method: 'PUT', url: `/api/v1/gap/${gapId}`, query: { auditId }, payload: body });
  const setStatus = (as: Caller, gapId: string, body: object) =>
    world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: body,
    });
  const editPlan = (as: Caller, planId: string, body: object, auditId = world.audits.ap) =>
    world.as[as]({
      method: 'PUT',
      url: `/api/v1/action-plan/${planId}`,
      query: { auditId },
      payload: body,
    });

  /** Sends the request and expects `status` with `message`, leaving every table as it was. */
  async function expectRefused(
    send: () => Promise<{ statusCode: number; json: () => { message: string } }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await databaseDigest(app);
    const history = await app.db.query('SELECT count(*)::int AS n FROM change_history');
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
    expect(await databaseDigest(app)).toEqual(before);
    expect((await app.db.query('SELECT count(*)::int AS n FROM change_history')).rows).toEqual(
      history.rows,
    );
  }

  describe('creation', () => {
    it("records the plan's and the gap's first values as one 'created' entry each, at version 1", async () => {
      const { planId, plan, gap } = await newPlan();
      const detail = await planDetail(planId);
      expect(plan.version).toBe(1);
      expect(detail.changeHistory).toEqual([
        expect.objectContaining({
          field: 'created',
          oldValue: null,
          newValue: {
            actionPlanHeading: 'Water stewardship',
            category: 'environment',
            formType: 'ap',
            timeline: plan.timeline,
          },
          reason: null,
          changedBy: { name: 'Aditi Auditor', userType: 'auditor', role: 'owner' },
        }),
      ]);
      expect(gap.version).toBe(1);
      expect(gap.changeHistory).toHaveLength(1);
      expect(gap.changeHistory[0]).toMatchObject({
        field: 'created',
        oldValue: null,
        newValue: {
          KPI: 'Water use per tonne',
          gapName: 'No water metering',
          dueDate: gap.dueDate,
          impactedSDGs: ['SDG6', 'SDG12'],
          status: 'open',
        },
      });
    });
  });

  describe('PUT /gap/{gapId}', () => {
    it('records each changed field, newest first, and moves the version on by one', async () => {
      const { gap } = await newPlan();
      const response = await editGap('auditorOwner', gap.id, {
        gapName: 'Meters missing',
        riskSeverity: 'high',
        KPI: 'Water use per tonne',
        version: 1,
      });
      expect(response.statusCode).toBe(200);
      const edited = response.json<{ data: { gap: GapBody } }>().data.gap;
      expect(edited.version).toBe(2);
      expect(edited.changeHistory.map((entry) => entry.field)).toEqual([
        'riskSeverity',
        'gapName',
        'created',
      ]);
      expect(edited.changeHistory[1]).toMatchObject({
        oldValue: 'No water metering',
        newValue: 'Meters missing',
        reason: null,
        changedBy: { name: 'Aditi Auditor', userType: 'auditor', role: 'owner' },
      });
      expect(edited.changeHistory[0]).toMatchObject({ oldValue: 'moderate', newValue: 'high' });
    });

    it('writes nothing for an edit that changes nothing', async () => {
      const { gap } = await newPlan();
      const before = await databaseDigest(app);
      const response = await editGap('auditorOwner', gap.id, { gapName: ' No water metering ' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.gap.version).toBe(1);
      expect(await databaseDigest(app)).toEqual(before);
    });

    it('needs a reason of 10 characters to move the due date later, and keeps it on the entry', async () => {
      const { gap } = await newPlan();
      const later = inDays(45);
      await expectRefused(
        () => editGap('auditorOwner', gap.id, { dueDate: later }),
        422,
        changeRuleMessages.dueDateReason,
      );
      await expectRefused(
        () => editGap('auditorOwner', gap.id, { dueDate: later, reason: '  too late ' }),
        422,
        changeRuleMessages.dueDateReason,
      );
      await expectRefused(
        () => editGap('auditorOwner', gap.id, { dueDate: later, reason: 'x'.repeat(1001) }),
        400,
        changeRuleMessages.reasonTooLong,
      );
      const response = await editGap('auditorAdmin', gap.id, {
        dueDate: later,
        reason: '  Supplier delayed the meters by two weeks ',
      });
      expect(response.statusCode).toBe(200);
      const [entry] = response.json<{ data: { gap: GapBody } }>().data.gap.changeHistory;
      expect(entry).toMatchObject({
        field: 'dueDate',
        oldValue: gap.dueDate,
        newValue: new Date(later).toISOString(),
        reason: 'Supplier delayed the meters by two weeks',
        changedBy: { name: 'auditor.admin@verity.test', userType: 'auditor', role: 'admin' },
      });
    });

    it('needs no reason for an earlier due date', async () => {
      const { gap } = await newPlan();
      const response = await editGap('auditorOwner', gap.id, { dueDate: inDays(10) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.gap.changeHistory[0]).toMatchObject({
        field: 'dueDate',
        reason: null,
      });
    });

    it('refuses an edit made on an older version with who changed it and when (409), changing nothing', async () => {
      const { gap } = await newPlan();
      expect(
        (await setStatus('clientOwner', gap.id, { status: 'provClosed', version: 1 })).statusCode,
      ).toBe(200);
      await expectRefused(
        () => editGap('auditorOwner', gap.id, { gapName: 'Stale name', version: 1 }),
        409,
        staleMessage('gap', 'Clara Owner'),
      );
      // Without a version (the spec's calls) the edit goes through.
      const response = await editGap('auditorOwner', gap.id, { gapName: 'Fresh name' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.gap.version).toBe(3);
    });

    it('refuses an editor (403) and other firms or a wrong audit (404)', async () => {
      const { gap } = await newPlan();
      await expectRefused(() => editGap('auditorEditor', gap.id, { gapName: 'x' }), 403, /./);
      await expectRefused(() => editGap('otherFirmOwner', gap.id, { gapName: 'x' }), 404, /./);
      await expectRefused(
        () => editGap('auditorOwner', gap.id, { gapName: 'x' }, world.audits.mp),
        404,
        /./,
      );
    });
  });

  describe('PATCH /gap/{id}/status', () => {
    it('records the old and new status and refuses a stale version (409)', async () => {
      const { gap } = await newPlan();
      const response = await setStatus('clientOwner', gap.id, { status: 'provClosed', version: 1 });
      expect(response.statusCode).toBe(200);
      const changed = response.json<{ data: { gap: GapBody } }>().data.gap;
      expect(changed.version).toBe(2);
      expect(changed.changeHistory[0]).toMatchObject({
        field: 'status',
        oldValue: 'open',
        newValue: 'provClosed',
        changedBy: { name: 'Clara Owner', userType: 'client', role: 'owner' },
      });
      await expectRefused(
        () => setStatus('auditorEditor', gap.id, { status: 'closed', version: 1 }),
        409,
        staleMessage('gap', 'Clara Owner'),
      );
      expect(
        (await setStatus('auditorEditor', gap.id, { status: 'closed', version: 2 })).statusCode,
      ).toBe(200);
    });

    it('refuses a version that is not a whole number above 0 (400)', async () => {
      const { gap } = await newPlan();
      await expectRefused(
        () => setStatus('clientOwner', gap.id, { status: 'closed', version: 0 }),
        400,
        /version/,
      );
    });

    // Two connections at once: the embedded database runs one transaction at a time.
    if (kind === 'postgres')
      it('stamps a change after the one it follows, however long its writer waited', async () => {
        const { planId, gap } = await newPlan();
        const actor = { _id: null, fullname: 'Clara Owner', userType: 'client', role: 'owner' };
        let written!: () => void;
        const otherWritten = new Promise<void>((resolve) => (written = resolve));
        // The first writer's transaction begins, then waits while a second writer's change commits.
        const first = app.db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          await otherWritten;
          await setGapStatus(tx, gap.id, 'closed', actor as never);
        });
        await app.db.transaction((tx) => setGapStatus(tx, gap.id, 'provClosed', actor as never));
        written();
        await first;

        // The gap as its readers see it: the newest of each history is the change written last.
        const read = (await planDetail(planId)).gaps.find((each) => each.id === gap.id)!;
        expect(read.status).toBe('closed');
        expect(read.statusHistory.map((entry) => entry.status)).toEqual([
          'open',
          'provClosed',
          'closed',
        ]);
        expect(
          read.changeHistory.map((entry) => [entry.field, entry.newValue]).slice(0, 2),
        ).toEqual([
          ['status', 'closed'],
          ['status', 'provClosed'],
        ]);
      });
  });

  describe('remarks and their images', () => {
    it('records a remark added (with its image count) and each withdrawal, never their text or file names', async () => {
      const { planId, gap } = await newPlan();
      const posted = await world.as.companyOwner({
        method: 'PATCH',
        url: `/api/v1/gap/${gap.id}/remark`,
        query: { targetCompanyId: world.acmeId },
        ...multipart('Secret supplier quote attached', [
          { fileName: 'quote-secret.png', bytes: pngOf(400) },
          { fileName: 'site-secret.png', bytes: pngOf(500) },
        ]),
      });
      expect(posted.statusCode).toBe(200);
      const { remark, gap: revision } = posted.json<{
        data: { remark: GapBody['remark'][number]; gap: Omit<GapBody, 'remark'> };
      }>().data;
      expect(revision).toMatchObject({ id: gap.id, version: 2 });
      expect(revision.changeHistory[0]).toMatchObject({
        field: 'remark',
        oldValue: null,
        newValue: { remarkId: remark.id, attachments: 2 },
        changedBy: { name: 'Carlos Company', userType: 'targetCompany', role: 'owner' },
      });

      const image = await world.as.companyOwner({
        method: 'DELETE',
        url: `/api/v1/remark-document/${remark.docs[0]!._id}`,
      });
      expect(image.statusCode).toBe(200);
      expect(image.json().data.gap.changeHistory[0]).toMatchObject({
        field: 'attachment',
        oldValue: { remarkId: remark.id, documentId: remark.docs[0]!._id },
        newValue: null,
      });

      const whole = await world.as.companyOwner({
        method: 'DELETE',
        url: `/api/v1/gap/${gap.id}/remark/${remark.id}`,
        query: { targetCompanyId: world.acmeId },
      });
      expect(whole.statusCode).toBe(200);
      const after = whole.json<{ data: { gap: Omit<GapBody, 'remark'> } }>().data.gap;
      expect(after.version).toBe(4);
      expect(after.changeHistory[0]).toMatchObject({
        field: 'remark',
        oldValue: { remarkId: remark.id, attachments: 1 },
        newValue: null,
      });
      const stored = await app.db.query<{ text: string }>(
        `SELECT string_agg(coalesce(old_value::text, '') || coalesce(new_value::text, ''), ' ') AS text
         FROM change_history WHERE gap_id = $1`,
        [gap.id],
      );
      expect(stored.rows[0]!.text).not.toMatch(/secret/i);
      const [listed] = (await planDetail(planId)).gaps;
      expect(listed?.changeHistory).toEqual(after.changeHistory);
    });
  });

  describe('PUT /action-plan/{id}', () => {
    it('changes heading, category and timeline, one entry each, and answers the plan with its history', async () => {
      const { planId, plan } = await newPlan();
      const earlier = inDays(50);
      const response = await editPlan('auditorAdmin', planId, {
        actionPlanHeading: '  Water and effluent stewardship ',
        category: 'social',
        timeline: earlier,
        version: 1,
      });
      expect(response.statusCode).toBe(200);
      const { actionPlan, changeHistory } = response.json<{
        data: { actionPlan: PlanBody; changeHistory: Entry[] };
      }>().data;
      expect(actionPlan).toMatchObject({
        id: planId,
        actionPlanHeading: 'Water and effluent stewardship',
        category: 'social',
        timeline: new Date(earlier).toISOString(),
        version: 2,
      });
      expect(changeHistory.map((entry) => [entry.field, entry.oldValue, entry.newValue])).toEqual([
        ['timeline', plan.timeline, new Date(earlier).toISOString()],
        ['category', 'environment', 'social'],
        ['actionPlanHeading', 'Water stewardship', 'Water and effluent stewardship'],
        ['created', null, expect.any(Object)],
      ]);
      expect((await planDetail(planId)).changeHistory).toEqual(changeHistory);
    });

    it('needs a reason to move the timeline later or take it away, and keeps it', async () => {
      const { planId } = await newPlan();
      await expectRefused(
        () => editPlan('auditorOwner', planId, { timeline: inDays(90) }),
        422,
        changeRuleMessages.timelineReason,
      );
      await expectRefused(
        () => editPlan('auditorOwner', planId, { timeline: null, reason: 'short' }),
        422,
        changeRuleMessages.timelineReason,
      );
      const response = await editPlan('auditorOwner', planId, {
        timeline: inDays(90),
        reason: 'The lender agreed a longer programme',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.changeHistory[0]).toMatchObject({
        field: 'timeline',
        reason: 'The lender agreed a longer programme',
      });
    });

    it('refuses a timeline earlier than a gap due date, and bad headings or categories (400)', async () => {
      const { planId } = await newPlan();
      await expectRefused(
        () => editPlan('auditorOwner', planId, { timeline: inDays(20) }),
        400,
        DUE_DATE_AFTER_TIMELINE,
      );
      await expectRefused(
        () => editPlan('auditorOwner', planId, { actionPlanHeading: '   ' }),
        400,
        ACTION_PLAN_HEADING_REQUIRED,
      );
      await expectRefused(
        () => editPlan('auditorOwner', planId, { category: 'weather' }),
        400,
        CATEGORY_REQUIRED,
      );
      await expectRefused(
        () => editPlan('auditorOwner', planId, { actionPlanHeading: 'x'.repeat(301) }),
        400,
        'Action plan heading can be at most 300 characters.',
      );
      await expectRefused(
        () => editPlan('auditorOwner', planId, { timeline: 'not a date' }),
        400,
        'Please enter a valid timeline date',
      );
    });

    it('refuses a stale version (409) naming who changed the plan and when', async () => {
      const { planId } = await newPlan();
      expect(
        (await editPlan('auditorAdmin', planId, { actionPlanHeading: 'First', version: 1 }))
          .statusCode,
      ).toBe(200);
      await expectRefused(
        () => editPlan('auditorOwner', planId, { actionPlanHeading: 'Second', version: 1 }),
        409,
        staleMessage('action plan', 'auditor\\.admin@verity\\.test'),
      );
    });

    it('refuses other roles (403) and plans out of reach or of another audit (404)', async () => {
      const { planId } = await newPlan();
      const body = { actionPlanHeading: 'Not mine' };
      for (const caller of [
        'auditorEditor',
        'auditorViewer',
        'clientOwner',
        'companyOwner',
      ] as const)
        await expectRefused(() => editPlan(caller, planId, body), 403, /./);
      await expectRefused(() => editPlan('otherFirmOwner', planId, body), 404, /./);
      await expectRefused(
        () => editPlan('auditorOwner', planId, body, world.audits.capa),
        404,
        /./,
      );
    });
  });

  describe('the table is append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE, and goes only with the gap or plan it describes', async () => {
      const { planId, gap } = await newPlan();
      await expect(
        app.db.query(`UPDATE change_history SET reason = 'rewritten' WHERE gap_id = $1`, [gap.id]),
      ).rejects.toThrow(/append-only/);
      await expect(
        app.db.query('DELETE FROM change_history WHERE gap_id = $1', [gap.id]),
      ).rejects.toThrow(/append-only/);
      await expect(app.db.query('TRUNCATE change_history')).rejects.toThrow(/append-only/);
      const count = async () =>
        (
          await app.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM change_history WHERE action_plan_id = $1',
            [planId],
          )
        ).rows[0]!.n;
      expect(await count()).toBe(2);
      await app.db.query('DELETE FROM gaps WHERE id = $1', [gap.id]);
      expect(await count()).toBe(1);
      const other = await newPlan();
      await app.db.query('DELETE FROM action_plans WHERE id = $1', [other.planId]);
      expect(
        (
          await app.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM change_history WHERE action_plan_id = $1',
            [other.planId],
          )
        ).rows[0]!.n,
      ).toBe(0);
    });
  });
});
