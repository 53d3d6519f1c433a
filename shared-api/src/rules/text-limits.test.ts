import { ValidationError } from 'yup';
import { TEXT_LIMITS, tooLongMessage } from '../domain/text-limits';
import { checkActionPlan } from './action-plan-rules';
import { checkGap } from './gap-rules';
import {
  auditSchema,
  auditorSchema,
  newUserSchema,
  targetCompanySchema,
} from './organisation-rules';

// Each text field takes text up to its limit and refuses one character more, in words naming it.

function firstError(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

const long = (length: number) => 'x'.repeat(length);

const company = {
  targetCompanyName: 'Harbour Textiles',
  emailId: 'owner@harbour.test',
  companyType: 'contractor',
  auditorId: '6b1c1c5e-4a57-4b7e-9a4e-1d6f3c1e2a10',
};
const auditor = { emailId: 'lead@firm.test', auditorName: 'Firm', registeredName: 'Firm LLP' };
const now = () => new Date('2030-01-01T00:00:00Z');
const gap = {
  KPI: 'Water use',
  gapName: 'No metering',
  recommendation: 'Install meters',
  responsibility: 'Plant manager',
  impactedSDGs: ['SDG6'],
  dueDate: '2030-02-01T00:00:00Z',
  ESGAspect: 'Environmental',
};
const gapMessage = (change: Record<string, unknown>, formType: 'ap' | 'capa' = 'ap') => {
  const result = checkGap({ ...gap, areaCode: 'A1', ...change }, { formType, now });
  return result.ok ? undefined : result.message;
};

describe('text limits', () => {
  it.each([
    ['targetCompanyName', TEXT_LIMITS.organisationName, 'Company name'],
    ['registeredName', TEXT_LIMITS.organisationName, 'Registered name'],
    ['fullname', TEXT_LIMITS.personName, 'Full name'],
  ])('a company %s of %d characters is taken, one more is not', (field, max, label) => {
    expect(
      firstError(() => targetCompanySchema.validateSync({ ...company, [field]: long(max) })),
    ).toBeUndefined();
    expect(
      firstError(() => targetCompanySchema.validateSync({ ...company, [field]: long(max + 1) })),
    ).toBe(tooLongMessage(label, max));
  });

  it('says the limit in words, with a thousands separator', () => {
    expect(tooLongMessage('KPI', 3000)).toBe('KPI can be at most 3,000 characters.');
  });

  it.each([
    ['auditorName', 'Auditor name'],
    ['registeredName', 'Registered name'],
  ])("an auditor firm's %s is bounded", (field, label) => {
    const max = TEXT_LIMITS.organisationName;
    expect(
      firstError(() => auditorSchema.validateSync({ ...auditor, [field]: long(max + 1) })),
    ).toBe(tooLongMessage(label, max));
  });

  it("a new user's full name is bounded", () => {
    const user = { emailId: 'a@b.test', fullname: long(TEXT_LIMITS.personName), role: 'admin' };
    expect(firstError(() => newUserSchema('client').validateSync(user))).toBeUndefined();
    expect(
      firstError(() =>
        newUserSchema('client').validateSync({
          ...user,
          fullname: long(TEXT_LIMITS.personName + 1),
        }),
      ),
    ).toBe(tooLongMessage('Full name', TEXT_LIMITS.personName));
  });

  it("an audit's custom field name is bounded", () => {
    const audit = { auditType: 'normal_audit', auditCategory: 'EHS', auditForm: 'ap' };
    const field = (name: string) => ({ ...audit, fields: [{ id: 'f1', name, type: 'text' }] });
    expect(
      firstError(() => auditSchema.validateSync(field(long(TEXT_LIMITS.customFieldName)))),
    ).toBeUndefined();
    expect(
      firstError(() => auditSchema.validateSync(field(long(TEXT_LIMITS.customFieldName + 1)))),
    ).toBe(tooLongMessage('A custom field name', TEXT_LIMITS.customFieldName));
  });

  it.each([
    ['KPI', TEXT_LIMITS.kpi, 'KPI'],
    ['gapName', TEXT_LIMITS.gapName, 'Gap name'],
    ['recommendation', TEXT_LIMITS.findingText, 'Recommendation'],
    ['responsibility', TEXT_LIMITS.responsibility, 'Responsibility'],
    ['actionTakenByCompany', TEXT_LIMITS.findingText, 'Action taken'],
    ['residualRisk', TEXT_LIMITS.findingText, 'Residual risk'],
  ])("a gap's %s of %d characters is taken, one more is not", (field, max, label) => {
    expect(gapMessage({ [field]: long(max) })).toBeUndefined();
    expect(gapMessage({ [field]: long(max + 1) })).toBe(tooLongMessage(label, max));
  });

  it("a CAPA gap's area code and a custom field value are bounded", () => {
    expect(gapMessage({ areaCode: long(TEXT_LIMITS.areaCode + 1) }, 'capa')).toBe(
      tooLongMessage('Area code', TEXT_LIMITS.areaCode),
    );
    const fields = (value: string) => ({ fields: { f1: { name: 'Permit', value } } });
    expect(gapMessage(fields(long(TEXT_LIMITS.customFieldValue)))).toBeUndefined();
    expect(gapMessage(fields(long(TEXT_LIMITS.customFieldValue + 1)))).toBe(
      tooLongMessage('Each custom field value', TEXT_LIMITS.customFieldValue),
    );
  });

  it("an action plan's heading is bounded", () => {
    const plan = (heading: string) =>
      checkActionPlan(
        {
          actionPlanHeading: heading,
          category: 'environment',
          formType: 'ap',
          timeline: '2030-06-01',
          gap,
        },
        { auditForm: 'ap', now },
      );
    expect(plan(long(TEXT_LIMITS.actionPlanHeading)).ok).toBe(true);
    expect(plan(long(TEXT_LIMITS.actionPlanHeading + 1))).toEqual({
      ok: false,
      message: tooLongMessage('Action plan heading', TEXT_LIMITS.actionPlanHeading),
    });
  });
});
