// The contract of the annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md,
// docs/api.md "Annual monitoring reports"). Bodies are loose here and checked by the shared rules
// (../domain/monitoring-reports), so bad input is answered in the report's own words.
import { Type, type Static } from '@sinclair/typebox';
import {
  REPORT_DECISIONS,
  REPORT_FREQUENCIES,
  REPORT_SECTIONS,
  REPORT_STATES,
  REPORT_STATUSES,
} from '../domain/monitoring-reports';
import { INCIDENT_CATEGORIES } from '../domain/incidents';
import { GrievanceCounts } from './grievances';
import { REPORT_LANGUAGE_QUERY } from './reports';
import {
  FileAnswer,
  IsoDate,
  Nullable,
  Uuid,
  errorAnswers,
  oneOf,
  routeSchemas,
  signedInErrors,
  successWith,
} from './common';

const Day = Type.String({ description: 'YYYY-MM-DD, a day of the company (its time zone)' });
const Count = Type.Integer({ minimum: 0 });

/** Text per narrative section; a section never written is absent. */
const SectionText = Type.Optional(Type.String());
export const ReportSectionTexts = Type.Object({
  managementSystem: SectionText,
  staffing: SectionText,
  training: SectionText,
  incidents: SectionText,
  grievances: SectionText,
  environmentalPerformance: SectionText,
  socialPerformance: SectionText,
  projectChanges: SectionText,
} satisfies Record<(typeof REPORT_SECTIONS)[number], typeof SectionText>);

export const ReportRule = Type.Object({
  frequency: oneOf(REPORT_FREQUENCIES),
  yearEnd: Type.String({ description: "the financial year's last day, MM-DD" }),
  dueDays: Type.Integer({ minimum: 1, description: "days after a period's end the report is due" }),
  isDefault: Type.Boolean({ description: 'no rule set yet: annual, 12-31, 60 days' }),
});
export type ReportRule = Static<typeof ReportRule>;

export const MonitoringPeriod = Type.Object({ start: Day, end: Day, dueOn: Day });

/** The clocks of the period's incidents of one category, or of all (docs/decisions/0106). */
const IncidentClockCounts = {
  total: Count,
  bySeverity: Type.Record(Type.String(), Count, { description: 'severity → incidents' }),
  notifiedInTime: Count,
  rootCauseLate: Count,
  openAtPeriodEnd: Count,
};

/** The serious incidents whose event fell in the period (the company's days). */
export const ReportIncidentFigures = Type.Object({
  ...IncidentClockCounts,
  byCategory: Type.Array(
    Type.Object({ category: oneOf(INCIDENT_CATEGORIES), ...IncidentClockCounts }),
    { description: 'the categories with incidents, in the list’s order' },
  ),
});
export type ReportIncidentFigures = Static<typeof ReportIncidentFigures>;

/** The grievances received in the period: the register's counts, closed and the responses. */
export const ReportGrievanceFigures = Type.Object({
  ...GrievanceCounts.properties,
  closed: Count,
  byResponse: Type.Record(Type.String(), Count, {
    description: 'the complainant’s response to the closed ones',
  }),
});
export type ReportGrievanceFigures = Static<typeof ReportGrievanceFigures>;

/** The ESAP's progress as the report shows it: as of now in a draft, as submitted in a version. */
export const ReportFigures = Type.Object({
  asOf: IsoDate,
  totalItems: Count,
  openItems: Count,
  overdueItems: Count,
  closedItems: Count,
  completionPercentage: Type.Integer({ minimum: 0, maximum: 100 }),
  closuresInPeriod: Count,
  evidenceInPeriod: Count,
  // Absent from a version submitted before the report counted them.
  incidents: Type.Optional(ReportIncidentFigures),
  grievances: Type.Optional(ReportGrievanceFigures),
});
export type ReportFigures = Static<typeof ReportFigures>;

export const ReportVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  submittedAt: IsoDate,
  submittedByName: Type.String(),
  sections: ReportSectionTexts,
  figures: ReportFigures,
});
export type ReportVersion = Static<typeof ReportVersion>;

export const ReportReview = Type.Object({
  version: Type.Integer({ minimum: 1, description: 'the submission it answers' }),
  decision: oneOf(REPORT_DECISIONS),
  comment: Nullable(Type.String()),
  sectionComments: ReportSectionTexts,
  reviewedAt: IsoDate,
  reviewedByName: Type.String(),
});
export type ReportReview = Static<typeof ReportReview>;

