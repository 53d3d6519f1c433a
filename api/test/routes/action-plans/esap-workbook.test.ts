// The lender's own workbook back (docs/decisions/0093-esap-back-in-the-lenders-layout.md), on a real
// database: an ESAP imported from a lender's workbook, worked on in Verity (remarks with photos, a
// closure verified at the desk, an item added, one past due), then written back as of a day in that
// workbook's layout; read with exceljs, the title block, header and section rows are the lender's as
// they were and each item row carries Verity's status, progress, evidence, verification and due
// date. A revised plan writes the revision's file; a plan with no workbook is a 404.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  ESAP_WORKBOOK_COLUMNS,
  ESAP_WORKBOOK_TEXT,
  esapWorkbookMessages,
  formatDate,
} from '@verity/shared-api/src/server';
import { sweepAttachments } from '../../../src/storage/attachment-sweep';
import { localAttachmentStorage } from '../../../src/storage/local-attachment-storage';
import { buildTestApp } from '../../support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from '../../support/databases';
import { nextYear } from '../../esap-import/esap-fixtures';
import {
  EBRD_LAYOUT_AGREED,
  EBRD_LAYOUT_BOTTOM,
  EBRD_LAYOUT_PROJECT,
  EBRD_LAYOUT_TITLE,
  EBRD_LAYOUT_TOP,
  FRENCH_LAYOUT_HEADER,
  FRENCH_LAYOUT_PROJECT,
  FRENCH_LAYOUT_TITLE,
  ebrdLayoutBody,
  ebrdLayoutWorkbook,
  frenchLayoutWorkbook,
} from '../../esap-import/layout-fixtures';
import { buildWorld, createPlan, type World } from './fixtures';
import { multipart, pngOf } from './remark-uploads';

const year = nextYear();
const lastYear = new Date().getUTCFullYear() - 1;
const PAST = `15/01/${lastYear}`;
const today = () => new Date().toISOString().slice(0, 10);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function importForm(file: Buffer, fileName: string, heading: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    actionPlanHeading: heading,
    category: 'environment',
    timeline: `${year + 1}-12-31`,
    ESGAspect: 'Environmental',
    impactedSDGs: 'SDG8',
  })) {
    form.append(key, value);
  }
  form.append('file', new Blob([file]), fileName);
  return form;
}

async function workbookOf(response: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** A row's texts (a date as yyyy-mm-dd), columns 1..`width`; '' for an empty cell. */
function rowTexts(sheet: ExcelJS.Worksheet, number: number, width: number): (string | number)[] {
  const row = sheet.getRow(number);
  return Array.from({ length: width }, (_, index) => {
    const value = row.getCell(index + 1).value;
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value === 'number') return value;
    return String(value);
  });
}

/** Each column's header text (the top row's, the lower row's when both are written) by letter-free index. */
const headerOf = (sheet: ExcelJS.Worksheet, number: number, from: number, to: number) =>
  Array.from(
    { length: to - from + 1 },
    (_, index) => sheet.getRow(number).getCell(from + index).text,
  );

