import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { reportMessages } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { pdfText as readPdf } from '../../support/pdf-text';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, validPlan, type World } from '../action-plans/fixtures';
import { jpegWithExif, multipart } from '../action-plans/remark-uploads';

async function pdfText(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode).toBe(200);
  return (await readPdf(response.rawPayload)).text;
}

async function workbook(response: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as arrays of cell texts (the header row first). */
function rowsOf(book: ExcelJS.Workbook, name: string): string[][] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`No sheet ${name}`);
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = Array.from(
      { length: sheet.columnCount },
      (_, index) => row.getCell(index + 1).value,
    );
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

/** A sheet's rows as objects keyed by the header row's names. */
function recordsOf(book: ExcelJS.Workbook, name: string): Record<string, string>[] {
  const [header = [], ...rows] = rowsOf(book, name);
  return rows.map((row) => Object.fromEntries(header.map((key, index) => [key, row[index] ?? ''])));
}

/** The Summary sheet's label → value pairs. */
function summaryOf(book: ExcelJS.Workbook): Record<string, string> {
  return Object.fromEntries(
    rowsOf(book, 'Summary')
      .filter((row) => row.length >= 2)
      .map((row) => [row[0], row[1]]),
  );
}

interface DetailGap {
  id: string;
  KPI: string;
  displayStatus: string;
}

