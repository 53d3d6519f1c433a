import type { FastifyInstance } from 'fastify';
import {
  DUE_DATE_AFTER_TIMELINE,
  GAP_NAME_REQUIRED,
  MISSING_STATUS,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, gapsOf, inDays, validGap, type World } from './fixtures';

describe.each(databaseKinds)('gaps on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const addGap = (as: keyof World['as'], body: object, auditId = world.audits.ap, plan = planId) =>
    world.as[as]({
      method: 'POST',
      url: `/api/v1/action-plan/${plan}/gaps`,
      query: { auditId },
      payload: body,
    });
  const editGap = (as: keyof World['as'], gapId: string, body: object, auditId = world.audits.ap) =>
    world.as[as]({ method: 'PUT', url: `/api/v1/gap/${gapId}`, query: { auditId }, payload: body });
  const setStatus = (
    as: keyof World['as'],
    gapId: string,
    body: object,
    companyId = world.acmeId,
  ) =>
    world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: companyId },
      payload: body,
    });
  const historyCount = async (gapId: string) =>
    (
      await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM gap_status_history WHERE gap_id = $1',
        [gapId],
      )
    ).rows[0]?.n;

  describe('POST /action-plan/{actionPlanId}/gaps', () => {
    it('adds an open gap with custom fields and add-ons kept as given', async () => {
      const fields = { f1: { name: 'Site', value: 'North yard' } };
      const addOns = { a1: { name: 'Budget line', value: '42' } };
      const response = await addGap('auditorAdmin', {
        ...validGap(),
        riskSeverity: 'high',
        fields,
        addOns,
        extra: 'x',
      });
      expect(response.statusCode).toBe(201);
      const { gap } = response.json().data;
      expect(gap).toMatchObject({
        actionPlanId: planId,
        KPI: 'Water use per tonne',
        riskSeverity: 'high',
        status: 'open',
        displayStatus: 'open',
        impactedSDGs: ['SDG6', 'SDG12'],
        ESGAspect: 'Environmental',
        areaCode: null,
        amount: null,
        fields,
        addOns,
        remark: [],
        statusHistory: [{ status: 'open', timestamp: expect.any(String) }],
      });
      expect(gap).not.toHaveProperty('extra');
    });

    it('checks the gap against the plan timeline', async () => {
      const response = await addGap('auditorOwner', { ...validGap(), dueDate: inDays(90) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(DUE_DATE_AFTER_TIMELINE);
    });

    it('refuses editors and viewers (403) and other firms or a wrong audit (404)', async () => {
      expect((await addGap('auditorEditor', validGap())).statusCode).toBe(403);
      expect((await addGap('auditorViewer', validGap())).statusCode).toBe(403);
      expect((await addGap('clientOwner', validGap())).statusCode).toBe(403);
      expect((await addGap('otherFirmOwner', validGap())).statusCode).toBe(404);
      expect((await addGap('auditorOwner', validGap(), world.audits.capa)).statusCode).toBe(404);
    });
  });

  describe('PUT /gap/{gapId}', () => {
    it('changes only the fields given and checks the result', async () => {
      const [gap] = await gapsOf(world, planId);
      const response = await editGap('auditorOwner', gap?.id as string, {
        gapName: 'Meters missing',
        riskSeverity: 'low',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.gap).toMatchObject({
        id: gap?.id,
        gapName: 'Meters missing',
        riskSeverity: 'low',
        KPI: 'Water use per tonne',
      });
      const blank = await editGap('auditorOwner', gap?.id as string, { gapName: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(GAP_NAME_REQUIRED);
    });

    it('refuses an editor (403), another firm (404) and a wrong audit (404)', async () => {
      const [gap] = await gapsOf(world, planId);
      const id = gap?.id as string;
      expect((await editGap('auditorEditor', id, { gapName: 'x' })).statusCode).toBe(403);
      expect((await editGap('otherFirmOwner', id, { gapName: 'x' })).statusCode).toBe(404);
      expect(
        (await editGap('auditorOwner', id, { gapName: 'x' }, world.audits.mp)).statusCode,
      ).toBe(404);
    });
  });

  describe('PATCH /gap/{id}/status', () => {
    it('sets the status and appends exactly one history entry', async () => {
      const [gap] = await gapsOf(world, planId);
      const id = gap?.id as string;
      const before = await historyCount(id);
      const response = await setStatus('auditorEditor', id, { status: 'provClosed' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.gap).toMatchObject({
        id,
        status: 'provClosed',
        displayStatus: 'provClosed',
      });
      expect(await historyCount(id)).toBe((before ?? 0) + 1);
      const clientChange = await setStatus('clientOwner', id, { status: 'closed' });
      expect(clientChange.json().data.gap.statusHistory.at(-1).status).toBe('closed');
    });

    it("answers 'Missing status' without a status and 400 for an unknown one", async () => {
      const [gap] = await gapsOf(world, planId);
      const missing = await setStatus('clientOwner', gap?.id as string, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(MISSING_STATUS);
      expect(
        (await setStatus('clientOwner', gap?.id as string, { status: 'overdue' })).statusCode,
      ).toBe(400);
    });

    it('refuses company users and viewers (403) and other tenants (404), changing nothing', async () => {
      const [gap] = await gapsOf(world, planId);
      const id = gap?.id as string;
      const before = await historyCount(id);
      expect((await setStatus('companyOwner', id, { status: 'open' })).statusCode).toBe(403);
      expect((await setStatus('clientViewer', id, { status: 'open' })).statusCode).toBe(403);
      expect((await setStatus('auditorViewer', id, { status: 'open' })).statusCode).toBe(403);
      expect((await setStatus('otherClient', id, { status: 'open' })).statusCode).toBe(404);
      expect((await setStatus('otherFirmOwner', id, { status: 'open' })).statusCode).toBe(404);
      expect(
        (await setStatus('clientOwner', id, { status: 'open' }, world.betaId)).statusCode,
      ).toBe(404);
      expect(await historyCount(id)).toBe(before);
    });

    it('answers 400 for a gap id that is not a uuid', async () => {
      expect((await setStatus('clientOwner', '12345', { status: 'open' })).statusCode).toBe(400);
    });
  });
});
