// The monitoring report as a PDF (pdfkit) in the lender's layout, written page by page into the
// stream the reply sends: the cover (figures and narrative), the summary by ESAP section, the ESAP
// table grouped by section, overdue items, the period's changes, the evidence appendix and the
// sign-off (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md). Each part is its own
// exported function over a `ReportPdf`, so another document (an annual monitoring report) can
// compose them with its own parts.
import {
  STATUS_COLORS,
  STATUS_COLOR_HEX,
  type ChartStatus,
  type StatusKey,
} from '@verity/shared-api/src/server';
import type { TextId } from '../language/translate';
import type { AttachmentStorage } from '../storage/attachment-storage';
import {
  BOLD,
  FONT,
  FONT_FILES,
  FORM_FONT,
  INK,
  MARGIN,
  MUTED,
  RULE,
  ReportPage,
  clean,
  drawTable,
  type Doc,
  type TableRow,
} from './pdf-layout';
import type { ReportData } from './report-data';
import {
  NONE,
  auditorsText,
  capturedText,
  changeText,
  esapCells,
  formatDateTime,
  formatDay,
  formatPeriodDay,
  gapLabel,
  gpsText,
  percentText,
  periodText,
  planText,
  reportClock,
  revisionText,
  sectionName,
  sectionsOf,
  sizeText,
  statusText,
  totalFigures,
  type SectionFigures,
  warningText,
} from './report-text';
import { ENGLISH_WORDS, listOf, phrase, type ReportWords } from './report-words';
import { MAX_THUMBNAILS, thumbnail } from './thumbnails';

/** The PDF lists at most this many changes; the workbook has them all. */
export const MAX_PDF_CHANGES = 600;

/** The narrative sections a blank report offers as form fields, for the company and the lender. */
export const BLANK_NARRATIVE = [
  {
    name: 'companyNarrative',
    title: 'report.blank.companyNarrative',
    hint: 'report.blank.companyNarrativeHint',
  },
  {
    name: 'lenderComments',
    title: 'report.blank.lenderComments',
    hint: 'report.blank.lenderCommentsHint',
  },
] as const satisfies readonly { name: string; title: TextId; hint: TextId }[];

/** The page and the data a report's parts draw from. */
export interface ReportPdf {
  page: ReportPage;
  doc: Doc;
  data: ReportData;
  /** The report's own words, in the language asked for (docs/decisions/0109-languages.md). */
  words: ReportWords;
  /** The pages the ESAP table took (first and last), once drawn. */
  esapPages?: { firstPage: number; lastPage: number };
}

const statusColour = (status: StatusKey) =>
  status === 'pending' || status === 'dropped'
    ? MUTED
    : STATUS_COLOR_HEX[STATUS_COLORS[status as ChartStatus]];

/** The footer every page carries: company, period, the as-of date and (one plan) its revision. */
function footerOf(data: ReportData, words: ReportWords) {
  const clock = reportClock(data);
  const revision =
    data.plans.length === 1 ? ` · ${revisionText(data.plans[0]!, clock, words)}` : '';
  const period = phrase('report.period', {
    from: formatPeriodDay(data.period.from, data.dateStyle),
    to: formatPeriodDay(data.period.to, data.dateStyle),
  });
  const asOf = phrase('report.asOf', { day: formatDay(data.generatedAt, clock) });
  return {
    left: `${data.company.name} · ${words('report.footer', { period })}${revision}`,
    right: (page: number) =>
      `${words(asOf.id, asOf.values)} · ${words('report.page.number', { page })}`,
    continued: words('report.page.continued'),
  };
}

/** Starts the document with its fonts and the footer on every page. */
export async function startReportPdf(
  data: ReportData,
  words: ReportWords = ENGLISH_WORDS,
): Promise<ReportPdf> {
  // pdfkit (about 23 MB with its fonts) is loaded with the first report, not when the API starts.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: true,
    compress: true,
    info: {
      Title: `${data.company.name} – monitoring report ${data.period.from}–${data.period.to}`,
      Author: 'Verity',
      Subject: 'Environmental & Social monitoring report',
    },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  // The form (narrative and sign-off fields) writes with a standard font any reader has.
  doc.font(FORM_FONT);
  doc.initForm();
  return {
    page: new ReportPage(doc, footerOf(data, words), words.language === 'ar'),
    doc,
    data,
    words,
  };
}

