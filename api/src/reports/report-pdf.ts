// The monitoring report as a PDF (pdfkit), written page by page into the stream the reply sends:
// cover, summary, the ESAP table in the lender's column order, overdue gaps, the period's changes and
// the evidence appendix with downscaled thumbnails (docs/decisions/0041-monitoring-report.md).
import {
  ESAP_REPORT_COLUMNS,
  STATUS_COLORS,
  STATUS_COLOR_HEX,
  STATUS_LABELS,
  type ChartStatus,
  type StatusKey,
} from '@verity/shared-api/src/server';
import type { AttachmentStorage } from '../storage/attachment-storage';
import type { ReportData, ReportGap } from './report-data';
import {
  NONE,
  auditorsText,
  capturedText,
  changeText,
  esapCells,
  formatDateTime,
  formatDay,
  gapLabel,
  percentText,
  periodText,
  reportClock,
  planText,
  sizeText,
  statusText,
} from './report-text';
import { MAX_THUMBNAILS, thumbnail } from './thumbnails';

const MARGIN = 36;
const FOOTER_HEIGHT = 20;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const HEADER_FILL = '#e5e7eb';
// DejaVu Sans Condensed, embedded (only the glyphs used): PDF's standard fonts know Western European
// text only, and a company in Łódź, Zürich or Almaty must read as it is spelled. Condensed keeps the
// ESAP table's columns close to the standard fonts' widths.
const FONT = 'Body';
const BOLD = 'Body-Bold';
const FONT_FILES = {
  [FONT]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  [BOLD]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
};
/** A cell longer than this is cut in the PDF (the Excel report keeps every word). */
const MAX_CELL_CHARACTERS = 900;
/** The PDF lists at most this many changes; the Excel report has them all. */
export const MAX_PDF_CHANGES = 600;

type Doc = PDFKit.PDFDocument;

interface Column {
  header: string;
  width: number;
}

const statusColour = (status: StatusKey) =>
  status === 'pending' ? MUTED : STATUS_COLOR_HEX[STATUS_COLORS[status as ChartStatus]];

const cut = (text: string) =>
  text.length > MAX_CELL_CHARACTERS ? `${text.slice(0, MAX_CELL_CHARACTERS - 1)}…` : text;

/**
 * Text of the report: every character the embedded font has (Latin in all its European forms,
 * Greek, Cyrillic and more), control characters other than line breaks left out.
 */
// eslint-disable-next-line no-control-regex
const t = (text: string) => text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');

class ReportPdf {
  private page = 0;
  private readonly contentBottom: number;

  constructor(
    readonly doc: Doc,
    readonly data: ReportData,
  ) {
    this.contentBottom = doc.page.height - MARGIN - FOOTER_HEIGHT;
    this.footer();
    doc.on('pageAdded', () => this.footer());
  }

  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** The page's footer: company, period, page number (drawn on each page as it is added). */
  private footer() {
    this.page += 1;
    const { doc } = this;
    const y = doc.page.height - MARGIN - 10;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        t(`${this.data.company.name} · Monitoring report · ${periodText(this.data)}`),
        MARGIN,
        y,
        { width: this.width * 0.8, lineBreak: false },
      )
      .text(`Page ${this.page}`, MARGIN, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.x = MARGIN;
    doc.y = MARGIN;
    doc.fillColor(INK);
  }

  private ensureSpace(height: number) {
    if (this.doc.y + height > this.contentBottom) this.doc.addPage();
  }

  heading(text: string) {
    this.ensureSpace(60);
    this.doc.moveDown(0.5).font(BOLD).fontSize(15).fillColor(INK).text(t(text), MARGIN);
    this.doc.moveDown(0.4);
  }

  note(text: string) {
    this.doc.font(FONT).fontSize(9).fillColor(MUTED).text(t(text), MARGIN, this.doc.y, {
      width: this.width,
    });
    this.doc.fillColor(INK).moveDown(0.4);
  }

  cover() {
    const { doc, data } = this;
    const { company } = data;
    doc
      .font(BOLD)
      .fontSize(11)
      .fillColor(MUTED)
      .text('ENVIRONMENTAL & SOCIAL MONITORING REPORT', MARGIN, 90);
    doc
      .moveDown(0.6)
      .font(BOLD)
      .fontSize(30)
      .fillColor(INK)
      .text(t(company.name), { width: this.width });
    if (company.registeredName && company.registeredName !== company.name) {
      doc.font(FONT).fontSize(13).fillColor(MUTED).text(t(company.registeredName));
    }
    doc.moveDown(1.5);
    const rows: [string, string][] = [
      ['Company', company.name],
      ['Auditor', auditorsText(data)],
      [
        data.plans.length === 1 ? 'Action plan' : 'Action plans',
        data.plans.map(planText).join('\n') || NONE,
      ],
      ['Reporting period', periodText(data)],
      ['Generated at', formatDateTime(data.generatedAt, reportClock(data))],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font(BOLD).fontSize(11).fillColor(MUTED).text(t(label), MARGIN, y, { width: 150 });
      doc
        .font(FONT)
        .fontSize(11)
        .fillColor(INK)
        .text(t(value), MARGIN + 160, y, {
          width: this.width - 160,
        });
      doc.moveDown(0.6);
    }
    doc.moveDown(1);
    this.note(
      `Figures are as of the moment the report was generated; "changes" and "evidence" cover the reporting period (days in the company's time zone, ${company.timeZone}). Overdue: not closed, not awaiting closure review, and past its due date.`,
    );
  }

