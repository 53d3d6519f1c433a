import { makeGap } from '@verity/shared-ui/src/testing';
// The plan's figures the detail page works out for gaps changed on it (shared-api's twins of the API's
// rules, src/rules/gap-state.ts), over gaps as the page holds them.
import { planStatistics as statisticsOf, planStatus as overallStatusOf } from '@verity/shared-api';

const open = makeGap({ id: 'a', status: 'open', displayStatus: 'open' });
const overdue = makeGap({ id: 'b', status: 'open', displayStatus: 'overdue' });
const provClosedOverdue = makeGap({ id: 'c', status: 'provClosed', displayStatus: 'overdue' });
const provClosed = makeGap({ id: 'd', status: 'provClosed', displayStatus: 'provClosed' });
const closed = makeGap({ id: 'e', status: 'closed', displayStatus: 'closed' });

describe('statisticsOf', () => {
  it('counts open (not overdue), closed and overdue gaps; provisionally closed ones only in the total', () => {
    expect(statisticsOf([open, overdue, provClosedOverdue, provClosed, closed])).toEqual({
      totalGaps: 5,
      openGaps: 1,
      closedGaps: 1,
      overdueGaps: 2,
      completionPercentage: 20,
    });
  });

  it('rounds the completion to a whole percent, and is 0 without gaps', () => {
    expect(statisticsOf([closed, closed, open]).completionPercentage).toBe(67);
    expect(statisticsOf([]).completionPercentage).toBe(0);
  });
});

describe('overallStatusOf', () => {
  it('follows the plan status rule', () => {
    expect(overallStatusOf([])).toBe('pending');
    expect(overallStatusOf([closed, closed])).toBe('closed');
    expect(overallStatusOf([closed, overdue])).toBe('overdue');
    expect(overallStatusOf([closed, provClosed])).toBe('provClosed');
    expect(overallStatusOf([closed, open])).toBe('open');
  });
});