/** A row of figure boxes. */
function figureBoxes(pdf: ReportPdf, items: { label: string; value: string; colour?: string }[]) {
  const { doc, page } = pdf;
  const gap = 8;
  const boxWidth = (page.width - gap * (items.length - 1)) / items.length;
  page.ensureRoom(56);
  const y = doc.y;
  items.forEach((item, index) => {
    const x = MARGIN + index * (boxWidth + gap);
    doc
      .roundedRect(page.place(x, boxWidth), y, boxWidth, 46, 4)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    if (item.colour) doc.rect(page.place(x, 4), y, 4, 46).fill(item.colour);
    doc.font(FONT);
    doc.fontSize(fittingSize(doc, clean(item.label), boxWidth - 14, 8, 6)).fillColor(MUTED);
    page.write(clean(item.label), page.place(x + 10, boxWidth - 14), y + 7, {
      width: boxWidth - 14,
      height: 10,
      lineBreak: false,
      ellipsis: true,
    });
    doc.font(BOLD).fontSize(16).fillColor(INK);
    page.write(item.value, page.place(x + 10, boxWidth - 14), y + 21, {
      width: boxWidth - 14,
      lineBreak: false,
    });
  });
  doc.x = MARGIN;
  doc.y = y + 54;
}

/**
 * The size, from `size` down to `smallest`, at which `text` fits one line of `width` in the current
 * font (a label in two languages is longer).
 */
function fittingSize(doc: Doc, text: string, width: number, size: number, smallest: number) {
  let fitting = size;
  while (fitting > smallest && doc.fontSize(fitting).widthOfString(text) > width) fitting -= 0.5;
  return fitting;
}

/** A labelled box: the given text, or a multi-line form field whoever receives the PDF fills in. */
function fillInBox(
  pdf: ReportPdf,
  box: { x: number; y: number; width: number; height: number },
  field: { name: string; title: string; hint?: string; value?: string },
) {
  const { doc, page } = pdf;
  doc.font(BOLD);
  doc.fontSize(fittingSize(doc, clean(field.title), box.width, 9, 6.5)).fillColor(INK);
  page.write(clean(field.title), page.place(box.x, box.width), box.y, {
    width: box.width,
    height: 12,
    lineBreak: false,
    ellipsis: true,
  });
  const top = box.y + 13;
  const height = box.height - 13;
  doc
    .rect(page.place(box.x, box.width), top, box.width, height)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  const inner = page.place(box.x + 4, box.width - 8);
  if (field.value !== undefined) {
    doc.font(FONT).fontSize(9).fillColor(INK);
    page.writeBlock(clean(field.value), inner, top + 4, {
      width: box.width - 8,
      height: height - 8,
      ellipsis: true,
    });
  } else {
    if (field.hint) {
      doc.font(FONT);
      doc.fontSize(fittingSize(doc, clean(field.hint), box.width - 8, 7, 5.5)).fillColor(MUTED);
      page.write(clean(field.hint), inner, top + height - 11, {
        width: box.width - 8,
        height: 9,
        lineBreak: false,
        ellipsis: true,
      });
    }
    doc.font(FORM_FONT);
    doc.formText(
      field.name,
      page.place(box.x + 1, box.width - 2),
      top + 1,
      box.width - 2,
      height - 13,
      {
        multiline: height > 30,
        fontSize: 9,
      },
    );
  }
  doc.fillColor(INK);
}

/** The cover lists this many plans; a company's others are in 'By action plan'. */
const COVER_PLANS = 8;

