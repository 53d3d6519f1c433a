// The rules for target companies, auditor firms, users and audits, shared by the
// browser forms and the API (which re-checks every one with the same messages).
import { ValidationError, array, mixed, object, string, type AnySchema, type InferType } from 'yup';
import {
  AUDIT_CATEGORIES_BY_TYPE,
  AUDIT_FORMS,
  AUDIT_TYPES,
  CUSTOM_FIELD_TYPES,
  isAuditType,
  type AuditForm,
  type AuditType,
} from '../domain/audit';
import { COMPANY_TYPES, DEFAULT_COMPANY_TYPE, type CompanyType } from '../domain/company';
import {
  DEFAULT_AUDITOR_USER_ROLE,
  DEFAULT_CLIENT_USER_ROLE,
  DEFAULT_COMPANY_USER_ROLE,
  ROLES,
  type Role,
  type UserType,
} from '../domain/user';
import { TEXT_FIELD_LABELS, TEXT_LIMITS, tooLongMessage } from '../domain/text-limits';
import { MESSAGES } from '../messages';
import { textRecord } from '../text-records';
import { personNameProblem, textRuleMessages } from './text-rules';

/** Texts for the rules whose wording the spec does not give. */
export const organisationRuleMessages = textRecord({
  targetCompanyNameRequired: 'contract.organisationRule.targetCompanyNameRequired',
  emailRequired: 'contract.organisationRule.emailRequired',
  emailInvalid: 'contract.organisationRule.emailInvalid',
  companyTypeRequired: 'contract.organisationRule.companyTypeRequired',
  companyTypeInvalid: 'contract.organisationRule.companyTypeInvalid',
  auditorNameRequired: 'contract.organisationRule.auditorNameRequired',
  registeredNameRequired: 'contract.organisationRule.registeredNameRequired',
  fullnameRequired: 'contract.organisationRule.fullnameRequired',
  roleRequired: 'contract.organisationRule.roleRequired',
  roleInvalid: 'contract.organisationRule.roleInvalid',
  auditTypeRequired: 'contract.organisationRule.auditTypeRequired',
  auditTypeInvalid: 'contract.organisationRule.auditTypeInvalid',
  auditCategoryRequired: 'contract.organisationRule.auditCategoryRequired',
  auditCategoryInvalid: 'contract.organisationRule.auditCategoryInvalid',
  auditFormRequired: 'contract.organisationRule.auditFormRequired',
  auditFormInvalid: 'contract.organisationRule.auditFormInvalid',
  fieldNameRequired: 'contract.organisationRule.fieldNameRequired',
  fieldTypeInvalid: 'contract.organisationRule.fieldTypeInvalid',
});

type MessageName = keyof typeof organisationRuleMessages;
/** Each message as yup writes it when a rule breaks, so the schemas built once speak the language in use. */
const m = Object.fromEntries(
  Object.keys(organisationRuleMessages).map((name) => [
    name,
    () => organisationRuleMessages[name as MessageName],
  ]),
) as Record<MessageName, () => string>;

/** A name of a company or firm, at most TEXT_LIMITS.organisationName characters. */
const organisationName = (label: () => string) =>
  string()
    .trim()
    .max(TEXT_LIMITS.organisationName, () => tooLongMessage(label(), TEXT_LIMITS.organisationName));
/** A person's full name: one line, at most TEXT_LIMITS.personName characters. */
const personName = () =>
  string()
    .trim()
    .max(TEXT_LIMITS.personName, () =>
      tooLongMessage(TEXT_FIELD_LABELS.fullName, TEXT_LIMITS.personName),
    )
    .test(
      'one-line',
      () => textRuleMessages.personNameOnOneLine,
      (name) => name === undefined || personNameProblem(name) === undefined,
    );

function oneOfOrEmpty<T extends string>(values: readonly T[]) {
  return (value: unknown) => value === undefined || values.includes(value as T);
}

const auditTypes = array(
  mixed<AuditType>().test('audit-type', m.auditTypeInvalid, oneOfOrEmpty(AUDIT_TYPES)).defined(),
).default([]);

const formTypes = array(
  mixed<AuditForm>().test('audit-form', m.auditFormInvalid, oneOfOrEmpty(AUDIT_FORMS)).defined(),
).default([]);

/** Categories of any of the chosen types (of any type when none is chosen). */
const auditCategories = array(string().defined())
  .default([])
  .test('audit-categories', m.auditCategoryInvalid, function check(categories) {
    const chosen = ((this.parent as { auditType?: unknown[] }).auditType ?? []).filter(isAuditType);
    const types = chosen.length > 0 ? chosen : AUDIT_TYPES;
    const allowed = new Set(types.flatMap((type) => AUDIT_CATEGORIES_BY_TYPE[type]));
    return (categories ?? []).every((category) => allowed.has(category));
  });

