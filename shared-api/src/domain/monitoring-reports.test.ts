import {
  REPORT_ACCEPTED,
  REPORT_CHANGES_REQUESTED,
  REPORT_RULE_SAVED,
  REPORT_SAVED,
  REPORT_SUBMITTED,
  REPORT_TOAST_TEXT,
  checkReportReview,
  checkReportRule,
  endedPeriods,
  periodEndingOn,
  reportState,
  REPORT_CHANGES_NEED_COMMENT,
  REPORT_DUE_DAYS_INVALID,
  REPORT_FREQUENCY_UNKNOWN,
  REPORT_YEAR_END_INVALID,
} from './monitoring-reports';

describe('the reporting rule', () => {
  it.each([
    [{ frequency: 'annual', yearEnd: '12-31', dueDays: 60 }, null],
    [{ frequency: 'semiAnnual', yearEnd: '03-31', dueDays: 45 }, null],
    [{ frequency: 'quarterly', yearEnd: '12-31', dueDays: 60 }, REPORT_FREQUENCY_UNKNOWN],
    [{ frequency: 'annual', yearEnd: '02-29', dueDays: 60 }, REPORT_YEAR_END_INVALID],
    [{ frequency: 'annual', yearEnd: '06-31', dueDays: 60 }, REPORT_YEAR_END_INVALID],
    [{ frequency: 'annual', yearEnd: '31/12', dueDays: 60 }, REPORT_YEAR_END_INVALID],
    [{ frequency: 'annual', yearEnd: '12-31', dueDays: 0 }, REPORT_DUE_DAYS_INVALID],
    [{ frequency: 'annual', yearEnd: '12-31', dueDays: 366 }, REPORT_DUE_DAYS_INVALID],
    [{ frequency: 'annual', yearEnd: '12-31', dueDays: 2.5 }, REPORT_DUE_DAYS_INVALID],
  ])('%j: %s', (rule, message) => {
    const checked = checkReportRule(rule);
    expect(checked.ok ? null : checked.message).toBe(message);
  });
});

describe('the periods a rule gives', () => {
  it('ends annual periods on the year end, each due the given days after', () => {
    expect(
      endedPeriods({ frequency: 'annual', yearEnd: '12-31', dueDays: 60 }, '2026-12-03', 2),
    ).toEqual([
      { start: '2025-01-01', end: '2025-12-31', dueOn: '2026-03-01' },
      { start: '2024-01-01', end: '2024-12-31', dueOn: '2025-03-01' },
    ]);
  });

  it('ends semi-annual periods on the year end and six months before, a short month at its last day', () => {
    expect(
      endedPeriods({ frequency: 'semiAnnual', yearEnd: '03-31', dueDays: 30 }, '2026-12-03', 3),
    ).toEqual([
      { start: '2026-04-01', end: '2026-09-30', dueOn: '2026-10-30' },
      { start: '2025-10-01', end: '2026-03-31', dueOn: '2026-04-30' },
      { start: '2025-04-01', end: '2025-09-30', dueOn: '2025-10-30' },
    ]);
  });

  it('counts a period ending today as ended', () => {
    expect(
      endedPeriods({ frequency: 'annual', yearEnd: '06-30', dueDays: 90 }, '2026-06-30', 1),
    ).toEqual([
      periodEndingOn({ frequency: 'annual', yearEnd: '06-30', dueDays: 90 }, '2026-06-30'),
    ]);
  });
});

describe('the state the portfolio shows', () => {
  it.each([
    [null, '2026-03-01', '2026-03-01', 'due'],
    [null, '2026-03-01', '2026-03-02', 'late'],
    ['draft', '2026-03-01', '2026-04-01', 'late'],
    ['changesRequested', '2026-03-01', '2026-02-01', 'due'],
    ['submitted', '2026-03-01', '2026-04-01', 'underReview'],
    ['accepted', '2026-03-01', '2026-04-01', 'accepted'],
  ] as const)('%s, due %s, on %s: %s', (status, dueOn, today, state) => {
    expect(reportState(status, dueOn, today)).toBe(state);
  });
});

describe('a review', () => {
  it('needs a comment to ask for changes, on the report or a section', () => {
    expect(checkReportReview({ decision: 'requestChanges', comment: ' ' })).toEqual({
      ok: false,
      message: REPORT_CHANGES_NEED_COMMENT,
    });
    expect(
      checkReportReview({ decision: 'requestChanges', sectionComments: { training: ' Dates? ' } }),
    ).toEqual({
      ok: true,
      value: { decision: 'requestChanges', comment: null, sectionComments: { training: 'Dates?' } },
    });
    expect(checkReportReview({ decision: 'accept' })).toMatchObject({ ok: true });
  });
});

describe('the monitoring report toasts', () => {
  it('read, in English, the words the API answers with', () => {
    expect(REPORT_TOAST_TEXT).toEqual({
      saved: REPORT_SAVED,
      submitted: REPORT_SUBMITTED,
      changesRequested: REPORT_CHANGES_REQUESTED,
      accepted: REPORT_ACCEPTED,
      ruleSaved: REPORT_RULE_SAVED,
    });
  });
});