function coverPlansText(data: ReportData, words: ReportWords): string {
  const clock = reportClock(data);
  const listed = data.plans
    .slice(0, COVER_PLANS)
    .map((plan) => `${planText(plan, words)} · ${revisionText(plan, clock, words)}`);
  const more = data.plans.length - listed.length;
  if (more > 0) listed.push(words('report.cover.morePlans', { count: more }));
  return listed.join('\n') || NONE;
}

/** The cover: who and what, the period and the as-of date, the overall figures, the narrative. */
export function drawCover(pdf: ReportPdf) {
  const { doc, data, page, words } = pdf;
  const { company, totals } = data;
  const clock = reportClock(data);
  doc.font(BOLD).fontSize(10).fillColor(MUTED);
  // A mirrored page writes the title from the right: in the page's width.
  page.write(clean(words('report.cover.title')), MARGIN, MARGIN + 10, {
    lineBreak: false,
    ...(page.rightToLeft ? { width: page.width } : {}),
  });
  doc.y = MARGIN + 28;
  page.heading(company.name, 24);
  if (company.registeredName && company.registeredName !== company.name) {
    page.paragraph(company.registeredName, { size: 11, colour: MUTED });
  }
  doc.y += 6;
  const rows: [string, string][] = [
    [words('report.cover.auditor'), auditorsText(data)],
    [
      words(data.plans.length === 1 ? 'report.cover.actionPlan' : 'report.cover.actionPlans'),
      coverPlansText(data, words),
    ],
    [words('report.cover.period'), periodText(data, words)],
    [
      words('report.cover.figures'),
      words('report.cover.generated', {
        asOf: phrase('report.asOf', { day: formatDay(data.generatedAt, clock) }),
        when: formatDateTime(data.generatedAt, clock, pdf.words.language),
      }),
    ],
  ];
  // Labels in two languages take a wider column.
  const labelWidth = words.bilingual ? 210 : 120;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(BOLD).fontSize(9.5).fillColor(MUTED);
    page.writeBlock(clean(label), page.place(MARGIN, labelWidth), y, { width: labelWidth });
    const labelBottom = doc.y;
    const valueWidth = page.width - labelWidth - 5;
    doc.font(FONT).fontSize(9.5).fillColor(INK);
    page.writeBlock(clean(value), page.place(MARGIN + labelWidth + 5, valueWidth), y, {
      width: valueWidth,
    });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  }
  doc.y += 6;
  figureBoxes(pdf, [
    { label: words('report.figure.totalGaps'), value: String(totals.totalGaps) },
    {
      label: words('report.figure.open'),
      value: String(totals.openGaps),
      colour: STATUS_COLOR_HEX.blue,
    },
    {
      label: words('report.figure.closed'),
      value: String(totals.closedGaps),
      colour: STATUS_COLOR_HEX.green,
    },
    {
      label: words('report.figure.overdue'),
      value: String(totals.overdueGaps),
      colour: STATUS_COLOR_HEX.red,
    },
    { label: words('report.figure.completion'), value: `${totals.completionPercentage}%` },
  ]);
  figureBoxes(pdf, [
    {
      label: words('report.figure.provClosed'),
      value: String(totals.byStatus.provClosed),
      colour: STATUS_COLOR_HEX.yellow,
    },
    {
      label: words('report.figure.pending'),
      value: String(totals.byStatus.pending),
      colour: MUTED,
    },
    {
      label: words('report.figure.closedOnTime', {
        onTime: totals.closedOnTime,
        withDueDate: totals.closedWithDueDate,
      }),
      value: percentText(totals.closedOnTimePercentage, words),
    },
    ...(data.planOverview
      ? [
          { label: words('report.figure.actionPlans'), value: String(data.planOverview.total) },
          { label: words('report.figure.plansClosed'), value: String(data.planOverview.closed) },
        ]
      : []),
  ]);
  drawNarrative(pdf);
}

/**
 * The narrative: the sections given (printed, flowing across pages), or, in a blank report, a box
 * for the company and one for the lender, as form fields.
 */
