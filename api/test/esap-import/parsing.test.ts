// The ESAP import's pure parts: dates, standards, the header and rows of a real-looking workbook and
// its CSV export, and the checked gaps they give.
import {
  dateFromText,
  readTimetable,
  conditionTypeOfTimetable,
  milestoneOfTimetable,
} from '../../src/esap-import/timetable';
import { referencesIn, sectionReference } from '../../src/esap-import/standards';
import {
  MAX_UNPACKED_BYTES,
  READS_AT_ONCE,
  declaredUnpackedBytes,
  readSpreadsheet,
  readsWaiting,
  type Sheet,
} from '../../src/esap-import/read-spreadsheet';
import { esgAspectOfReferences } from '@verity/shared-api/src/server';
import { findLayout } from '../../src/esap-import/layout';
import { prepareGaps } from '../../src/esap-import/prepare-gaps';
import {
  EBRD_EXPECTED,
  bigSheetWorkbook,
  ebrdCsv,
  ebrdWorkbook,
  excelSerial,
  frenchEsapWorkbook,
  nextYear,
  turkishEsapWorkbook,
  simpleWorkbook,
  withEntries,
  zipBombWorkbook,
  zipEntries,
} from './esap-fixtures';

describe('timetable dates', () => {
  it.each([
    ['31/12/2026', '2026-12-31'],
    ['1/2/2027', '2027-02-01'],
    ['12/31/2026', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['31-12-26', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    ['2026/03/05', '2026-03-05'],
    ['2026-12-31T00:00:00.000Z', '2026-12-31'],
    ['Dec 2026', '2026-12-31'],
    ['December 2026', '2026-12-31'],
    ['Feb 2028', '2028-02-29'],
    ['Feb-27', '2027-02-28'],
    ['Q1 2027', '2027-03-31'],
    ['Q3 2026', '2026-09-30'],
    ['3Q 2026', '2026-09-30'],
    ['2026 Q4', '2026-12-31'],
    ['H1 2027', '2027-06-30'],
    ['30 June 2027', '2027-06-30'],
    ['1st Mar 2027', '2027-03-01'],
    ['March 5, 2027', '2027-03-05'],
    ['By 31/12/2026', '2026-12-31'],
    ['End of Q2 2027', '2027-06-30'],
    ['End of 2027', '2027-12-31'],
    ['by the end of 2028', '2028-12-31'],
    ['Dec 2026¹', '2026-12-31'],
    ['Q3 2026*', '2026-09-30'],
    [String(excelSerial('2027-06-30')), '2027-06-30'],
  ])('%s is %s', (text, iso) => {
    expect(dateFromText(text)).toBe(iso);
  });

  it.each([
    'Prior to first disbursement',
    'Annually',
    'Within 6 months of signing',
    'Ongoing',
    '31/02/2026',
    '2026',
    'Q5 2026',
    '',
  ])('%s is no date', (text) => {
    expect(dateFromText(text)).toBeUndefined();
  });

  it('reads date cells, Excel serial numbers and text', () => {
    expect(readTimetable(new Date(Date.UTC(2027, 2, 31)))).toEqual({
      kind: 'date',
      dueDate: '2027-03-31',
      text: '2027-03-31',
    });
    expect(readTimetable(excelSerial('2027-06-30'))).toMatchObject({ dueDate: '2027-06-30' });
    expect(readTimetable(12)).toEqual({ kind: 'text', text: '12' });
    expect(readTimetable('  ')).toEqual({ kind: 'empty' });
    expect(readTimetable(null)).toEqual({ kind: 'empty' });
    expect(readTimetable('Q3 2026')).toEqual({
      kind: 'date',
      dueDate: '2026-09-30',
      text: 'Q3 2026',
    });
  });

  it.each([
    ['Prior to first disbursement', 'precedent'],
    ['Before signing', 'precedent'],
    ['Annually', 'recurring'],
    ['Ongoing during construction', 'ongoing'],
    ['Avant le premier décaissement', 'precedent'],
    ['İlk kullandırımdan önce', 'precedent'],
    ['Within 6 months of financial close', 'subsequent'],
    ['Within 3 months of first disbursement', 'subsequent'],
    ['Dans les 6 mois suivant la clôture financière', 'subsequent'],
    ['Finansal kapanıştan sonra 6 ay içinde', 'subsequent'],
    ['Annuellement', 'recurring'],
    ['Her yıl', 'recurring'],
    ['En continu', 'ongoing'],
    ['Sürekli', 'ongoing'],
    ['Within 6 months', null],
    ['End of 2027', null],
    ['6 months after first disbursement', 'subsequent'],
  ])('reads the condition type %s implies as %s', (text, type) => {
    expect(conditionTypeOfTimetable(text)).toBe(type);
  });
});

describe('timetables counted from a loan milestone', () => {
  const FC = 'Financial close';
  const FD = 'First disbursement';
  it.each([
    ['Prior to first disbursement', FD, 0, 0],
    ['Before first disbursement', FD, 0, 0],
    ['Before financial close', FC, 0, 0],
    ['By Financial Close', FC, 0, 0],
    ['Within 3 months of financial close', FC, 3, 0],
    ['Within 6 months of Financial Close¹', FC, 6, 0],
    ['Within six (6) months of financial close', FC, 6, 0],
    ['6 months after first disbursement', FD, 6, 0],
    ['No later than 12 months after first disbursement', FD, 12, 0],
    ['within 90 days of financial close', FC, 0, 90],
    ['Within 2 weeks of first disbursement', FD, 0, 14],
    ['Within 1 year of financial closing', FC, 12, 0],
    ['Avant le premier décaissement', FD, 0, 0],
    ['Avant la clôture financière', FC, 0, 0],
    ['Dans les 6 mois suivant le closing financier', FC, 6, 0],
    ['Dans un délai de 90 jours suivant la clôture financière', FC, 0, 90],
    ['İlk kullandırımdan önce', FD, 0, 0],
    ['Finansal kapanıştan önce', FC, 0, 0],
    ['Finansal kapanıştan itibaren 6 ay içinde', FC, 6, 0],
    ['Finansal kapanıştan sonra 6 ay içinde', FC, 6, 0],
    ['İlk kullandırımdan itibaren 90 gün içinde', FD, 0, 90],
  ])('%s is due %s + %i months %i days', (text, milestone, months, days) => {
    expect(milestoneOfTimetable(text)).toEqual({ milestone, months, days });
  });

  it.each([
    'Within 6 months of signing',
    'Within 6 months',
    '3 months prior to first disbursement',
    'Annually after financial close',
    'Before financial close and first disbursement',
    'Ongoing',
    'Financial close',
    '',
  ])('%s is not counted from a milestone', (text) => {
    expect(milestoneOfTimetable(text)).toBeUndefined();
  });
});

describe('standards', () => {
  it('finds the references a requirements cell names', () => {
    expect(referencesIn('EBRD PR1; national EIA law')).toEqual(['EBRD PR1', 'National law']);
    expect(referencesIn('PR2, PR4')).toEqual(['EBRD PR2', 'EBRD PR4']);
    expect(referencesIn('IFC PS 3 and Performance Standard 1')).toEqual(['IFC PS1', 'IFC PS3']);
    expect(referencesIn('EP 4; Best practice (GIIP)')).toEqual(['EP4', 'Other']);
    expect(referencesIn('PR11 and PS9')).toEqual([]);
  });

  it('reads a section heading by the standard it starts with', () => {
    expect(sectionReference('PR1 Assessment and Management of E&S Risks')).toBe('EBRD PR1');
    expect(sectionReference('PS 3 Resource Efficiency')).toBe('IFC PS3');
    expect(sectionReference('4. PR4: Health, Safety and Security')).toBe('EBRD PR4');
    expect(sectionReference('Performance Requirement 10 Stakeholder Engagement')).toBe('EBRD PR10');
    expect(sectionReference('General')).toBeNull();
    expect(sectionReference('Install filters to meet PR3')).toBeNull();
  });
});

const options = (year: number) => ({
  formType: 'ap' as const,
  planTimeline: `${year + 1}-12-31`,
  defaults: { ESGAspect: 'Environmental', impactedSDGs: ['SDG8'] },
  existingItemNumbers: new Set<string>(),
});

describe.each([
  ['workbook', 'xlsx', ebrdWorkbook],
  ['CSV export', 'csv', async (o: { year: number }) => ebrdCsv(o)],
] as const)('the EBRD %s', (_name, format, build) => {
  const year = nextYear();
  // Read once for the tests below, each about what the rows give.
  let read: Promise<Sheet> | undefined;
  const ebrdSheet = () => (read ??= build({ year }).then((bytes) => readSpreadsheet(bytes)));

  it('finds the merged two-row header and maps every column', async () => {
    const sheet = await ebrdSheet();
    expect(sheet.format).toBe(format);
    const layout = findLayout(sheet.rows);
    expect(layout.headerRows).toEqual([3, 4]);
    expect(layout.columns.map(({ column, field }) => [column, field])).toEqual([
      ['A', 'esapItemNumber'],
      ['B', 'recommendation'],
      ['C', 'gapName'],
      ['D', 'requirementReferences'],
      ['E', 'responsibility'],
      ['F', 'timetable'],
      ['G', 'completionIndicator'],
      ['H', 'status'],
      ['I', 'comments'],
    ]);
    expect(layout.columns[3]?.header).toBe('Requirements (Legislative, EBRD PR, Best Practice)');
    expect(layout.columns[5]?.header).toBe(
      format === 'xlsx' ? 'Implementation / Timetable' : 'Implementation / Timetable',
    );
  });

  it('gives 8 checked gaps, 3 sections, 1 rejected row and the warnings of each row', async () => {
    const sheet = await ebrdSheet();
    const layout = findLayout(sheet.rows);
    const prepared = prepareGaps(layout.rows, layout.columns, options(year));
    expect(prepared.counts).toEqual({
      items: EBRD_EXPECTED.items,
      sections: EBRD_EXPECTED.sections,
      alreadyInPlan: 0,
      withErrors: EBRD_EXPECTED.withErrors,
    });
    expect(prepared.gaps.map(({ gap }) => gap.esapItemNumber)).toEqual(EBRD_EXPECTED.itemNumbers);
    // Each item keeps the section it is listed under, as the ESAP words it.
    const sectionOf = (item: string) =>
      prepared.gaps.find(({ gap }) => gap.esapItemNumber === item)?.gap.esapSection;
    expect(['1.1', '2.1', '3.2'].map(sectionOf)).toEqual([
      'PR1 Assessment and Management of Environmental and Social Risks and Impacts',
      'PR2 Labour and Working Conditions',
      'PR3 Resource Efficiency and Pollution Prevention and Control',
    ]);
    expect(prepared.errors).toEqual([
      { row: 15, column: 'E', itemNumber: '3.1', message: 'Responsibility is required' },
    ]);
    expect(prepared.rejectedRows).toEqual([
      expect.objectContaining({ row: 15, cells: expect.arrayContaining(['3.1']) }),
    ]);
    // 'Prior to first disbursement' (1.3) is read, due by first disbursement: no warning.
    expect(prepared.warnings).toEqual([
      {
        row: null,
        column: 'E',
        message:
          "Column E ('Resources, Responsibility') names Resources and Responsibility, and not every cell splits in two; it is imported as Responsibility only.",
      },
      {
        row: 13,
        column: 'F',
        itemNumber: '2.4',
        message: `Timetable 'Annually' is not a date: kept as written, due on the action plan's timeline.`,
      },
      {
        row: 13,
        column: 'H',
        itemNumber: '2.4',
        message: `Status 'Completed' imported as Open: close it through the closure review.`,
      },
      { row: 17, column: null, message: 'Row read as a footnote and not imported.' },
    ]);

    const byNumber = new Map(prepared.gaps.map(({ gap }) => [gap.esapItemNumber, gap]));
    const first = byNumber.get('1.1');
    // The action lives in the recommendation only; the KPI is the completion indicator.
    expect(first).toMatchObject({
      KPI: 'ESMS manual approved by the Board',
      gapName: 'No formal ESMS; E&S risks managed ad hoc',
      recommendation:
        'Develop and implement an Environmental and Social Management System (ESMS)\nin line with PR1, certified to ISO 14001',
      responsibility: 'HSE Manager\nInternal resources',
      requirementReferences: ['EBRD PR1', 'National law'],
      completionIndicator: 'ESMS manual approved by the Board',
      timetable: `31/12/${year}`,
      conditionType: null,
      // PR1 (the section's) gives Governance, over the default chosen for every item.
      ESGAspect: 'Governance',
      impactedSDGs: ['SDG8'],
      riskSeverity: 'moderate',
      fields: {
        esapRequirements: {
          name: 'Requirements (Legislative, EBRD PR, Best Practice)',
          value: 'EBRD PR1; national EIA law',
        },
        esapStatus: { name: 'Implementation / Status', value: 'Ongoing' },
        comments: { name: 'Comments', value: 'Consultant appointed' },
      },
    });
    expect(first?.dueDate?.toISOString()).toBe(`${year}-12-31T00:00:00.000Z`);
    const due = (item: string) => byNumber.get(item)?.dueDate?.toISOString().slice(0, 10);
    expect(due('1.2')).toBe(`${year}-09-30`);
    expect(due('1.3')).toBeUndefined();
    expect(byNumber.get('1.3')).toMatchObject({
      timetable: 'Prior to first disbursement',
      dueMilestone: 'First disbursement',
      dueOffsetMonths: 0,
      dueOffsetDays: 0,
      conditionType: 'precedent',
      requirementReferences: ['EBRD PR1', 'EBRD PR10'],
    });
    expect(due('2.1')).toBe(`${year}-03-31`);
    expect(due('2.2')).toBe(`${year}-12-31`);
    expect(due('2.3')).toBe(`${year + 1}-06-30`);
    expect(byNumber.get('2.3')?.requirementReferences).toEqual(['EBRD PR2', 'EBRD PR4']);
    expect(byNumber.get('2.3')?.ESGAspect).toBe('Social');
    expect(byNumber.get('2.4')).toMatchObject({
      timetable: 'Annually',
      conditionType: 'recurring',
    });
    expect(byNumber.get('3.2')).toMatchObject({
      requirementReferences: ['EBRD PR3', 'Other'],
      timetable: `30 June ${year}`,
      ESGAspect: 'Environmental',
    });
  });

  it('skips the items a plan already has', async () => {
    const sheet = await ebrdSheet();
    const layout = findLayout(sheet.rows);
    const prepared = prepareGaps(layout.rows, layout.columns, {
      ...options(year),
      existingItemNumbers: new Set(['1.1', '2.2']),
    });
    expect(prepared.counts.alreadyInPlan).toBe(2);
    expect(prepared.gaps).toHaveLength(6);
    expect(prepared.warnings).toContainEqual({
      row: 6,
      column: 'A',
      itemNumber: '1.1',
      message: 'ESAP item 1.1 is already in this action plan; the row was skipped.',
    });
  });
});

describe('what each column means: combined columns, resources, the aspect of a standard', () => {
  const year = nextYear();
  const read = async (bytes: Promise<Buffer>) => {
    const layout = findLayout((await readSpreadsheet(await bytes)).rows);
    return { layout, prepared: prepareGaps(layout.rows, layout.columns, options(year)) };
  };
  const fieldsOf = (layout: ReturnType<typeof findLayout>) =>
    layout.columns.map(({ column, field, combined, splits }) => ({
      column,
      field,
      combined,
      splits,
    }));

  it('splits a French "Status / Responsibility" column whose cells all split, and keeps Resources apart', async () => {
    const { layout, prepared } = await read(frenchEsapWorkbook(year));
    expect(fieldsOf(layout)).toEqual([
      { column: 'A', field: 'esapItemNumber', combined: [], splits: false },
      { column: 'B', field: 'recommendation', combined: [], splits: false },
      { column: 'C', field: 'gapName', combined: [], splits: false },
      { column: 'D', field: 'requirementReferences', combined: [], splits: false },
      { column: 'E', field: 'resources', combined: [], splits: false },
      { column: 'F', field: 'status', combined: ['status', 'responsibility'], splits: true },
      { column: 'G', field: 'timetable', combined: [], splits: false },
    ]);
    expect(prepared.errors).toEqual([]);
    expect(prepared.warnings[0]).toEqual({
      row: null,
      column: 'F',
      message:
        "Column F ('Status / Responsibility') holds ESAP status and Responsibility: each cell is split in two, the first part is ESAP status, the second Responsibility.",
    });
    const gaps = prepared.gaps.map(({ gap }) => ({
      item: gap.esapItemNumber,
      responsibility: gap.responsibility,
      resources: gap.resources,
      status: gap.fields.esapStatus,
      aspect: gap.ESGAspect,
      KPI: gap.KPI,
    }));
    expect(gaps).toEqual([
      {
        item: '1.1',
        responsibility: 'Responsable HSE',
        resources: 'Consultant EUR 15 000',
        status: { name: 'ESAP status', value: 'En cours' },
        aspect: 'Governance',
        KPI: 'ESAP item 1.1 completed',
      },
      {
        item: '2.1',
        responsibility: 'Directeur technique',
        resources: 'LOTO equipment EUR 20,000',
        status: { name: 'ESAP status', value: 'Non commencé' },
        aspect: 'Social',
        KPI: 'ESAP item 2.1 completed',
      },
      {
        item: '3.1',
        responsibility: 'Responsable environnement',
        resources: 'Interne',
        status: { name: 'ESAP status', value: 'Recurring' },
        aspect: 'Environmental',
        KPI: 'ESAP item 3.1 completed',
      },
      {
        item: '6.1',
        responsibility: 'Responsable environnement',
        resources: 'EUR 40 000',
        status: { name: 'ESAP status', value: 'Achevé' },
        aspect: 'Environmental',
        KPI: 'ESAP item 6.1 completed',
      },
    ]);
    // The action is stored once, in the recommendation; the gap's name is its E&S risk.
    expect(prepared.gaps[1]?.gap).toMatchObject({
      recommendation: 'Installer des dispositifs de consignation (LOTO)',
      gapName: 'Accidents de maintenance',
    });
  });

  it('imports a Turkish "Responsibility & Timing" column that does not always split as Responsibility, and says so', async () => {
    const { layout, prepared } = await read(turkishEsapWorkbook(year));
    expect(fieldsOf(layout).slice(4, 7)).toEqual([
      { column: 'E', field: 'resources', combined: [], splits: false },
      {
        column: 'F',
        field: 'responsibility',
        combined: ['responsibility', 'timetable'],
        splits: false,
      },
      { column: 'G', field: 'status', combined: [], splits: false },
    ]);
    expect(prepared.warnings).toContainEqual({
      row: null,
      column: 'F',
      message:
        "Column F ('Responsibility & Timing') names Responsibility and Timetable (due date), and not every cell splits in two; it is imported as Responsibility only.",
    });
    expect(
      prepared.gaps.map(({ gap }) => [
        gap.esapItemNumber,
        gap.responsibility,
        gap.resources,
        gap.ESGAspect,
      ]),
    ).toEqual([
      ['1', `İSG Müdürü; Q3 ${year}`, 'Şirket içi', 'Governance'],
      ['2', 'Genel Müdür', 'TRY 50.000', 'Social'],
      ['3', `Kurumsal İletişim; Q4 ${year}`, null, 'Governance'],
    ]);
  });

  it('splits the same column once its every cell splits', async () => {
    const sheet = await readSpreadsheet(
      await simpleWorkbook(
        ['No.', 'Action', 'Responsibility & Timing'],
        [
          ['1', 'Appoint an E&S coordinator', `General Director; Q3 ${year}`],
          ['2', 'Publish the SEP', `Communications\n31/12/${year}`],
        ],
      ),
    );
    const layout = findLayout(sheet.rows);
    const prepared = prepareGaps(layout.rows, layout.columns, options(year));
    expect(
      prepared.gaps.map(({ gap }) => [gap.responsibility, gap.timetable, gap.ESGAspect]),
    ).toEqual([
      ['General Director', `Q3 ${year}`, 'Environmental'],
      ['Communications', `31/12/${year}`, 'Environmental'],
    ]);
  });

  it.each([
    [['IFC PS1'], 'Governance'],
    [['IFC PS2'], 'Social'],
    [['IFC PS3'], 'Environmental'],
    [['IFC PS4'], 'Social'],
    [['IFC PS5'], 'Social'],
    [['IFC PS6'], 'Environmental'],
    [['IFC PS7'], 'Social'],
    [['IFC PS8'], 'Social'],
    [['EBRD PR9'], 'Governance'],
    [['EBRD PR10'], 'Governance'],
    [['EBRD PR1', 'EBRD PR3'], 'Environmental'],
    [['EBRD PR10', 'EBRD PR4'], 'Social'],
    [['EP4', 'National law'], null],
    [[], null],
  ])('the references %j give the ESG aspect %s', (references, aspect) => {
    expect(esgAspectOfReferences(references)).toBe(aspect);
  });
});

describe('rows the rules refuse', () => {
  it('names the row and column of a due date after the plan timeline, and repeated item numbers', async () => {
    const year = nextYear();
    const sheet = await readSpreadsheet(
      await simpleWorkbook(
        ['Item No.', 'Corrective Action', 'Non-compliance', 'PS', 'Responsible', 'Deadline'],
        [
          ['PS 2 Labor and Working Conditions'],
          ['A1', 'Fix it', 'Broken', null, 'HR', `31/12/${year + 5}`],
          ['a1', 'Again', 'Broken', null, 'HR', `31/12/${year}`],
          ['A2', 'Fine', 'Broken', null, 'HR', `31/12/${year}`],
          [null, 'No number', 'Broken', null, 'HR', `31/12/${year}`],
        ],
      ),
    );
    const layout = findLayout(sheet.rows);
    const prepared = prepareGaps(layout.rows, layout.columns, options(year));
    expect(prepared.errors).toEqual([
      {
        row: 3,
        column: 'F',
        itemNumber: 'A1',
        message: 'Gap due date cannot be later than Action Plan timeline',
      },
      {
        row: 4,
        column: 'A',
        itemNumber: 'a1',
        message: 'ESAP item a1 already appears in row 3; the row was skipped.',
      },
      {
        row: 6,
        column: 'A',
        message:
          'No item number: each imported row needs one, so that importing the file again does not repeat it.',
      },
    ]);
    expect(prepared.gaps).toHaveLength(1);
    expect(prepared.gaps[0]?.gap.requirementReferences).toEqual(['IFC PS2']);
  });
});

describe('a running loan’s ESAP', () => {
  it('brings in items already past due, overdue at once, and says so by item number', async () => {
    const sheet = await readSpreadsheet(
      await simpleWorkbook(
        ['No.', 'Action', 'Finding', 'Responsibility', 'Timetable'],
        [
          ['PR2 Labour and Working Conditions'],
          ['2.1', 'Review overtime', 'Excess hours', 'HR', '31/10/2026'],
          ['2.2', 'Publish grievance policy', 'No policy', 'HR', '30/09/2026'],
          ['2.3', 'Train supervisors', 'No training', 'HR', 'End of 2027'],
          ['2.4', 'Appoint E&S officer', 'No officer', 'CEO', 'Within 6 months of financial close'],
        ],
      ),
    );
    const layout = findLayout(sheet.rows);
    const prepared = prepareGaps(layout.rows, layout.columns, {
      ...options(2027),
      now: () => new Date('2026-11-15T09:00:00Z'),
    });
    expect(prepared.errors).toEqual([]);
    expect(
      prepared.gaps.map(({ gap }) => [
        gap.esapItemNumber,
        gap.dueDate?.toISOString().slice(0, 10),
        gap.conditionType,
      ]),
    ).toEqual([
      ['2.1', '2026-10-31', null],
      ['2.2', '2026-09-30', null],
      ['2.3', '2027-12-31', null],
      ['2.4', undefined, 'subsequent'],
    ]);
    // Counted from financial close: waiting for its date, not due on the plan's timeline.
    expect(prepared.gaps[3]?.gap).toMatchObject({
      dueMilestone: 'Financial close',
      dueOffsetMonths: 6,
      dueOffsetDays: 0,
    });
    expect(prepared.warnings.filter(({ column }) => column === 'E')).toEqual([
      {
        row: 3,
        column: 'E',
        itemNumber: '2.1',
        message: 'ESAP item 2.1 was due 31/10/2026, before today: it comes in overdue.',
      },
      {
        row: 4,
        column: 'E',
        itemNumber: '2.2',
        message: 'ESAP item 2.2 was due 30/09/2026, before today: it comes in overdue.',
      },
    ]);
  });
});

describe('workbooks that unpack too large', () => {
  const tooLarge = {
    statusCode: 413,
    message:
      'The workbook unpacks to more than 100 MB; at most 100 MB can be read. Remove images or other sheets, or save it as CSV.',
  };

  it('reads the unpacked size a workbook declares, and refuses one past the limit unread', async () => {
    const workbook = await ebrdWorkbook();
    const declared = declaredUnpackedBytes(workbook);
    expect(declared).toBeGreaterThan(workbook.length);
    expect(declared).toBeLessThan(MAX_UNPACKED_BYTES);
    // The first entry's declared size raised past the limit, as an honest large zip declares it.
    const large = Buffer.from(workbook);
    const end = large.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const firstEntry = large.readUInt32LE(end + 16);
    large.writeUInt32LE(MAX_UNPACKED_BYTES + 1, firstEntry + 24);
    expect(declaredUnpackedBytes(large)).toBeGreaterThan(MAX_UNPACKED_BYTES);
    await expect(readSpreadsheet(large)).rejects.toMatchObject(tooLarge);
    expect(declaredUnpackedBytes(Buffer.from('PK\x03\x04 not a zip'))).toBe(Infinity);
  });

  it('counts the bytes it unpacks, not those declared: a zip bomb is refused at the limit', async () => {
    const bomb = await zipBombWorkbook();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(declaredUnpackedBytes(bomb)).toBeLessThan(MAX_UNPACKED_BYTES);
    await expect(readSpreadsheet(bomb)).rejects.toMatchObject(tooLarge);
  });

  it('refuses a workbook whose entry holds less than it declares, as exceljs would', async () => {
    const [sheet] = zipEntries(await ebrdWorkbook()).filter(
      (entry) => entry.name === 'xl/worksheets/sheet1.xml',
    );
    const lying = withEntries(await ebrdWorkbook(), [{ ...sheet!, size: sheet!.size + 1000 }]);
    await expect(readSpreadsheet(lying)).rejects.toMatchObject({
      statusCode: 400,
      message: 'This workbook could not be read; save it again as .xlsx and retry.',
    });
  });
});

describe('reading away from the event loop', () => {
  it('stops a read past its time budget: 422 naming the budget', async () => {
    await expect(readSpreadsheet(await ebrdWorkbook(), { seconds: 0.001 })).rejects.toMatchObject({
      statusCode: 422,
      message:
        'Reading the file took longer than 0.001 seconds, the most an import may take; save it with fewer rows, columns or sheets and retry.',
    });
  });

  it('stops a read past its memory: 413 naming the memory, and reads the next file', async () => {
    // Time enough that only the memory stops it: on a busy machine the default 20 s can run out first.
    await expect(
      readSpreadsheet(await bigSheetWorkbook(9_000), { heapMegabytes: 32, seconds: 600 }),
    ).rejects.toMatchObject({
      statusCode: 413,
      message:
        'Reading the file needed more than 32 MB of memory, the most an import may use; save it with fewer rows, columns or sheets and retry.',
    });
    expect((await readSpreadsheet(ebrdCsv())).rows.length).toBeGreaterThan(10);
  });

  it(`reads ${READS_AT_ONCE} files at once; the next waits for a turn`, async () => {
    const file = ebrdCsv();
    const reads = Array.from({ length: READS_AT_ONCE + 1 }, () => readSpreadsheet(file));
    expect(readsWaiting()).toBe(1);
    const sheets = await Promise.all(reads);
    expect(readsWaiting()).toBe(0);
    expect(new Set(sheets.map((sheet) => sheet.rows.length)).size).toBe(1);
  });
});
