// The monitoring report of a lender's 36-item EBRD-style ESAP, as the E&S officer sends it on
// (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md): imported as Rev 0, worked on by
// the company, items closed by desk review and by site verification (with GPS photos and flagged
// ones), Rev 1 applied; then the PDF (each lender field in its own column, grouped by PR with a
// per-PR summary, the ESAP table in at most 5 landscape pages, the as-of date on every page, the
// revision, the sign-off and the evidence appendix) and the workbook (typed cells, filters, frozen
// header, one row per item, a per-PR sheet).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { findReportCompany, gatherReport, type ReportData } from '../../../src/reports/report-data';
import { writeReportPdf } from '../../../src/reports/report-pdf';
import { esapCells, reportClock } from '../../../src/reports/report-text';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { pdfText, type PdfText } from '../../support/pdf-text';
import { nextYear } from '../../esap-import/esap-fixtures';
import { buildWorld, type World } from '../action-plans/fixtures';
import { exifTime, jpegWithExif, multipart } from '../action-plans/remark-uploads';
import {
  LENDER_ESAP_SIZE,
  LENDER_REVISION,
  lenderEsapRevisionWorkbook,
  lenderEsapWorkbook,
} from './lender-esap-fixture';

const year = nextYear();
const planFields = {
  actionPlanHeading: 'Anadolu Çelik Sanayi – ESAP (EBRD)',
  category: 'environment',
  timeline: `${year + 1}-12-31`,
  ESGAspect: 'Environmental',
  impactedSDGs: 'SDG8, SDG13',
};

function importForm(file: Buffer, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file]), 'esap.xlsx');
  return form;
}

const ISTANBUL = { latitude: 41.0082, longitude: 28.9784 };
const IZMIT = { latitude: 40.7654, longitude: 29.9408 };

/** The items closed, and how: site verification (Closed) or desk review (Prov Close). */
const SITE = ['2.1', '3.5', '10.1'];
const DESK = ['1.3', '8.1', '10.2'];
const PENDING = '2.4';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