export function drawNarrative(pdf: ReportPdf) {
  const { doc, data, page } = pdf;
  if (data.narrative && data.narrative.length > 0) {
    for (const section of data.narrative) {
      page.ensureRoom(60);
      page.paragraph(section.title, { size: 10.5, bold: true });
      page.paragraph(section.text, { size: 9 });
      if (section.after) page.note(section.after);
      for (const table of section.tables ?? []) {
        doc.y += 2;
        page.ensureRoom(50);
        page.paragraph(table.title, { size: 9, bold: true });
        const shares = table.columns.reduce((sum, column) => sum + column.share, 0);
        drawTable(
          page,
          table.columns.map((column) => ({
            header: column.header,
            width: (column.share / shares) * page.width * (table.width ?? 1),
            align: column.align,
          })),
          table.rows.map((row) => ({ cells: row.cells, kind: row.total ? 'total' : 'row' })),
          8,
        );
        doc.y += 3;
        if (table.note) page.note(table.note);
      }
      doc.y += 4;
    }
    return;
  }
  const height = Math.min(260, Math.max(90, page.room - 4));
  page.ensureRoom(height);
  const y = doc.y + 2;
  const width = (page.width - 12) / 2;
  BLANK_NARRATIVE.forEach((field, index) =>
    fillInBox(
      pdf,
      { x: MARGIN + index * (width + 12), y, width, height: height - 4 },
      { name: field.name, title: pdf.words(field.title), hint: pdf.words(field.hint) },
    ),
  );
  doc.x = MARGIN;
  doc.y = y + height;
}

const SUMMARY_COLUMNS = [
  { header: 'report.summary.section', width: 262 },
  { header: 'report.summary.items', width: 50, align: 'right' },
  { header: 'report.summary.open', width: 50, align: 'right' },
  { header: 'report.summary.overdue', width: 54, align: 'right' },
  { header: 'report.summary.pending', width: 66, align: 'right' },
  { header: 'report.summary.provClosed', width: 80, align: 'right' },
  { header: 'report.summary.closed', width: 50, align: 'right' },
  { header: 'report.summary.deskReview', width: 62, align: 'right' },
  { header: 'report.summary.siteVerification', width: 66, align: 'right' },
] as const satisfies readonly { header: TextId; width: number; align?: 'right' }[];

const summaryCells = (figures: SectionFigures, words: ReportWords) => [
  sectionName(figures.section, words),
  String(figures.items),
  String(figures.open),
  String(figures.overdue),
  String(figures.pending),
  String(figures.provClosed),
  String(figures.closed),
  String(figures.deskReview),
  String(figures.siteVerification),
];

/** The summary by ESAP section (PR/PS): items by status, and desk review against site verification. */
export function drawSectionSummary(pdf: ReportPdf) {
  const { data, page, words } = pdf;
  page.newPage();
  page.heading(words('report.summary.heading'));
  page.note(
    words('report.summary.note', {
      asOf: phrase('report.asOf', { day: formatDay(data.generatedAt, reportClock(data)) }),
    }),
  );
  const many = data.plans.length > 1;
  const rows: TableRow[] = [];
  for (const plan of data.plans) {
    const gaps = data.gaps.filter((gap) => gap.actionPlanId === plan.id);
    if (many) rows.push({ cells: [planText(plan, words)], kind: 'plan' });
    for (const { figures } of sectionsOf(gaps)) {
      rows.push({ cells: summaryCells(figures, words) });
    }
  }
  rows.push({ cells: summaryCells(totalFigures(data.gaps), words), kind: 'total' });
  const width = SUMMARY_COLUMNS.reduce((sum, column) => sum + column.width, 0);
  // Headers in two languages take more room from the sections' names.
  const extra = words.bilingual ? 16 : 0;
  drawTable(
    page,
    SUMMARY_COLUMNS.map((column, index) => ({
      ...column,
      header: words.lines(column.header),
      width:
        index === 0
          ? column.width + page.width - width - extra * (SUMMARY_COLUMNS.length - 1)
          : column.width + extra,
    })),
    rows,
    8.5,
  );
  if (many) drawPlansTable(pdf);
}

