// The words of the annual monitoring report's incident and grievance figures
// (docs/decisions/0106-incidents-and-grievances-in-the-annual-report.md), one place for the editor
// screen and the PDF. A module of its own: the portfolio's report card carries none of them.

import { textRecord } from '../text-records';

/** The words of the period's serious incidents and grievances beside their narrative sections. */
export const REPORT_REGISTER_FIGURES_TEXT = textRecord({
  incidentsTitle: 'contract.reportFigures.incidentsTitle',
  incidentsNone: 'contract.reportFigures.incidentsNone',
  category: 'contract.reportFigures.category',
  reported: 'contract.reportFigures.reported',
  notifiedInTime: 'contract.reportFigures.notifiedInTime',
  rootCauseLate: 'contract.reportFigures.rootCauseLate',
  openAtPeriodEnd: 'contract.reportFigures.openAtPeriodEnd',
  allCategories: 'contract.reportFigures.allCategories',
  grievancesTitle: 'contract.reportFigures.grievancesTitle',
  grievancesNone: 'contract.reportFigures.grievancesNone',
  month: 'contract.reportFigures.month',
  received: 'contract.reportFigures.received',
  late: 'contract.reportFigures.late',
  open: 'contract.reportFigures.open',
  closed: 'contract.reportFigures.closed',
  allMonths: 'contract.reportFigures.allMonths',
  responses: 'contract.reportFigures.responses',
  byCategory: 'contract.reportFigures.byCategory',
  lateMeaning: 'contract.reportFigures.lateMeaning',
  notCounted: 'contract.reportFigures.notCounted',
});
