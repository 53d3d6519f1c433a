// The accepted annual monitoring report as a PDF (docs/decisions/0094-annual-monitoring-reports.md):
// the monitoring report's own pages for the report's period (gathered with gatherReport, written by
// api/src/reports/report-pdf.ts unchanged), then the pages of this module: the ESAP progress as
// submitted, the narrative sections, the sign-off and the review trail.
//
// The monitoring report writer ends its document itself. Until it takes the narrative, sign-off and
// review trail in its ReportData (the fields below are named as it will name them), these pages are
// drawn just before that end: `end` of the document that the writer makes inside `appendingPages`
// draws them first. The async context (AsyncLocalStorage) follows the writer through its awaits, so
// only that document is touched.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  REPORT_SECTIONS,
  REPORT_SECTION_LABELS,
  type DateStyle,
  type MonitoringReport,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Database } from '../db';
import { findReportCompany, gatherReport, type ReportData } from '../reports/report-data';
import { writeReportPdf } from '../reports/report-pdf';
import { formatDateTime, formatPeriodDay, type ReportClock } from '../reports/report-text';
import type { AttachmentStorage } from '../storage/attachment-storage';

type Doc = PDFKit.PDFDocument;

/** What the annual report adds to the monitoring report's data. */
export interface AnnualReportData extends ReportData {
  narrative: { title: string; text: string }[];
  signOff: { preparedBy?: string; preparedOn?: string; reviewedBy?: string; reviewedOn?: string };
  reviewTrail: { at: Date; who: string; what: string }[];
  /** The ESAP's progress as the accepted version was submitted. */
  figures: MonitoringReport['figures'];
  version: number;
}

const MARGIN = 36;
const BOTTOM = 60;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
// The fonts report-pdf.ts registers on its document.
const FONT = 'Body';
const BOLD = 'Body-Bold';

// eslint-disable-next-line no-control-regex
const t = (text: string) => text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');

/** The report's data: the monitoring report of its period, with the accepted version's additions. */
export async function gatherAnnualReport(
  db: Database,
  report: MonitoringReport,
  dateStyle: DateStyle,
): Promise<AnnualReportData> {
  const company = await findReportCompany(db, report.targetCompanyId);
  // The company's own view: every plan of the company (the report is the company's to the lender).
  const reader = {
    userType: 'targetCompany',
    targetCompanyId: report.targetCompanyId,
  } as SessionUser;
  const data = await gatherReport(
    db,
    company,
    { kind: 'company', reader },
    { from: report.period.start, to: report.period.end },
    dateStyle,
  );
  const accepted = report.history.at(-1)!;
  const acceptance = report.reviews.at(-1);
  const clock: ReportClock = { timeZone: company.timeZone, dateStyle };
  const reviewTrail: AnnualReportData['reviewTrail'] = [];
  for (const version of report.history) {
    reviewTrail.push({
      at: new Date(version.submittedAt),
      who: version.submittedByName,
      what: `Submitted version ${version.version}`,
    });
    const review = report.reviews.find((candidate) => candidate.version === version.version);
    if (!review) continue;
    const commented = REPORT_SECTIONS.filter((key) => review.sectionComments[key]).map(
      (key) => `${REPORT_SECTION_LABELS[key]}: "${review.sectionComments[key]}"`,
    );
    reviewTrail.push({
      at: new Date(review.reviewedAt),
      who: review.reviewedByName,
      what: [
        review.decision === 'accept' ? 'Accepted' : 'Requested changes',
        review.comment ? `"${review.comment}"` : '',
        ...commented,
      ]
        .filter(Boolean)
        .join(' — '),
    });
  }
  return {
    ...data,
    narrative: REPORT_SECTIONS.map((key) => ({
      title: REPORT_SECTION_LABELS[key],
      text: accepted.sections[key] ?? '',
    })),
    signOff: {
      preparedBy: accepted.submittedByName,
      preparedOn: formatDateTime(new Date(accepted.submittedAt), clock),
      reviewedBy: acceptance?.reviewedByName,
      reviewedOn: acceptance ? formatDateTime(new Date(acceptance.reviewedAt), clock) : undefined,
    },
    reviewTrail,
    figures: accepted.figures,
    version: accepted.version,
  };
}

const appendingPages = new AsyncLocalStorage<(doc: Doc) => void>();
let endPatched = false;

