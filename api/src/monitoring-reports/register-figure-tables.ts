// The annual monitoring report's incident and grievance figures as the PDF's tables under the
// "Incidents" and "Grievances" sections
// (docs/decisions/0106-incidents-and-grievances-in-the-annual-report.md). Counts only: no
// complainant, no place, no name.
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_RESPONSES,
  GRIEVANCE_RESPONSE_LABELS,
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  REPORT_REGISTER_FIGURES_TEXT as text,
  localeOf,
  monthLabel,
  type ReportGrievanceFigures,
  type ReportIncidentFigures,
} from '@verity/shared-api/src/server';
import type { ReportNarrativeTable } from '../reports/report-data';
import { ENGLISH_WORDS, type ReportWords } from '../reports/report-words';

const count = (value: number | undefined) => String(value ?? 0);

/** One row per category with incidents, by severity, with the clocks; then all categories. */
export function incidentTables(
  figures: ReportIncidentFigures,
  words: ReportWords = ENGLISH_WORDS,
): ReportNarrativeTable[] {
  if (figures.total === 0) return [];
  const cells = (label: string, counts: Omit<ReportIncidentFigures, 'byCategory'>) => [
    label,
    ...INCIDENT_SEVERITIES.map((severity) => count(counts.bySeverity[severity])),
    count(counts.total),
    count(counts.notifiedInTime),
    count(counts.rootCauseLate),
    count(counts.openAtPeriodEnd),
  ];
  return [
    {
      title: words.of(() => text.incidentsTitle),
      columns: [
        { header: words.linesOf(() => text.category), share: 3 },
        ...INCIDENT_SEVERITIES.map((severity) => ({
          header: words.linesOf(() => INCIDENT_SEVERITY_LABELS[severity]),
          share: 1,
          align: 'right' as const,
        })),
        { header: words.linesOf(() => text.reported), share: 1.2, align: 'right' },
        { header: words.linesOf(() => text.notifiedInTime), share: 1.6, align: 'right' },
        { header: words.linesOf(() => text.rootCauseLate), share: 1.4, align: 'right' },
        { header: words.linesOf(() => text.openAtPeriodEnd), share: 1.6, align: 'right' },
      ],
      rows: [
        ...figures.byCategory.map((row) => ({
          cells: cells(
            words.of(() => INCIDENT_CATEGORY_LABELS[row.category]),
            row,
          ),
        })),
        {
          cells: cells(
            words.of(() => text.allCategories),
            figures,
          ),
          total: true,
        },
      ],
    },
  ];
}

/**
 * The grievances by month received, a column per category received in the period; then the open
 * and closed ones with the complainant's responses.
 */
export function grievanceTables(
  figures: ReportGrievanceFigures,
  words: ReportWords = ENGLISH_WORDS,
): ReportNarrativeTable[] {
  if (figures.total === 0) return [];
  const categories = GRIEVANCE_CATEGORIES.filter((category) => figures.byCategory[category]);
  const monthCells = (
    label: string,
    counts: { received: number; late: number; byCategory: Record<string, number> },
  ) => [
    label,
    ...categories.map((category) => count(counts.byCategory[category])),
    count(counts.received),
    count(counts.late),
  ];
  return [
    {
      title: words.of(() => text.grievancesTitle),
      // Narrower with fewer categories, so the figures stay near their month.
      width: Math.min(1, 0.35 + 0.08 * categories.length),
      columns: [
        { header: words.linesOf(() => text.month), share: 1.2 },
        ...categories.map((category) => ({
          header: words.linesOf(() => GRIEVANCE_CATEGORY_LABELS[category]),
          share: 1.3,
          align: 'right' as const,
        })),
        { header: words.linesOf(() => text.received), share: 1, align: 'right' },
        { header: words.linesOf(() => text.late), share: 0.8, align: 'right' },
      ],
      rows: [
        ...figures.byMonth.map((month) => ({
          cells: monthCells(monthLabel(month.month, 'short', localeOf(words.language)), month),
        })),
        {
          cells: monthCells(
            words.of(() => text.allMonths),
            {
              received: figures.total,
              late: figures.late,
              byCategory: figures.byCategory,
            },
          ),
          total: true,
        },
      ],
      note: words.of(() => text.lateMeaning),
    },
    {
      title: words.of(() => text.responses),
      width: 0.6,
      columns: [
        { header: words.linesOf(() => text.open), share: 1, align: 'right' },
        { header: words.linesOf(() => text.closed), share: 1, align: 'right' },
        ...GRIEVANCE_RESPONSES.map((response) => ({
          header: words.linesOf(() => GRIEVANCE_RESPONSE_LABELS[response]),
          share: 1,
          align: 'right' as const,
        })),
      ],
      rows: [
        {
          cells: [
            count(figures.open),
            count(figures.closed),
            ...GRIEVANCE_RESPONSES.map((response) => count(figures.byResponse[response])),
          ],
        },
      ],
    },
  ];
}