export const ReportSummary = Type.Object({
  id: Uuid,
  targetCompanyId: Uuid,
  period: MonitoringPeriod,
  status: oneOf(REPORT_STATUSES),
  state: oneOf(REPORT_STATES),
  versions: Count,
  updatedAt: IsoDate,
});
export type ReportSummary = Static<typeof ReportSummary>;

export const MonitoringReport = Type.Object({
  ...ReportSummary.properties,
  targetCompanyName: Type.String(),
  revision: Type.Integer({ minimum: 1, description: 'send it back with a change: stale is 409' }),
  sections: ReportSectionTexts,
  figures: ReportFigures,
  history: Type.Array(ReportVersion, { description: 'each submission, oldest first' }),
  reviews: Type.Array(ReportReview, { description: 'oldest first' }),
  canEdit: Type.Boolean(),
  canReview: Type.Boolean(),
});
export type MonitoringReport = Static<typeof MonitoringReport>;

export const CompanyReports = Type.Object({
  rule: ReportRule,
  reports: Type.Array(ReportSummary, { description: 'newest period first' }),
  openPeriods: Type.Array(MonitoringPeriod, {
    description: 'ended periods (the latest four) with no report started, newest first',
  }),
  today: Day,
  canManageRule: Type.Boolean(),
  canPrepare: Type.Boolean(),
});
export type CompanyReports = Static<typeof CompanyReports>;

export const ReportPortfolioRow = Type.Object({
  targetCompanyId: Uuid,
  targetCompanyName: Type.String(),
  period: MonitoringPeriod,
  state: oneOf(REPORT_STATES),
  status: Nullable(oneOf(REPORT_STATUSES)),
  reportId: Nullable(Uuid),
});
export type ReportPortfolioRow = Static<typeof ReportPortfolioRow>;

const ReportId = Type.Object({ id: Uuid });
const CompanyId = Type.Object({ id: Uuid });
const ReportAnswer = Type.Object({ report: MonitoringReport });

export const monitoringReportSchemas = routeSchemas({
  companyReports: {
    params: CompanyId,
    response: { 200: successWith(CompanyReports), ...signedInErrors },
  },
  updateReportRule: {
    params: CompanyId,
    body: Type.Object({
      frequency: Type.Optional(Type.String({ maxLength: 100 })),
      yearEnd: Type.Optional(Type.String({ maxLength: 100 })),
      dueDays: Type.Optional(Type.Number()),
    }),
    response: { 200: successWith(Type.Object({ rule: ReportRule })), ...signedInErrors },
  },
  startReport: {
    params: CompanyId,
    body: Type.Object({ periodEnd: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: { 201: successWith(ReportAnswer), ...signedInErrors, ...errorAnswers(409) },
  },
  report: { params: ReportId, response: { 200: successWith(ReportAnswer), ...signedInErrors } },
  saveReport: {
    params: ReportId,
    body: Type.Object({
      revision: Type.Optional(Type.Integer()),
      sections: Type.Optional(
        Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 50 }),
      ),
    }),
    response: { 200: successWith(ReportAnswer), ...signedInErrors, ...errorAnswers(409) },
  },
  submitReport: {
    params: ReportId,
    body: Type.Object({ revision: Type.Optional(Type.Integer()) }),
    response: { 200: successWith(ReportAnswer), ...signedInErrors, ...errorAnswers(409) },
  },
  reviewReport: {
    params: ReportId,
    body: Type.Object({
      revision: Type.Optional(Type.Integer()),
      decision: Type.Optional(Type.String({ maxLength: 100 })),
      comment: Type.Optional(Type.String()),
      sectionComments: Type.Optional(
        Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 50 }),
      ),
    }),
    response: { 200: successWith(ReportAnswer), ...signedInErrors, ...errorAnswers(409) },
  },
  reportPdf: {
    params: ReportId,
    querystring: Type.Object(REPORT_LANGUAGE_QUERY),
    response: {
      200: FileAnswer('the accepted report with its review trail (application/pdf)'),
      ...signedInErrors,
      ...errorAnswers(409),
    },
  },
  reportPortfolio: {
    response: {
      200: successWith(Type.Object({ companies: Type.Array(ReportPortfolioRow) })),
      ...signedInErrors,
    },
  },
});
