import { makeGap, makeRemark } from '../testing/fixtures';
import { withRemark } from './gap-details-state';

describe('a remark the server has just taken', () => {
  const earlier = makeRemark({ _id: 'r1', id: 'r1', comments: 'Valve replaced' });
  const sent = makeRemark({ _id: 'r2', id: 'r2', comments: 'Photo of the new valve' });

  it.each([
    ['comes after the remarks the gap shows', makeGap({ remark: [earlier] })],
    [
      'shows once when a reload of the gap brought it before the answer',
      makeGap({ remark: [earlier, sent] }),
    ],
  ])('%s', (_, gap) => {
    const shown = withRemark(gap, sent);
    expect(shown.remark.map((remark) => remark.comments)).toEqual([
      'Valve replaced',
      'Photo of the new valve',
    ]);
    expect(shown.remarkCount).toBe(2);
  });
});
