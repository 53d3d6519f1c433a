import { ValidationError } from 'yup';
import { EMAIL_MUST_EXIST, SELECT_AUDITOR } from '../messages';
import {
  auditSchema,
  auditorSchema,
  companyAuditorSettingsSchema,
  newUserSchema,
  organisationRuleMessages as m,
  targetCompanySchema,
} from './organisation-rules';
import { textRuleMessages } from './text-rules';

function firstError(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

const company = {
  targetCompanyName: 'Harbour Textiles',
  emailId: 'owner@harbour.test',
  companyType: 'contractor',
  auditorId: '6b1c1c5e-4a57-4b7e-9a4e-1d6f3c1e2a10',
};

describe('target company rules', () => {
  it('accepts a complete company and defaults the company type to borrower', () => {
    const { companyType: _omitted, ...withoutType } = company;
    const value = targetCompanySchema.validateSync(withoutType);
    expect(value.companyType).toBe('borrower');
    expect(value.auditType).toEqual([]);
  });

  it.each([
    [{ targetCompanyName: '  ' }, m.targetCompanyNameRequired],
    [{ emailId: '' }, m.emailRequired],
    [{ emailId: 'not-an-email' }, EMAIL_MUST_EXIST],
    [{ companyType: 'bank' }, m.companyTypeInvalid],
    [{ auditorId: '' }, SELECT_AUDITOR],
    [{ auditorId: undefined }, SELECT_AUDITOR],
    [{ fullname: 'Owen\r\nOwner' }, textRuleMessages.personNameOnOneLine],
  ])('refuses %p with %p', (change, message) => {
    expect(firstError(() => targetCompanySchema.validateSync({ ...company, ...change }))).toBe(
      message,
    );
  });
});

describe('company auditor settings', () => {
  const auditorId = company.auditorId;

  it('accepts categories of the chosen types', () => {
    expect(
      companyAuditorSettingsSchema.validateSync({
        auditorId,
        auditType: ['dd'],
        auditCategory: ['Social'],
        formType: ['capa'],
      }),
    ).toMatchObject({ auditCategory: ['Social'] });
  });

  it.each([
    [{ auditType: ['yearly'] }, m.auditTypeInvalid],
    [{ formType: ['memo'] }, m.auditFormInvalid],
    [{ auditType: ['esap'], auditCategory: ['Social'] }, m.auditCategoryInvalid],
    [{ auditCategory: ['Cooking'] }, m.auditCategoryInvalid],
  ])('refuses %p', (change, message) => {
    expect(
      firstError(() => companyAuditorSettingsSchema.validateSync({ auditorId, ...change })),
    ).toBe(message);
  });
});

describe('auditor firm rules', () => {
  const auditor = {
    emailId: 'lead@verify.test',
    auditorName: 'Verify',
    registeredName: 'Verify LLP',
  };

  it.each([
    [{ emailId: 'lead@' }, m.emailInvalid],
    [{ auditorName: '' }, m.auditorNameRequired],
    [{ registeredName: ' ' }, m.registeredNameRequired],
  ])('refuses %p', (change, message) => {
    expect(firstError(() => auditorSchema.validateSync({ ...auditor, ...change }))).toBe(message);
  });
});

describe('new user rules', () => {
  it.each([
    ['client', 'viewer'],
    ['auditor', 'admin'],
    ['targetCompany', 'admin'],
  ] as const)('gives a new %s user the role %s by default', (userType, role) => {
    expect(
      newUserSchema(userType).validateSync({ emailId: 'a@b.test', fullname: 'Ana' }).role,
    ).toBe(role);
  });

  it.each([
    [{ emailId: 'a@b.test', fullname: '' }, m.fullnameRequired],
    [{ emailId: 'ab.test', fullname: 'Ana' }, m.emailInvalid],
    [{ fullname: 'Ana' }, m.emailRequired],
    [{ emailId: 'a@b.test', fullname: 'Ana', role: 'auditor' }, m.roleInvalid],
    [{ emailId: 'a@b.test', fullname: 'Ana\r\nSmith' }, textRuleMessages.personNameOnOneLine],
    [{ emailId: 'a@b.test', fullname: 'Ana\nSmith' }, textRuleMessages.personNameOnOneLine],
  ])('refuses %p', (input, message) => {
    expect(firstError(() => newUserSchema('client').validateSync(input))).toBe(message);
  });
});

describe('audit rules', () => {
  const audit = { auditType: 'normal_audit', auditCategory: 'F&LS', auditForm: 'capa' };

  it('accepts a category of the audit type', () => {
    expect(auditSchema.validateSync(audit)).toMatchObject({ ...audit, fields: [] });
  });

  it.each([
    [{ auditType: 'quarterly' }, m.auditTypeInvalid],
    [{ auditCategory: 'Social' }, m.auditCategoryInvalid],
    [{ auditCategory: '' }, m.auditCategoryRequired],
    [{ auditForm: 'memo' }, m.auditFormInvalid],
    [{ fields: [{ id: 'f1', name: 'Site', type: 'select' }] }, m.fieldTypeInvalid],
    [{ fields: [{ id: 'f1', name: '', type: 'text' }] }, m.fieldNameRequired],
  ])('refuses %p', (change, message) => {
    expect(firstError(() => auditSchema.validateSync({ ...audit, ...change }))).toBe(message);
  });
});