describe('ESAP workbook written back in the lender’s layout', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let ebrdPlan: string;
  let frenchPlan: string;
  const gapIds = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    app = await buildTestApp(database, { ESAP_IMPORTS_PER_MINUTE: '1000' });
    world = await buildWorld(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const importAs = async (form: FormData, query: Record<string, string> = {}) => {
    const response = await world.as.auditorOwner({
      method: 'POST',
      url: '/api/v1/action-plan/import',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.ap, ...query },
      payload: form as unknown as InjectOptions['payload'],
    });
    expect(response.statusCode).toBeLessThan(300);
    return response.json().data as { actionPlanId: string };
  };
  const download = (
    as: keyof World['as'],
    planId: string,
    query: Record<string, string> = {},
    company = world.acmeId,
  ) =>
    world.as[as]({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/esap-workbook`,
      query: { targetCompanyId: company, ...query },
    });
  const detail = async (planId: string) => {
    const response = await world.as.companyViewer({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      sourceWorkbook?: boolean;
      gaps: { id: string; esapItemNumber: string | null }[];
    };
  };
  const remark = (gapId: string, comments: string, photos: number) =>
    world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart(
        comments,
        Array.from({ length: photos }, (_, index) => ({
          fileName: `site-${index}.png`,
          bytes: pngOf(300 + index + comments.length),
        })),
      ),
    });

  it('keeps the workbook of a real import, not of a dry run, and the plan says it has one', async () => {
    const file = await ebrdLayoutWorkbook(year, PAST);
    const dry = await importAs(importForm(file, 'Karadeniz ESAP.xlsx', 'Karadeniz ESAP'), {
      dryRun: 'true',
    });
    expect(dry.actionPlanId).toBeNull();
    const { rows: none } = await app.db.query('SELECT 1 FROM esap_workbooks');
    expect(none).toHaveLength(0);

    ebrdPlan = (await importAs(importForm(file, 'Karadeniz ESAP.xlsx', 'Karadeniz ESAP')))
      .actionPlanId;
    const read = await detail(ebrdPlan);
    expect(read.sourceWorkbook).toBe(true);
    for (const gap of read.gaps) gapIds.set(gap.esapItemNumber ?? '', gap.id);
    expect([...gapIds.keys()]).toEqual(['1.1', '1.2', '2.1', '2.2', '4.1']);
  });

  it('a plan made by hand has no workbook: no flag, and a 404 that says so', async () => {
    const planId = await createPlan(world);
    expect((await detail(planId)).sourceWorkbook).toBe(false);
    const response = await download('clientOwner', planId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: esapWorkbookMessages.noWorkbook });
  });

  it('writes the EBRD-style workbook back as of today: the lender’s rows as they were, Verity’s columns filled in', async () => {
    // The company reports progress with photos; 1.1 is accepted at the desk; an item is added.
    expect(
      (await remark(gapIds.get('1.1')!, 'ESMS manual drafted, Board review in May', 2)).statusCode,
    ).toBe(200);
    expect((await remark(gapIds.get('2.1')!, 'Şikâyet kutuları kuruldu', 1)).statusCode).toBe(200);
    const closure = await world.as.companyOwner({
      method: 'POST',
      url: `/api/v1/gap/${gapIds.get('1.1')}/closure-request`,
      query: { targetCompanyId: world.acmeId },
      payload: {},
    });
    expect(closure.statusCode).toBe(200);
    const review = await world.as.clientOwner({
      method: 'POST',
      url: `/api/v1/gap/${gapIds.get('1.1')}/closure-review`,
      query: { targetCompanyId: world.acmeId },
      payload: { decision: 'accept', method: 'desk' },
    });
    expect(review.statusCode).toBe(200);
    const added = await world.as.auditorOwner({
      method: 'POST',
      url: `/api/v1/action-plan/${ebrdPlan}/gaps`,
      query: { auditId: world.audits.ap },
      payload: {
        KPI: 'Noise survey',
        gapName: 'Night-time noise at the quarry boundary',
        recommendation: 'Carry out a night-time noise survey at the quarry boundary',
        responsibility: 'HSE Manager',
        actionTakenByCompany: '',
        residualRisk: '',
        riskSeverity: 'moderate',
        dueDate: `${year}-10-31T00:00:00.000Z`,
        ESGAspect: 'Environmental',
        timeline: `${year}-12-31T00:00:00.000Z`,
        impactedSDGs: ['SDG3'],
        esapItemNumber: '4.2',
        requirementReferences: ['EBRD PR4'],
        esapSection: 'PR4 Health and Safety',
        fields: {},
        addOns: {},
      },
    });
    expect(added.statusCode).toBe(201);

    const response = await download('companyViewer', ebrdPlan);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent(`Karadeniz ESAP – as of ${today()}.xlsx`),
    );
    const workbook = await workbookOf(response);
    const sheet = workbook.getWorksheet('ESAP')!;

    // The title block as it was, and the "as of" line in its empty row.
    expect(rowTexts(sheet, 1, 1)).toEqual([EBRD_LAYOUT_TITLE]);
    expect(sheet.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    expect(rowTexts(sheet, 2, 1)).toEqual([EBRD_LAYOUT_PROJECT]);
    expect(rowTexts(sheet, 3, 1)).toEqual([EBRD_LAYOUT_AGREED]);
    expect(rowTexts(sheet, 4, 1)).toEqual([
      ESAP_WORKBOOK_TEXT.asOf(formatDate(`${today()}T00:00:00`, 'detail')),
    ]);
    const merges = (sheet.model as unknown as { merges: string[] }).merges;
    for (const range of [
      'A1:H1',
      'A2:H2',
      'A5:A6',
      'B5:B6',
      'F5:G5',
      'H5:H6',
      'A7:H7',
      'A10:H10',
    ]) {
      expect(merges).toContain(range);
    }
    // The header: the lender's own (its Status column kept), Verity's columns after it, merged over both rows.
    expect(headerOf(sheet, 5, 1, 8)).toEqual(
      EBRD_LAYOUT_TOP.map((text, i) => (i === 6 ? EBRD_LAYOUT_TOP[5] : text)),
    );
    expect(headerOf(sheet, 6, 6, 7)).toEqual(EBRD_LAYOUT_BOTTOM.slice(5, 7));
    const { status: _ownStatus, ...added_ } = ESAP_WORKBOOK_COLUMNS;
    expect(headerOf(sheet, 5, 9, 14)).toEqual(Object.values(added_));
    for (const column of ['I', 'N']) expect(merges).toContain(`${column}5:${column}6`);
    expect(sheet.getCell('I5').fill).toEqual(sheet.getCell('H5').fill);

    // The section rows as they were.
    const body = ebrdLayoutBody(year, PAST);
    for (const [offset, cells] of body.entries()) {
      if (cells.length === 1) expect(rowTexts(sheet, 7 + offset, 1)).toEqual([cells[0]]);
    }
    expect(sheet.getCell('A7').fill).toMatchObject({ fgColor: { argb: 'FFD9E1F2' } });
    // Each item row: the lender's cells A:G as they were, then Verity's as of today.
    const itemRow = (number: number) => rowTexts(sheet, number, 14);
    const ownCells = (offset: number) =>
      (body[offset] as (string | null)[]).slice(0, 7).map((c) => c ?? '');
    expect(itemRow(8)).toEqual([
      ...ownCells(1),
      'Prov Close',
      `${formatDate(new Date(), 'table')}: ESMS manual drafted, Board review in May`,
      2,
      today(),
      'Desk review',
      today(),
      `${year}-12-31`,
    ]);
    expect(itemRow(9)).toEqual([...ownCells(2), 'Overdue', '', 0, '', '', '', `${lastYear}-01-15`]);
    expect(itemRow(11)).toEqual([
      ...ownCells(4),
      'Open',
      `${formatDate(new Date(), 'table')}: Şikâyet kutuları kuruldu`,
      1,
      today(),
      '',
      '',
      `${year}-09-30`,
    ]);
    // Dates are dates, in the reader's style; counts are numbers.
    expect(sheet.getCell('N8').value).toBeInstanceOf(Date);
    expect(sheet.getCell('N8').numFmt).toBe('dd/mm/yyyy');
    expect(typeof sheet.getCell('J8').value).toBe('number');
    // The note under the table is left as it was; the item added in Verity comes after it, under its section.
    expect(rowTexts(sheet, 15, 1)).toEqual([body[8]![0]]);
    expect(rowTexts(sheet, 16, 1)).toEqual(['']);
    expect(rowTexts(sheet, 17, 1)).toEqual([
      ESAP_WORKBOOK_TEXT.addedHeading('PR4 Health and Safety'),
    ]);
    expect(rowTexts(sheet, 18, 14)).toEqual([
      '4.2',
      'Carry out a night-time noise survey at the quarry boundary',
      'Night-time noise at the quarry boundary',
      'EBRD PR4',
      'HSE Manager',
      '',
      '',
      'Open',
      '',
      0,
      '',
      '',
      '',
      `${year}-10-31`,
    ]);
  });

  it('as of an earlier day: the status and evidence of then, items not yet raised said so', async () => {
    // Everything of the plan moved ten days back but the desk review and 1.1's second remark.
    await app.db.query(
      `UPDATE gaps SET created_at = created_at - interval '10 days' WHERE action_plan_id = $1`,
      [ebrdPlan],
    );
    await app.db.query(
      `UPDATE remarks SET created_at = created_at - interval '10 days' WHERE gap_id = $1`,
      [gapIds.get('2.1')],
    );
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const beforeRaised = new Date(Date.now() - 16 * 86_400_000).toISOString().slice(0, 10);
    const sheet = (
      await workbookOf(await download('auditorViewer', ebrdPlan, { asOf: fiveDaysAgo }))
    ).getWorksheet('ESAP')!;
    // 1.1: open then (its closure came today), no evidence yet.
    expect(rowTexts(sheet, 8, 14).slice(7)).toEqual(['Open', '', 0, '', '', '', `${year}-12-31`]);
    // 2.1: its remark and photo were there.
    expect(rowTexts(sheet, 11, 14).slice(7, 10)).toEqual([
      'Open',
      `${formatDate(new Date(Date.now() - 10 * 86_400_000), 'table')}: Şikâyet kutuları kuruldu`,
      1,
    ]);
    const before = (
      await workbookOf(await download('auditorViewer', ebrdPlan, { asOf: beforeRaised }))
    ).getWorksheet('ESAP')!;
    expect(rowTexts(before, 8, 14).slice(7)).toEqual(['Not yet in Verity', '', '', '', '', '', '']);
  });

  it('writes the French workbook back with a Status column added after the lender’s columns', async () => {
    frenchPlan = (
      await importAs(
        importForm(
          await frenchLayoutWorkbook(year),
          'PAES Sahel v2.xlsx',
          'PAES Cimenterie du Sahel',
        ),
      )
    ).actionPlanId;
    const response = await download('clientViewer', frenchPlan);
    expect(response.statusCode).toBe(200);
    const sheet = (await workbookOf(response)).getWorksheet('PAES')!;
    expect(rowTexts(sheet, 1, 1)).toEqual([FRENCH_LAYOUT_TITLE]);
    expect(rowTexts(sheet, 2, 1)).toEqual([FRENCH_LAYOUT_PROJECT]);
    expect(rowTexts(sheet, 3, 1)[0]).toMatch(/^Status as of /);
    expect(headerOf(sheet, 4, 1, 15)).toEqual([
      ...FRENCH_LAYOUT_HEADER,
      ...Object.values(ESAP_WORKBOOK_COLUMNS),
    ]);
    expect(rowTexts(sheet, 5, 1)).toEqual(['NP1 – Évaluation et gestion des risques (PS1)']);
    expect(rowTexts(sheet, 6, 15)).toEqual([
      'A.1',
      'Mettre en place un SGES conforme à la NP1 et le faire certifier ISO 14001',
      'Pas de SGES formel',
      'IFC PS1',
      'EUR 15 000',
      'Responsable HSE',
      `${year}-03-31`,
      'Manuel du SGES approuvé',
      'Open',
      '',
      0,
      '',
      '',
      '',
      `${year}-03-31`,
    ]);
    // The lender's own date format is kept in its column.
    expect(sheet.getCell('G6').numFmt).toBe('dd/mm/yyyy');
    expect(rowTexts(sheet, 9, 9)[8]).toBe('Open');
  });

  it('a revised plan writes the revision’s file: its new item in place, a dropped item marked Dropped', async () => {
    // Rev 1 of the EBRD ESAP: 2.2 no longer listed, 2.3 added under PR2, one row further down.
    const body = ebrdLayoutBody(year, PAST).flatMap((cells) => {
      if (cells[0] === '2.2') {
        return [
          [
            '2.3',
            'Publish a Stakeholder Engagement Plan in Turkish on the company website',
            'Disclosure missing',
            'EBRD PR10',
            'Corporate Communications',
            `31/10/${year}`,
            'SEP published',
            'Not started',
          ],
        ];
      }
      return [cells];
    });
    const revised = await ebrdLayoutWorkbook(year, PAST, body);
    const form = importForm(revised, 'Karadeniz ESAP Rev 1.xlsx', 'Karadeniz ESAP');
    form.append('revisionNote', 'Rev 1 after the first monitoring visit');
    await importAs(form, { actionPlanId: ebrdPlan });
    const { rows } = await app.db.query<{ revision: number; file_name: string }>(
      'SELECT revision, file_name FROM esap_workbooks WHERE action_plan_id = $1',
      [ebrdPlan],
    );
    expect(rows).toEqual([{ revision: 1, file_name: 'Karadeniz ESAP Rev 1.xlsx' }]);

    const response = await download('clientOwner', ebrdPlan);
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent(`Karadeniz ESAP Rev 1 – as of ${today()}.xlsx`),
    );
    const sheet = (await workbookOf(response)).getWorksheet('ESAP')!;
    expect(rowTexts(sheet, 12, 9)).toEqual([
      '2.3',
      'Publish a Stakeholder Engagement Plan in Turkish on the company website',
      'Disclosure missing',
      'EBRD PR10',
      'Corporate Communications',
      `31/10/${year}`,
      'SEP published',
      'Open',
      '',
    ]);
    // The revision no longer lists 2.2, nor 4.2 added in Verity since: both dropped (0083), below the table.
    expect(rowTexts(sheet, 17, 1)).toEqual([ESAP_WORKBOOK_TEXT.droppedHeading]);
    expect(rowTexts(sheet, 19, 8)).toEqual([
      '4.2',
      'Carry out a night-time noise survey at the quarry boundary',
      'Night-time noise at the quarry boundary',
      'EBRD PR4',
      'HSE Manager',
      '',
      '',
      'Dropped',
    ]);
    expect(rowTexts(sheet, 18, 8)).toEqual([
      '2.2',
      'Audit the subcontractors’ working conditions on the quarry site',
      'Contractor labour risks',
      'EBRD PR2',
      'Procurement Manager',
      `31/12/${year}`,
      '',
      'Dropped',
    ]);
  });

  it('keeps one file per plan: the replaced one deleted, the sweep keeps the named ones, the file goes with its plan', async () => {
    const folder = path.join(database.env.DATA_DIR, 'attachments');
    const workbookFiles = async () =>
      (await readdir(folder)).filter((name) => name.endsWith('.xlsx')).sort();
    const { rows } = await app.db.query<{ storage_key: string; action_plan_id: string }>(
      'SELECT storage_key, action_plan_id FROM esap_workbooks ORDER BY storage_key',
    );
    expect(rows.map((row) => row.action_plan_id).sort()).toEqual([ebrdPlan, frenchPlan].sort());
    // The Rev 0 file of the EBRD plan was deleted once Rev 1 was kept; the dry run left nothing.
    expect(await workbookFiles()).toEqual(rows.map((row) => row.storage_key));
    const storage = localAttachmentStorage(folder);
    await sweepAttachments(app.db, storage, { graceMs: 0 });
    expect(await workbookFiles()).toEqual(rows.map((row) => row.storage_key));
    // A plan removed (with its company, as an operator would): its row goes, then the sweep takes the file.
    await app.db.query('DELETE FROM action_plans WHERE id = $1', [frenchPlan]);
    await sweepAttachments(app.db, storage, { graceMs: 0 });
    expect(await workbookFiles()).toEqual(
      rows.filter((row) => row.action_plan_id === ebrdPlan).map((row) => row.storage_key),
    );
  });

  it.each([
    ['not a day', '31/01/2026'],
    ['no such day', '2026-02-30'],
    ['after today', '2999-01-01'],
  ])('refuses an asOf %s (400, nothing written)', async (_name, asOf) => {
    const response = await download('clientOwner', ebrdPlan, { asOf });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: esapWorkbookMessages.badAsOf });
  });

  it('another company’s id with this plan is a 404', async () => {
    const response = await download('betaOwner', ebrdPlan, {}, world.betaId);
    expect(response.statusCode).toBe(404);
  });
});
