// The monitoring report as an Excel workbook, streamed by exceljs's WorkbookWriter row by row: a
// Summary sheet (cover and totals), the ESAP sheet in the lender's column order, Overdue, Changes and
// Evidence (file names and capture data; the thumbnails are the PDF's).
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ESAP_REPORT_COLUMNS, STATUS_LABELS } from '@verity/shared-api/src/server';
import type { ReportData } from './report-data';
import {
  NONE,
  auditorsText,
  capturedText,
  changeText,
  esapCells,
  formatDateTime,
  formatDay,
  gapLabel,
  periodText,
  reportClock,
  planText,
} from './report-text';

const BOLD = { bold: true } as const;
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFE5E7EB' },
};
const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

function header(sheet: ExcelJS.Worksheet, values: readonly string[]) {
  const row = sheet.addRow([...values]);
  row.font = BOLD;
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.alignment = WRAP;
  });
  row.commit();
}

function addRow(sheet: ExcelJS.Worksheet, values: (string | number | null)[]) {
  const row = sheet.addRow(values);
  row.alignment = WRAP;
  row.commit();
}

/**
 * Starts the workbook and gives its stream; `done` settles when the last sheet is written. exceljs
 * (about 27 MB) is loaded with the first report, not when the API starts.
 */
export async function writeReportXlsx(
  data: ReportData,
): Promise<{ stream: PassThrough; done: Promise<void> }> {
  const { default: Excel } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Verity';
  workbook.created = data.generatedAt;
  const zone = reportClock(data);
  const { totals } = data;
  const plans = new Map(data.plans.map((plan) => [plan.id, plan]));
  const gaps = new Map(data.gaps.map((gap) => [gap.id, gap]));
  const many = data.plans.length > 1;

  const done = (async () => {
    const summary = workbook.addWorksheet('Summary');
    summary.columns = [{ width: 34 }, { width: 90 }];
    const title = summary.addRow(['Environmental & Social monitoring report']);
    title.font = { bold: true, size: 14 };
    title.commit();
    for (const [label, value] of [
      ['Company', data.company.name],
      ['Registered name', data.company.registeredName ?? NONE],
      ['Auditor', auditorsText(data)],
      [many ? 'Action plans' : 'Action plan', data.plans.map(planText).join('\n') || NONE],
      ['Reporting period', periodText(data)],
      ['Period from', data.period.from],
      ['Period to', data.period.to],
      ['Generated at', formatDateTime(data.generatedAt, zone)],
    ] as const) {
      const row = summary.addRow([label, value]);
      row.getCell(1).font = BOLD;
      row.alignment = WRAP;
      row.commit();
    }
    summary.addRow([]).commit();
    header(summary, ['Figure', 'Value']);
    const figures: [string, number | string][] = [
      ['Total Gaps', totals.totalGaps],
      ['Open', totals.openGaps],
      ['Closed', totals.closedGaps],
      ['Overdue', totals.overdueGaps],
      ['Completion %', totals.completionPercentage],
      ['% closed', totals.completionPercentage],
      ['Closed gaps with a due date', totals.closedWithDueDate],
      ['Closed on time', totals.closedOnTime],
      ['% closed on time', totals.closedOnTimePercentage ?? 'n/a'],
      [`Status: ${STATUS_LABELS.open}`, totals.byStatus.open],
      [`Status: ${STATUS_LABELS.pending} (closure review)`, totals.byStatus.pending],
      [`Status: ${STATUS_LABELS.provClosed}`, totals.byStatus.provClosed],
      [`Status: ${STATUS_LABELS.closed}`, totals.byStatus.closed],
      [`Status: ${STATUS_LABELS.overdue}`, totals.byStatus.overdue],
    ];
    if (data.planOverview) {
      figures.push(
        ['Action plans', data.planOverview.total],
        ['Action plans closed', data.planOverview.closed],
        ['Action plans prov closed', data.planOverview.provClosed],
        ['Action plans open', data.planOverview.open],
      );
    }
    for (const figure of figures) addRow(summary, figure);
    await summary.commit();

    const esap = workbook.addWorksheet('ESAP');
    esap.columns = [
      ...(many ? [{ width: 30 }] : []),
      { width: 8 },
      { width: 50 },
      { width: 40 },
      { width: 24 },
      { width: 30 },
      { width: 26 },
      { width: 40 },
      { width: 18 },
    ];
    header(esap, [...(many ? ['Action plan'] : []), ...ESAP_REPORT_COLUMNS]);
    for (const gap of data.gaps) {
      addRow(esap, [
        ...(many ? [plans.get(gap.actionPlanId)?.heading ?? NONE] : []),
        ...esapCells(gap, zone),
      ]);
    }
    await esap.commit();

    const overdue = workbook.addWorksheet('Overdue');
    overdue.columns = [
      ...(many ? [{ width: 30 }] : []),
      { width: 8 },
      { width: 50 },
      { width: 30 },
      { width: 14 },
      { width: 14 },
    ];
    header(overdue, [
      ...(many ? ['Action plan'] : []),
      'No.',
      'Gap',
      'Responsibility',
      'Due date',
      'Days overdue',
    ]);
    for (const gap of data.overdue) {
      addRow(overdue, [
        ...(many ? [plans.get(gap.actionPlanId)?.heading ?? NONE] : []),
        gap.number,
        gap.kpi || gap.gapName,
        gap.responsibility,
        formatDay(gap.dueDate, zone),
        gap.daysOverdue,
      ]);
    }
    await overdue.commit();

    const changes = workbook.addWorksheet('Changes');
    changes.columns = [{ width: 28 }, { width: 40 }, { width: 70 }, { width: 30 }, { width: 16 }];
    header(changes, ['When', 'Gap or plan', 'Change', 'By', 'User type']);
    for (const change of data.changes) {
      const gap = change.gapId ? gaps.get(change.gapId) : undefined;
      addRow(changes, [
        formatDateTime(change.changedAt, zone),
        gap ? gapLabel(gap) : `Plan: ${plans.get(change.actionPlanId)?.heading ?? NONE}`,
        changeText(change, zone),
        change.changedByName,
        change.changedByUserType,
      ]);
    }
    await changes.commit();

    const evidence = workbook.addWorksheet('Evidence');
    evidence.columns = [
      { width: 40 },
      { width: 40 },
      { width: 30 },
      { width: 28 },
      { width: 24 },
      { width: 12 },
      { width: 14 },
    ];
    header(evidence, ['File name', 'Gap', 'Captured', 'Added', 'Added by', 'Size (KB)', 'Pixels']);
    for (const item of data.evidence) {
      const gap = gaps.get(item.gapId);
      addRow(evidence, [
        item.fileName,
        gap ? gapLabel(gap) : NONE,
        capturedText(item, data.dateStyle),
        formatDateTime(item.uploadedAt, zone),
        item.uploadedBy,
        Number((item.size / 1024).toFixed(2)),
        item.width && item.height ? `${item.width} × ${item.height}` : NONE,
      ]);
    }
    await evidence.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    stream.destroy(error as Error);
    throw error;
  });
  return { stream, done };
}
