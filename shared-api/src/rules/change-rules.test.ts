import {
  ACTION_PLAN_HEADING_REQUIRED,
  CATEGORY_REQUIRED,
  DUE_DATE_AFTER_TIMELINE,
} from '../messages';
import {
  changeRuleMessages,
  checkActionPlanEdit,
  checkChangeReason,
  movesLater,
  staleActionPlanMessage,
  staleGapMessage,
} from './change-rules';

describe('movesLater', () => {
  it('is true for a later date or a date taken away, false for a first or an earlier one', () => {
    expect(movesLater('2030-01-10', '2030-01-11')).toBe(true);
    expect(movesLater('2030-01-10T00:00:00Z', '2030-01-10T00:00:01Z')).toBe(true);
    expect(movesLater('2030-01-10', null)).toBe(true);
    expect(movesLater('2030-01-10', '')).toBe(true);
    expect(movesLater('2030-01-10', '2030-01-10')).toBe(false);
    expect(movesLater('2030-01-10', '2030-01-09')).toBe(false);
    expect(movesLater(null, '2030-01-09')).toBe(false);
    expect(movesLater(undefined, undefined)).toBe(false);
  });
});

describe('checkChangeReason', () => {
  const later = { subject: 'dueDate' as const, before: '2030-01-10', after: '2030-02-10' };

  it('needs 10 characters once trimmed when the date moves later, in words naming the date', () => {
    expect(checkChangeReason({ ...later, reason: undefined })).toEqual({
      ok: false,
      message: changeRuleMessages.dueDateReason,
    });
    expect(checkChangeReason({ ...later, reason: '  123456789  ' })).toEqual({
      ok: false,
      message: changeRuleMessages.dueDateReason,
    });
    expect(checkChangeReason({ ...later, subject: 'timeline', reason: 'short' })).toEqual({
      ok: false,
      message: changeRuleMessages.timelineReason,
    });
    expect(checkChangeReason({ ...later, reason: ' 1234567890 ' })).toEqual({
      ok: true,
      value: '1234567890',
    });
  });

  it('needs none otherwise, keeps one given, and refuses one past 1,000 characters', () => {
    const earlier = { subject: 'dueDate' as const, before: '2030-01-10', after: '2030-01-01' };
    expect(checkChangeReason({ ...earlier, reason: undefined })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(checkChangeReason({ ...earlier, reason: ' ok ' })).toEqual({ ok: true, value: 'ok' });
    expect(checkChangeReason({ ...earlier, reason: 'x'.repeat(1001) })).toEqual({
      ok: false,
      message: changeRuleMessages.reasonTooLong,
    });
    expect(checkChangeReason({ ...later, reason: 'x'.repeat(1001) })).toEqual({
      ok: false,
      message: 'A reason can be at most 1,000 characters.',
    });
  });
});

describe('checkActionPlanEdit', () => {
  const plan = { actionPlanHeading: ' Water ', category: 'social', timeline: '2030-06-01' };

  it('gives the plan back trimmed, and refuses a blank heading or an unknown category', () => {
    const result = checkActionPlanEdit(plan, { formType: 'ap' });
    expect(result).toEqual({
      ok: true,
      value: { actionPlanHeading: 'Water', category: 'social', timeline: new Date('2030-06-01') },
    });
    expect(checkActionPlanEdit({ ...plan, actionPlanHeading: ' ' }, { formType: 'ap' })).toEqual({
      ok: false,
      message: ACTION_PLAN_HEADING_REQUIRED,
    });
    expect(checkActionPlanEdit({ ...plan, category: 'weather' }, { formType: 'ap' })).toEqual({
      ok: false,
      message: CATEGORY_REQUIRED,
    });
  });

  it('refuses a timeline before the latest due date, and keeps none for a recommendation plan', () => {
    expect(
      checkActionPlanEdit(plan, { formType: 'ap', latestDueDate: '2030-06-02T00:00:00Z' }),
    ).toEqual({ ok: false, message: DUE_DATE_AFTER_TIMELINE });
    expect(
      checkActionPlanEdit({ ...plan, timeline: 'not a date' }, { formType: 'recommendation' }),
    ).toEqual({ ok: true, value: { actionPlanHeading: 'Water', category: 'social' } });
  });
});

describe('stale write messages', () => {
  it('name who changed the gap or plan and when', () => {
    expect(staleGapMessage('Clara Owner', '06/03/2026 02:30 PM UTC')).toBe(
      'This gap was changed by Clara Owner at 06/03/2026 02:30 PM UTC. Reload to see the change.',
    );
    expect(staleActionPlanMessage('Anil Admin', '02/06/2026 11:05 AM UTC')).toBe(
      'This action plan was changed by Anil Admin at 02/06/2026 11:05 AM UTC. Reload to see the change.',
    );
  });
});