/** Makes `end` of a document written inside `appendingPages` draw the annual pages first. */
async function patchEnd(): Promise<void> {
  if (endPatched) return;
  const { default: PDFDocument } = await import('pdfkit');
  const prototype = PDFDocument.prototype as Doc & { end(): void };
  const end = prototype.end;
  const drawn = new WeakSet<Doc>();
  prototype.end = function endWithAnnualPages(this: Doc) {
    const draw = appendingPages.getStore();
    if (draw && !drawn.has(this)) {
      drawn.add(this);
      draw(this);
    }
    return end.call(this);
  };
  endPatched = true;
}

class AnnualPages {
  constructor(
    readonly doc: Doc,
    readonly data: AnnualReportData,
  ) {}

  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom() {
    return this.doc.page.height - BOTTOM;
  }

  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private heading(text: string, size = 15) {
    this.ensureSpace(60);
    this.doc.moveDown(0.5).font(BOLD).fontSize(size).fillColor(INK).text(t(text), MARGIN);
    this.doc.moveDown(0.3);
  }

  private paragraph(text: string, colour = INK) {
    this.doc.font(FONT).fontSize(10).fillColor(colour).text(t(text), MARGIN, this.doc.y, {
      width: this.width,
    });
  }

  private rule() {
    const { doc } = this;
    doc
      .moveTo(MARGIN, doc.y + 4)
      .lineTo(MARGIN + this.width, doc.y + 4)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.6);
  }

  draw() {
    const { doc, data } = this;
    // Room above the footer that report-pdf.ts draws on each new page.
    doc.options.margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM };
    doc.addPage();
    const period = `${formatPeriodDay(data.period.from, data.dateStyle)} to ${formatPeriodDay(data.period.to, data.dateStyle)}`;
    this.heading(`Annual monitoring report — ${data.company.name}`, 18);
    this.paragraph(`Reporting period ${period}. Version ${data.version}, accepted.`, MUTED);
    this.heading('ESAP progress as submitted');
    const f = data.figures;
    const rows: [string, string][] = [
      ['ESAP items', String(f.totalItems)],
      ['Open', String(f.openItems)],
      ['Overdue', String(f.overdueItems)],
      ['Closed', String(f.closedItems)],
      ['Completion %', `${f.completionPercentage}%`],
      ['Items closed in the period', String(f.closuresInPeriod)],
      ['Evidence images added in the period', String(f.evidenceInPeriod)],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font(FONT).fontSize(10).fillColor(INK).text(t(label), MARGIN, y, { width: 260 });
      doc.font(BOLD).text(value, MARGIN + 270, y, { width: 100 });
      doc.moveDown(0.2);
    }
    for (const section of data.narrative) {
      this.heading(section.title);
      this.paragraph(
        section.text.trim() ? section.text : 'Nothing reported.',
        section.text.trim() ? INK : MUTED,
      );
    }
    this.heading('Sign-off');
    const { signOff } = data;
    this.paragraph(
      `Prepared by ${signOff.preparedBy ?? '—'}, submitted ${signOff.preparedOn ?? '—'}.`,
    );
    this.paragraph(
      `Reviewed and accepted by ${signOff.reviewedBy ?? '—'}, ${signOff.reviewedOn ?? '—'}.`,
    );
    this.heading('Review trail');
    const clock: ReportClock = { timeZone: data.company.timeZone, dateStyle: data.dateStyle };
    for (const entry of data.reviewTrail) {
      this.ensureSpace(40);
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor(INK)
        .text(t(`${formatDateTime(entry.at, clock)} · ${entry.who}`), MARGIN, doc.y, {
          width: this.width,
        });
      this.paragraph(entry.what);
      this.rule();
    }
  }
}

/** The accepted report's PDF stream; `done` settles when it has been written. */
export async function writeAnnualReportPdf(
  db: Database,
  storage: AttachmentStorage,
  report: MonitoringReport,
  dateStyle: DateStyle,
): Promise<{ stream: Doc; done: Promise<void> }> {
  const data = await gatherAnnualReport(db, report, dateStyle);
  await patchEnd();
  return appendingPages.run(
    (doc) => new AnnualPages(doc, data).draw(),
    () => writeReportPdf(data, storage),
  );
}

/** 'Rüzgar Enerji – annual monitoring report 2025-01-01–2025-12-31.pdf' */
export const annualReportFileName = (report: MonitoringReport) =>
  `${report.targetCompanyName} – annual monitoring report ${report.period.start}–${report.period.end}.pdf`;
