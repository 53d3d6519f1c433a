// The portfolio's answers for the screens' tests: one lender, two companies, a few of each figure.
import type { Portfolio, PortfolioGap } from '@verity/shared-api';

export const ACME = '11111111-1111-4111-8111-111111111111';
export const RIVER = '22222222-2222-4222-8222-222222222222';

export function portfolioGap(overrides: Partial<PortfolioGap> = {}): PortfolioGap {
  return {
    id: 'gap-1',
    gapName: 'Wastewater discharge above permit',
    KPI: 'COD mg/l',
    riskSeverity: 'high',
    displayStatus: 'overdue',
    dueDate: '2026-03-01T00:00:00.000Z',
    dueMilestone: null,
    daysOverdue: 269,
    createdAt: '2025-11-01T00:00:00.000Z',
    esapItemNumber: '3.1',
    esapSection: 'PR3 Resource Efficiency and Pollution Prevention and Control',
    requirementReferences: ['IFC PS3'],
    impactedSDGs: ['SDG6'],
    conditionType: null,
    actionPlanId: 'plan-1',
    actionPlanHeading: 'Water',
    auditId: 'audit-1',
    auditType: 'esap',
    auditorId: 'firm-1',
    auditorName: 'GreenAudit Partners',
    targetCompanyId: ACME,
    targetCompanyName: 'Acme Steel Ltd',
    ...overrides,
  };
}

const quarters = (counts: [number, number][]) =>
  counts.map(([due, onTime], index) => ({
    quarter: `2026-Q${(index % 4) + 1}`,
    due,
    onTime,
  }));

export const PORTFOLIO: Portfolio = {
  companies: [
    { targetCompanyId: ACME, targetCompanyName: 'Acme Steel Ltd', open: 7, overdue: 3 },
    { targetCompanyId: RIVER, targetCompanyName: 'Blue River Textiles', open: 0, overdue: 0 },
  ],
  requirements: ['IFC PS1', 'IFC PS3', 'environment'],
  matrix: [
    { targetCompanyId: ACME, requirement: 'IFC PS1', open: 2, overdue: 0, worstRisk: 'moderate' },
    { targetCompanyId: ACME, requirement: 'IFC PS3', open: 4, overdue: 3, worstRisk: 'high' },
    { targetCompanyId: ACME, requirement: 'environment', open: 1, overdue: 0, worstRisk: 'low' },
  ],
  sdgs: Array.from({ length: 17 }, (_, index) => ({
    sdg: `SDG${index + 1}` as Portfolio['sdgs'][number]['sdg'],
    open: index === 5 ? 5 : 0,
  })),
  overdueAgeing: [
    { age: '1-30', gaps: 1 },
    { age: '31-90', gaps: 0 },
    { age: '91-180', gaps: 0 },
    { age: '181+', gaps: 2 },
  ],
  closureOnTime: {
    quarters: quarters([
      [4, 3],
      [0, 0],
    ]),
    companies: [
      {
        targetCompanyId: ACME,
        quarters: quarters([
          [4, 3],
          [0, 0],
        ]),
      },
    ],
  },
  mostOverdueHighRisk: [portfolioGap()],
  conditionsPrecedent: {
    open: 12,
    gaps: [
      portfolioGap({
        id: 'gap-2',
        gapName: 'ESMS adopted by the board',
        conditionType: 'precedent',
      }),
    ],
  },
};
