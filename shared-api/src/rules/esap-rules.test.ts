import {
  ESAP_ITEM_NUMBER_REPEATED,
  UNKNOWN_CONDITION_TYPE,
  UNKNOWN_REQUIREMENT_REFERENCE,
  esapItemNumberKey,
  repeatedEsapItemNumber,
} from '../domain/esap';
import { AUDIT_FORMS } from '../domain/audit';
import { checkGap } from './gap-rules';

const now = () => new Date('2030-01-01T00:00:00Z');
const gapOf = {
  ap: { dueDate: '2030-02-01T00:00:00Z', ESGAspect: 'Environmental' },
  capa: { dueDate: '2030-02-01T00:00:00Z', areaCode: 'AC-1' },
  mp: { dueDate: '2030-02-01T00:00:00Z', ESGAspect: 'Social' },
  recommendation: { ESGAspect: 'Governance' },
} as const;
const base = {
  KPI: 'Water use',
  gapName: 'No metering',
  recommendation: 'Install meters',
  responsibility: 'Plant manager',
  impactedSDGs: ['SDG6'],
};

function check(input: Record<string, unknown>, formType: keyof typeof gapOf = 'ap') {
  return checkGap({ ...base, ...gapOf[formType], ...input }, { formType, now });
}
const messageOf = (input: Record<string, unknown>) => {
  const result = check(input);
  return result.ok ? undefined : result.message;
};

describe('ESAP rules', () => {
  it.each(AUDIT_FORMS)('leaves every lender field optional on the %s form', (formType) => {
    const result = check({}, formType);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        esapItemNumber: null,
        requirementReferences: [],
        completionIndicator: null,
        resources: null,
        timetable: null,
        conditionType: null,
      }),
    });
  });

  it('keeps the values of every form type, trimmed, references once each in the list order', () => {
    for (const formType of AUDIT_FORMS) {
      const result = check(
        {
          esapItemNumber: ' 1.2 ',
          requirementReferences: ['EP4', 'IFC PS1', 'National law', 'IFC PS1', 'EBRD PR10'],
          completionIndicator: '  Signed ESMS manual  ',
          resources: ' Consultant EUR 15,000 ',
          timetable: 'Prior to first disbursement',
          conditionType: 'precedent',
        },
        formType,
      );
      expect(result.ok && result.value).toMatchObject({
        esapItemNumber: '1.2',
        requirementReferences: ['IFC PS1', 'EBRD PR10', 'EP4', 'National law'],
        completionIndicator: 'Signed ESMS manual',
        resources: 'Consultant EUR 15,000',
        timetable: 'Prior to first disbursement',
        conditionType: 'precedent',
      });
    }
  });

  it('reads empty texts, an empty condition type and null references as no value', () => {
    const result = check({
      esapItemNumber: '   ',
      requirementReferences: null,
      completionIndicator: '',
      resources: '  ',
      timetable: null,
      conditionType: '',
    });
    expect(result.ok && result.value).toMatchObject({
      esapItemNumber: null,
      requirementReferences: [],
      completionIndicator: null,
      resources: null,
      timetable: null,
      conditionType: null,
    });
  });

  it('refuses an unknown reference by name, and an unknown condition type', () => {
    expect(messageOf({ requirementReferences: ['IFC PS1', 'IFC PS9'] })).toBe(
      UNKNOWN_REQUIREMENT_REFERENCE('IFC PS9'),
    );
    expect(messageOf({ requirementReferences: ['ifc ps1'] })).toBe(
      UNKNOWN_REQUIREMENT_REFERENCE('ifc ps1'),
    );
    expect(messageOf({ conditionType: 'sometimes' })).toBe(UNKNOWN_CONDITION_TYPE);
    expect(messageOf({ conditionType: 3 })).toBe(UNKNOWN_CONDITION_TYPE);
  });

  it('refuses texts past their limits in the words of the other text limits', () => {
    expect(messageOf({ esapItemNumber: '1'.repeat(21) })).toBe(
      'ESAP Item No. can be at most 20 characters.',
    );
    expect(messageOf({ esapItemNumber: `  ${'1'.repeat(20)}  ` })).toBeUndefined();
    expect(messageOf({ completionIndicator: 'x'.repeat(2001) })).toBe(
      'Completion Indicator can be at most 2,000 characters.',
    );
    expect(messageOf({ resources: 'x'.repeat(2001) })).toBe(
      'Resources can be at most 2,000 characters.',
    );
    expect(messageOf({ timetable: 'x'.repeat(501) })).toBe(
      'Timetable can be at most 500 characters.',
    );
  });

  it('reports the form fields first, then the lender fields in their order', () => {
    expect(messageOf({ KPI: '', conditionType: 'x' })).toBe('KPI is required');
    expect(messageOf({ conditionType: 'x', esapItemNumber: '1'.repeat(21) })).toBe(
      'ESAP Item No. can be at most 20 characters.',
    );
  });
});

describe('ESAP item numbers in one payload', () => {
  it('compares trimmed and without regard to case', () => {
    expect(esapItemNumberKey(' 4.1A ')).toBe(esapItemNumberKey('4.1a'));
  });

  it('names the first repeated number and the two gaps that share it', () => {
    expect(
      repeatedEsapItemNumber([
        { esapItemNumber: '1.1' },
        { esapItemNumber: null },
        { esapItemNumber: '1.2' },
        {},
        { esapItemNumber: ' 1.2 ' },
      ]),
    ).toEqual({ itemNumber: '1.2', first: 3, second: 5 });
    expect(
      repeatedEsapItemNumber([{ esapItemNumber: '1.1' }, { esapItemNumber: '' }, {}]),
    ).toBeUndefined();
    expect(ESAP_ITEM_NUMBER_REPEATED('1.2', 3, 5)).toBe(
      'Gaps 3 and 5 both have ESAP item 1.2; each item number can be used once in an action plan.',
    );
  });
});
