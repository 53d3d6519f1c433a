// The contract of the dashboards (docs/api.md "Shapes"; how each figure is derived:
// docs/decisions/0006-derived-figures.md).
import { Type, type Static } from '@sinclair/typebox';
import { Uuid, routeSchemas, signedInErrors, successWith } from './common';

const Count = Type.Integer({ minimum: 0 });

export const ChartSlice = Type.Object({ name: Type.String(), value: Count });
export type ChartSlice = Static<typeof ChartSlice>;

export const TargetCompanyDashboard = Type.Object({
  actionPlans: Type.Object({
    statusOverview: Type.Object({
      total: Count,
      closed: Count,
      provClosed: Count,
      open: Count,
    }),
    categoryBreakdown: Type.Array(ChartSlice),
    timelineAnalysis: Type.Array(ChartSlice),
  }),
  gaps: Type.Object({ riskSeverityDistribution: Type.Array(ChartSlice) }),
});
export type TargetCompanyDashboard = Static<typeof TargetCompanyDashboard>;

export const CompanyGapStats = Type.Object({
  targetCompanyId: Uuid,
  targetCompanyName: Type.String(),
  open: Count,
  closed: Count,
  provClosed: Count,
  overdue: Count,
});
export type CompanyGapStats = Static<typeof CompanyGapStats>;

export const AuditorDashboard = Type.Object({
  projectsOverview: Type.Object({
    totalProjects: Count,
    completed: Count,
    inProgress: Count,
    overdue: Count,
  }),
  targetCompanyActionPlanStats: Type.Array(CompanyGapStats),
});
export type AuditorDashboard = Static<typeof AuditorDashboard>;

/** The client's dashboard: the company figures over all its companies, plus the portfolio bars. */
export const ClientDashboard = Type.Composite([
  TargetCompanyDashboard,
  Type.Object({ targetCompanyActionPlanStats: Type.Array(CompanyGapStats) }),
]);
export type ClientDashboard = Static<typeof ClientDashboard>;

export const dashboardSchemas = routeSchemas({
  auditor: {
    querystring: Type.Object({ auditorId: Uuid }),
    response: { 200: successWith(AuditorDashboard), ...signedInErrors },
  },
  targetCompany: {
    querystring: Type.Object({ targetCompanyId: Uuid }),
    response: { 200: successWith(TargetCompanyDashboard), ...signedInErrors },
  },
  client: { response: { 200: successWith(ClientDashboard), ...signedInErrors } },
});