  /** A row of figure boxes. */
  private figures(items: { label: string; value: string; colour?: string }[]) {
    const { doc } = this;
    const gap = 10;
    const boxWidth = (this.width - gap * (items.length - 1)) / items.length;
    this.ensureSpace(60);
    const y = doc.y;
    items.forEach((item, index) => {
      const x = MARGIN + index * (boxWidth + gap);
      doc.roundedRect(x, y, boxWidth, 52, 4).lineWidth(0.8).strokeColor(RULE).stroke();
      if (item.colour) doc.rect(x, y, 4, 52).fill(item.colour);
      doc
        .font(FONT)
        .fontSize(9)
        .fillColor(MUTED)
        .text(t(item.label), x + 10, y + 8, {
          width: boxWidth - 16,
          lineBreak: false,
        });
      doc
        .font(BOLD)
        .fontSize(18)
        .fillColor(INK)
        .text(item.value, x + 10, y + 24, {
          width: boxWidth - 16,
          lineBreak: false,
        });
    });
    doc.x = MARGIN;
    doc.y = y + 64;
  }

  summary() {
    const { data } = this;
    const { totals } = data;
    this.doc.addPage();
    this.heading('Summary');
    this.figures([
      { label: 'Total Gaps', value: String(totals.totalGaps) },
      { label: 'Open', value: String(totals.openGaps), colour: STATUS_COLOR_HEX.blue },
      { label: 'Closed', value: String(totals.closedGaps), colour: STATUS_COLOR_HEX.green },
      { label: 'Overdue', value: String(totals.overdueGaps), colour: STATUS_COLOR_HEX.red },
      { label: 'Completion %', value: `${totals.completionPercentage}%` },
    ]);
    this.figures([
      { label: '% closed', value: percentText(totals.completionPercentage) },
      {
        label: `% closed on time (${totals.closedOnTime} of ${totals.closedWithDueDate})`,
        value: percentText(totals.closedOnTimePercentage),
      },
      ...(data.planOverview
        ? [
            { label: 'Action plans', value: String(data.planOverview.total) },
            { label: 'Plans closed', value: String(data.planOverview.closed) },
          ]
        : []),
    ]);
    this.doc.font(BOLD).fontSize(11).fillColor(INK).text('Gaps by status', MARGIN);
    this.doc.moveDown(0.3);
    const statuses = ['open', 'pending', 'provClosed', 'closed', 'overdue'] as const;
    this.table(
      [
        { header: 'Status', width: 200 },
        { header: 'Gaps', width: 80 },
        { header: 'Share', width: 80 },
      ],
      statuses.map((status) => ({
        cells: [
          status === 'pending' ? 'Pending (closure review)' : STATUS_LABELS[status],
          String(totals.byStatus[status]),
          totals.totalGaps === 0
            ? 'n/a'
            : `${Math.round((100 * totals.byStatus[status]) / totals.totalGaps)}%`,
        ],
        colour: statusColour(status),
      })),
    );
    if (data.plans.length > 1) {
      this.doc.moveDown(0.8);
      this.doc.font(BOLD).fontSize(11).fillColor(INK).text('By action plan', MARGIN);
      this.doc.moveDown(0.3);
      this.table(
        [
          { header: 'Action plan', width: 260 },
          { header: 'Auditor', width: 130 },
          { header: 'Status', width: 70 },
          { header: 'Gaps', width: 50 },
          { header: 'Open', width: 50 },
          { header: 'Closed', width: 50 },
          { header: 'Overdue', width: 50 },
          { header: 'Completion %', width: this.width - 660 },
        ],
        data.plans.map((plan) => {
          const statistics = data.planStatistics[plan.id];
          return {
            cells: [
              plan.heading,
              plan.auditorName,
              statusText(plan.overallStatus),
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
  }

  /**
   * A table whose rows grow to fit their text; the header repeats on each new page. A row marked
   * `band` spans the table (a plan's heading in the ESAP table).
   */
  table(
    columns: Column[],
    rows: { cells: string[]; colour?: string; band?: boolean; colourColumn?: number }[],
    fontSize = 8.5,
  ) {
    const { doc } = this;
    const padding = 4;
    const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
    const drawHeader = () => {
      doc.font(BOLD).fontSize(fontSize);
      const height =
        Math.max(
          ...columns.map((column) =>
            doc.heightOfString(t(column.header), { width: column.width - 2 * padding }),
          ),
        ) +
        2 * padding;
      const y = doc.y;
      doc.rect(MARGIN, y, tableWidth, height).fill(HEADER_FILL);
      let x = MARGIN;
      doc.fillColor(INK);
      for (const column of columns) {
        doc.text(t(column.header), x + padding, y + padding, { width: column.width - 2 * padding });
        x += column.width;
      }
      doc.y = y + height;
    };
    this.ensureSpace(40);
    drawHeader();
    for (const row of rows) {
      const texts = row.cells.map((cell) => t(cut(cell)));
      if (row.band) {
        doc.font(BOLD).fontSize(fontSize + 0.5);
        const height =
          doc.heightOfString(texts[0]!, { width: tableWidth - 2 * padding }) + 2 * padding;
        if (doc.y + height + 30 > this.contentBottom) {
          doc.addPage();
          drawHeader();
        }
        const y = doc.y;
        doc.rect(MARGIN, y, tableWidth, height).fill('#f3f4f6');
        doc.fillColor(INK).text(texts[0]!, MARGIN + padding, y + padding, {
          width: tableWidth - 2 * padding,
        });
        doc.y = y + height;
        continue;
      }
      doc.font(FONT).fontSize(fontSize);
      const height =
        Math.max(
          ...texts.map((text, index) =>
            doc.heightOfString(text || ' ', { width: columns[index]!.width - 2 * padding }),
          ),
        ) +
        2 * padding;
      if (doc.y + height > this.contentBottom) {
        doc.addPage();
        drawHeader();
      }
      const y = doc.y;
      let x = MARGIN;
      texts.forEach((text, index) => {
        const column = columns[index]!;
        const coloured = row.colour && index === (row.colourColumn ?? 0);
        doc
          .font(coloured ? BOLD : FONT)
          .fillColor(coloured ? row.colour! : INK)
          .text(text, x + padding, y + padding, { width: column.width - 2 * padding });
        x += column.width;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + tableWidth, y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.fillColor(INK);
      doc.x = MARGIN;
      doc.y = y + height;
    }
  }

  esapTable() {
    const { data } = this;
    this.doc.addPage();
    this.heading('Environmental & Social Action Plan (ESAP)');
    if (data.gaps.length === 0) {
      this.note('No gaps.');
      return;
    }
    const widths = [36, 170, 120, 76, 96, 86, 110];
    const columns = ESAP_REPORT_COLUMNS.map((header, index) => ({
      header,
      width: widths[index] ?? this.width - widths.reduce((sum, width) => sum + width, 0),
    }));
    const zone = reportClock(data);
    const rows: Parameters<ReportPdf['table']>[1] = [];
    for (const plan of data.plans) {
      const gaps = data.gaps.filter((gap) => gap.actionPlanId === plan.id);
      if (data.plans.length > 1) rows.push({ cells: [planText(plan)], band: true });
      for (const gap of gaps) {
        rows.push({
          cells: esapCells(gap, zone),
          colour: statusColour(gap.status),
          colourColumn: 7,
        });
      }
    }
    this.table(columns, rows);
  }

  private planOf(gap: ReportGap) {
    return this.data.plans.find((plan) => plan.id === gap.actionPlanId);
  }

  overdue() {
    const { data } = this;
    const zone = reportClock(data);
    this.heading(`Overdue gaps (${data.overdue.length})`);
    if (data.overdue.length === 0) {
      this.note('No gap is overdue.');
      return;
    }
    const many = data.plans.length > 1;
    this.table(
      [
        { header: 'No.', width: 40 },
        { header: 'Gap', width: many ? 230 : 330 },
        ...(many ? [{ header: 'Action plan', width: 150 }] : []),
        { header: 'Responsibility', width: many ? 150 : 200 },
        { header: 'Due date', width: 70 },
        { header: 'Days overdue', width: this.width - (many ? 640 : 640) },
      ],
      data.overdue.map((gap) => ({
        cells: [
          gap.number,
          gap.kpi || gap.gapName,
          ...(many ? [this.planOf(gap)?.heading ?? NONE] : []),
          gap.responsibility,
          formatDay(gap.dueDate, zone),
          String(gap.daysOverdue),
        ],
      })),
    );
  }

  changes() {
    const { data, doc } = this;
    const zone = reportClock(data);
    doc.addPage();
    this.heading(`Changes in the period (${data.changes.length})`);
    if (data.changes.length === 0) {
      this.note('Nothing changed in the period.');
      return;
    }
    const gaps = new Map(data.gaps.map((gap) => [gap.id, gap]));
    const plans = new Map(data.plans.map((plan) => [plan.id, plan]));
    const shown = data.changes.slice(0, MAX_PDF_CHANGES);
    this.table(
      [
        { header: 'When', width: 110 },
        { header: 'Gap or plan', width: 200 },
        { header: 'Change', width: this.width - 460 },
        { header: 'By', width: 150 },
      ],
      shown.map((change) => {
        const gap = change.gapId ? gaps.get(change.gapId) : undefined;
        const plan = plans.get(change.actionPlanId);
        return {
          cells: [
            formatDateTime(change.changedAt, zone).replace(` (${zone.timeZone})`, ''),
            gap ? gapLabel(gap) : `Plan: ${plan?.heading ?? NONE}`,
            changeText(change, zone),
            `${change.changedByName} (${USER_TYPE_WORDS[change.changedByUserType] ?? change.changedByUserType})`,
          ],
        };
      }),
    );
    if (data.changes.length > shown.length) {
      doc.moveDown(0.4);
      this.note(
        `The first ${shown.length} of ${data.changes.length} changes; the Excel report lists them all.`,
      );
    }
  }

  async evidence(storage: AttachmentStorage) {
    const { data, doc } = this;
    const zone = reportClock(data);
    doc.addPage();
    this.heading(`Evidence appendix (${data.evidence.length})`);
    if (data.evidence.length === 0) {
      this.note('No evidence was added in the period.');
      return;
    }
    this.note(
      'Images added to remarks in the period, with what each image recorded when it was taken.',
    );
    const gaps = new Map(data.gaps.map((gap) => [gap.id, gap]));
    const box = 110;
    const rowHeight = box + 14;
    const columnWidth = this.width / 2;
    let column = 0;
    let y = doc.y;
    for (const [index, item] of data.evidence.entries()) {
      if (column === 0) {
        if (y + rowHeight > this.contentBottom) {
          doc.addPage();
          y = doc.y;
        }
      }
      const x = MARGIN + column * columnWidth;
      const image = index < MAX_THUMBNAILS ? await thumbnail(storage, item.storageKey) : undefined;
      doc.rect(x, y, box, box).lineWidth(0.5).strokeColor(RULE).stroke();
      if (image) {
        doc.image(image, x + 2, y + 2, {
          fit: [box - 4, box - 4],
          align: 'center',
          valign: 'center',
        });
      } else {
        doc
          .font(FONT)
          .fontSize(8)
          .fillColor(MUTED)
          .text(index < MAX_THUMBNAILS ? 'No preview' : 'Preview left out', x, y + box / 2 - 4, {
            width: box,
            align: 'center',
          });
      }
      const gap = gaps.get(item.gapId);
      const textX = x + box + 10;
      const textWidth = columnWidth - box - 20;
      doc.font(BOLD).fontSize(9).fillColor(INK).text(t(item.fileName), textX, y, {
        width: textWidth,
        height: 24,
        ellipsis: true,
      });
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor(INK)
        .text(
          t(
            [
              `Gap: ${gap ? gapLabel(gap) : NONE}`,
              `Captured: ${capturedText(item, data.dateStyle)}`,
              `Added: ${formatDateTime(item.uploadedAt, zone)} by ${item.uploadedBy}`,
              `Size: ${sizeText(item.size)}${item.width && item.height ? ` · ${item.width} × ${item.height} px` : ''}`,
            ].join('\n'),
          ),
          textX,
          doc.y + 2,
          { width: textWidth, height: box - 24, ellipsis: true },
        );
      column = (column + 1) % 2;
      if (column === 0) y += rowHeight;
    }
    doc.x = MARGIN;
    doc.y = column === 0 ? y : y + rowHeight;
  }
}

const USER_TYPE_WORDS: Readonly<Record<string, string>> = {
  client: 'Client',
  auditor: 'Auditor',
  targetCompany: 'Target Company',
};

/**
 * Starts the PDF and gives its stream at once; the pages are written as the reply reads, thumbnails
 * one at a time. `done` settles when the document has ended (or failed: the stream is then destroyed).
 */
export async function writeReportPdf(
  data: ReportData,
  storage: AttachmentStorage,
): Promise<{ stream: Doc; done: Promise<void> }> {
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
  const done = (async () => {
    const pdf = new ReportPdf(doc, data);
    pdf.cover();
    pdf.summary();
    pdf.esapTable();
    pdf.overdue();
    pdf.changes();
    await pdf.evidence(storage);
    doc.end();
  })().catch((error: unknown) => {
    doc.destroy(error as Error);
    throw error;
  });
  return { stream: doc, done };
}
