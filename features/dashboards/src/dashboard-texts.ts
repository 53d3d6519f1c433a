// Every text the company and portfolio dashboard shows, in one place.
export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  totalAudits: 'Total Audits',
  totalAuditsHint:
    'Counts action plans: every plan of every audit here, whatever its status. Closed, Provisional Close and Open split the same plans by their overall status.',
  closed: 'Closed',
  provisionalClose: 'Provisional Close',
  open: 'Open',
  esgComposition: 'ESG Composition',
  timelineAnalysis: 'Timeline Analysis',
  riskSeverity: 'Risk Severity',
  portfolioOverview: 'Portfolio Overview',
} as const;
