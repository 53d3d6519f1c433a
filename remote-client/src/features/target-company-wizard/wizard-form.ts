import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import {
  MESSAGES,
  DEFAULT_COMPANY_TYPE,
  companyAuditorSettingsSchema,
  targetCompanySchema,
  type CompanyType,
  type CreateTargetCompanyPayload,
  type LookedUpUser,
} from '@verity/shared-api';
import type { EmailValidation } from '@verity/shared-ui';
import {
  EMPTY_AUDIT_SETTINGS,
  type AuditSettingsValues,
} from '../audit-settings/audit-settings-fields';

export interface WizardValues extends AuditSettingsValues {
  targetCompanyName: string;
  registeredName: string;
  emailId: string;
  companyType: CompanyType;
}

export const INITIAL_WIZARD_VALUES: WizardValues = {
  targetCompanyName: '',
  registeredName: '',
  emailId: '',
  companyType: DEFAULT_COMPANY_TYPE,
  ...EMPTY_AUDIT_SETTINGS,
};

export type WizardStep = 1 | 2;

export const STEP_FIELDS: Readonly<Record<WizardStep, readonly (keyof WizardValues)[]>> = {
  1: ['targetCompanyName', 'registeredName', 'emailId', 'companyType'],
  2: ['auditorId', 'auditType', 'auditCategory', 'formType'],
};

const companyDetailsSchema = targetCompanySchema.pick([
  'targetCompanyName',
  'registeredName',
  'emailId',
  'companyType',
]);

async function errorsOf(
  schema: typeof companyDetailsSchema | typeof companyAuditorSettingsSchema,
  values: WizardValues,
): Promise<FormikErrors<WizardValues>> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (error) {
    return yupToFormErrors<WizardValues>(error);
  }
}

/**
 * Step 1's rules (the shared target company rules); the email must also have been found in the
 * accounts records.
 */
export async function validateCompanyDetails(
  values: WizardValues,
  email: EmailValidation,
): Promise<FormikErrors<WizardValues>> {
  const errors = await errorsOf(companyDetailsSchema, values);
  if (!errors.emailId && email.status !== 'valid') errors.emailId = MESSAGES.EMAIL_MUST_EXIST;
  return errors;
}

/** Step 2's rules: an auditor must be chosen ('Please select auditor'). */
export function validateAuditSettings(values: WizardValues): Promise<FormikErrors<WizardValues>> {
  return errorsOf(companyAuditorSettingsSchema, values);
}

export function toPayload(
  values: WizardValues,
  account: LookedUpUser | undefined,
): CreateTargetCompanyPayload {
  return {
    targetCompanyName: values.targetCompanyName.trim(),
    registeredName: values.registeredName.trim(),
    emailId: values.emailId.trim(),
    companyType: values.companyType,
    ...(account ? { sub: account.sub, fullname: account.name ?? '' } : {}),
    auditorId: values.auditorId,
    auditType: values.auditType,
    auditCategory: values.auditCategory,
    formType: values.formType,
  };
}