/** The kinds of audit an auditor firm may do at a company (step 2 of the company wizard). */
export const companyAuditorSettingsSchema = object({
  auditorId: string()
    .trim()
    .required(() => MESSAGES.SELECT_AUDITOR),
  auditType: auditTypes,
  auditCategory: auditCategories,
  formType: formTypes,
});
export type CompanyAuditorSettings = InferType<typeof companyAuditorSettingsSchema>;

/** Target company creation (the email's existence is checked against the accounts service). */
export const targetCompanySchema = object({
  targetCompanyName: organisationName(() => TEXT_FIELD_LABELS.companyName).required(
    m.targetCompanyNameRequired,
  ),
  registeredName: organisationName(() => TEXT_FIELD_LABELS.registeredName).default(''),
  emailId: string()
    .trim()
    .required(m.emailRequired)
    .email(() => MESSAGES.EMAIL_MUST_EXIST),
  companyType: mixed<CompanyType>()
    .required(m.companyTypeRequired)
    .oneOf(COMPANY_TYPES, m.companyTypeInvalid)
    .default(DEFAULT_COMPANY_TYPE),
  fullname: personName().default(''),
}).concat(companyAuditorSettingsSchema);
export type TargetCompanyInput = InferType<typeof targetCompanySchema>;

/** Auditor creation: a valid email, auditorName and registeredName. */
export const auditorSchema = object({
  emailId: string().trim().required(m.emailRequired).email(m.emailInvalid),
  auditorName: organisationName(() => TEXT_FIELD_LABELS.auditorName).required(
    m.auditorNameRequired,
  ),
  registeredName: organisationName(() => TEXT_FIELD_LABELS.registeredName).required(
    m.registeredNameRequired,
  ),
});
export type AuditorInput = InferType<typeof auditorSchema>;

/** The role a new user gets when none is chosen. */
export const DEFAULT_NEW_USER_ROLE: Readonly<Record<UserType, Role>> = {
  client: DEFAULT_CLIENT_USER_ROLE,
  auditor: DEFAULT_AUDITOR_USER_ROLE,
  targetCompany: DEFAULT_COMPANY_USER_ROLE,
};

/** Client, auditor and company user creation: emailId, fullname and role. */
export function newUserSchema(userType: UserType) {
  return object({
    emailId: string().trim().required(m.emailRequired).email(m.emailInvalid),
    fullname: personName().required(m.fullnameRequired),
    role: mixed<Role>()
      .required(m.roleRequired)
      .oneOf(ROLES, m.roleInvalid)
      .default(DEFAULT_NEW_USER_ROLE[userType]),
  });
}
export type NewUserInput = InferType<ReturnType<typeof newUserSchema>>;

const customFieldSchema = object({
  id: string().trim().required(),
  name: string()
    .trim()
    .required(m.fieldNameRequired)
    .max(TEXT_LIMITS.customFieldName, () =>
      tooLongMessage(TEXT_FIELD_LABELS.customFieldName, TEXT_LIMITS.customFieldName),
    ),
  type: mixed().oneOf(CUSTOM_FIELD_TYPES, m.fieldTypeInvalid).required(m.fieldTypeInvalid),
});

/** An audit of a company: a type, a category of that type and a form (docs/api.md "Shapes"). */
export const auditSchema = object({
  auditType: mixed<AuditType>()
    .required(m.auditTypeRequired)
    .oneOf(AUDIT_TYPES, m.auditTypeInvalid),
  auditCategory: string()
    .trim()
    .required(m.auditCategoryRequired)
    .test('audit-category', m.auditCategoryInvalid, function check(category) {
      const type = (this.parent as { auditType?: AuditType }).auditType;
      // An unknown type has its own message; the category is judged only against a known one.
      if (!isAuditType(type)) return true;
      return AUDIT_CATEGORIES_BY_TYPE[type].includes(category ?? '');
    }),
  auditForm: mixed<AuditForm>()
    .required(m.auditFormRequired)
    .oneOf(AUDIT_FORMS, m.auditFormInvalid),
  fields: array(customFieldSchema).default([]),
});
export type AuditInput = InferType<typeof auditSchema>;

import type { RuleResult } from './rule-result';
export type { RuleResult };

/** Runs a rule set the way the server does: the cast value, or the first broken rule's message. */
export function runRules<S extends AnySchema>(schema: S, input: unknown): RuleResult<InferType<S>> {
  try {
    return { ok: true, value: schema.validateSync(input, { abortEarly: true }) as InferType<S> };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, message: error.message };
    throw error;
  }
}