function drawPlansTable(pdf: ReportPdf) {
  const { data, doc, page, words } = pdf;
  const clock = reportClock(data);
  doc.y += 10;
  page.heading(words('report.plans.heading'), 11);
  drawTable(
    page,
    [
      { header: words.lines('report.plans.actionPlan'), width: page.width - 556 },
      { header: words.lines('report.plans.revision'), width: 130 },
      { header: words.lines('report.plans.auditor'), width: 130 },
      { header: words.lines('report.plans.status'), width: 60 },
      { header: words.lines('report.plans.gaps'), width: 40, align: 'right' },
      { header: words.lines('report.plans.open'), width: 40, align: 'right' },
      { header: words.lines('report.plans.closed'), width: 44, align: 'right' },
      { header: words.lines('report.plans.overdue'), width: 50, align: 'right' },
      { header: words.lines('report.plans.completion'), width: 62, align: 'right' },
    ],
    data.plans.map((plan) => {
      const statistics = data.planStatistics[plan.id];
      return {
        cells: [
          plan.heading,
          revisionText(plan, clock, words),
          plan.auditorName,
          statusText(plan.overallStatus, words),
          String(statistics?.totalGaps ?? 0),
          String(statistics?.openGaps ?? 0),
          String(statistics?.closedGaps ?? 0),
          String(statistics?.overdueGaps ?? 0),
          `${statistics?.completionPercentage ?? 0}%`,
        ],
      };
    }),
  );
}

/** The ESAP table's column widths (landscape A4, 778 points between the margins). */
const ESAP_WIDTHS = [30, 168, 118, 66, 94, 84, 104, 104];

/** The ESAP table's columns in the lender's order and words (`ESAP_REPORT_COLUMNS` in English). */
const ESAP_HEADERS = [
  'report.esap.number',
  'report.esap.action',
  'report.esap.risks',
  'report.esap.requirement',
  'report.esap.resources',
  'report.esap.timetable',
  'report.esap.indicator',
  'report.esap.status',
] as const satisfies readonly TextId[];

/**
 * The ESAP table: one row per item, each lender field in its own column, grouped under a row per
 * section (with its figures), rows breaking across pages under a repeated header.
 */
export function drawEsapTable(pdf: ReportPdf) {
  const { data, page, words } = pdf;
  page.newPage();
  page.heading(words('report.esap.heading'));
  if (data.gaps.length === 0) {
    page.note(words('report.esap.noGaps'));
    return;
  }
  const clock = reportClock(data);
  const scale = page.width / ESAP_WIDTHS.reduce((sum, width) => sum + width, 0);
  const columns = ESAP_HEADERS.map((header, index) => ({
    header: words.lines(header),
    width: ESAP_WIDTHS[index]! * scale,
  }));
  const rows: TableRow[] = [];
  for (const plan of data.plans) {
    const gaps = data.gaps.filter((gap) => gap.actionPlanId === plan.id);
    if (data.plans.length > 1) {
      rows.push({
        cells: [`${planText(plan, words)} · ${revisionText(plan, clock, words)}`],
        kind: 'plan',
      });
    }
    const sections = sectionsOf(gaps);
    for (const { figures, gaps: sectionGaps } of sections) {
      if (sections.length > 1 || sectionGaps[0]?.esapSection) {
        rows.push({
          cells: [
            `${sectionName(figures.section, words)}   ·   ${sectionFiguresText(figures, words)}`,
          ],
          kind: 'section',
        });
      }
      for (const gap of sectionGaps) {
        rows.push({
          cells: esapCells(gap, clock, words),
          colour: statusColour(gap.status),
          colourColumn: 7,
        });
      }
    }
  }
  pdf.esapPages = drawTable(page, columns, rows, 7.5);
}

