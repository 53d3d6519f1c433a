import {
  AREA_CODE_REQUIRED,
  DUE_DATE_AFTER_TIMELINE,
  DUE_DATE_IN_FUTURE,
  DUE_DATE_REQUIRED,
  ESG_ASPECT_REQUIRED,
  GAP_NAME_REQUIRED,
  IMPACTED_SDG_REQUIRED,
  KPI_REQUIRED,
  RECOMMENDATION_REQUIRED,
  RESPONSIBILITY_REQUIRED,
} from '../messages';
import { checkGap, gapRuleMessages } from './gap-rules';

const now = () => new Date('2030-01-01T00:00:00Z');
const base = {
  KPI: 'Water use',
  gapName: 'No metering',
  recommendation: 'Install meters',
  responsibility: 'Plant manager',
  impactedSDGs: ['SDG6'],
};
const apGap = { ...base, dueDate: '2030-02-01T00:00:00Z', ESGAspect: 'Environmental' };

function messageOf(input: unknown, options: Parameters<typeof checkGap>[1]) {
  const result = checkGap(input, options);
  return result.ok ? undefined : result.message;
}

describe('gap rules', () => {
  it('reports the common required fields in form order with the spec messages', () => {
    const options = { formType: 'ap' as const, now };
    expect(messageOf({}, options)).toBe(KPI_REQUIRED);
    expect(messageOf({ ...apGap, KPI: '   ' }, options)).toBe(KPI_REQUIRED);
    expect(messageOf({ ...apGap, gapName: '' }, options)).toBe(GAP_NAME_REQUIRED);
    expect(messageOf({ ...apGap, recommendation: '' }, options)).toBe(RECOMMENDATION_REQUIRED);
    expect(messageOf({ ...apGap, responsibility: '' }, options)).toBe(RESPONSIBILITY_REQUIRED);
    expect(messageOf({ ...apGap, impactedSDGs: [] }, options)).toBe(IMPACTED_SDG_REQUIRED);
    expect(messageOf({ ...apGap, impactedSDGs: ['SDG18'] }, options)).toBe(
      gapRuleMessages.unknownSdg,
    );
  });

  it('asks for the fields of each form type', () => {
    expect(messageOf({ ...base, ESGAspect: 'Social' }, { formType: 'ap', now })).toBe(
      DUE_DATE_REQUIRED,
    );
    expect(messageOf({ ...base, dueDate: apGap.dueDate }, { formType: 'mp', now })).toBe(
      ESG_ASPECT_REQUIRED,
    );
    expect(messageOf({ ...base, dueDate: apGap.dueDate }, { formType: 'capa', now })).toBe(
      AREA_CODE_REQUIRED,
    );
    expect(messageOf(base, { formType: 'recommendation', now })).toBe(ESG_ASPECT_REQUIRED);
    expect(messageOf({ ...apGap, ESGAspect: 'Economic' }, { formType: 'ap', now })).toBe(
      gapRuleMessages.unknownEsgAspect,
    );
  });

  it('wants the due date in the future and within the plan timeline', () => {
    expect(messageOf({ ...apGap, dueDate: '2029-12-31T00:00:00Z' }, { formType: 'ap', now })).toBe(
      DUE_DATE_IN_FUTURE,
    );
    expect(messageOf(apGap, { formType: 'ap', now, planTimeline: '2030-01-15T00:00:00Z' })).toBe(
      DUE_DATE_AFTER_TIMELINE,
    );
    expect(checkGap(apGap, { formType: 'ap', now, planTimeline: '2030-03-01T00:00:00Z' }).ok).toBe(
      true,
    );
    expect(
      checkGap(
        { ...apGap, dueDate: '2029-12-31T00:00:00Z' },
        { formType: 'ap', now, checkDueDateInFuture: false },
      ).ok,
    ).toBe(true);
  });

  it('cleans a valid gap: trims, defaults the risk and drops other forms’ fields', () => {
    const result = checkGap(
      {
        ...base,
        KPI: '  Water use ',
        ESGAspect: 'Social',
        dueDate: '2030-02-01',
        areaCode: 'A1',
        amount: { currency: 'USD', value: 5 },
        unknown: 'x',
      },
      { formType: 'recommendation', now },
    );
    expect(result).toEqual({
      ok: true,
      value: {
        ...base,
        KPI: 'Water use',
        ESGAspect: 'Social',
        actionTakenByCompany: '',
        residualRisk: '',
        riskSeverity: 'moderate',
        fields: {},
        addOns: {},
        // The lender fields are on every form type, empty unless given.
        esapItemNumber: null,
        requirementReferences: [],
        completionIndicator: null,
        resources: null,
        esapSection: null,
        timetable: null,
        conditionType: null,
        loanClause: null,
      },
    });
  });

  it('takes a gap due relative to a milestone without a due date of its own', () => {
    const apGap = { ...base, ESGAspect: 'Social', dueDate: '2020-01-01' };
    const result = checkGap(
      { ...apGap, dueMilestone: ' first DISBURSEMENT ', dueOffsetMonths: '6', dueOffsetDays: '' },
      { formType: 'ap', now },
    );
    expect(result).toMatchObject({
      ok: true,
      value: { dueMilestone: 'First disbursement', dueOffsetMonths: 6, dueOffsetDays: 0 },
    });
    expect(result.ok && 'dueDate' in result.value).toBe(false);
    expect(messageOf({ ...apGap, dueDate: '', dueMilestone: '' }, { formType: 'ap', now })).toBe(
      DUE_DATE_REQUIRED,
    );
    for (const [field, value, message] of [
      ['dueOffsetMonths', '-1', gapRuleMessages.dueOffsetMonths],
      ['dueOffsetMonths', '2.5', gapRuleMessages.dueOffsetMonths],
      ['dueOffsetDays', 'soon', gapRuleMessages.dueOffsetDays],
      ['dueOffsetDays', 3651, gapRuleMessages.dueOffsetDays],
    ] as const) {
      expect(
        messageOf(
          { ...apGap, dueMilestone: 'Financial close', [field]: value },
          { formType: 'ap', now },
        ),
      ).toBe(message);
    }
  });

  it('checks a CAPA amount: currency, at least 0, two decimals, non-numeric as 0', () => {
    const capa = { ...base, dueDate: apGap.dueDate, areaCode: 'Z-9' };
    const amountOf = (amount: unknown) => {
      const result = checkGap({ ...capa, amount }, { formType: 'capa', now });
      return result.ok ? result.value.amount : result.message;
    };
    expect(amountOf({ currency: 'INR', value: '12.50' })).toEqual({ currency: 'INR', value: 12.5 });
    expect(amountOf({ currency: 'USD', value: 'lots' })).toEqual({ currency: 'USD', value: 0 });
    expect(amountOf({ currency: 'USD', value: -1 })).toBe(gapRuleMessages.amountNegative);
    expect(amountOf({ currency: 'USD', value: 1.005 })).toBe(gapRuleMessages.amountDecimals);
    expect(amountOf({ currency: 'EUR', value: 1 })).toBe(gapRuleMessages.unknownCurrency);
    expect(amountOf({ currency: 'USD', value: 999_999_999_999.99 })).toEqual({
      currency: 'USD',
      value: 999_999_999_999.99,
    });
    expect(amountOf({ currency: 'USD', value: 1_000_000_000_000 })).toBe(
      gapRuleMessages.amountTooLarge,
    );
    expect(amountOf({ currency: 'INR', value: '1e16' })).toBe(gapRuleMessages.amountTooLarge);
    expect(amountOf(undefined)).toBeUndefined();
  });

  it('accepts due dates and timelines with four-digit years only', () => {
    const far = { now, planTimeline: undefined };
    expect(messageOf({ ...apGap, dueDate: '9999-12-31' }, { formType: 'ap', ...far })).toBe(
      undefined,
    );
    expect(messageOf({ ...apGap, dueDate: '99999-01-01' }, { formType: 'ap', ...far })).toBe(
      gapRuleMessages.dateOutOfRange,
    );
    expect(messageOf({ ...apGap, timeline: '+010000-01-01' }, { formType: 'ap', ...far })).toBe(
      gapRuleMessages.dateOutOfRange,
    );
    expect(messageOf({ ...apGap, timeline: '0999-01-01' }, { formType: 'ap', ...far })).toBe(
      gapRuleMessages.dateOutOfRange,
    );
    expect(messageOf({ ...apGap, timeline: '0001-01-01' }, { formType: 'ap', ...far })).toBe(
      gapRuleMessages.dateOutOfRange,
    );
  });

  it('keeps custom fields and add-ons as name and value texts only', () => {
    const fields = { f1: { name: 'Site', value: 'North' } };
    const result = checkGap({ ...apGap, fields, addOns: fields }, { formType: 'ap', now });
    expect(result.ok && result.value.fields).toEqual(fields);
    expect(
      messageOf({ ...apGap, addOns: { a: { name: 'x', value: 3 } } }, { formType: 'ap', now }),
    ).toBe(gapRuleMessages.invalidNameValue);
  });
});
