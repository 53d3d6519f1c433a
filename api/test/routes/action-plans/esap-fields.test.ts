import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import {
  ESAP_FIELD_LABELS,
  ESAP_ITEM_NUMBER_TAKEN,
  ESAP_ITEM_NUMBER_TAKEN_CODE,
  UNKNOWN_CONDITION_TYPE,
  UNKNOWN_REQUIREMENT_REFERENCE,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, validPlan, type World } from './fixtures';

const lender = {
  esapItemNumber: '1.2',
  requirementReferences: ['EP4', 'IFC PS1'],
  completionIndicator: 'ESMS manual approved by the board',
  resources: 'Consultant EUR 15,000',
  timetable: 'Prior to first disbursement',
  conditionType: 'precedent',
};
const none = {
  esapItemNumber: null,
  requirementReferences: [],
  completionIndicator: null,
  resources: null,
  timetable: null,
  conditionType: null,
};

describe.each(databaseKinds)('lender (ESAP) fields of gaps on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world, { ...validPlan(), gap: { ...validGap(), ...lender } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const addGap = (body: object, plan = planId, auditId = world.audits.ap) =>
    world.as.auditorAdmin({
      method: 'POST',
      url: `/api/v1/action-plan/${plan}/gaps`,
      query: { auditId },
      payload: body,
    });
  const editGap = (gapId: string, body: object, auditId = world.audits.ap) =>
    world.as.auditorOwner({
      method: 'PUT',
      url: `/api/v1/gap/${gapId}`,
      query: { auditId },
      payload: body,
    });
  const gapsOfPlan = async (plan = planId) => {
    const response = await world.as.companyOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${plan}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.gaps as Record<string, unknown>[];
  };
  const gapCount = async () =>
    (
      await app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM gaps WHERE action_plan_id = $1',
        [planId],
      )
    ).rows[0]?.n;

  it('keeps the lender fields of a plan’s first gap, and every reader gets them', async () => {
    const [gap] = await gapsOfPlan();
    expect(gap).toMatchObject({ ...lender, requirementReferences: ['IFC PS1', 'EP4'] });
    const detail = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(detail.json().data.gaps[0]).toMatchObject({
      esapItemNumber: '1.2',
      timetable: lender.timetable,
    });
  });

  it('adds a gap without them (they are optional) and one with them on each form type', async () => {
    const plain = await addGap(validGap());
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.gap).toMatchObject(none);

    const forms = [
      ['capa', { areaCode: 'C-1' }],
      ['mp', { ESGAspect: 'Social' }],
      ['recommendation', { ESGAspect: 'Governance', dueDate: undefined }],
    ] as const;
    for (const [form, extra] of forms) {
      const plan = await createPlan(
        world,
        {
          ...validPlan(),
          formType: form,
          timeline: form === 'recommendation' ? undefined : validPlan().timeline,
          gap: { ...validGap(), ...extra, ...lender, conditionType: 'recurring' },
        },
        world.audits[form],
      );
      const [gap] = await gapsOfPlan(plan);
      expect(gap).toMatchObject({ esapItemNumber: '1.2', conditionType: 'recurring' });
    }
  });

  it('refuses an item number the plan has (any case, trimmed) with 409, and stores nothing', async () => {
    const before = await gapCount();
    const taken = await addGap({ ...validGap(), esapItemNumber: ' 1.2 ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      success: false,
      code: ESAP_ITEM_NUMBER_TAKEN_CODE,
      message: ESAP_ITEM_NUMBER_TAKEN('1.2'),
    });
    await app.db.query(
      `UPDATE gaps SET esap_item_number = '4.1a' WHERE id = (
      SELECT id FROM gaps WHERE action_plan_id = $1 AND esap_item_number IS NULL LIMIT 1)`,
      [planId],
    );
    const otherCase = await addGap({ ...validGap(), esapItemNumber: '4.1A' });
    expect(otherCase.statusCode).toBe(409);
    expect(otherCase.json().message).toBe(ESAP_ITEM_NUMBER_TAKEN('4.1A'));
    expect(await gapCount()).toBe(before);

    // Another plan may use the same number.
    const otherPlan = await createPlan(world);
    expect((await addGap({ ...validGap(), esapItemNumber: '1.2' }, otherPlan)).statusCode).toBe(
      201,
    );
  });

  it('refuses unknown references, condition types and over-long texts with 400, storing nothing', async () => {
    const before = await gapCount();
    const refused = async (body: object, message: string) => {
      const response = await addGap({ ...validGap(), ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused({ requirementReferences: ['IFC PS9'] }, UNKNOWN_REQUIREMENT_REFERENCE('IFC PS9'));
    await refused({ conditionType: 'whenever' }, UNKNOWN_CONDITION_TYPE);
    await refused(
      { esapItemNumber: '9'.repeat(21) },
      'ESAP Item No. can be at most 20 characters.',
    );
    await refused(
      { completionIndicator: 'x'.repeat(2001) },
      'Completion Indicator can be at most 2,000 characters.',
    );
    await refused({ timetable: 'x'.repeat(501) }, 'Timetable can be at most 500 characters.');
    await refused({ resources: 'x'.repeat(2001) }, 'Resources can be at most 2,000 characters.');
    for (const wrongType of [
      { requirementReferences: { first: 'IFC PS1' } },
      { conditionType: ['precedent', 'ongoing'] },
      { esapItemNumber: { number: '1.3' } },
    ]) {
      expect((await addGap({ ...validGap(), ...wrongType })).statusCode).toBe(400);
    }
    expect(await gapCount()).toBe(before);
  });

  it('edits them through the change history, respecting the version', async () => {
    const created = await addGap({ ...validGap(), gapName: 'Edited lender gap' });
    const gap = created.json().data.gap as { id: string; version: number };

    const edited = await editGap(gap.id, {
      version: gap.version,
      esapItemNumber: '2.1',
      requirementReferences: ['EBRD PR10', 'IFC PS2'],
      timetable: 'Annually within 60 days of year-end',
      conditionType: 'recurring',
      resources: 'LOTO equipment EUR 20,000',
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.json().data.gap;
    expect(after).toMatchObject({
      esapItemNumber: '2.1',
      requirementReferences: ['IFC PS2', 'EBRD PR10'],
      completionIndicator: null,
      timetable: 'Annually within 60 days of year-end',
      conditionType: 'recurring',
      version: gap.version + 1,
    });
    const entries = (
      after.changeHistory as { field: string; oldValue: unknown; newValue: unknown }[]
    )
      .filter((entry) => entry.field !== 'created')
      .map(({ field, oldValue, newValue }) => ({ field, oldValue, newValue }));
    expect(entries).toEqual(
      expect.arrayContaining([
        { field: 'esapItemNumber', oldValue: null, newValue: '2.1' },
        { field: 'requirementReferences', oldValue: [], newValue: ['IFC PS2', 'EBRD PR10'] },
        { field: 'timetable', oldValue: null, newValue: 'Annually within 60 days of year-end' },
        { field: 'conditionType', oldValue: null, newValue: 'recurring' },
        { field: 'resources', oldValue: null, newValue: 'LOTO equipment EUR 20,000' },
      ]),
    );
    expect(entries).toHaveLength(5);

    // The same version again is stale: 409, nothing written.
    const stale = await editGap(gap.id, { version: gap.version, esapItemNumber: '2.2' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_WRITE');

    // Keeping its own number is no clash; taking another gap's is 409; clearing it frees it.
    const kept = await editGap(gap.id, { esapItemNumber: '2.1', completionIndicator: 'Report' });
    expect(kept.statusCode).toBe(200);
    const taken = await editGap(gap.id, { esapItemNumber: '1.2' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ESAP_ITEM_NUMBER_TAKEN('1.2'));
    const cleared = await editGap(gap.id, {
      esapItemNumber: '',
      requirementReferences: [],
      conditionType: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.gap).toMatchObject({
      esapItemNumber: null,
      requirementReferences: [],
      conditionType: null,
      completionIndicator: 'Report',
    });
    expect((await addGap({ ...validGap(), esapItemNumber: '2.1' })).statusCode).toBe(201);
  });

  it('refuses an unknown reference on an edit with 400 and leaves the gap as it was', async () => {
    const created = await addGap(validGap());
    const gap = created.json().data.gap as { id: string; version: number };
    const refused = await editGap(gap.id, { requirementReferences: ['EP11'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(UNKNOWN_REQUIREMENT_REFERENCE('EP11'));
    const [stored] = (await gapsOfPlan()).filter((g) => g.id === gap.id);
    expect(stored).toMatchObject({ ...none, version: gap.version });
  });

  it('gives one of two crossing adds the number and the other a 409', async () => {
    const plan = await createPlan(world);
    const [first, second] = await Promise.all([
      addGap({ ...validGap(), esapItemNumber: '7.1' }, plan),
      addGap({ ...validGap(), esapItemNumber: '7.1' }, plan),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().message).toBe(ESAP_ITEM_NUMBER_TAKEN('7.1'));
    const numbers = (await gapsOfPlan(plan)).map((gap) => gap.esapItemNumber);
    expect(numbers.filter((number) => number === '7.1')).toHaveLength(1);
  });

  it('lists a plan’s gaps in the order of their item numbers, then the others newest first, wherever the plan is read', async () => {
    const heading = 'Items in number order';
    const plan = await createPlan(world, {
      ...validPlan(),
      actionPlanHeading: heading,
      gap: { ...validGap(), gapName: 'item 10.2.1', esapItemNumber: '10.2.1' },
    });
    for (const [gapName, esapItemNumber] of [
      ['item 2.3a', '2.3a'],
      ['first without a number', null],
      ['item 2.10', '2.10'],
      ['item 2.3', '2.3'],
      ['second without a number', null],
    ] as const) {
      expect((await addGap({ ...validGap(), gapName, esapItemNumber }, plan)).statusCode).toBe(201);
    }
    const inOrder = [
      'item 2.3',
      'item 2.3a',
      'item 2.10',
      'item 10.2.1',
      'second without a number',
      'first without a number',
    ];
    const read = (url: string, query: Record<string, string> = {}) =>
      world.as.clientOwner({
        method: 'GET',
        url,
        query: { targetCompanyId: world.acmeId, ...query },
      });

    expect((await gapsOfPlan(plan)).map((gap) => gap.gapName)).toEqual(inOrder);
    const pages = await Promise.all(
      ['1', '2'].map((page) =>
        read(`/api/v1/action-plan/${plan}/gaps`, { page, pageSize: '3' }).then(
          (response) => response.json().data.gaps as { gapName: string; esapItemNumber: string }[],
        ),
      ),
    );
    expect(pages.flat().map((gap) => gap.gapName)).toEqual(inOrder);
    expect(pages[0]?.map((gap) => gap.esapItemNumber)).toEqual(['2.3', '2.3a', '2.10']);
    const listed = (
      await read(`/api/v1/action-plan/${world.audits.ap}/action-plans`, { pageSize: '100' })
    )
      .json()
      .data.actionPlans.find((p: { id: string }) => p.id === plan);
    expect(listed.gaps.map((gap: { gapName: string }) => gap.gapName)).toEqual(inOrder.slice(0, 5));

    const csv = await read('/api/v1/action-plan/export/csv', { auditId: world.audits.ap });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    const column = (label: string) => header!.indexOf(label);
    expect(
      rows
        .filter((row) => row.includes(heading))
        .map((row) => row[column(ESAP_FIELD_LABELS.esapItemNumber)]),
    ).toEqual(['2.3', '2.3a', '2.10', '10.2.1', '', '']);
  });

  it('keeps the database to the rules even past the API', async () => {
    const [gap] = await gapsOfPlan();
    await expect(
      app.db.query(`UPDATE gaps SET requirement_references = '{IFC PS9}' WHERE id = $1`, [
        (gap as { id: string }).id,
      ]),
    ).rejects.toThrow();
    await expect(
      app.db.query(`UPDATE gaps SET condition_type = 'sometimes' WHERE id = $1`, [
        (gap as { id: string }).id,
      ]),
    ).rejects.toThrow();
  });
});