/** '8 items: 3 open, 1 overdue, 2 Prov Close, 2 closed'. */
function sectionFiguresText(figures: SectionFigures, words: ReportWords): string {
  const parts = (
    [
      [figures.open, 'report.esap.open'],
      [figures.overdue, 'report.esap.overdue'],
      [figures.pending, 'report.esap.pending'],
      [figures.provClosed, 'report.esap.provClosed'],
      [figures.closed, 'report.esap.closed'],
    ] as const
  )
    .filter(([count]) => count > 0)
    .map(([count, id]) => phrase(id, { count }));
  return words('report.esap.sectionFigures', {
    items: figures.items,
    parts: listOf(parts, ', '),
  });
}

/** The overdue items, most days overdue first. */
export function drawOverdue(pdf: ReportPdf) {
  const { data, doc, page, words } = pdf;
  const clock = reportClock(data);
  doc.y += 12;
  page.heading(words('report.overdue.heading', { count: data.overdue.length }));
  if (data.overdue.length === 0) {
    page.note(words('report.overdue.none'));
    return;
  }
  const many = data.plans.length > 1;
  const plans = new Map(data.plans.map((plan) => [plan.id, plan]));
  drawTable(
    page,
    [
      { header: words.lines('report.overdue.number'), width: 40 },
      { header: words.lines('report.overdue.action'), width: page.width - (many ? 580 : 440) },
      ...(many ? [{ header: words.lines('report.overdue.actionPlan'), width: 140 }] : []),
      { header: words.lines('report.overdue.section'), width: 160 },
      { header: words.lines('report.overdue.responsible'), width: 120 },
      { header: words.lines('report.overdue.dueDate'), width: 60 },
      { header: words.lines('report.overdue.daysOverdue'), width: 60, align: 'right' as const },
    ],
    data.overdue.map((gap) => ({
      cells: [
        gap.number,
        gap.recommendation || gap.kpi,
        ...(many ? [plans.get(gap.actionPlanId)?.heading ?? NONE] : []),
        gap.esapSection ?? NONE,
        gap.responsibility,
        formatDay(gap.dueDate, clock),
        String(gap.daysOverdue),
      ],
    })),
  );
}

const USER_TYPE_WORDS: Readonly<Record<string, TextId>> = {
  client: 'contract.userType.client',
  auditor: 'contract.userType.auditor',
  targetCompany: 'contract.userType.targetCompany',
};

/** The period's changes, oldest first (the first MAX_PDF_CHANGES). */
export function drawChanges(pdf: ReportPdf) {
  const { data, page, words } = pdf;
  const clock = reportClock(data);
  page.newPage();
  page.heading(words('report.changes.heading', { count: data.changes.length }));
  if (data.changes.length === 0) {
    page.note(words('report.changes.none'));
    return;
  }
  const gaps = new Map(data.gaps.map((gap) => [gap.id, gap]));
  const plans = new Map(data.plans.map((plan) => [plan.id, plan]));
  const shown = data.changes.slice(0, MAX_PDF_CHANGES);
  drawTable(
    page,
    [
      { header: words.lines('report.changes.when'), width: 110 },
      { header: words.lines('report.changes.gapOrPlan'), width: 220 },
      { header: words.lines('report.changes.change'), width: page.width - 480 },
      { header: words.lines('report.changes.by'), width: 150 },
    ],
    shown.map((change) => {
      const gap = change.gapId ? gaps.get(change.gapId) : undefined;
      const plan = plans.get(change.actionPlanId);
      return {
        cells: [
          formatDateTime(change.changedAt, clock, pdf.words.language).replace(
            ` (${clock.timeZone})`,
            '',
          ),
          gap ? gapLabel(gap, words) : `${words('report.changes.plan')} ${plan?.heading ?? NONE}`,
          changeText(change, clock, words),
          `${change.changedByName} (${USER_TYPE_WORDS[change.changedByUserType] ? words(USER_TYPE_WORDS[change.changedByUserType]!) : change.changedByUserType})`,
        ],
      };
    }),
  );
  if (data.changes.length > shown.length) {
    page.note(words('report.changes.cut', { shown: shown.length, total: data.changes.length }));
  }
}

