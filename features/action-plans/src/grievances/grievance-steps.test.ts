import { makeGrievance } from './grievance-fixtures';
import { daysBetween, grievanceStage, nextGrievanceStep, targetState } from './grievance-steps';

describe('a grievance’s steps', () => {
  it.each([
    ['met on its due day', 0, true, { kind: 'onTime' }],
    ['met early', 6, true, { kind: 'onTime' }],
    ['met late', -3, true, { kind: 'late', days: 3 }],
    ['not met, due later', 5, false, { kind: 'due', days: 5 }],
    ['not met, due today', 0, false, { kind: 'due', days: 0 }],
    ['not met, past due', -2, false, { kind: 'late', days: 2 }],
  ] as const)('reads a target %s from the days the API counted', (_case, left, taken, expected) => {
    expect(targetState(left, taken)).toEqual(expected);
  });

  it('counts whole days across a month and a year', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
  });

  it.each([
    [{}, 'received', 'acknowledged'],
    [{ acknowledgedOn: '2026-12-01' }, 'acknowledged', 'investigated'],
    [
      { acknowledgedOn: '2026-12-01', investigatedOn: '2026-12-02', resolvedOn: '2026-12-03' },
      'resolved',
      'closed',
    ],
    [
      {
        acknowledgedOn: '2026-12-01',
        investigatedOn: '2026-12-02',
        resolvedOn: '2026-12-03',
        closedOn: '2026-12-04',
      },
      'closed',
      null,
    ],
  ] as const)(
    'stands at its last step taken and takes the next in order (%o)',
    (days, stage, next) => {
      const grievance = makeGrievance(days);
      expect(grievanceStage(grievance)).toBe(stage);
      expect(nextGrievanceStep(grievance)).toBe(next);
    },
  );
});
