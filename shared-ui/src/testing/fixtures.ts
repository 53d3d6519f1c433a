import type {
  ActionPlanStatistics,
  ActionPlanWithGaps,
  Gap,
  GapListItem,
  Remark,
} from '@verity/shared-api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO date `days` from now (negative for the past). */
export function daysFromNow(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** A gap as GET /action-plan/{id} sends it (docs/api.md "Gap"); override any field. */
export function makeGap(overrides: Partial<Gap> = {}): Gap {
  const status = overrides.status ?? 'open';
  return {
    id: 'gap-1',
    actionPlanId: 'plan-1',
    KPI: 'Energy intensity per tonne',
    gapName: 'No sub-metering of furnace energy',
    createdAt: daysFromNow(-10),
    riskSeverity: 'moderate',
    status,
    displayStatus: overrides.displayStatus ?? status,
    statusHistory: [{ status: 'open', timestamp: daysFromNow(-10) }],
    remark: [],
    remarkCount: overrides.remark?.length ?? 0,
    version: 1,
    changeHistory: [],
    changeCount: overrides.changeHistory?.length ?? 0,
    recommendation: 'Install sub-meters on each furnace line',
    responsibility: 'Plant engineering',
    actionTakenByCompany: 'Quotes requested from two vendors',
    residualRisk: 'Moderate until meters are live',
    impactedSDGs: ['SDG7', 'SDG13'],
    fields: {},
    addOns: {},
    dueDate: daysFromNow(20),
    timeline: daysFromNow(30),
    ESGAspect: 'Environmental',
    areaCode: null,
    amount: null,
    esapItemNumber: null,
    requirementReferences: [],
    completionIndicator: null,
    resources: null,
    esapSection: null,
    timetable: null,
    conditionType: null,
    loanClause: null,
    dueMilestone: null,
    dueOffsetMonths: 0,
    dueOffsetDays: 0,
    closure: null,
    extension: null,
    ...overrides,
  };
}

/** A gap as a row of the action plan list (GET /action-plan/{id}/gaps); override any field. */
export function makeGapListItem(overrides: Partial<GapListItem> = {}): GapListItem {
  const {
    id,
    actionPlanId,
    KPI,
    gapName,
    riskSeverity,
    status,
    displayStatus,
    createdAt,
    dueDate,
    esapItemNumber,
    dueMilestone,
  } = makeGap(overrides);
  return {
    id,
    actionPlanId,
    KPI,
    gapName,
    riskSeverity,
    status,
    displayStatus,
    createdAt,
    dueDate,
    esapItemNumber,
    dueMilestone,
  };
}

/** An action plan as GET /action-plan/{auditId}/action-plans sends it, its newest gaps included. */
export function makeActionPlan(overrides: Partial<ActionPlanWithGaps> = {}): ActionPlanWithGaps {
  const gaps = overrides.gaps ?? [makeGapListItem()];
  return {
    id: 'plan-1',
    auditId: 'audit-1',
    targetCompanyId: 'company-1',
    actionPlanHeading: 'Furnace energy efficiency',
    category: 'environment',
    formType: 'ap',
    createdAt: daysFromNow(-12),
    timeline: daysFromNow(45),
    overallStatus: 'open',
    version: 1,
    gaps,
    statistics: makeStatistics({ totalGaps: gaps.length, openGaps: gaps.length }),
    ...overrides,
  };
}

export function makeStatistics(
  overrides: Partial<ActionPlanStatistics> = {},
): ActionPlanStatistics {
  return {
    totalGaps: 1,
    openGaps: 1,
    closedGaps: 0,
    overdueGaps: 0,
    completionPercentage: 0,
    ...overrides,
  };
}

export function makeRemark(overrides: Partial<Remark> = {}): Remark {
  return {
    _id: 'remark-1',
    id: 'remark-1',
    comments: 'Meters ordered, delivery in two weeks.',
    createdAt: daysFromNow(-2),
    withdrawableUntil: null,
    withdrawn: null,
    user: { userType: 'targetCompany', fullname: 'Ravi Kumar', userId: 'user-9', role: 'editor' },
    docs: [],
    ...overrides,
  };
}
