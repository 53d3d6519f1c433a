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
  readingIn,
  type AuditType,
  type Language,
  type DateStyle,
} from '@verity/shared-api/src/server';
import type { ReportData } from './report-data';
import {
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
  warningText,
  type SectionFigures,
} from './report-text';
import { ENGLISH_WORDS, reportWords, type PhraseValue, type ReportWords } from './report-words';
import type { TextId } from '../language/translate';

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
 * A sheet with a frozen, filtered header row and typed columns, shown right to left (its first
 * column at the right) in an Arabic workbook; `add` writes one row (committed at once, so the writer
 * holds no more than a row).
 */
function tableSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: SheetColumn[],
  { dateStyle, rightToLeft }: { dateStyle: DateStyle; rightToLeft: boolean },
) {
  const lastColumn = columns.length;
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0, ...(rightToLeft ? { rightToLeft } : {}) }],
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
  words: ReportWords = ENGLISH_WORDS,
): Promise<{ stream: PassThrough; done: Promise<void> }> {
  // Headers and the summary's labels in the words asked for (each with its English on a line of its
  // own when bilingual); cells in the language alone, so a column sorts and filters on one word.
  const cells = reportWords(words.language);
  const h = (id: TextId) => words.lines(id);
  const c = (id: TextId, values?: Record<string, PhraseValue>) => words(id, values);
  const label = (read: () => string) => readingIn(words.language, read);
  /** A label as a value of the words, read in each language they are written in. */
  const labelIn = (read: () => string) => (language: Language) => readingIn(language, read);
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
  const layout = { dateStyle: style, rightToLeft: words.language === 'ar' };
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
      cells('report.sheet.summary'),
      [
        { header: h('report.sheet.figure'), width: 34 },
        { header: h('report.sheet.value'), width: 60 },
      ],
      layout,
    );
    const asOf = sheetDate(data.generatedAt, zone);
    const facts: [string, Value][] = [
      [c('contract.csv.company'), data.company.name],
      [c('contract.field.registeredName'), data.company.registeredName ?? NONE],
      [c('report.cover.auditor'), auditorsText(data)],
      [c('report.cover.period'), periodText(data, cells)],
      [c('report.sheet.periodFrom'), sheetDay(data.period.from)],
      [c('report.sheet.periodTo'), sheetDay(data.period.to)],
      [c('report.sheet.asOf'), asOf],
      [c('report.sheet.generatedAt'), formatDateTime(data.generatedAt, clock, cells.language)],
      [c('report.figure.totalGaps'), totals.totalGaps],
      [c('report.figure.open'), totals.openGaps],
      [c('report.figure.closed'), totals.closedGaps],
      [c('report.figure.overdue'), totals.overdueGaps],
      [c('report.figure.completion'), totals.completionPercentage],
      [c('report.sheet.percentClosed'), totals.completionPercentage],
      [c('report.sheet.closedWithDueDate'), totals.closedWithDueDate],
      [c('report.sheet.closedOnTime'), totals.closedOnTime],
      [
        c('report.sheet.percentClosedOnTime'),
        totals.closedOnTimePercentage ?? c('report.notApplicable'),
      ],
      [
        c('report.sheet.statusCount', { status: labelIn(() => STATUS_LABELS.open) }),
        totals.byStatus.open,
      ],
      [
        c('report.sheet.statusPendingCount', { status: labelIn(() => STATUS_LABELS.pending) }),
        totals.byStatus.pending,
      ],
      [
        c('report.sheet.statusCount', { status: labelIn(() => STATUS_LABELS.provClosed) }),
        totals.byStatus.provClosed,
      ],
      [
        c('report.sheet.statusCount', { status: labelIn(() => STATUS_LABELS.closed) }),
        totals.byStatus.closed,
      ],
      [
        c('report.sheet.statusCount', { status: labelIn(() => STATUS_LABELS.overdue) }),
        totals.byStatus.overdue,
      ],
    ];
    if (data.planOverview) {
      facts.push(
        [c('report.cover.actionPlans'), data.planOverview.total],
        [c('report.sheet.plansClosed'), data.planOverview.closed],
        [c('report.sheet.plansProvClosed'), data.planOverview.provClosed],
        [c('report.sheet.plansOpen'), data.planOverview.open],
      );
    }
    for (const narrative of data.narrative ?? []) facts.push([narrative.title, narrative.text]);
    const signOff = data.signOff ?? {};
    facts.push(
      [c('report.sheet.preparedBy'), signOff.preparedBy ?? null],
      [c('report.sheet.preparedOn'), signOff.preparedOn ? sheetDay(signOff.preparedOn) : null],
      [c('report.sheet.reviewedBy'), signOff.reviewedBy ?? null],
      [c('report.sheet.reviewedOn'), signOff.reviewedOn ? sheetDay(signOff.reviewedOn) : null],
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
      cells('report.sheet.plans'),
      [
        { header: h('report.cover.actionPlan'), width: 40 },
        { header: h('report.sheet.type'), width: 16 },
        { header: h('contract.csv.form'), width: 16 },
        { header: h('contract.csv.category'), width: 14 },
        { header: h('report.cover.auditor'), width: 26 },
        { header: h('report.plans.revision'), width: 10, kind: 'number' },
        { header: h('report.sheet.revisionAgreedOn'), width: 14, kind: 'day' },
        { header: h('report.change.field.timeline'), width: 14, kind: 'day' },
        { header: h('report.plans.status'), width: 12 },
        { header: h('report.figure.totalGaps'), width: 10, kind: 'number' },
        { header: h('report.figure.open'), width: 8, kind: 'number' },
        { header: h('report.figure.closed'), width: 8, kind: 'number' },
        { header: h('report.figure.overdue'), width: 9, kind: 'number' },
        { header: h('report.figure.completion'), width: 12, kind: 'percent' },
      ],
      layout,
    );
    for (const plan of data.plans) {
      const statistics = data.planStatistics[plan.id];
      plansSheet.add([
        plan.heading,
        label(() => AUDIT_TYPE_LABELS[plan.auditType as AuditType] ?? plan.auditType),
        label(() => AUDIT_FORM_LABELS[plan.formType]),
        label(() => ACTION_PLAN_CATEGORY_LABELS[plan.category]),
        plan.auditorName,
        plan.revision.number,
        day(plan.revision.agreedOn),
        day(plan.timeline),
        label(() => STATUS_LABELS[plan.overallStatus]),
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
      cells('report.sheet.bySection'),
      [
        ...(many ? [{ header: h('report.cover.actionPlan'), width: 30 }] : []),
        { header: h('report.summary.section'), width: 46 },
        { header: h('report.summary.items'), width: 8, kind: 'number' as const },
        { header: h('report.figure.open'), width: 8, kind: 'number' as const },
        { header: h('report.figure.overdue'), width: 9, kind: 'number' as const },
        { header: h('report.figure.pending'), width: 12, kind: 'number' as const },
        { header: h('report.figure.provClosed'), width: 10, kind: 'number' as const },
        { header: h('report.figure.closed'), width: 8, kind: 'number' as const },
        { header: h('report.summary.deskReview'), width: 12, kind: 'number' as const },
        { header: h('report.summary.siteVerification'), width: 12, kind: 'number' as const },
      ],
      layout,
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
    bySection.add([
      ...(many ? [c('report.sheet.allPlans')] : []),
      ...figureCells(totalFigures(data.gaps)),
    ]);
    await bySection.sheet.commit();

    // ESAP: one row per item, each lender field and each of its parts in its own column.
    const esap = tableSheet(
      workbook,
      cells('report.sheet.esap'),
      [
        ...(many ? [{ header: h('report.cover.actionPlan'), width: 30 }] : []),
        { header: h('report.summary.section'), width: 30 },
        { header: h('report.esap.number'), width: 7 },
        { header: h('report.esap.action'), width: 50 },
        { header: h('report.esap.risks'), width: 36 },
        { header: h('report.change.field.residualRisk'), width: 24 },
        { header: h('contract.csv.severity'), width: 10 },
        { header: h('report.change.field.ESGAspect'), width: 13 },
        { header: h('report.esap.requirement'), width: 22 },
        { header: h('report.sheet.loanClause'), width: 14 },
        { header: h('report.esap.resources'), width: 30 },
        { header: h('report.sheet.budgetCurrency'), width: 9 },
        { header: h('report.sheet.budget'), width: 12, kind: 'number' as const },
        { header: h('report.overdue.responsible'), width: 22 },
        { header: h('report.esap.timetable'), width: 26 },
        { header: h('report.overdue.dueDate'), width: 12, kind: 'day' as const },
        { header: h('report.sheet.dueShown'), width: 22 },
        { header: h('report.sheet.condition'), width: 16 },
        { header: h('report.esap.indicator'), width: 36 },
        { header: h('report.change.field.KPI'), width: 28 },
        { header: h('report.plans.status'), width: 12 },
        { header: h('report.overdue.daysOverdue'), width: 9, kind: 'number' as const },
        { header: h('contract.csv.closedOn'), width: 12, kind: 'day' as const },
        { header: h('report.sheet.verification'), width: 18 },
        { header: h('report.sheet.reviewedOn'), width: 12, kind: 'day' as const },
        { header: h('report.sheet.siteVisitDate'), width: 12, kind: 'day' as const },
        { header: h('report.sheet.visitedBy'), width: 18 },
        { header: h('report.sheet.verificationShown'), width: 30 },
        { header: h('report.sheet.latestEvidence'), width: 12, kind: 'day' as const },
        { header: h('report.change.field.actionTakenByCompany'), width: 36 },
      ],
      layout,
    );
    for (const gap of data.gaps) {
      esap.add([
        ...(many ? [plans.get(gap.actionPlanId)?.heading ?? NONE] : []),
        gap.esapSection,
        gap.number,
        gap.recommendation,
        gap.gapName,
        gap.residualRisk,
        label(() => RISK_SEVERITY_LABELS[gap.riskSeverity]),
        gap.esgAspect,
        gap.requirementReferences.join(', '),
        gap.loanClause,
        gap.resources,
        gap.amount?.currency ?? null,
        gap.amount?.value ?? null,
        gap.responsibility,
        gap.timetable,
        day(gap.dueDate),
        dueText(gap, clock, cells),
        gap.conditionType && label(() => CONDITION_TYPE_LABELS[gap.conditionType!]),
        gap.completionIndicator,
        gap.kpi,
        label(() => STATUS_LABELS[gap.status]),
        gap.daysOverdue,
        day(gap.closedAt),
        gap.review ? label(() => CLOSURE_METHOD_LABELS[gap.review!.method]) : null,
        day(gap.review?.reviewedAt ?? null),
        gap.review?.visitDate ? sheetDay(gap.review.visitDate) : null,
        gap.review?.visitedBy ?? null,
        verificationText(gap, clock, cells),
        day(gap.latestEvidenceAt),
        gap.actionTakenByCompany,
      ]);
    }
    await esap.sheet.commit();

    const overdue = tableSheet(
      workbook,
      cells('report.figure.overdue'),
      [
        ...(many ? [{ header: h('report.cover.actionPlan'), width: 30 }] : []),
        { header: h('report.esap.number'), width: 8 },
        { header: h('report.sheet.gap'), width: 50 },
        { header: h('report.change.field.responsibility'), width: 30 },
        { header: h('report.overdue.dueDate'), width: 14, kind: 'day' as const },
        { header: h('report.overdue.daysOverdue'), width: 14, kind: 'number' as const },
        { header: h('report.summary.section'), width: 30 },
      ],
      layout,
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
      cells('report.sheet.changes'),
      [
        { header: h('report.changes.when'), width: 20, kind: 'moment' },
        { header: h('report.esap.number'), width: 8 },
        { header: h('report.changes.gapOrPlan'), width: 40 },
        { header: h('report.changes.change'), width: 70 },
        { header: h('report.changes.by'), width: 30 },
        { header: h('report.sheet.userType'), width: 16 },
      ],
      layout,
    );
    for (const change of data.changes) {
      const gap = change.gapId ? gaps.get(change.gapId) : undefined;
      changes.add([
        moment(change.changedAt),
        gap?.number ?? null,
        gap
          ? gap.kpi || gap.gapName
          : c('report.sheet.planNamed', {
              heading: plans.get(change.actionPlanId)?.heading ?? NONE,
            }),
        changeText(change, clock, cells),
        change.changedByName,
        change.changedByUserType,
      ]);
    }
    await changes.sheet.commit();

    const evidence = tableSheet(
      workbook,
      cells('report.sheet.evidence'),
      [
        { header: h('report.sheet.fileName'), width: 36 },
        { header: h('report.esap.number'), width: 8 },
        { header: h('report.sheet.gap'), width: 36 },
        { header: h('report.sheet.captured'), width: 20, kind: 'moment' },
        { header: h('report.sheet.captureOffset'), width: 12, kind: 'number' },
        { header: h('report.sheet.latitude'), width: 11, kind: 'number' },
        { header: h('report.sheet.longitude'), width: 11, kind: 'number' },
        { header: h('report.sheet.captureRecordedBy'), width: 22 },
        { header: h('report.sheet.warnings'), width: 36 },
        { header: h('report.sheet.added'), width: 20, kind: 'moment' },
        { header: h('report.sheet.addedBy'), width: 24 },
        { header: h('report.sheet.sizeKb'), width: 10, kind: 'number' },
        { header: h('report.sheet.widthPx'), width: 10, kind: 'number' },
        { header: h('report.sheet.heightPx'), width: 10, kind: 'number' },
      ],
      layout,
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
        captureSourceText(item, cells),
        item.warnings.map((warning) => warningText(warning, cells)).join('; ') || null,
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
