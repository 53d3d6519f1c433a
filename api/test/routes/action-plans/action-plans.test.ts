import type { FastifyInstance } from 'fastify';
import {
  ACTION_PLAN_HEADING_REQUIRED,
  AREA_CODE_REQUIRED,
  CATEGORY_REQUIRED,
  DUE_DATE_AFTER_TIMELINE,
  DUE_DATE_IN_FUTURE,
  DUE_DATE_REQUIRED,
  ESG_ASPECT_REQUIRED,
  GAP_NAME_REQUIRED,
  IMPACTED_SDG_REQUIRED,
  KPI_REQUIRED,
  RECOMMENDATION_REQUIRED,
  RESPONSIBILITY_REQUIRED,
  actionPlanRuleMessages,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, inDays, validGap, validPlan, type World } from './fixtures';

describe.each(databaseKinds)('action plans on %s', (kind) => {
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

  const create = (
    as: keyof World['as'],
    body: object,
    query: Record<string, string> = { targetCompanyId: world.acmeId, auditId: world.audits.ap },
  ) => world.as[as]({ method: 'POST', url: '/api/v1/action-plan', query, payload: body });

  describe('POST /action-plan', () => {
    it('creates the plan with its first gap and one open status-history entry', async () => {
      const response = await create('auditorAdmin', validPlan());
      expect(response.statusCode).toBe(201);
      const { actionPlan } = response.json().data;
      expect(actionPlan).toEqual({
        id: expect.any(String),
        auditId: world.audits.ap,
        targetCompanyId: world.acmeId,
        actionPlanHeading: 'Water stewardship',
        category: 'environment',
        formType: 'ap',
        timeline: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        createdAt: expect.any(String),
        overallStatus: 'open',
        version: 1,
      });
      const { rows } = await app.db.query<{ status: string }>(
        `SELECT h.status FROM gap_status_history h JOIN gaps g ON g.id = h.gap_id WHERE g.action_plan_id = $1`,
        [actionPlan.id],
      );
      expect(rows).toEqual([{ status: 'open' }]);
    });

    it.each([
      { change: { actionPlanHeading: '  ' }, message: ACTION_PLAN_HEADING_REQUIRED },
      { change: { category: undefined }, message: CATEGORY_REQUIRED },
      { change: { category: 'economy' }, message: CATEGORY_REQUIRED },
      { change: { formType: 'capa' }, message: actionPlanRuleMessages.formTypeNotAudits },
      { change: { gap: { ...validGap(), KPI: '' } }, message: KPI_REQUIRED },
      { change: { gap: { ...validGap(), gapName: '' } }, message: GAP_NAME_REQUIRED },
      { change: { gap: { ...validGap(), recommendation: '' } }, message: RECOMMENDATION_REQUIRED },
      { change: { gap: { ...validGap(), responsibility: '' } }, message: RESPONSIBILITY_REQUIRED },
      { change: { gap: { ...validGap(), impactedSDGs: [] } }, message: IMPACTED_SDG_REQUIRED },
      { change: { gap: { ...validGap(), dueDate: '' } }, message: DUE_DATE_REQUIRED },
      { change: { gap: { ...validGap(), ESGAspect: '' } }, message: ESG_ASPECT_REQUIRED },
      { change: { gap: { ...validGap(), dueDate: inDays(-1) } }, message: DUE_DATE_IN_FUTURE },
      { change: { timeline: inDays(10) }, message: DUE_DATE_AFTER_TIMELINE },
    ])('refuses with "$message" and stores nothing', async ({ change, message }) => {
      const before = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM action_plans',
      );
      const response = await create('auditorOwner', { ...validPlan(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
      const after = await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM action_plans',
      );
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    });

    it('asks a CAPA gap for its area code and keeps a CAPA amount', async () => {
      const query = { targetCompanyId: world.acmeId, auditId: world.audits.capa };
      const capa = {
        ...validPlan(),
        formType: 'capa',
        gap: { ...validGap(), ESGAspect: undefined },
      };
      const missing = await create('auditorOwner', capa, query);
      expect(missing.json().message).toBe(AREA_CODE_REQUIRED);
      const planId = await createPlan(
        world,
        {
          ...capa,
          gap: { ...capa.gap, areaCode: 'B-12', amount: { currency: 'INR', value: 'n/a' } },
        },
        world.audits.capa,
      );
      const detail = await world.as.clientOwner({
        method: 'GET',
        url: `/api/v1/action-plan/${planId}`,
        query: { targetCompanyId: world.acmeId },
      });
      expect(detail.json().data.gaps[0]).toMatchObject({
        areaCode: 'B-12',
        amount: { currency: 'INR', value: 0 },
        ESGAspect: null,
      });
    });

    it('keeps no timeline or due date on a recommendation, with the default moderate risk', async () => {
      const planId = await createPlan(
        world,
        { ...validPlan(), formType: 'recommendation', timeline: inDays(5) },
        world.audits.recommendation,
      );
      const detail = await world.as.auditorOwner({
        method: 'GET',
        url: `/api/v1/action-plan/${planId}`,
        query: { targetCompanyId: world.acmeId },
      });
      const { actionPlan, gaps } = detail.json().data;
      expect(actionPlan.timeline).toBeNull();
      expect(gaps[0]).toMatchObject({
        dueDate: null,
        riskSeverity: 'moderate',
        ESGAspect: 'Environmental',
      });
    });

    it('lets only auditor owners and admins create (403), and only on their firm’s audits (404)', async () => {
      for (const who of [
        'auditorEditor',
        'auditorViewer',
        'clientOwner',
        'companyOwner',
      ] as const) {
        expect((await create(who, validPlan())).statusCode).toBe(403);
      }
      expect((await create('otherFirmOwner', validPlan())).statusCode).toBe(404);
      const foreignAudit = { targetCompanyId: world.acmeId, auditId: world.audits.otherFirm };
      expect((await create('auditorOwner', validPlan(), foreignAudit)).statusCode).toBe(404);
      const wrongCompany = { targetCompanyId: world.betaId, auditId: world.audits.ap };
      expect((await create('auditorOwner', validPlan(), wrongCompany)).statusCode).toBe(404);
    });

    it('answers 400 for ids that are not uuids and 401 without a session', async () => {
      const response = await create('auditorOwner', validPlan(), {
        targetCompanyId: 'acme',
        auditId: world.audits.ap,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'MALFORMED_ID' });
      // A body that breaks its rules, ids well-formed, is the general validation failure.
      const invalidBody = await create('auditorOwner', { ...validPlan(), gap: 'none' });
      expect(invalidBody.statusCode).toBe(400);
      expect(invalidBody.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      const anonymous = await app.inject({
        method: 'POST',
        url: '/api/v1/action-plan',
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /action-plan/{auditId}/action-plans and /action-plan/{id}', () => {
    let listAuditPlans: string[];
    beforeAll(async () => {
      // The mp audit holds only this test's plans.
      const mp = (heading: string, category: string) =>
        createPlan(
          world,
          { ...validPlan(), actionPlanHeading: heading, category, formType: 'mp' },
          world.audits.mp,
        );
      listAuditPlans = [
        await mp('Dust control', 'environment'),
        await mp('Board diversity', 'governance'),
      ];
      await world.as.auditorOwner({
        method: 'POST',
        url: `/api/v1/action-plan/${listAuditPlans[1]}/gaps`,
        query: { auditId: world.audits.mp },
        payload: { ...validGap(), gapName: 'No policy' },
      });
    });

    const list = (
      as: keyof World['as'],
      query: Record<string, string> = {},
      companyId = world.acmeId,
    ) =>
      world.as[as]({
        method: 'GET',
        url: `/api/v1/action-plan/${world.audits.mp}/action-plans`,
        query: { targetCompanyId: companyId, ...query },
      });

    it('lists the audit’s plans newest first with overall status, statistics and newest gaps', async () => {
      const response = await list('companyViewer');
      expect(response.statusCode).toBe(200);
      const { actionPlans, total, page, pageSize } = response.json().data;
      expect({ total, page, pageSize }).toEqual({ total: 2, page: 1, pageSize: 20 });
      expect(
        actionPlans.map((plan: { actionPlanHeading: string }) => plan.actionPlanHeading),
      ).toEqual(['Board diversity', 'Dust control']);
      expect(actionPlans[0].overallStatus).toBe('open');
      expect(actionPlans[0].statistics).toEqual({
        totalGaps: 2,
        openGaps: 2,
        closedGaps: 0,
        overdueGaps: 0,
        completionPercentage: 0,
      });
      expect(actionPlans[0].gaps).toHaveLength(2);
      // A list row: what the row shows, no history and no remarks.
      expect(actionPlans[0].gaps[0]).toEqual({
        id: expect.any(String),
        actionPlanId: listAuditPlans[1],
        KPI: expect.any(String),
        gapName: 'No policy',
        riskSeverity: expect.any(String),
        status: 'open',
        displayStatus: 'open',
        createdAt: expect.any(String),
        dueDate: expect.any(String),
        dueMilestone: null,
        esapItemNumber: null,
      });
    });

    it('filters by search, category and overall status', async () => {
      const headings = async (query: Record<string, string>) =>
        (await list('clientOwner', query))
          .json()
          .data.actionPlans.map((plan: { actionPlanHeading: string }) => plan.actionPlanHeading);
      expect(await headings({ search: 'dust' })).toEqual(['Dust control']);
      expect(await headings({ search: 'no policy' })).toEqual(['Board diversity']);
      expect(await headings({ search: '%' })).toEqual([]);
      expect(await headings({ category: 'governance' })).toEqual(['Board diversity']);
      expect(await headings({ status: 'closed' })).toEqual([]);
      expect(await headings({ status: 'open' })).toHaveLength(2);
    });

    it('hides the audit from other tenants (404)', async () => {
      expect((await list('otherClient')).statusCode).toBe(404);
      expect((await list('otherFirmOwner')).statusCode).toBe(404);
      expect((await list('betaOwner')).statusCode).toBe(404);
      expect((await list('clientOwner', {}, world.betaId)).statusCode).toBe(404);
    });

    it('gives one plan with statistics derived from its gaps', async () => {
      const planId = listAuditPlans[1] as string;
      const [first, second] = (
        await world.as.clientOwner({
          method: 'GET',
          url: `/api/v1/action-plan/${planId}`,
          query: { targetCompanyId: world.acmeId },
        })
      ).json().data.gaps as { id: string }[];
      await world.as.clientOwner({
        method: 'PATCH',
        url: `/api/v1/gap/${first?.id}/status`,
        query: { targetCompanyId: world.acmeId },
        payload: { status: 'closed' },
      });
      // A passed due date makes the other gap overdue.
      await app.db.query(`UPDATE gaps SET due_date = now() - interval '1 day' WHERE id = $1`, [
        second?.id,
      ]);
      const response = await world.as.auditorViewer({
        method: 'GET',
        url: `/api/v1/action-plan/${planId}`,
        query: { targetCompanyId: world.acmeId },
      });
      expect(response.statusCode).toBe(200);
      const { actionPlan, statistics, gaps } = response.json().data;
      expect(actionPlan).toMatchObject({ id: planId, overallStatus: 'overdue' });
      expect(statistics).toEqual({
        totalGaps: 2,
        openGaps: 0,
        closedGaps: 1,
        overdueGaps: 1,
        completionPercentage: 50,
      });
      expect(gaps.map((gap: { displayStatus: string }) => gap.displayStatus).sort()).toEqual([
        'closed',
        'overdue',
      ]);
      const closed = gaps.find((gap: { id: string }) => gap.id === first?.id);
      expect(closed.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
        'open',
        'closed',
      ]);
    });

    it('hides one plan from other tenants (404) and answers 400 for a non-uuid id', async () => {
      const planId = listAuditPlans[0] as string;
      const get = (as: keyof World['as'], companyId = world.acmeId) =>
        world.as[as]({
          method: 'GET',
          url: `/api/v1/action-plan/${planId}`,
          query: { targetCompanyId: companyId },
        });
      expect((await get('otherClient')).statusCode).toBe(404);
      expect((await get('otherFirmOwner')).statusCode).toBe(404);
      expect((await get('betaOwner')).statusCode).toBe(404);
      expect((await get('clientOwner', world.betaId)).statusCode).toBe(404);
      const bad = await world.as.clientOwner({
        method: 'GET',
        url: '/api/v1/action-plan/not-a-uuid',
        query: { targetCompanyId: world.acmeId },
      });
      expect(bad.statusCode).toBe(400);
      // Its own code tells a screen the address was mistyped: it shows its not-found state.
      expect(bad.json()).toEqual({
        success: false,
        message: 'params/id must match format "uuid"',
        code: 'MALFORMED_ID',
      });
    });
  });
});
