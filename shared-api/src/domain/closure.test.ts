import {
  CLOSURE_NEEDS_EVIDENCE,
  CLOSURE_VISIT_DATE_FUTURE,
  CLOSURE_VISIT_DATE_REQUIRED,
  closureEvidenceFlags,
  closureRequestProblem,
  visitDateProblem,
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

describe('the warnings a reviewer confirms before accepting', () => {
  const image = (warnings: string[], withdrawn: unknown = null) => ({
    withdrawn,
    evidence: { warnings },
  });
  const remark = (
    createdAt: string,
    docs: ReturnType<typeof image>[],
    withdrawn: unknown = null,
  ) => ({
    createdAt,
    withdrawn,
    docs,
  });
  const cases: [string, ClosureGap['remark'], string[]][] = [
    ['no warnings', [remark('2026-03-02T00:00:00Z', [image(['noCaptureData'])])], []],
    [
      'both, in their order, once each',
      [
        remark('2026-03-02T00:00:00Z', [image(['sameFileOnAnotherGap'])]),
        remark('2026-03-03T00:00:00Z', [image(['takenBeforeGap', 'sameFileOnAnotherGap'])]),
      ],
      ['takenBeforeGap', 'sameFileOnAnotherGap'],
    ],
    [
      'not on evidence from before the gap was opened',
      [remark('2026-02-27T00:00:00Z', [image(['takenBeforeGap'])])],
      [],
    ],
    [
      'not on a withdrawn image or remark',
      [
        remark('2026-03-02T00:00:00Z', [image(['takenBeforeGap'], { at: 'x' })]),
        remark('2026-03-02T00:00:00Z', [image(['sameFileOnAnotherGap'])], { at: 'x' }),
      ],
      [],
    ],
  ];
  it.each(cases)('%s', (_, remarks, flags) => {
    expect(closureEvidenceFlags(gap(remarks))).toEqual(flags);
  });
});

describe('the date of a site visit', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    [undefined, CLOSURE_VISIT_DATE_REQUIRED],
    ['', CLOSURE_VISIT_DATE_REQUIRED],
    ['2026-02-30', CLOSURE_VISIT_DATE_REQUIRED],
    ['10/03/2026', CLOSURE_VISIT_DATE_REQUIRED],
    ['2026-03-12', CLOSURE_VISIT_DATE_FUTURE],
    // Already today east of UTC (the latest time zone is UTC+14).
    ['2026-03-11', undefined],
    ['2026-03-10', undefined],
    ['2025-12-31', undefined],
  ])('%s: %s', (date, problem) => {
    expect(visitDateProblem(date, now)).toBe(problem);
  });
});