describe.each(databaseKinds)("a lender's 36-item ESAP report on %s", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;
  let pdf: PdfText;
  let pdfBytes: Buffer;
  let book: ExcelJS.Workbook;
  const ids = new Map<string, string>();

  const importAs = (form: FormData, query: Record<string, string> = {}) =>
    world.as.auditorOwner({
      method: 'POST',
      url: '/api/v1/action-plan/import',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.ap, ...query },
      payload: form as unknown as InjectOptions['payload'],
    });
  const onGap = (as: keyof World['as'], number: string, url: string, rest: object) =>
    world.as[as]({
      method: url === 'remark' ? 'PATCH' : 'POST',
      url: `/api/v1/gap/${ids.get(number)}/${url}`,
      query: { targetCompanyId: world.acmeId },
      ...rest,
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { ESAP_IMPORTS_PER_MINUTE: '1000' });
    world = await buildWorld(app);
    const imported = await importAs(importForm(await lenderEsapWorkbook(year), planFields));
    expect(imported.statusCode).toBe(201);
    planId = imported.json().data.actionPlanId;
    const detail = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    for (const gap of detail.json().data.gaps as { id: string; esapItemNumber: string }[]) {
      ids.set(gap.esapItemNumber, gap.id);
    }
    expect(ids.size).toBe(LENDER_ESAP_SIZE.rev0);

    // The company's evidence: photos with GPS, one taken years before the item was raised, and
    // one file sent on two items.
    const now = new Date();
    // A second on: the camera's clock has whole seconds, and the items were raised this second.
    const taken = new Date(now.getTime() + 1000);
    const photos: Record<string, Buffer> = {
      '2.1': jpegWithExif({ capturedAt: exifTime(taken, 180), utcOffset: '+03:00', gps: ISTANBUL }),
      '3.5': jpegWithExif({ capturedAt: exifTime(taken, 180), utcOffset: '+03:00', gps: IZMIT }),
      '10.1': jpegWithExif({
        capturedAt: exifTime(new Date(now.getTime() - 60_000), 180),
        gps: ISTANBUL,
      }),
      '1.3': jpegWithExif({ capturedAt: exifTime(new Date(now.getTime() - 120_000), 180) }),
      '8.1': jpegWithExif({ capturedAt: '2019:05:04 09:15:00', utcOffset: '+03:00' }),
      [PENDING]: jpegWithExif({}),
    };
    photos['10.2'] = photos['3.5']!;
    for (const [number, bytes] of Object.entries(photos)) {
      const remark = await onGap('companyOwner', number, 'remark', {
        ...multipart(`Kanıt / preuve pour l’item ${number}`, [
          { fileName: `item-${number}-site-photo.jpg`, bytes },
        ]),
      });
      expect(remark.statusCode).toBe(200);
      const request = await onGap('companyOwner', number, 'closure-request', { payload: {} });
      expect(request.statusCode).toBe(200);
    }
    const today = dayOf(now);
    for (const number of [...SITE, ...DESK]) {
      const flags =
        number === '8.1' ? ['takenBeforeGap'] : number === '10.2' ? ['sameFileOnAnotherGap'] : [];
      const review = await onGap('clientOwner', number, 'closure-review', {
        payload: {
          decision: 'accept',
          ...(SITE.includes(number)
            ? { method: 'site', visitDate: today, visitedBy: 'Ayşe Demir (IESC)' }
            : { method: 'desk' }),
          comment: 'Vérifié sur pièces',
          checkedFlags: flags,
        },
      });
      expect([number, review.statusCode, review.body]).toEqual([number, 200, expect.anything()]);
    }

    // Rev 1, after the first monitoring visit.
    const revised = await importAs(
      importForm(await lenderEsapRevisionWorkbook(year), {
        ...planFields,
        revisionNote: LENDER_REVISION.note,
      }),
      { actionPlanId: planId },
    );
    expect(revised.statusCode).toBe(200);

    const pdfResponse = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/report`,
      query: { targetCompanyId: world.acmeId, format: 'pdf' },
    });
    expect(pdfResponse.statusCode).toBe(200);
    pdfBytes = pdfResponse.rawPayload;
    if (process.env.REPORT_PDF_OUT) {
      await writeFile(path.join(process.env.REPORT_PDF_OUT, 'lender-esap-report.pdf'), pdfBytes);
    }
    pdf = await pdfText(pdfBytes);
    const xlsxResponse = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/report`,
      query: { targetCompanyId: world.acmeId, format: 'xlsx' },
    });
    expect(xlsxResponse.statusCode).toBe(200);
    book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsxResponse.rawPayload as unknown as ArrayBuffer);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const gather = async (): Promise<ReportData> => {
    const company = await findReportCompany(app.db, world.acmeId);
    return gatherReport(
      app.db,
      company,
      { kind: 'actionPlan', actionPlanId: planId },
      { from: company.today, to: company.today },
    );
  };

  it('puts each lender field in its own column', async () => {
    const data = await gather();
    expect(data.gaps).toHaveLength(LENDER_ESAP_SIZE.rev1);
    const clock = reportClock(data);
    const gap = data.gaps.find((item) => item.number === '3.4')!;
    const [number, action, risks, requirement, resources, timetable, indicator, status] = esapCells(
      gap,
      clock,
    );
    expect(number).toBe('3.4');
    expect(action).toBe(
      'Upgrade the wastewater treatment plant to meet the discharge permit for suspended solids, oil and grease',
    );
    expect(risks).toBe('Effluent above permit limits\nModerate risk (Environmental)');
    expect(requirement).toBe('EBRD PR3, National law');
    expect(resources).toBe('EUR 400,000\nResponsible: Plant Manager');
    // Due before first disbursement, which has no date yet.
    expect(timetable).toBe(
      'Prior to first disbursement\nWaiting for first disbursement\nCondition precedent',
    );
    expect(indicator).toBe('Six months of effluent monitoring within the permit');
    expect(status).toBe('Open\nLatest evidence: none');
    const site = esapCells(
      data.gaps.find((item) => item.number === '2.1')!,
      clock,
    );
    expect(site[7]).toMatch(
      /^Closed on \d\d\/\d\d\/\d{4}\nSite verification, visit \d\d\/\d\d\/\d{4} by Ayşe Demir \(IESC\)\nLatest evidence: \d\d\/\d\d\/\d{4}$/,
    );
    const desk = esapCells(
      data.gaps.find((item) => item.number === '10.2')!,
      clock,
    );
    expect(desk[7]).toMatch(
      /^Prov Close\nDesk review \d\d\/\d\d\/\d{4} \(checked: Same file as on another gap\)\n/,
    );
    // Rev 1's later date for 1.2 and its new wording of 3.2.
    const reworded = data.gaps.find((item) => item.number === LENDER_REVISION.reworded.item)!;
    expect(esapCells(reworded, clock)[1]).toBe(LENDER_REVISION.reworded.action);
    expect(data.plans[0]!.revision).toMatchObject({ number: 1, note: LENDER_REVISION.note });
    // None of the old report's mixed cells.
    expect(pdf.text).not.toMatch(/KPI: |Risk: Moderate ·/);
  });

  it('writes each sign-off of the period in words, never as its stored data', () => {
    const changes = pdf.text.replace(/\s+/g, ' ');
    expect(changes).toMatch(/Evidence accepted: Site verification; site visit \S+ by /);
    expect(changes).toMatch(/Evidence accepted: Desk review; .*comment: /);
    expect(changes).not.toMatch(/\{"method"|"checkedFlags"/);
  });

  it('fits the ESAP table in at most 5 landscape pages, header repeated on each', () => {
    const header =
      /No\.\s+Action\s+E&S risks\s+Requirement\s+Resources\s+Timetable\s+Completion\s+indicator\s+Status/;
    const tablePages = pdf.pageTexts
      .map((text, index) => (header.test(text) ? index : -1))
      .filter((index) => index >= 0);
    expect(tablePages.length).toBeGreaterThan(0);
    expect(tablePages.length).toBeLessThanOrEqual(5);
    // Consecutive pages: the rows flow from one to the next.
    expect(tablePages.at(-1)! - tablePages[0]! + 1).toBe(tablePages.length);
    // Every item is in the table once, section by section.
    const table = tablePages.map((index) => pdf.pageTexts[index]).join('\n');
    for (const [section, count] of [
      ['PR1 Assessment and Management', 6],
      ['PR2 Labour and Working Conditions', 6],
      ['PR4 Health, Safety and Security', 5],
      ['PR10 Information Disclosure and Stakeholder Engagement', 5],
    ] as const) {
      expect(table).toMatch(new RegExp(`${section}[^\\n]*·\\s+${count} items`));
    }
    expect(table.indexOf('PR1 Assessment')).toBeLessThan(table.indexOf('PR2 Labour'));
    expect(table.indexOf('PR9 Financial')).toBeLessThan(table.indexOf('PR10 Information'));
  });

  it('carries the as-of date and the revision on every page', async () => {
    // The company's today (its time zone), as the report's figures are dated.
    const { today } = await findReportCompany(app.db, world.acmeId);
    const asOf = `As of ${ddmmyyyy(today)}`;
    pdf.pageTexts.forEach((text) => {
      expect(text).toContain(asOf);
      expect(text).toMatch(/Rev 1, agreed on \d\d\/\d\d\/\d{4}/);
    });
  });

  it('gives the per-PR summary, with desk review against site verification', async () => {
    const summary = pdf.pageTexts.find((text) => text.includes('Summary by section'))!;
    expect(summary).toBeDefined();
    // PR2: 6 items, 2.1 closed on site, 2.4 pending closure review, 2.3a past due.
    expect(summary).toMatch(/PR2 Labour and Working Conditions\s+6\s+3\s+1\s+1\s+0\s+1\s+0\s+1/);
    // PR10: 10.1 site-verified, 10.3 desk-reviewed.
    expect(summary).toMatch(
      /PR10 Information Disclosure and Stakeholder Engagement\s+5\s+2\s+1\s+0\s+1\s+1\s+1\s+1/,
    );
    expect(summary).toMatch(/All items\s+36\s/);
    const sections = book.getWorksheet('By section')!;
    const rows = sections.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(LENDER_ESAP_SIZE.sections + 1);
    const total = rows.at(-1)!;
    expect(total[1]).toBe('All items');
    expect(total[2]).toBe(36);
    // The sections' counts add up to the total, column by column.
    for (let column = 2; column <= 9; column += 1) {
      const sum = rows.slice(0, -1).reduce((acc, row) => acc + (row[column] as number), 0);
      expect(sum).toBe(total[column]);
    }
    expect(total.slice(8, 10)).toEqual([DESK.length, SITE.length]);
  });

  it('ends with the evidence appendix (GPS, warnings) and the sign-off block as form fields', () => {
    const appendix = pdf.text.slice(pdf.text.indexOf('Evidence appendix (7)'));
    expect(appendix).toContain('item-2.1-site-photo.jpg');
    expect(appendix).toContain('GPS: 41.00820, 28.97840');
    expect(appendix).toContain('GPS: No GPS position');
    expect(appendix).toContain('Warnings: Taken before the gap was raised');
    expect(appendix).toContain('Warnings: Same file as on another gap');
    expect(appendix).toContain('Sign-off');
    expect(appendix).toMatch(/Prepared by \(company\)[\s\S]*Reviewed by \(lender\)/);
    // Seven photos (one file sent on two items), seven thumbnails.
    expect(pdfBytes.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(7);
    // A blank report offers the narrative and the sign-off as fields to fill in.
    const raw = pdfBytes.toString('latin1');
    for (const field of [
      'companyNarrative',
      'lenderComments',
      'preparedBy',
      'preparedOn',
      'reviewedBy',
      'reviewedOn',
    ]) {
      expect(raw).toContain(`/T (${field})`);
    }
  });

  it('prints the narrative, the sign-off and the review trail when they are given', async () => {
    const data: ReportData = {
      ...(await gather()),
      narrative: [
        {
          title: 'Progress in the period',
          text: 'Filtre montajı tamamlandı; les mesures en cheminée sont conformes.',
        },
        {
          title: "Lender's comments",
          text: 'Les points 2.3a et 3.2 restent en retard: la Banque demande un plan de rattrapage daté avant la prochaine visite. '.repeat(
            6,
          ),
        },
      ],
      signOff: {
        preparedBy: 'Mehmet Yılmaz',
        preparedOn: '2026-11-30',
        reviewedBy: 'Claire Dubois',
        reviewedOn: '2026-12-02',
      },
      reviewTrail: [{ at: '2026-11-30', who: 'Mehmet Yılmaz', what: 'Drafted the narrative' }],
    };
    const { stream, done } = await writeReportPdf(data, app.attachments);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const result = await done;
    const bytes = Buffer.concat(chunks);
    if (process.env.REPORT_PDF_OUT) {
      await writeFile(
        path.join(process.env.REPORT_PDF_OUT, 'lender-esap-report-filled.pdf'),
        bytes,
      );
    }
    const text = (await pdfText(bytes)).text;
    expect(text).toContain('Filtre montajı tamamlandı; les mesures en cheminée sont conformes.');
    expect(text).toContain('Mehmet Yılmaz');
    expect(text).toContain('02/12/2026');
    expect(text).toContain('Drafted the narrative');
    expect(bytes.toString('latin1')).not.toContain('/T (preparedBy)');
    expect(bytes.toString('latin1')).not.toContain('/T (companyNarrative)');
    expect(result.esapPages!.lastPage - result.esapPages!.firstPage + 1).toBeLessThanOrEqual(5);
  });

  it('gives a workbook of typed cells: dates, numbers, filters, a frozen header, one row per item', () => {
    const esap = book.getWorksheet('ESAP')!;
    const header = (esap.getRow(1).values as unknown[]).slice(1) as string[];
    const column = (name: string) => header.indexOf(name) + 1;
    expect(esap.rowCount).toBe(1 + LENDER_ESAP_SIZE.rev1);
    expect(esap.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(esap.autoFilter).toBeTruthy();
    const row = (number: string) => {
      for (let index = 2; index <= esap.rowCount; index += 1) {
        if (esap.getRow(index).getCell(column('No.')).value === number) return esap.getRow(index);
      }
      throw new Error(`No row ${number}`);
    };
    const overdue = row('2.3a');
    expect(overdue.getCell(column('Due date')).value).toEqual(new Date(Date.UTC(year - 2, 0, 31)));
    expect(overdue.getCell(column('Due date')).numFmt).toBe('dd/mm/yyyy');
    expect(typeof overdue.getCell(column('Days overdue')).value).toBe('number');
    expect(overdue.getCell(column('Days overdue')).value as number).toBeGreaterThan(300);
    expect(overdue.getCell(column('Resources')).value).toBe('EUR 60,000 (KKD ve eğitim)');
    expect(overdue.getCell(column('Responsible')).value).toBe('İSG Müdürü');
    expect(overdue.getCell(column('Section')).value).toBe('PR2 Labour and Working Conditions');
    const site = row('2.1');
    expect(site.getCell(column('Verification')).value).toBe('Site verification');
    expect(site.getCell(column('Site visit date')).value).toBeInstanceOf(Date);
    expect(site.getCell(column('Visited by')).value).toBe('Ayşe Demir (IESC)');
    expect(site.getCell(column('Latest evidence')).value).toBeInstanceOf(Date);
    // The plan list is a sheet of one row per plan, with its revision.
    const plans = book.getWorksheet('Plans')!;
    expect(plans.rowCount).toBe(2);
    expect(plans.getRow(2).getCell(6).value).toBe(1);
    expect(plans.getRow(2).getCell(7).value).toBeInstanceOf(Date);
    // Evidence: GPS as numbers.
    const evidence = book.getWorksheet('Evidence')!;
    const latitudes = [];
    for (let index = 2; index <= evidence.rowCount; index += 1) {
      latitudes.push(evidence.getRow(index).getCell(6).value);
    }
    expect(latitudes).toContain(ISTANBUL.latitude);
    for (const name of ['Summary', 'Plans', 'By section', 'Overdue', 'Changes', 'Evidence']) {
      expect(book.getWorksheet(name)!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
    const summary = book.getWorksheet('Summary')!;
    const values = new Map(
      (summary.getSheetValues().slice(2) as unknown[][]).map((cells) => [cells[1], cells[2]]),
    );
    expect(values.get('Total Gaps')).toBe(36);
    expect(values.get('As of')).toBeInstanceOf(Date);
  });

  it('keeps the report to the reader: another client’s user gets 404', async () => {
    const response = await world.as.otherClient({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/report`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(404);
  });
});
