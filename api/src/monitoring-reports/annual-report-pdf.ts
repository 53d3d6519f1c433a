// The accepted annual monitoring report as a PDF (docs/decisions/0094-annual-monitoring-reports.md):
// the monitoring report of the report's period (gathered with gatherReport, written by
// api/src/reports/report-pdf.ts), with the accepted version's narrative (the ESAP progress as
// submitted first), its sign-off and its review trail in the writer's own fields.
import {
  REPORT_REGISTER_FIGURES_TEXT as figuresText,
  REPORT_SECTIONS,
  REPORT_SECTION_LABELS,
  type DateStyle,
  type MonitoringReport,
  type ReportFigures,
  type ReportSectionKey,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Database } from '../db';
import {
  findReportCompany,
  gatherReport,
  type ReportData,
  type ReportNarrative,
} from '../reports/report-data';
import { writeReportPdf } from '../reports/report-pdf';
import { formatDateTime, type ReportClock } from '../reports/report-text';
import { ENGLISH_WORDS, type ReportWords } from '../reports/report-words';
import type { AttachmentStorage } from '../storage/attachment-storage';
import { grievanceTables, incidentTables } from './register-figure-tables';

/** The monitoring report's data with the accepted version's narrative, sign-off and trail. */
export type AnnualReportData = ReportData &
  Required<Pick<ReportData, 'narrative' | 'signOff' | 'reviewTrail'>>;

/** A moment's day in the company's time zone, 'YYYY-MM-DD', as the sign-off takes it. */
const companyDay = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));

/**
 * The period's incident or grievance figures as submitted, under their section: tables, or a line
 * when there were none. A version submitted before the report counted them prints its text alone.
 */
function registerFigures(
  key: ReportSectionKey,
  figures: ReportFigures,
  words: ReportWords,
): Pick<ReportNarrative, 'tables' | 'after'> {
  if (key === 'incidents' && figures.incidents)
    return figures.incidents.total > 0
      ? { tables: incidentTables(figures.incidents, words) }
      : { after: words.of(() => figuresText.incidentsNone) };
  if (key === 'grievances' && figures.grievances)
    return figures.grievances.total > 0
      ? { tables: grievanceTables(figures.grievances, words) }
      : { after: words.of(() => figuresText.grievancesNone) };
  return {};
}

/**
 * The report's data: the monitoring report of its period, with the accepted version's additions,
 * its own words in `words`' language (what the company wrote stays as written).
 */
export async function gatherAnnualReport(
  db: Database,
  report: MonitoringReport,
  dateStyle: DateStyle,
  words: ReportWords = ENGLISH_WORDS,
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
    reader,
  );
  const accepted = report.history.at(-1)!;
  const acceptance = report.reviews.at(-1);
  const clock: ReportClock = { timeZone: company.timeZone, dateStyle };
  const reviewTrail: AnnualReportData['reviewTrail'] = [];
  for (const version of report.history) {
    reviewTrail.push({
      at: version.submittedAt,
      who: version.submittedByName,
      what: words('report.annual.submittedVersion', { version: version.version }),
    });
    const review = report.reviews.find((candidate) => candidate.version === version.version);
    if (!review) continue;
    const commented = REPORT_SECTIONS.filter((key) => review.sectionComments[key]).map(
      (key) => `${words.of(() => REPORT_SECTION_LABELS[key])}: "${review.sectionComments[key]}"`,
    );
    reviewTrail.push({
      at: review.reviewedAt,
      who: review.reviewedByName,
      what: [
        words(
          review.decision === 'accept'
            ? 'report.annual.accepted'
            : 'report.annual.requestedChanges',
        ),
        review.comment ? `"${review.comment}"` : '',
        ...commented,
      ]
        .filter(Boolean)
        .join(' — '),
    });
  }
  const f = accepted.figures;
  const progress = [
    words('report.annual.progressItems', {
      total: f.totalItems,
      open: f.openItems,
      overdue: f.overdueItems,
      closed: f.closedItems,
      completion: f.completionPercentage,
    }),
    words('report.annual.progressPeriod', {
      closures: f.closuresInPeriod,
      evidence: f.evidenceInPeriod,
    }),
    words('report.annual.progressAsOf', {
      version: accepted.version,
      when: formatDateTime(new Date(f.asOf), clock, words.language),
    }),
  ].join('\n');
  return {
    ...data,
    narrative: [
      { title: words('report.annual.progressTitle'), text: progress },
      ...REPORT_SECTIONS.map((key) => ({
        title: words.of(() => REPORT_SECTION_LABELS[key]),
        text: accepted.sections[key]?.trim() || words('report.annual.nothingReported'),
        ...registerFigures(key, f, words),
      })),
    ],
    signOff: {
      preparedBy: accepted.submittedByName,
      preparedOn: companyDay(accepted.submittedAt, company.timeZone),
      reviewedBy: acceptance?.reviewedByName,
      reviewedOn: acceptance ? companyDay(acceptance.reviewedAt, company.timeZone) : undefined,
    },
    reviewTrail,
  };
}

/** The accepted report's PDF stream; `done` settles when it has been written. */
export async function writeAnnualReportPdf(
  db: Database,
  storage: AttachmentStorage,
  report: MonitoringReport,
  dateStyle: DateStyle,
  words: ReportWords = ENGLISH_WORDS,
): ReturnType<typeof writeReportPdf> {
  const data = await gatherAnnualReport(db, report, dateStyle, words);
  return writeReportPdf(data, storage, words);
}

/** 'Rüzgar Enerji – annual monitoring report 2025-01-01–2025-12-31.pdf' */
export const annualReportFileName = (report: MonitoringReport) =>
  `${report.targetCompanyName} – annual monitoring report ${report.period.start}–${report.period.end}.pdf`;
