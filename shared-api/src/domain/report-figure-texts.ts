// The words of the annual monitoring report's incident and grievance figures
// (docs/decisions/0106-incidents-and-grievances-in-the-annual-report.md), one place for the editor
// screen and the PDF. A module of its own: the portfolio's report card carries none of them.

/** The words of the period's serious incidents and grievances beside their narrative sections. */
export const REPORT_REGISTER_FIGURES_TEXT = {
  incidentsTitle: 'Serious incidents in the period',
  incidentsNone: 'No serious incident in the period.',
  category: 'Category',
  reported: 'Reported',
  notifiedInTime: 'Lender notified in time',
  rootCauseLate: 'Root cause late',
  openAtPeriodEnd: 'Open at the period end',
  allCategories: 'All categories',
  grievancesTitle: 'Grievances received in the period',
  grievancesNone: 'No grievance received in the period.',
  month: 'Month',
  received: 'Received',
  late: 'Late',
  open: 'Open',
  closed: 'Closed',
  allMonths: 'All months',
  responses: "Open and closed, with the complainant's response",
  byCategory: 'By category',
  lateMeaning: "Late: acknowledged or resolved after the company's target, or not yet and past it.",
  notCounted: 'Not counted in this version: it was submitted before the report counted them.',
} as const;