/**
 * The evidence appendix: each image of the period with its thumbnail (the first MAX_THUMBNAILS,
 * read and downscaled one at a time), capture time, GPS position and warnings.
 */
export async function drawEvidenceAppendix(pdf: ReportPdf, storage: AttachmentStorage) {
  const { data, doc, page, words } = pdf;
  const clock = reportClock(data);
  page.newPage();
  page.heading(words('report.evidence.heading', { count: data.evidence.length }));
  if (data.evidence.length === 0) {
    page.note(words('report.evidence.none'));
    return;
  }
  page.note(words('report.evidence.note'));
  const gaps = new Map(data.gaps.map((gap) => [gap.id, gap]));
  const box = 104;
  const rowHeight = box + 12;
  const columnWidth = page.width / 2;
  let column = 0;
  let y = doc.y;
  for (const [index, item] of data.evidence.entries()) {
    if (column === 0 && y + rowHeight > page.contentBottom) {
      page.newPage();
      y = doc.y;
    }
    const x = MARGIN + column * columnWidth;
    const image = index < MAX_THUMBNAILS ? await thumbnail(storage, item.storageKey) : undefined;
    doc.rect(page.place(x, box), y, box, box).lineWidth(0.5).strokeColor(RULE).stroke();
    if (image) {
      doc.image(image, page.place(x + 2, box - 4), y + 2, {
        fit: [box - 4, box - 4],
        align: 'center',
        valign: 'center',
      });
    } else {
      doc.font(FONT).fontSize(8).fillColor(MUTED);
      page.write(
        words(
          index < MAX_THUMBNAILS ? 'report.evidence.noPreview' : 'report.evidence.previewLeftOut',
        ),
        page.place(x, box),
        y + box / 2 - 4,
        {
          width: box,
          align: 'center',
          lineBreak: false,
        },
      );
    }
    const gap = gaps.get(item.gapId);
    const textWidth = columnWidth - box - 16;
    const textX = page.place(x + box + 8, textWidth);
    doc.font(BOLD).fontSize(8.5).fillColor(INK);
    page.write(clean(item.fileName), textX, y, {
      width: textWidth,
      height: 12,
      lineBreak: false,
      ellipsis: true,
    });
    doc.font(FONT).fontSize(7.5).fillColor(INK);
    page.writeBlock(
      clean(
        [
          `${words('report.evidence.gap')} ${gap ? gapLabel(gap, words) : NONE}`,
          words('report.evidence.captured', { when: capturedText(item, data.dateStyle, words) }),
          words(
            item.deviceRecorded.includes('gps')
              ? 'report.evidence.gpsDevice'
              : 'report.evidence.gps',
            {
              gps: item.gps ? gpsText(item.gps) : phrase('report.gps.none'),
            },
          ),
          words('report.evidence.added', {
            when: formatDateTime(item.uploadedAt, clock, pdf.words.language),
            who: item.uploadedBy,
          }),
          words('report.evidence.size', {
            size: `${sizeText(item.size)}${item.width && item.height ? ` · ${item.width} × ${item.height} px` : ''}`,
          }),
        ].join('\n'),
      ),
      textX,
      y + 12,
      { width: textWidth, height: box - 34, ellipsis: true },
    );
    const warnings = item.warnings.map((warning) => warningText(warning, words));
    doc
      .font(BOLD)
      .fontSize(7.5)
      .fillColor(warnings.length > 0 ? STATUS_COLOR_HEX.red : STATUS_COLOR_HEX.green);
    page.writeBlock(
      clean(
        warnings.length > 0
          ? words('report.evidence.warnings', { warnings: warnings.join('; ') })
          : words('report.evidence.noWarnings'),
      ),
      textX,
      y + box - 20,
      { width: textWidth, height: 20, ellipsis: true },
    );
    column = (column + 1) % 2;
    if (column === 0) y += rowHeight;
  }
  doc.fillColor(INK);
  doc.x = MARGIN;
  doc.y = column === 0 ? y : y + rowHeight;
}

