// Every text the company and portfolio dashboard shows (spec section 2), in one place.
export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  totalAudits: 'Total Audits',
  closed: 'Closed',
  provisionalClose: 'Provisional Close',
  open: 'Open',
  esgComposition: 'ESG Composition',
  timelineAnalysis: 'Timeline Analysis',
  riskSeverity: 'Risk Severity',
  portfolioOverview: 'Portfolio Overview',
} as const;
