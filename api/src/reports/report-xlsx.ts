// The monitoring report as an Excel workbook, streamed by exceljs's WorkbookWriter row by row. Every
// sheet is a table a lender sorts and sums: one row per thing, dates as dates (in the reader's date
// style), numbers as numbers, a frozen header with filters
// (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md). Sheets: Summary, Plans, By
// section, ESAP, Overdue, Changes, Evidence (the thumbnails are the PDF's).
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  CLOSURE_METHOD_LABELS,
  CONDITION_TYPE_LABELS,
  RISK_SEVERITY_LABELS,
  STATUS_LABELS,
  AUDIT_FORM_LABELS,
  AUDIT_TYPE_LABELS,
  ACTION_PLAN_CATEGORY_LABELS,
  type AuditType,
  type DateStyle,
} from '@verity/shared-api/src/server';
import type { ReportData } from './report-data';
import {
  EVIDENCE_WARNING_TEXT,
  NONE,
  auditorsText,
  captureSourceText,
  changeText,
  dueText,
  formatDateTime,
  periodText,
  sectionsOf,
  sheetDate,
  sheetDay,
  totalFigures,
  verificationText,
  reportClock,
  type SectionFigures,
} from './report-text';

const BOLD = { bold: true } as const;
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFE5E7EB' },
};
const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };

/** The reader's date style as Excel's number format (0090; 'by-place' is the tables' dd/MM/yyyy). */
const DAY_FORMATS: Readonly<Record<DateStyle, string>> = {
  'by-place': 'dd/mm/yyyy',
  'day-month-year': 'dd/mm/yyyy',
  'month-day-year': 'mm/dd/yyyy',
  'year-month-day': 'yyyy-mm-dd',
  'day-month-name': 'd mmm yyyy',
};

type Value = string | number | Date | null;

/** A column of a sheet: its header, width and how its cells are written. */
interface SheetColumn {
  header: string;
  width: number;
  kind?: 'text' | 'number' | 'day' | 'moment' | 'percent';
}

/**
 * A sheet with a frozen, filtered header row and typed columns; `add` writes one row (committed at
 * once, so the writer holds no more than a row).
 */
function tableSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: SheetColumn[],
  dateStyle: DateStyle,
) {
  const lastColumn = columns.length;
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  sheet.columns = columns.map((column) => ({
    width: column.width,
    style: {
      alignment: WRAP,
      numFmt:
        column.kind === 'day'
          ? DAY_FORMATS[dateStyle]
          : column.kind === 'moment'
            ? `${DAY_FORMATS[dateStyle]} hh:mm AM/PM`
            : column.kind === 'percent'
              ? '0"%"'
              : undefined,
    },
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: lastColumn } };
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = BOLD;
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.alignment = WRAP;
  });
  header.commit();
  return {
    sheet,
    add(values: Value[]) {
      const row = sheet.addRow(values.map((value) => (value === '' ? null : value)));
      row.commit();
    },
  };
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
  const clock = reportClock(data);
  const zone = clock.timeZone;
  const style = data.dateStyle;
  const { totals } = data;
  const plans = new Map(data.plans.map((plan) => [plan.id, plan]));
  const gaps = new Map(data.gaps.map((gap) => [gap.id, gap]));
  const many = data.plans.length > 1;
  const day = (date: Date | null) => (date ? sheetDate(date, zone) : null);
  const moment = (date: Date | null) => (date ? sheetDate(date, zone, false) : null);

  const done = (async () => {
    // Summary: the cover's facts and the overall figures, one per row, values typed.
    const summary = tableSheet(
      workbook,
      'Summary',
      [
        { header: 'Figure', width: 34 },
        { header: 'Value', width: 60 },
      ],
      style,
    );
    const asOf = sheetDate(data.generatedAt, zone);
    const facts: [string, Value][] = [
      ['Company', data.company.name],
      ['Registered name', data.company.registeredName ?? NONE],
      ['Auditor', auditorsText(data)],
      ['Reporting period', periodText(data)],
      ['Period from', sheetDay(data.period.from)],
      ['Period to', sheetDay(data.period.to)],
      ['As of', asOf],
      ['Generated at', formatDateTime(data.generatedAt, clock)],
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
      facts.push(
        ['Action plans', data.planOverview.total],
        ['Action plans closed', data.planOverview.closed],
        ['Action plans prov closed', data.planOverview.provClosed],
        ['Action plans open', data.planOverview.open],
      );
    }
    for (const narrative of data.narrative ?? []) facts.push([narrative.title, narrative.text]);
    const signOff = data.signOff ?? {};
    facts.push(
      ['Prepared by', signOff.preparedBy ?? null],
      ['Prepared on', signOff.preparedOn ? sheetDay(signOff.preparedOn) : null],
      ['Reviewed by', signOff.reviewedBy ?? null],
      ['Reviewed on', signOff.reviewedOn ? sheetDay(signOff.reviewedOn) : null],
    );
    for (const [label, value] of facts) {
      const row = summary.sheet.addRow([label, value]);
      row.getCell(1).font = BOLD;
      if (value instanceof Date) row.getCell(2).numFmt = DAY_FORMATS[style];
      row.getCell(2).alignment = { ...WRAP, horizontal: 'left' };
      row.commit();
    }
    await summary.sheet.commit();

    // Plans: one row per plan with its revision and statistics.
    const plansSheet = tableSheet(
      workbook,
      'Plans',
      [
        { header: 'Action plan', width: 40 },
        { header: 'Type', width: 16 },
        { header: 'Form', width: 16 },
        { header: 'Category', width: 14 },
        { header: 'Auditor', width: 26 },
        { header: 'Revision', width: 10, kind: 'number' },
        { header: 'Revision agreed on', width: 14, kind: 'day' },
        { header: 'Timeline', width: 14, kind: 'day' },
        { header: 'Status', width: 12 },
        { header: 'Total Gaps', width: 10, kind: 'number' },
        { header: 'Open', width: 8, kind: 'number' },
        { header: 'Closed', width: 8, kind: 'number' },
        { header: 'Overdue', width: 9, kind: 'number' },
        { header: 'Completion %', width: 12, kind: 'percent' },
      ],
      style,
    );
    for (const plan of data.plans) {
      const statistics = data.planStatistics[plan.id];
      plansSheet.add([
        plan.heading,
        AUDIT_TYPE_LABELS[plan.auditType as AuditType] ?? plan.auditType,
        AUDIT_FORM_LABELS[plan.formType],
        ACTION_PLAN_CATEGORY_LABELS[plan.category],
        plan.auditorName,
        plan.revision.number,
        day(plan.revision.agreedOn),
        day(plan.timeline),
        STATUS_LABELS[plan.overallStatus],
        statistics?.totalGaps ?? 0,
        statistics?.openGaps ?? 0,
        statistics?.closedGaps ?? 0,
        statistics?.overdueGaps ?? 0,
        statistics?.completionPercentage ?? 0,
      ]);
    }
    await plansSheet.sheet.commit();

    // By section: the per-PR summary.
    const bySection = tableSheet(
      workbook,
      'By section',
      [
        ...(many ? [{ header: 'Action plan', width: 30 }] : []),
        { header: 'Section', width: 46 },
        { header: 'Items', width: 8, kind: 'number' as const },
        { header: 'Open', width: 8, kind: 'number' as const },
        { header: 'Overdue', width: 9, kind: 'number' as const },
        { header: 'Pending closure review', width: 12, kind: 'number' as const },
        { header: 'Prov Close', width: 10, kind: 'number' as const },
        { header: 'Closed', width: 8, kind: 'number' as const },
        { header: 'Closed by desk review', width: 12, kind: 'number' as const },
        { header: 'Closed by site verification', width: 12, kind: 'number' as const },
      ],
      style,
    );
    const figureCells = (figures: SectionFigures): Value[] => [
      figures.section,
      figures.items,
      figures.open,
      figures.overdue,
      figures.pending,
      figures.provClosed,
      figures.closed,
      figures.deskReview,
      figures.siteVerification,
    ];
    for (const plan of data.plans) {
      const planGaps = data.gaps.filter((gap) => gap.actionPlanId === plan.id);
      for (const { figures } of sectionsOf(planGaps)) {
        bySection.add([...(many ? [plan.heading] : []), ...figureCells(figures)]);
      }
    }
    bySection.add([...(many ? ['All plans'] : []), ...figureCells(totalFigures(data.gaps))]);
    await bySection.sheet.commit();

    // ESAP: one row per item, each lender field and each of its parts in its own column.
    const esap = tableSheet(
      workbook,
      'ESAP',
      [
        ...(many ? [{ header: 'Action plan', width: 30 }] : []),
        { header: 'Section', width: 30 },
        { header: 'No.', width: 7 },
        { header: 'Action', width: 50 },
        { header: 'E&S risks', width: 36 },
        { header: 'Residual risk', width: 24 },
        { header: 'Severity', width: 10 },
        { header: 'ESG aspect', width: 13 },
        { header: 'Requirement', width: 22 },
        { header: 'Loan agreement clause', width: 14 },
        { header: 'Resources', width: 30 },
        { header: 'Budget currency', width: 9 },
        { header: 'Budget', width: 12, kind: 'number' as const },
        { header: 'Responsible', width: 22 },
        { header: 'Timetable', width: 26 },
        { header: 'Due date', width: 12, kind: 'day' as const },
        { header: 'Due (as shown)', width: 22 },
        { header: 'Condition', width: 16 },
        { header: 'Completion indicator', width: 36 },
        { header: 'KPI', width: 28 },
        { header: 'Status', width: 12 },
        { header: 'Days overdue', width: 9, kind: 'number' as const },
        { header: 'Closed on', width: 12, kind: 'day' as const },
        { header: 'Verification', width: 18 },
        { header: 'Reviewed on', width: 12, kind: 'day' as const },
        { header: 'Site visit date', width: 12, kind: 'day' as const },
        { header: 'Visited by', width: 18 },
        { header: 'Verification (as shown)', width: 30 },
        { header: 'Latest evidence', width: 12, kind: 'day' as const },
        { header: 'Action taken by company', width: 36 },
      ],
      style,
    );
    for (const gap of data.gaps) {
      esap.add([
        ...(many ? [plans.get(gap.actionPlanId)?.heading ?? NONE] : []),
        gap.esapSection,
        gap.number,
        gap.recommendation,
        gap.gapName,
        gap.residualRisk,
        RISK_SEVERITY_LABELS[gap.riskSeverity],
        gap.esgAspect,
        gap.requirementReferences.join(', '),
        gap.loanClause,
        gap.resources,
        gap.amount?.currency ?? null,
        gap.amount?.value ?? null,
        gap.responsibility,
        gap.timetable,
        day(gap.dueDate),
        dueText(gap, clock),
        gap.conditionType && CONDITION_TYPE_LABELS[gap.conditionType],
        gap.completionIndicator,
        gap.kpi,
        STATUS_LABELS[gap.status],
        gap.daysOverdue,
        day(gap.closedAt),
        gap.review ? CLOSURE_METHOD_LABELS[gap.review.method] : null,
        day(gap.review?.reviewedAt ?? null),
        gap.review?.visitDate ? sheetDay(gap.review.visitDate) : null,
        gap.review?.visitedBy ?? null,
        verificationText(gap, clock),
        day(gap.latestEvidenceAt),
        gap.actionTakenByCompany,
      ]);
    }
    await esap.sheet.commit();

    const overdue = tableSheet(
      workbook,
      'Overdue',
      [
        ...(many ? [{ header: 'Action plan', width: 30 }] : []),
        { header: 'No.', width: 8 },
        { header: 'Gap', width: 50 },
        { header: 'Responsibility', width: 30 },
        { header: 'Due date', width: 14, kind: 'day' as const },
        { header: 'Days overdue', width: 14, kind: 'number' as const },
        { header: 'Section', width: 30 },
      ],
      style,
    );
    for (const gap of data.overdue) {
      overdue.add([
        ...(many ? [plans.get(gap.actionPlanId)?.heading ?? NONE] : []),
        gap.number,
        gap.kpi || gap.gapName,
        gap.responsibility,
        day(gap.dueDate),
        gap.daysOverdue,
        gap.esapSection,
      ]);
    }
    await overdue.sheet.commit();

    const changes = tableSheet(
      workbook,
      'Changes',
      [
        { header: 'When', width: 20, kind: 'moment' },
        { header: 'No.', width: 8 },
        { header: 'Gap or plan', width: 40 },
        { header: 'Change', width: 70 },
        { header: 'By', width: 30 },
        { header: 'User type', width: 16 },
      ],
      style,
    );
    for (const change of data.changes) {
      const gap = change.gapId ? gaps.get(change.gapId) : undefined;
      changes.add([
        moment(change.changedAt),
        gap?.number ?? null,
        gap ? gap.kpi || gap.gapName : `Plan: ${plans.get(change.actionPlanId)?.heading ?? NONE}`,
        changeText(change, clock),
        change.changedByName,
        change.changedByUserType,
      ]);
    }
    await changes.sheet.commit();

    const evidence = tableSheet(
      workbook,
      'Evidence',
      [
        { header: 'File name', width: 36 },
        { header: 'No.', width: 8 },
        { header: 'Gap', width: 36 },
        { header: 'Captured (local clock)', width: 20, kind: 'moment' },
        { header: 'Capture UTC offset (minutes)', width: 12, kind: 'number' },
        { header: 'Latitude', width: 11, kind: 'number' },
        { header: 'Longitude', width: 11, kind: 'number' },
        { header: 'Capture recorded by', width: 22 },
        { header: 'Warnings', width: 36 },
        { header: 'Added', width: 20, kind: 'moment' },
        { header: 'Added by', width: 24 },
        { header: 'Size (KB)', width: 10, kind: 'number' },
        { header: 'Width (px)', width: 10, kind: 'number' },
        { header: 'Height (px)', width: 10, kind: 'number' },
      ],
      style,
    );
    for (const item of data.evidence) {
      const gap = gaps.get(item.gapId);
      evidence.add([
        item.fileName,
        gap?.number ?? null,
        gap ? gap.kpi || gap.gapName : NONE,
        item.capturedAt ? new Date(`${item.capturedAt}Z`) : null,
        item.capturedUtcOffsetMinutes,
        item.gps?.latitude ?? null,
        item.gps?.longitude ?? null,
        captureSourceText(item),
        item.warnings.map((warning) => EVIDENCE_WARNING_TEXT[warning] ?? warning).join('; ') ||
          null,
        moment(item.uploadedAt),
        item.uploadedBy,
        Number((item.size / 1024).toFixed(2)),
        item.width,
        item.height,
      ]);
    }
    await evidence.sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    stream.destroy(error as Error);
    throw error;
  });
  return { stream, done };
}