/**
 * The sign-off: prepared by and reviewed by, with their dates (printed when given, else form
 * fields), and the report's review trail when given.
 */
export function drawSignOff(pdf: ReportPdf) {
  const { data, doc, page, words } = pdf;
  const clock = reportClock(data);
  doc.y += 14;
  page.ensureRoom(150);
  page.heading(words('report.signOff.heading'), 13);
  const signOff = data.signOff ?? {};
  const day = (value: string | undefined) =>
    value === undefined ? undefined : formatPeriodDay(value, clock.dateStyle);
  const width = (page.width - 12) / 2;
  const y = doc.y;
  const parts = [
    {
      label: words('report.signOff.preparedBy'),
      name: ['preparedBy', signOff.preparedBy],
      on: ['preparedOn', day(signOff.preparedOn)],
    },
    {
      label: words('report.signOff.reviewedBy'),
      name: ['reviewedBy', signOff.reviewedBy],
      on: ['reviewedOn', day(signOff.reviewedOn)],
    },
  ] as const;
  parts.forEach((part, index) => {
    const x = MARGIN + index * (width + 12);
    doc.font(BOLD).fontSize(9.5).fillColor(INK);
    // A mirrored page writes the labels from the right: in the part's width.
    const across = page.rightToLeft ? { width } : {};
    page.write(clean(part.label), page.place(x, width), y, { lineBreak: false, ...across });
    fillInBox(
      pdf,
      { x, y: y + 16, width: width * 0.62, height: 36 },
      {
        name: part.name[0],
        title: words('report.signOff.name'),
        value: part.name[1],
      },
    );
    fillInBox(
      pdf,
      { x: x + width * 0.65, y: y + 16, width: width * 0.35, height: 36 },
      {
        name: part.on[0],
        title: words('report.signOff.date'),
        value: part.on[1],
      },
    );
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    page.write(clean(words('report.signOff.signature')), page.place(x, width), y + 80, {
      lineBreak: false,
      ...across,
    });
    doc
      .moveTo(page.place(x + 50, 0), y + 89)
      .lineTo(page.place(x + width, 0), y + 89)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  });
  doc.fillColor(INK);
  doc.x = MARGIN;
  doc.y = y + 102;
  if (data.reviewTrail && data.reviewTrail.length > 0) {
    page.heading(words('report.signOff.trail'), 11);
    drawTable(
      page,
      [
        { header: words.lines('report.signOff.when'), width: 120 },
        { header: words.lines('report.signOff.who'), width: 180 },
        { header: words.lines('report.signOff.what'), width: page.width - 300 },
      ],
      data.reviewTrail.map((step) => ({
        cells: [
          /^\d{4}-\d{2}-\d{2}$/.test(step.at)
            ? formatPeriodDay(step.at, clock.dateStyle)
            : formatDateTime(new Date(step.at), clock, pdf.words.language),
          step.who,
          step.what,
        ],
      })),
    );
  }
}

/**
 * Starts the PDF and gives its stream at once; the pages are written as the reply reads, thumbnails
 * one at a time. `done` settles when the document has ended (or failed: the stream is then
 * destroyed) with the pages the ESAP table took.
 */
export async function writeReportPdf(
  data: ReportData,
  storage: AttachmentStorage,
  words: ReportWords = ENGLISH_WORDS,
): Promise<{ stream: Doc; done: Promise<{ esapPages?: ReportPdf['esapPages']; pages: number }> }> {
  const pdf = await startReportPdf(data, words);
  const { doc } = pdf;
  const done = (async () => {
    drawCover(pdf);
    drawSectionSummary(pdf);
    drawEsapTable(pdf);
    drawOverdue(pdf);
    drawChanges(pdf);
    await drawEvidenceAppendix(pdf, storage);
    drawSignOff(pdf);
    const pages = pdf.page.pages;
    doc.end();
    return { esapPages: pdf.esapPages, pages };
  })().catch((error: unknown) => {
    doc.destroy(error as Error);
    throw error;
  });
  return { stream: doc, done };
}
