// POST /action-plan/import on a real database: the EBRD workbook and its CSV export imported, the dry
// run equal to the import, re-import without duplicates, the limits, bad and hostile files (each
// read once, /healthz answering meanwhile), the imports a user may make a minute, and who may import.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ESAP_IMPORT_MAX_BYTES, ESAP_IMPORT_MAX_ROWS } from '@verity/shared-api/src/server';
import { messages } from '../../../src/messages';
import { databaseDigest } from '../../permissions/database-digest';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import {
  EBRD_EXPECTED,
  HOSTILE_FILES,
  type HostileFile,
  ebrdCsv,
  ebrdWorkbook,
  frenchEsapWorkbook,
  manyItemsWorkbook,
  nextYear,
  simpleWorkbook,
} from '../../esap-import/esap-fixtures';
import { buildWorld, createPlan, type World } from './fixtures';

const year = nextYear();
const planFields = {
  actionPlanHeading: 'Danube Steel ESAP',
  category: 'environment',
  timeline: `${year + 1}-12-31`,
  ESGAspect: 'Environmental',
  impactedSDGs: 'SDG8, SDG13',
};

function importForm(file: Buffer, fields: Record<string, string> = planFields, name = 'esap.xlsx') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file]), name);
  return form;
}

/** Every row the import may write, counted. */
async function written(app: FastifyInstance) {
  const { rows } = await app.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM action_plans) AS plans, (SELECT count(*)::int FROM gaps) AS gaps,
            (SELECT count(*)::int FROM gap_status_history) AS history,
            (SELECT count(*)::int FROM change_history) AS changes,
            (SELECT count(*)::int FROM esap_status_mappings) AS statuses`,
  );
  return rows[0];
}

describe.each(databaseKinds)('ESAP import on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let workbook: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // These tests import far more than a person does in a minute; the limit has its own tests below.
    app = await buildTestApp(database, { ESAP_IMPORTS_PER_MINUTE: '1000' });
    world = await buildWorld(app);
    workbook = await ebrdWorkbook({ year });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const importAs = (
    who: keyof World['as'],
    form: FormData,
    query: Record<string, string> = {},
    auditId = world.audits.ap,
  ) =>
    world.as[who]({
      method: 'POST',
      url: '/api/v1/action-plan/import',
      query: { targetCompanyId: world.acmeId, auditId, ...query },
      payload: form as unknown as InjectOptions['payload'],
    });
  const detail = async (planId: string) => {
    const response = await world.as.auditorOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('dry-runs the EBRD workbook: counts, warnings, columns and preview, and writes nothing', async () => {
    const before = await written(app);
    const response = await importAs('auditorOwner', importForm(workbook), { dryRun: 'true' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      dryRun: true,
      actionPlanId: null,
      format: 'xlsx',
      headerRows: [3, 4],
      gaps: {
        items: EBRD_EXPECTED.items,
        imported: EBRD_EXPECTED.imported,
        alreadyInPlan: 0,
        withErrors: EBRD_EXPECTED.withErrors,
        sections: EBRD_EXPECTED.sections,
      },
      errors: [{ row: 15, column: 'E', message: 'Responsibility is required' }],
    });
    // 'Prior to first disbursement' (1.3) is read as due by first disbursement: no warning for it;
    // the combined 'Resources, Responsibility' column is named in one.
    expect(data.warnings).toHaveLength(4);
    expect(data.columns[5]).toEqual({
      column: 'F',
      header: 'Implementation / Timetable',
      field: 'timetable',
      detectedField: 'timetable',
    });
    expect(data.preview.slice(0, 2)).toEqual([
      expect.objectContaining({
        row: 5,
        kind: 'section',
        title: 'PR1 Assessment and Management of Environmental and Social Risks and Impacts',
      }),
      expect.objectContaining({ row: 6, kind: 'item', cells: expect.arrayContaining(['1.1']) }),
    ]);
    expect(data.rejectedRows).toEqual([expect.objectContaining({ row: 15 })]);
    expect(await written(app)).toEqual(before);
  });

  let importedPlanId: string;

  it('imports what the dry run said, in the sheet’s order, with the change history of each gap', async () => {
    const dry = (await importAs('auditorOwner', importForm(workbook), { dryRun: 'true' })).json()
      .data;
    const before = await written(app);
    const response = await importAs('auditorAdmin', importForm(workbook));
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    importedPlanId = data.actionPlanId;
    expect(data).toEqual({ ...dry, dryRun: false, actionPlanId: expect.any(String) });
    expect(await written(app)).toEqual({
      plans: before!.plans! + 1,
      gaps: before!.gaps! + EBRD_EXPECTED.imported,
      history: before!.history! + EBRD_EXPECTED.imported,
      changes: before!.changes! + 1 + EBRD_EXPECTED.imported,
      // No table of statuses was sent: none is remembered.
      statuses: before!.statuses,
    });
    const plan = await detail(importedPlanId);
    expect(plan.actionPlan).toMatchObject({
      actionPlanHeading: 'Danube Steel ESAP',
      category: 'environment',
      formType: 'ap',
      timeline: `${year + 1}-12-31T00:00:00.000Z`,
    });
    expect(plan.statistics.totalGaps).toBe(EBRD_EXPECTED.imported);
    expect(plan.gaps.map((gap: { esapItemNumber: string }) => gap.esapItemNumber)).toEqual(
      EBRD_EXPECTED.itemNumbers,
    );
    const byNumber = new Map(
      plan.gaps.map((gap: { esapItemNumber: string }) => [gap.esapItemNumber, gap]),
    );
    // The action is stored once, as the recommendation; the KPI is its completion indicator.
    expect(byNumber.get('1.3')).toMatchObject({
      KPI: 'SEP published on the company website',
      recommendation: 'Disclose the Stakeholder Engagement Plan',
      gapName: 'Community concerns about dust',
      responsibility: 'Communications Manager',
      status: 'open',
      timetable: 'Prior to first disbursement',
      conditionType: 'precedent',
      // Due by first disbursement, whose date Acme has not set: waiting, not the plan's end.
      dueMilestone: 'First disbursement',
      dueDate: null,
      displayStatus: 'open',
      requirementReferences: ['EBRD PR1', 'EBRD PR10'],
      completionIndicator: 'SEP published on the company website',
      impactedSDGs: ['SDG8', 'SDG13'],
      // PR1 and PR10 are management standards: Governance, whatever default was chosen.
      ESGAspect: 'Governance',
      version: 1,
      changeHistory: [expect.objectContaining({ field: 'created' })],
      statusHistory: [expect.objectContaining({ status: 'open' })],
    });
    expect(byNumber.get('1.2')).toMatchObject({ dueDate: `${year}-09-30T00:00:00.000Z` });
  });

  it('imports the same file again into that plan without a duplicate or a revision, as the CSV export too', async () => {
    const before = await written(app);
    for (const [file, name] of [
      [workbook, 'esap.xlsx'],
      [ebrdCsv({ year }), 'esap.csv'],
    ] as const) {
      const response = await importAs('auditorOwner', importForm(file, planFields, name), {
        actionPlanId: importedPlanId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        actionPlanId: importedPlanId,
        gaps: { imported: 0, alreadyInPlan: EBRD_EXPECTED.imported, withErrors: 1 },
      });
      // Nothing differs: no revision, and no word per item left as it is (0083).
      expect(response.json().data.revision).toMatchObject({
        recorded: false,
        added: [],
        changed: [],
        dropped: [],
        unchanged: EBRD_EXPECTED.imported,
      });
      expect(response.json().data.warnings).toEqual([
        {
          row: null,
          column: 'E',
          message:
            "Column E ('Resources, Responsibility') names Resources and Responsibility, and not every cell splits in two; it is imported as Responsibility only.",
        },
        { row: 17, column: null, message: 'Row read as a footnote and not imported.' },
      ]);
    }
    expect(await written(app)).toEqual(before);
  });

  it('imports the CSV export into a new plan, when asked for one, with the same counts', async () => {
    const response = await importAs(
      'auditorOwner',
      importForm(ebrdCsv({ year }), planFields, 'esap.csv'),
      { newPlan: 'true' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      format: 'csv',
      gaps: {
        items: EBRD_EXPECTED.items,
        imported: EBRD_EXPECTED.imported,
        withErrors: 1,
        sections: 3,
      },
    });
  });

  it('follows a changed mapping, and names both columns mapped to one field', async () => {
    const remapped = (
      await importAs(
        'auditorOwner',
        importForm(workbook, {
          ...planFields,
          mapping: JSON.stringify({ H: null, I: 'residualRisk' }),
        }),
        { dryRun: 'true' },
      )
    ).json().data;
    expect(remapped.columns.slice(7)).toEqual([
      { column: 'H', header: 'Implementation / Status', field: null, detectedField: 'status' },
      { column: 'I', header: 'Comments', field: 'residualRisk', detectedField: 'comments' },
    ]);
    expect(remapped.warnings).toHaveLength(3);

    const twice = { ...planFields, mapping: JSON.stringify({ I: 'recommendation' }) };
    const before = await written(app);
    const dry = await importAs('auditorOwner', importForm(workbook, twice), { dryRun: 'true' });
    expect(dry.statusCode).toBe(200);
    const message =
      "Columns B ('Action') and I ('Comments') are both mapped to Recommendation (Action); map one of them to another field or to 'Not imported'.";
    expect(dry.json().data.errors).toEqual([{ row: null, column: null, message }]);
    const real = await importAs('auditorOwner', importForm(workbook, twice));
    expect(real.statusCode).toBe(400);
    expect(real.json().message).toBe(message);
    expect(await written(app)).toEqual(before);
  });

  it('refuses a file without a required column, a bad mapping, and missing plan fields', async () => {
    const before = await written(app);
    const noResources = await simpleWorkbook(
      ['No.', 'Action', 'E&S Risk', 'Timetable'],
      [['1', 'Fix', 'Risk', `31/12/${year}`]],
    );
    const missing = await importAs('auditorOwner', importForm(noResources));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'No column is mapped to Responsibility, which every imported item needs.',
    );
    const cases: [Record<string, string>, string][] = [
      [
        { mapping: '{not json' },
        'The mapping must be a JSON object of column letters to field names.',
      ],
      [{ mapping: '{"Z":"KPI"}' }, 'The mapping names column Z, which the file does not have.'],
      [{ mapping: '{"A":"owner"}' }, 'The mapping names an unknown field: owner.'],
      ...(
        [
          '{not json',
          '["Ongoing"]',
          '{"Ongoing":"closed"}',
          '{"Ongoing":"pending"}',
          '{"Ongoing":1}',
          '{"  ":"open"}',
        ] as const
      ).map((statusMapping): [Record<string, string>, string] => [
        { statusMapping },
        "The status mapping must be a JSON object of ESAP statuses to 'open', 'provClosed' or null.",
      ]),
      [
        { statusMapping: JSON.stringify({ [`${'x'.repeat(201)}`]: 'open' }) },
        'The status mapping can name at most 200 statuses of at most 200 characters each.',
      ],
      [
        {
          statusMapping: JSON.stringify(
            Object.fromEntries(Array.from({ length: 201 }, (_, n) => [`S${n}`, 'open'])),
          ),
        },
        'The status mapping can name at most 200 statuses of at most 200 characters each.',
      ],
      [{ actionPlanHeading: '' }, 'Action Plan Heading Required'],
      [{ category: 'space' }, 'Category Required'],
      [
        { impactedSDGs: '' },
        'Impacted SDGs is needed for every item: map a column to it or choose one for all items.',
      ],
    ];
    for (const [change, message] of cases) {
      const response = await importAs(
        'auditorOwner',
        importForm(workbook, { ...planFields, ...change }),
      );
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await written(app)).toEqual(before);
  });

  it('answers the table of statuses, sets what the user confirmed, and remembers it for the client', async () => {
    const french = await frenchEsapWorkbook(year);
    const statusesOf = (response: { json: () => unknown }) =>
      (response.json() as { data: { statuses: unknown[] } }).data.statuses;
    // First time: the known statuses proposed, the others kept as text until the user says.
    const before = await written(app);
    const first = await importAs('auditorOwner', importForm(french), { dryRun: 'true' });
    expect(first.statusCode).toBe(200);
    expect(statusesOf(first)).toEqual([
      { text: 'En cours', items: 1, target: 'open', source: 'known' },
      { text: 'Non commencé', items: 1, target: 'open', source: 'known' },
      { text: 'Recurring', items: 1, target: null, source: 'unknown' },
      { text: 'Achevé', items: 1, target: 'provClosed', source: 'known' },
    ]);
    // Reading the file, before the plan's fields are filled in, answers the same table.
    const reading = await importAs('auditorOwner', importForm(french, {}), { dryRun: 'true' });
    expect(reading.json().data.errors).not.toEqual([]);
    expect(statusesOf(reading)).toEqual(statusesOf(first));
    expect(await written(app)).toEqual(before);

    // The user confirms the table: Recurring is Open, Achevé Prov Close; the import sets them.
    const table = {
      'En cours': 'open',
      'Non commencé': 'open',
      Recurring: 'open',
      Achevé: 'provClosed',
    };
    // A plan of the audit may hold these items already (an earlier test's): a new plan, asked for.
    const imported = await importAs(
      'auditorOwner',
      importForm(french, { ...planFields, statusMapping: JSON.stringify(table) }),
      { newPlan: 'true' },
    );
    expect(imported.statusCode).toBe(201);
    expect(statusesOf(imported)).toEqual([
      { text: 'En cours', items: 1, target: 'open', source: 'sent' },
      { text: 'Non commencé', items: 1, target: 'open', source: 'sent' },
      { text: 'Recurring', items: 1, target: 'open', source: 'sent' },
      { text: 'Achevé', items: 1, target: 'provClosed', source: 'sent' },
    ]);
    expect(imported.json().data.warnings).not.toContainEqual(
      expect.objectContaining({ column: 'F', row: expect.any(Number) }),
    );
    const plan = await detail(imported.json().data.actionPlanId);
    expect(
      plan.gaps.map((gap: { esapItemNumber: string; status: string; fields: object }) => [
        gap.esapItemNumber,
        gap.status,
      ]),
    ).toEqual([
      ['1.1', 'open'],
      ['2.1', 'open'],
      ['3.1', 'open'],
      ['6.1', 'provClosed'],
    ]);
    const biodiversity = plan.gaps[3] as { statusHistory: { status: string }[]; fields: object };
    expect(biodiversity.statusHistory.map((entry) => entry.status)).toEqual(['open', 'provClosed']);
    expect(biodiversity.fields).toMatchObject({ esapStatus: { value: 'Achevé' } });

    // The next import of the client's companies answers the remembered table, in any spelling.
    const again = await importAs('auditorOwner', importForm(french), { dryRun: 'true' });
    expect(statusesOf(again)).toEqual([
      { text: 'En cours', items: 1, target: 'open', source: 'remembered' },
      { text: 'Non commencé', items: 1, target: 'open', source: 'remembered' },
      { text: 'Recurring', items: 1, target: 'open', source: 'remembered' },
      { text: 'Achevé', items: 1, target: 'provClosed', source: 'remembered' },
    ]);
    const stored = await app.db.query<{ status_key: string; target: string | null }>(
      `SELECT m.status_key, m.target FROM esap_status_mappings m
       JOIN target_companies tc ON tc.client_id = m.client_id WHERE tc.id = $1 ORDER BY 1`,
      [world.acmeId],
    );
    expect(stored.rows).toEqual([
      { status_key: 'achevé', target: 'provClosed' },
      { status_key: 'en cours', target: 'open' },
      { status_key: 'non commencé', target: 'open' },
      { status_key: 'recurring', target: 'open' },
    ]);

    // Where the client's closures need evidence review, no import sets Prov Close: a table asking
    // for it is refused and changes nothing; a remembered one keeps the status as text.
    const on = await world.as.clientOwner({
      method: 'PUT',
      url: '/api/v1/client/settings',
      payload: { closureNeedsReview: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      const unchanged = await written(app);
      const refused = await importAs(
        'auditorOwner',
        importForm(french, { ...planFields, statusMapping: JSON.stringify(table) }),
      );
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 400,
        message:
          "This client's closures need evidence review: an import cannot set Prov Close. Map the status to Open or keep it as text only.",
      });
      expect(await written(app)).toEqual(unchanged);
      const dry = await importAs('auditorOwner', importForm(french), { dryRun: 'true' });
      expect(statusesOf(dry)).toContainEqual({
        text: 'Achevé',
        items: 1,
        target: null,
        source: 'remembered',
      });
    } finally {
      await world.as.clientOwner({
        method: 'PUT',
        url: '/api/v1/client/settings',
        payload: { closureNeedsReview: false },
      });
    }
  });

  it('refuses what is not a spreadsheet by its bytes, whatever its name', async () => {
    const before = await written(app);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(200, 1)]);
    for (const [file, message] of [
      [png, 'This file is not an .xlsx workbook or a CSV file.'],
      [zip, 'This workbook could not be read; save it again as .xlsx and retry.'],
      [
        Buffer.from('hello\nworld\n'),
        'No header row was found: the first rows name no ESAP column (No., Action, Timetable…).',
      ],
      [Buffer.alloc(0), 'Choose an .xlsx or .csv file to import.'],
    ] as const) {
      const response = await importAs('auditorOwner', importForm(file, planFields, 'esap.xlsx'));
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await written(app)).toEqual(before);
  });

  it(`refuses more than ${ESAP_IMPORT_MAX_ROWS} rows and more than 10 MB with 413`, async () => {
    const before = await written(app);
    const rows = await importAs(
      'auditorOwner',
      importForm(await manyItemsWorkbook(ESAP_IMPORT_MAX_ROWS + 1, year)),
    );
    expect(rows.statusCode).toBe(413);
    expect(rows.json().message).toBe(
      'The spreadsheet has 2001 rows; at most 2000 can be imported at once.',
    );
    const big = Buffer.alloc(ESAP_IMPORT_MAX_BYTES + 1, 'a');
    const bytes = await importAs('auditorOwner', importForm(big, planFields, 'esap.csv'));
    expect(bytes.statusCode).toBe(413);
    expect(bytes.json().message).toBe('The file is larger than 10 MB.');
    expect(await written(app)).toEqual(before);
  });

  it('brings in a running loan’s items already past due, overdue at once in the portfolio and the explorer', async () => {
    const day = (daysFromNow: number) => {
      const date = new Date(Date.now() + daysFromNow * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
    };
    const portfolioCell = async () => {
      const response = await world.as.clientOwner({ method: 'GET', url: '/api/v1/portfolio' });
      expect(response.statusCode).toBe(200);
      const cell = (
        response.json().data.matrix as {
          targetCompanyId: string;
          requirement: string;
          open: number;
          overdue: number;
        }[]
      ).find((c) => c.targetCompanyId === world.acmeId && c.requirement === 'EBRD PR2');
      return cell ?? { open: 0, overdue: 0 };
    };
    const overduePr2 = async () => {
      const response = await world.as.clientOwner({
        method: 'GET',
        url: '/api/v1/portfolio/gaps',
        query: {
          targetCompanyId: world.acmeId,
          requirement: 'EBRD PR2',
          status: 'overdue',
          pageSize: '100',
        },
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data.gaps as { esapItemNumber: string | null }[]).map(
        (gap) => gap.esapItemNumber,
      );
    };
    const before = { cell: await portfolioCell(), overdue: await overduePr2() };

    const file = await simpleWorkbook(
      ['No.', 'Action', 'Finding', 'Responsibility', 'Timetable'],
      [
        ['PR2 Labour and Working Conditions'],
        ['2.31', 'Review overtime records', 'Excess hours', 'HR manager', day(-31)],
        ['2.32', 'Publish the grievance policy', 'No policy', 'HR manager', day(-62)],
        ['2.33', 'Train supervisors', 'No training', 'HR manager', day(40)],
      ],
    );
    const response = await importAs(
      'auditorOwner',
      importForm(file, { ...planFields, actionPlanHeading: 'Running loan ESAP' }),
    );
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data.gaps).toMatchObject({ items: 3, imported: 3, withErrors: 0 });
    expect(data.errors).toEqual([]);
    expect(data.warnings).toEqual([
      {
        row: 3,
        column: 'E',
        itemNumber: '2.31',
        message: `ESAP item 2.31 was due ${day(-31)}, before today: it comes in overdue.`,
      },
      {
        row: 4,
        column: 'E',
        itemNumber: '2.32',
        message: `ESAP item 2.32 was due ${day(-62)}, before today: it comes in overdue.`,
      },
    ]);

    const after = { cell: await portfolioCell(), overdue: await overduePr2() };
    expect({
      open: after.cell.open - before.cell.open,
      overdue: after.cell.overdue - before.cell.overdue,
    }).toEqual({
      open: 3,
      overdue: 2,
    });
    expect(after.overdue.filter((number) => !before.overdue.includes(number)).sort()).toEqual([
      '2.31',
      '2.32',
    ]);
  });

  /**
   * Sends `file` to be imported (not a dry run), and answers its refusal; for a CSV (read by
   * csv-parse, which a hostile file could keep busy for seconds), /healthz is asked meanwhile and
   * must answer first. Each hostile file is read once here, in the whole suite: the reader's
   * refusal, as the route answers it, with the whole database unchanged (the bad-input table, new-route-inputs.test.ts, leaves them here).
   */
  async function refusalOf(file: HostileFile, { healthMeanwhile }: { healthMeanwhile: boolean }) {
    const before = await databaseDigest(app);
    const importing = importAs(
      'auditorOwner',
      importForm(await file.build(), planFields, file.fileName),
    );
    if (healthMeanwhile) {
      const health = app.inject({ method: 'GET', url: '/healthz' });
      const first = await Promise.race([
        importing.then(() => 'the import'),
        health.then(() => '/healthz'),
      ]);
      expect(first).toBe('/healthz');
      expect((await health).statusCode).toBe(200);
    }
    const response = await importing;
    expect({ status: response.statusCode, message: response.json().message }).toEqual({
      status: file.status,
      message: file.message,
    });
    expect(await databaseDigest(app)).toEqual(before);
  }

  it.each(
    HOSTILE_FILES.filter((file) => !file.fileName.endsWith('.csv')).map(
      (file) => [file.name, file] as const,
    ),
  )('refuses %s while reading it, and writes nothing', (_name, file) =>
    refusalOf(file, { healthMeanwhile: false }),
  );

  it.each(
    HOSTILE_FILES.filter((file) => file.fileName.endsWith('.csv')).map(
      (file) => [file.name, file] as const,
    ),
  )(
    'refuses %s while reading it, answers /healthz before the import answers, and writes nothing',
    (_name, file) => refusalOf(file, { healthMeanwhile: true }),
  );

  it(`imports ${ESAP_IMPORT_MAX_ROWS} rows in bulk, and writes nothing when the import fails half-way`, async () => {
    const file = await manyItemsWorkbook(ESAP_IMPORT_MAX_ROWS, year);
    const started = Date.now();
    const response = await importAs('auditorOwner', importForm(file));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.gaps.imported).toBe(ESAP_IMPORT_MAX_ROWS);
    expect(Date.now() - started).toBeLessThan(60_000);
    const plan = await detail(response.json().data.actionPlanId);
    expect(plan.statistics.totalGaps).toBe(ESAP_IMPORT_MAX_ROWS);
    expect(plan.gaps[0].esapItemNumber).toBe('1');
    expect(plan.gaps[1999].esapItemNumber).toBe('2000');

    // The database refuses the 1,500th gap: the plan, its first gaps and their history go too.
    await app.db.query(`CREATE FUNCTION refuse_action_1500() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.recommendation = 'Action 1500' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await app.db.query(`CREATE TRIGGER refuse_action_1500 BEFORE INSERT ON gaps
      FOR EACH ROW EXECUTE FUNCTION refuse_action_1500()`);
    try {
      const before = await written(app);
      // Asked for as a new plan: the first copy is a plan of the audit already (0083).
      const failed = await importAs('auditorOwner', importForm(file), { newPlan: 'true' });
      expect(failed.statusCode).toBe(500);
      expect(await written(app)).toEqual(before);
    } finally {
      await app.db.query('DROP TRIGGER refuse_action_1500 ON gaps');
      await app.db.query('DROP FUNCTION refuse_action_1500()');
    }
  });

  it('lets auditor owners and admins of the audit’s firm import, and no one else', async () => {
    const before = await written(app);
    const dry = { dryRun: 'true' };
    for (const who of ['auditorEditor', 'auditorViewer', 'clientOwner', 'companyOwner'] as const) {
      expect((await importAs(who, importForm(workbook), dry)).statusCode).toBe(403);
    }
    expect(
      (await importAs('otherFirmOwner', importForm(workbook), dry, world.audits.ap)).statusCode,
    ).toBe(404);
    expect(
      (await importAs('auditorOwner', importForm(workbook), dry, world.audits.otherFirm))
        .statusCode,
    ).toBe(404);
    // Another client's company the firm also audits: its audit under Acme's id is no Acme audit.
    expect(
      (await importAs('auditorOwner', importForm(workbook), dry, world.audits.beta)).statusCode,
    ).toBe(404);
    // A plan of another audit of the firm is not this audit's plan.
    const mpPlan = await createPlan(
      world,
      {
        actionPlanHeading: 'Management plan',
        category: 'social',
        formType: 'mp',
        timeline: `${year + 1}-12-31`,
        gap: {
          KPI: 'k',
          gapName: 'g',
          recommendation: 'r',
          responsibility: 'p',
          impactedSDGs: ['SDG1'],
          dueDate: `${year}-06-30`,
          ESGAspect: 'Social',
        },
      },
      world.audits.mp,
    );
    const otherFirmPlan = (
      await world.as.otherFirmOwner({
        method: 'POST',
        url: '/api/v1/action-plan',
        query: { targetCompanyId: world.acmeId, auditId: world.audits.otherFirm },
        payload: {
          actionPlanHeading: 'Other firm plan',
          category: 'environment',
          formType: 'ap',
          timeline: `${year + 1}-12-31`,
          gap: {
            KPI: 'k',
            gapName: 'g',
            recommendation: 'r',
            responsibility: 'p',
            impactedSDGs: ['SDG1'],
            dueDate: `${year}-06-30`,
            ESGAspect: 'Social',
          },
        },
      })
    ).json().data.actionPlan.id as string;
    const after = await written(app);
    expect(
      (await importAs('auditorOwner', importForm(workbook), { actionPlanId: otherFirmPlan }))
        .statusCode,
    ).toBe(404);
    expect(
      (await importAs('auditorOwner', importForm(workbook), { ...dry, actionPlanId: mpPlan }))
        .statusCode,
    ).toBe(404);
    expect(await written(app)).toEqual(after);
    expect(after!.plans).toBe(before!.plans! + 2);
  });
});

describe.each(databaseKinds)('ESAP imports a user may make on %s', (kind) => {
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

  const dryRun = (who: keyof World['as']) =>
    world.as[who]({
      method: 'POST',
      url: '/api/v1/action-plan/import',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.ap, dryRun: 'true' },
      payload: importForm(
        ebrdCsv({ year }),
        planFields,
        'esap.csv',
      ) as unknown as InjectOptions['payload'],
    });

  it('allows 10 imports a minute per user, then 429 with when to try again', async () => {
    // Those who may not import are refused before they are counted.
    for (let index = 0; index < 12; index += 1) {
      expect((await dryRun('auditorEditor')).statusCode).toBe(403);
    }
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1)
      statuses.push((await dryRun('auditorOwner')).statusCode);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    const refused = await dryRun('auditorOwner');
    expect({
      status: refused.statusCode,
      code: refused.json().code,
      message: refused.json().message,
    }).toEqual({ status: 429, code: 'RATE_LIMITED', message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another user is not held back.
    expect((await dryRun('auditorAdmin')).statusCode).toBe(200);
  });
});
