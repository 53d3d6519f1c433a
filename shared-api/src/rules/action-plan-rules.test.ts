import { ACTION_PLAN_HEADING_REQUIRED, CATEGORY_REQUIRED, KPI_REQUIRED } from '../messages';
import { actionPlanRuleMessages, checkActionPlan } from './action-plan-rules';
import { gapRuleMessages } from './gap-rules';
import { DUE_DATE_AFTER_TIMELINE } from '../messages';

const now = () => new Date('2030-01-01T00:00:00Z');
const gap = {
  KPI: 'Water use',
  gapName: 'No metering',
  recommendation: 'Install meters',
  responsibility: 'Plant manager',
  impactedSDGs: ['SDG6'],
  ESGAspect: 'Environmental',
  dueDate: '2030-02-01T00:00:00Z',
};
const plan = { actionPlanHeading: 'Water', category: 'environment', formType: 'ap', gap };

function messageOf(input: Record<string, unknown>, auditForm: 'ap' | 'recommendation' = 'ap') {
  const result = checkActionPlan(input, { auditForm, now });
  return result.ok ? undefined : result.message;
}

describe('action plan rules', () => {
  it('requires the heading and a known category with the spec messages', () => {
    expect(messageOf({ ...plan, actionPlanHeading: ' ' })).toBe(ACTION_PLAN_HEADING_REQUIRED);
    expect(messageOf({ ...plan, category: undefined })).toBe(CATEGORY_REQUIRED);
    expect(messageOf({ ...plan, category: 'economy' })).toBe(CATEGORY_REQUIRED);
  });

  it("wants a known form type equal to the audit's form", () => {
    expect(messageOf({ ...plan, formType: 'report' })).toBe(
      actionPlanRuleMessages.formTypeRequired,
    );
    expect(messageOf(plan, 'recommendation')).toBe(actionPlanRuleMessages.formTypeNotAudits);
  });

  it('checks the first gap against the plan timeline', () => {
    expect(messageOf({ ...plan, gap: {} })).toBe(KPI_REQUIRED);
    expect(messageOf({ ...plan, timeline: '2030-01-10T00:00:00Z' })).toBe(DUE_DATE_AFTER_TIMELINE);
    expect(messageOf({ ...plan, timeline: '2030-06-01T00:00:00Z' })).toBeUndefined();
  });

  it('refuses a timeline outside the years 1900 to 9999, and one that is not a date', () => {
    expect(messageOf({ ...plan, timeline: '99999-01-01' })).toBe(gapRuleMessages.dateOutOfRange);
    expect(messageOf({ ...plan, timeline: '1899-12-31T00:00:00Z' })).toBe(
      gapRuleMessages.dateOutOfRange,
    );
    expect(messageOf({ ...plan, timeline: 'soon' })).toBe(actionPlanRuleMessages.invalidTimeline);
  });

  it('keeps no timeline and no due date on a recommendation', () => {
    const result = checkActionPlan(
      { ...plan, formType: 'recommendation', timeline: '2030-06-01T00:00:00Z' },
      { auditForm: 'recommendation', now },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.actionPlan.timeline).toBeUndefined();
    expect(result.value.gap).not.toHaveProperty('dueDate');
    expect(result.value.gap.ESGAspect).toBe('Environmental');
  });
});
