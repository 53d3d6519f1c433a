import { makeGrievance } from './grievance-fixtures';
import { daysBetween, grievanceStage, nextGrievanceStep, targetState } from './grievance-steps';

describe('a grievance’s steps', () => {
  it.each([
    ['met on its due day', '2026-12-09', '2026-12-09', '2026-12-20', { kind: 'onTime' }],
    ['met early', '2026-12-09', '2026-12-03', '2026-12-20', { kind: 'onTime' }],
    ['met late', '2026-12-09', '2026-12-12', '2026-12-20', { kind: 'late', days: 3 }],
    ['not met, due later', '2026-12-09', null, '2026-12-04', { kind: 'due', days: 5 }],
    ['not met, due today', '2026-12-09', null, '2026-12-09', { kind: 'due', days: 0 }],
    ['not met, past due', '2026-12-09', null, '2026-12-11', { kind: 'late', days: 2 }],
  ] as const)('reads a target %s', (_case, due, done, today, expected) => {
    expect(targetState(due, done, today)).toEqual(expected);
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