describe.each(databaseKinds)('the monitoring report on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;
  const kpis = {
    first: 'Report KPI first',
    closedOnTime: 'Report KPI closed on time',
    longOverdue: 'Report KPI ten days late',
    shortOverdue: 'Report KPI three days late',
    closedLate: 'Report KPI closed late',
    provClosed: 'Report KPI prov closed',
  };
  const gapIds: Record<keyof typeof kpis, string> = {} as never;

  const gapUrl = (id: string) => `/api/v1/gap/${id}/status`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world, {
      ...validPlan(),
      actionPlanHeading: 'Lender monitoring plan',
      gap: { ...validGap(), KPI: kpis.first },
    });
    for (const key of Object.keys(kpis).slice(1) as (keyof typeof kpis)[]) {
      const added = await world.as.auditorOwner({
        method: 'POST',
        url: `/api/v1/action-plan/${planId}/gaps`,
        query: { auditId: world.audits.ap },
        payload: { ...validGap(), KPI: kpis[key] },
      });
      expect(added.statusCode).toBe(201);
      gapIds[key] = added.json().data.gap.id;
    }
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT id FROM gaps WHERE kpi = $1 AND action_plan_id = $2`,
      [kpis.first, planId],
    );
    gapIds.first = rows[0]!.id;
    const setStatus = async (id: string, status: string) => {
      const changed = await world.as.clientOwner({
        method: 'PATCH',
        url: gapUrl(id),
        query: { targetCompanyId: world.acmeId },
        payload: { status },
      });
      expect(changed.statusCode).toBe(200);
    };
    await setStatus(gapIds.closedOnTime, 'closed');
    await setStatus(gapIds.closedLate, 'closed');
    await setStatus(gapIds.provClosed, 'provClosed');
    // Due dates in the past: the two overdue gaps, and the gap closed after its due date.
    const dueDaysAgo = (id: string, days: number) =>
      app.db.query(`UPDATE gaps SET due_date = now() - make_interval(days => $2) WHERE id = $1`, [
        id,
        days,
      ]);
    await dueDaysAgo(gapIds.longOverdue, 10);
    await dueDaysAgo(gapIds.shortOverdue, 3);
    await dueDaysAgo(gapIds.closedLate, 1);
    // Evidence: one image in the period, one added long before it.
    const remark = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapIds.first}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('Meters installed', [
        {
          fileName: 'meter-photo-in-period.jpg',
          bytes: jpegWithExif({ capturedAt: '2026:01:02 10:30:00', utcOffset: '+05:30' }),
        },
        { fileName: 'old-photo.jpg', bytes: jpegWithExif({}) },
      ]),
    });
    expect(remark.statusCode).toBe(200);
    await app.db.query(
      `UPDATE remark_documents SET created_at = now() - interval '200 days' WHERE file_name = 'old-photo.jpg'`,
    );
    // A change long before the default period.
    await app.db.query(
      `INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, version,
         changed_by_name, changed_by_user_type, changed_by_role, changed_at)
       VALUES ('gap', $1, $2, 'responsibility', '"Old team"', '"Older team"', 1, 'Early Editor', 'auditor', 'owner',
         now() - interval '200 days')`,
      [planId, gapIds.first],
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const planReport = (as: keyof World['as'], query: Record<string, string> = {}, id = planId) =>
    world.as[as]({
      method: 'GET',
      url: `/api/v1/action-plan/${id}/report`,
      query: { targetCompanyId: world.acmeId, ...query },
    });

  const companyReport = (as: keyof World['as'], query: Record<string, string> = {}, id?: string) =>
    world.as[as]({
      method: 'GET',
      url: `/api/v1/target-company/${id ?? world.acmeId}/report`,
      query,
    });

  async function planDetail() {
    const detail = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    return detail.json().data as {
      statistics: Record<string, number>;
      gaps: DetailGap[];
    };
  }

  it('sends a PDF named after the company and the period, with the figures of the plan statistics', async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const response = await planReport('clientOwner', { format: 'pdf', from, to: '2099-12-31' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Acme Steel Ltd - monitoring report ${from}-2099-12-31.pdf"; filename*=UTF-8''Acme%20Steel%20Ltd%20%E2%80%93%20monitoring%20report%20${from}%E2%80%932099-12-31.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response);
    const { statistics, gaps } = await planDetail();
    // Counted here from the plan's gaps, independently of the report's SQL.
    const count = (status: string) => gaps.filter((gap) => gap.displayStatus === status).length;
    expect(gaps).toHaveLength(6);
    expect(count('closed')).toBe(2);
    expect(count('overdue')).toBe(2);
    expect(statistics).toMatchObject({
      totalGaps: 6,
      closedGaps: 2,
      overdueGaps: 2,
      completionPercentage: Math.round((100 * 2) / 6),
    });
    expect(text).toContain('Acme Steel Ltd');
    expect(text).toContain('GreenAudit Partners');
    expect(text).toContain('Lender monitoring plan');
    expect(text).toContain(`${from.split('-').reverse().join('/')} to 31/12/2099`);
    expect(text).toMatch(new RegExp(`Total Gaps\\s+${statistics.totalGaps}`));
    expect(text).toMatch(new RegExp(`Completion %\\s+${statistics.completionPercentage}%`));
    // One of the two closed gaps with a due date was closed by it.
    expect(text).toMatch(/% closed on time \(1 of 2\)\s+50%/);
    // The ESAP table, in the lender's column order and words.
    expect(text).toMatch(
      /No\.\s+Action\s+E&S risks\s+Requirement\s+Resources\s+Timetable\s+Completion\s+indicator\s+Status/,
    );
    // Overdue gaps, most days overdue first.
    const overdue = text.slice(text.indexOf('Overdue gaps (2)'));
    expect(overdue.indexOf(kpis.longOverdue)).toBeGreaterThan(-1);
    expect(overdue.indexOf(kpis.longOverdue)).toBeLessThan(overdue.indexOf(kpis.shortOverdue));
    // The period's changes, and not the one before it.
    const changes = text.slice(text.indexOf('Changes in the period'));
    expect(changes).toContain('Status: Open → Closed');
    expect(changes).toContain('Remark added with 2 images');
    expect(changes).not.toContain('Early Editor');
    // The evidence appendix: the period's image with its capture time, not the older one.
    const appendix = text.slice(text.indexOf('Evidence appendix'));
    expect(appendix).toContain('Evidence appendix (1)');
    expect(appendix).toContain('meter-photo-in-period.jpg');
    expect(appendix).toContain('02/01/2026 10:30 (UTC+05:30)');
    expect(appendix).not.toContain('old-photo.jpg');
    // Its thumbnail is drawn: the one image of the document.
    expect(response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('gives the same figures in Excel, equal to the plan statistics at the same moment', async () => {
    const response = await planReport('companyViewer', { format: 'xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"; filename\*=UTF-8''.*\.xlsx$/);
    const book = await workbook(response);
    const summary = summaryOf(book);
    const { statistics, gaps } = await planDetail();
    expect(summary['Total Gaps']).toBe(String(statistics.totalGaps));
    expect(summary.Open).toBe(String(statistics.openGaps));
    expect(summary.Closed).toBe(String(statistics.closedGaps));
    expect(summary.Overdue).toBe(String(statistics.overdueGaps));
    expect(summary['Completion %']).toBe(String(statistics.completionPercentage));
    expect(summary['% closed on time']).toBe('50');
    expect(summary['Status: Prov Close']).toBe(
      String(gaps.filter((gap) => gap.displayStatus === 'provClosed').length),
    );
    const esap = rowsOf(book, 'ESAP');
    // The lender's columns, in their order, among the fields the PDF combines.
    const header = esap[0] ?? [];
    const lenderColumns = [
      'No.',
      'Action',
      'E&S risks',
      'Requirement',
      'Resources',
      'Timetable',
      'Completion indicator',
      'Status',
    ].map((name) => header.indexOf(name));
    expect(lenderColumns.every((index) => index >= 0)).toBe(true);
    expect([...lenderColumns].sort((a, b) => a - b)).toEqual(lenderColumns);
    expect(esap).toHaveLength(1 + gaps.length);
    const overdue = rowsOf(book, 'Overdue').slice(1);
    expect(overdue.map((row) => row[1])).toEqual([kpis.longOverdue, kpis.shortOverdue]);
    expect(overdue.map((row) => Number(row[4]))).toEqual([10, 3]);
    // Without from and to: the last 90 days, so the change of 200 days ago is left out.
    const changes = rowsOf(book, 'Changes').slice(1);
    expect(changes.some((row) => row[4] === 'Early Editor')).toBe(false);
    expect(changes.filter((row) => row[3] === 'Status: Open → Closed')).toHaveLength(2);
    expect(
      rowsOf(book, 'Evidence')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['meter-photo-in-period.jpg']);
  });

  it('writes the workbook in the language asked for: sheets, headers and labels, data as written', async () => {
    const book = await workbook(
      await planReport('companyViewer', { format: 'xlsx', language: 'tr', bilingual: 'true' }),
    );
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Özet',
      'Planlar',
      'Bölüme göre',
      'ESAP',
      'Gecikmiş',
      'Değişiklikler',
      'Kanıtlar',
    ]);
    const { statistics, gaps } = await planDetail();
    const summary = Object.fromEntries(
      rowsOf(book, 'Özet')
        .filter((row) => row.length >= 2)
        .map((row) => [row[0], row[1]]),
    );
    expect(summary['Toplam bulgu / Total Gaps']).toBe(String(statistics.totalGaps));
    expect(summary['Durum: Geçici kapanış / Status: Prov Close']).toBe(
      String(gaps.filter((gap) => gap.displayStatus === 'provClosed').length),
    );
    const [header, ...rows] = rowsOf(book, 'ESAP');
    // Headers in both languages, a line each; a cell in the language alone, so a filter reads one word.
    expect(header).toContain('Eylem\nAction');
    const status = header!.indexOf('Durum\nStatus');
    expect(rows.map((row) => row[status])).toContain('Gecikmiş');
    expect(rows.map((row) => row[header!.indexOf('KPI')])).toContain(kpis.longOverdue);
  });

  it('shows an Arabic workbook right to left, its header still frozen; others left to right', async () => {
    const arabic = await workbook(
      await planReport('companyViewer', { format: 'xlsx', language: 'ar' }),
    );
    expect(arabic.worksheets.map((sheet) => sheet.name)).toContain('ESAP');
    for (const sheet of arabic.worksheets) {
      expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    }
    expect(rowsOf(arabic, 'ESAP')[0]).toContain('الإجراء');
    const french = await workbook(
      await planReport('companyViewer', { format: 'xlsx', language: 'fr' }),
    );
    for (const sheet of french.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.views[0]?.rightToLeft).toBeFalsy();
    }
  });

  it('covers the period asked for: a period long ago has its change and image, not today’s', async () => {
    const from = new Date(Date.now() - 210 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 190 * 86_400_000).toISOString().slice(0, 10);
    const book = await workbook(await planReport('auditorViewer', { format: 'xlsx', from, to }));
    const changes = rowsOf(book, 'Changes').slice(1);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.[3]).toBe('Responsibility: Old team → Older team');
    expect(
      rowsOf(book, 'Evidence')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['old-photo.jpg']);
  });

  it('writes its dates in the date style of the user who asks for it', async () => {
    const query = { format: 'xlsx', from: '2026-01-05', to: '2099-12-31' };
    const summary = async () =>
      summaryOf(await workbook(await planReport('auditorViewer', query)))['Reporting period'];
    expect(await summary()).toBe('05/01/2026 to 31/12/2099');
    const styled = await world.as.auditorViewer({
      method: 'PUT',
      url: '/api/v1/auth/me/settings',
      payload: { dateStyle: 'day-month-name' },
    });
    expect(styled.statusCode).toBe(200);
    try {
      const book = await workbook(await planReport('auditorViewer', query));
      expect(summaryOf(book)['Reporting period']).toBe('5 Jan 2026 to 31 Dec 2099');
      // The workbook's dates are dates, shown in the reader's style.
      const dueColumn = rowsOf(book, 'ESAP')[0]!.indexOf('Due date') + 1;
      const due = book.getWorksheet('ESAP')!.getRow(2).getCell(dueColumn);
      expect(due.value).toBeInstanceOf(Date);
      expect(due.numFmt).toBe('d mmm yyyy');
      expect(summaryOf(book)['Generated at']).toMatch(
        /^\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d [AP]M \(/,
      );
      // Another reader's report keeps the spec's.
      expect(
        summaryOf(await workbook(await planReport('clientOwner', query)))['Reporting period'],
      ).toBe('05/01/2026 to 31/12/2099');
    } finally {
      await world.as.auditorViewer({
        method: 'PUT',
        url: '/api/v1/auth/me/settings',
        payload: { dateStyle: 'by-place' },
      });
    }
  });

  it('reports the company over the plans the caller may see, with the dashboard’s plan figures', async () => {
    const otherFirmPlan = await world.as.otherFirmOwner({
      method: 'POST',
      url: '/api/v1/action-plan',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.otherFirm },
      payload: { ...validPlan(), actionPlanHeading: 'Other firm plan' },
    });
    expect(otherFirmPlan.statusCode).toBe(201);
    for (const as of ['clientViewer', 'auditorOwner', 'companyOwner', 'otherFirmOwner'] as const) {
      const response = await companyReport(as, { format: 'xlsx' });
      expect(response.statusCode).toBe(200);
      const summary = summaryOf(await workbook(response));
      const dashboard = (
        await world.as[as]({
          method: 'GET',
          url: '/api/v1/dashboard/target-company',
          query: { targetCompanyId: world.acmeId },
        })
      ).json().data.actionPlans.statusOverview;
      expect(summary['Action plans']).toBe(String(dashboard.total));
      expect(summary['Action plans closed']).toBe(String(dashboard.closed));
      expect(summary['Action plans open']).toBe(String(dashboard.open));
      const plans = summary['Action plans'] ?? '';
      if (as === 'otherFirmOwner') {
        expect(plans).toBe('1');
        expect(summary['Total Gaps']).toBe('1');
      } else {
        expect(Number(plans)).toBeGreaterThan(1);
      }
    }
    const otherFirm = await pdfText(await companyReport('otherFirmOwner'));
    expect(otherFirm).toContain('Other firm plan');
    expect(otherFirm).not.toContain('Lender monitoring plan');
    const client = await pdfText(await companyReport('clientOwner'));
    expect(client).toContain('Other firm plan');
    expect(client).toContain('Lender monitoring plan');
  });

  it("fills the lender's ESAP columns from the gap's fields, in item-number order", async () => {
    const lenderPlan = await createPlan(world, {
      ...validPlan(),
      actionPlanHeading: 'Lender fields plan',
      gap: {
        ...validGap(),
        KPI: 'COD at the outfall',
        gapName: 'Effluent above limits',
        recommendation: 'Add tertiary treatment',
        residualRisk: 'Moderate until commissioned',
        responsibility: 'Plant Head',
        esapItemNumber: '1.10',
        requirementReferences: ['IFC PS3', 'National law'],
        completionIndicator: 'Discharge within the permit for 3 months',
        timetable: 'Prior to first disbursement',
        conditionType: 'precedent',
      },
    });
    const second = await world.as.auditorOwner({
      method: 'POST',
      url: `/api/v1/action-plan/${lenderPlan}/gaps`,
      query: { auditId: world.audits.ap },
      payload: { ...validGap(), KPI: 'Second item', esapItemNumber: '1.2' },
    });
    expect(second.statusCode).toBe(201);
    const book = await workbook(await planReport('clientOwner', { format: 'xlsx' }, lenderPlan));
    const [first, next] = recordsOf(book, 'ESAP');
    expect(first?.['No.']).toBe('1.2');
    // Each lender field in its own column: the action is the recommendation alone, the risk its
    // own text, the completion indicator without the KPI.
    expect(next).toMatchObject({
      'No.': '1.10',
      Action: 'Add tertiary treatment',
      'E&S risks': 'Effluent above limits',
      'Residual risk': 'Moderate until commissioned',
      Severity: 'Moderate',
      'ESG aspect': 'Environmental',
      Requirement: 'IFC PS3, National law',
      Responsible: 'Plant Head',
      Timetable: 'Prior to first disbursement',
      Condition: 'Condition precedent',
      'Completion indicator': 'Discharge within the permit for 3 months',
      KPI: 'COD at the outfall',
      Status: 'Open',
    });
    const dueColumn = rowsOf(book, 'ESAP')[0]!.indexOf('Due date') + 1;
    const dueDate = book.getWorksheet('ESAP')!.getRow(3).getCell(dueColumn);
    expect(dueDate.value).toBeInstanceOf(Date);
    expect(dueDate.numFmt).toBe('dd/mm/yyyy');
    // The PDF's cells: the same fields, one column each.
    const text = await pdfText(await planReport('clientOwner', { format: 'pdf' }, lenderPlan));
    expect(text).toContain('Effluent above limits');
    expect(text).toMatch(/Residual: Moderate until\s+commissioned/);
    expect(text).toMatch(/Moderate risk \(Environmental\)/);
    expect(text).not.toMatch(/KPI: |Risk: Moderate ·/);
  });

  it('refuses a bad format or period with 400 and its message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ format: 'docx' }, reportMessages.badFormat],
      [{ from: '2026-02-30' }, reportMessages.badFrom],
      [{ to: '31/01/2026' }, reportMessages.badTo],
      [{ from: '2026-03-01', to: '2026-02-01' }, reportMessages.fromAfterTo],
    ];
    for (const [query, message] of cases) {
      for (const response of [
        await planReport('clientOwner', query),
        await companyReport('clientOwner', query),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, message });
      }
    }
    const badId = await world.as.clientOwner({
      method: 'GET',
      url: '/api/v1/action-plan/not-a-uuid/report',
      query: { targetCompanyId: world.acmeId },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('answers 404 outside the caller’s tenancy', async () => {
    expect((await planReport('otherClient')).statusCode).toBe(404);
    expect((await planReport('betaOwner')).statusCode).toBe(404);
    expect((await planReport('otherFirmOwner')).statusCode).toBe(404);
    expect((await planReport('clientOwner', { targetCompanyId: world.betaId })).statusCode).toBe(
      404,
    );
    expect((await companyReport('otherClient')).statusCode).toBe(404);
    expect((await companyReport('betaOwner')).statusCode).toBe(404);
    expect(
      (await companyReport('clientOwner', {}, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('keeps an accented company name in filename* and gives an ASCII filename', async () => {
    await app.db.query(
      `UPDATE target_companies SET target_company_name = 'Açme "Steel" / Łódź' WHERE id = $1`,
      [world.acmeId],
    );
    try {
      const response = await companyReport('clientOwner', { from: '2026-01-01', to: '2026-01-31' });
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Acme _Steel_ _ _odz - monitoring report 2026-01-01-2026-01-31.pdf"; filename*=UTF-8''${encodeURIComponent('Açme "Steel" / Łódź – monitoring report 2026-01-01–2026-01-31.pdf')}`,
      );
    } finally {
      await app.db.query(
        `UPDATE target_companies SET target_company_name = 'Acme Steel Ltd' WHERE id = $1`,
        [world.acmeId],
      );
    }
  });

  it('prints names as they are spelled, beyond Western European letters', async () => {
    const name = 'Łódź Tekstil Şirketi – Алматы Ёлка';
    await app.db.query(`UPDATE target_companies SET target_company_name = $2 WHERE id = $1`, [
      world.acmeId,
      name,
    ]);
    try {
      const text = await pdfText(await companyReport('clientOwner', { format: 'pdf' }));
      expect(text).toContain(name);
      expect(text).not.toContain('?');
    } finally {
      await app.db.query(
        `UPDATE target_companies SET target_company_name = 'Acme Steel Ltd' WHERE id = $1`,
        [world.acmeId],
      );
    }
  });
  it('marks a capture time and position the device recorded, not the camera (decision 0102)', async () => {
    const added = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapIds.first}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart('From the site, no signal', [
        {
          fileName: 'device-photo.jpg',
          bytes: jpegWithExif({ make: 'No clock' }),
          deviceCapture: JSON.stringify({
            capturedAt: '2026-01-03T09:15:00+05:30',
            gps: { latitude: 18.5204, longitude: 73.8567 },
          }),
        },
      ]),
    });
    expect(added.statusCode).toBe(200);
    try {
      const text = await pdfText(await planReport('clientOwner', { format: 'pdf' }));
      const appendix = text.slice(text.indexOf('Evidence appendix'));
      expect(appendix).toContain("03/01/2026 09:15 (UTC+05:30, device's clock, not the camera's)");
      expect(appendix).toContain('18.52040, 73.85670 (device)');
      expect(appendix).toContain('02/01/2026 10:30 (UTC+05:30)');
      const evidence = recordsOf(
        await workbook(await planReport('clientOwner', { format: 'xlsx' })),
        'Evidence',
      );
      expect(evidence.map((row) => [row['File name'], row['Capture recorded by'] ?? ''])).toEqual([
        ['meter-photo-in-period.jpg', 'Camera'],
        ['device-photo.jpg', 'Device (time and position)'],
      ]);
    } finally {
      await app.db.query(`DELETE FROM remarks WHERE comments = 'From the site, no signal'`);
    }
  });
});
