import {
  CLOSURE_NEEDS_EVIDENCE,
  closureRequestProblem,
  seesRemarksSinceOpened,
  type ClosureGap,
} from './closure';

const photo = (createdAt: string) => ({ createdAt, withdrawn: null, docs: [{ withdrawn: null }] });
const words = (createdAt: string) => ({ createdAt, withdrawn: null, docs: [] });

/** An open gap, opened on 1 March, with these remarks at hand. */
const gap = (remark: ClosureGap['remark'], remarkCount?: number): ClosureGap => ({
  status: 'open',
  displayStatus: 'open',
  statusHistory: [{ status: 'open', timestamp: '2026-03-01T00:00:00.000Z' }],
  remark,
  remarkCount,
});

describe('the closure request rules with a gap’s newest remarks only', () => {
  it('needs a photo since the gap was opened when every remark is at hand', () => {
    expect(closureRequestProblem(gap([words('2026-03-02T00:00:00.000Z')], 1))).toBe(
      CLOSURE_NEEDS_EVIDENCE,
    );
    expect(closureRequestProblem(gap([photo('2026-03-02T00:00:00.000Z')], 1))).toBeUndefined();
    // An answer without a count (an older API) holds every remark.
    expect(closureRequestProblem(gap([words('2026-03-02T00:00:00.000Z')]))).toBe(
      CLOSURE_NEEDS_EVIDENCE,
    );
  });

  it('knows there is no photo when the newest remarks reach back past the opening', () => {
    const reaching = gap(
      [words('2026-02-27T00:00:00.000Z'), words('2026-03-02T00:00:00.000Z')],
      40,
    );
    expect(seesRemarksSinceOpened(reaching)).toBe(true);
    expect(closureRequestProblem(reaching)).toBe(CLOSURE_NEEDS_EVIDENCE);
  });

  it('leaves the decision to the server when an earlier remark not at hand may hold the photo', () => {
    const partial = gap([words('2026-03-05T00:00:00.000Z'), words('2026-03-06T00:00:00.000Z')], 40);
    expect(seesRemarksSinceOpened(partial)).toBe(false);
    expect(closureRequestProblem(partial)).toBeUndefined();
  });
});
