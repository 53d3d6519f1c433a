import { useState } from 'react';
import { useFormik } from 'formik';
import {
  MESSAGES,
  COMPANY_TYPES,
  COMPANY_TYPE_LABELS,
  isCompanyType,
  type CreatedTargetCompany,
} from '@verity/shared-api';
import { createTargetCompany, getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { EmailInput, SelectField, TextField, toast, type EmailValidation } from '@verity/shared-ui';
import { WIZARD_TEXT as text } from '../../strings';
import { AuditSettingsFields } from '../audit-settings/audit-settings-fields';
import { useClientAuditors } from '../audit-settings/use-client-auditors';
import { FormDialog } from '../form-dialog/form-dialog';
import {
  INITIAL_WIZARD_VALUES,
  toPayload,
  validateAuditSettings,
  validateCompanyDetails,
  type WizardStep,
  type WizardValues,
} from './wizard-form';

export interface CreateTargetCompanyModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told after the company was created, e.g. to load the list again. */
  onCreated: (created: CreatedTargetCompany) => void;
}

// Read when shown, so the labels are the language in use's.
const companyTypeOptions = () =>
  COMPANY_TYPES.map((type) => ({ value: type, label: COMPANY_TYPE_LABELS[type] }));

const IDLE_EMAIL: EmailValidation = { status: 'idle' };

/** 'Create New Target Company': step 1 company details, step 2 audit settings. */
export function CreateTargetCompanyModal({
  open,
  onOpenChange,
  onCreated,
}: CreateTargetCompanyModalProps) {
  useLanguage();
  const [step, setStep] = useState<WizardStep>(1);
  const [email, setEmail] = useState<EmailValidation>(IDLE_EMAIL);
  const { auditors, error: auditorsError } = useClientAuditors(open && step === 2);

  const formik = useFormik<WizardValues>({
    initialValues: INITIAL_WIZARD_VALUES,
    validateOnChange: false,
    validateOnBlur: false,
    validate: (values) =>
      step === 1 ? validateCompanyDetails(values, email) : validateAuditSettings(values),
    onSubmit: async (values, helpers) => {
      if (step === 1) {
        helpers.setTouched({});
        setStep(2);
        return;
      }
      helpers.setStatus(undefined);
      try {
        const created = await createTargetCompany(toPayload(values, email.user));
        helpers.resetForm();
        setStep(1);
        onCreated(created);
        onOpenChange(false);
        toast.success(MESSAGES.TARGET_COMPANY_ADDED);
      } catch (error) {
        helpers.setStatus(getErrorText(error, MESSAGES.FAILED_CREATE_TARGET_COMPANY_TITLE));
      }
    },
  });
  const { values, errors, setFieldValue, setFieldError } = formik;

  function change<K extends keyof WizardValues>(field: K, value: WizardValues[K]) {
    void setFieldValue(field, value, false);
    setFieldError(field, undefined);
  }

  function onEmailValidation(validation: EmailValidation) {
    setEmail(validation);
    if (validation.status === 'valid' && errors.emailId === MESSAGES.EMAIL_MUST_EXIST) {
      setFieldError('emailId', undefined);
    }
  }

  function reset() {
    formik.resetForm();
    setStep(1);
  }

  return (
    <FormDialog
      dirty={formik.dirty}
      submitState={formik}
      open={open}
      onOpenChange={onOpenChange}
      onReset={reset}
      title={text.title}
      description={text.stepDescription(
        step,
        step === 1 ? text.companyDetails : text.auditSettings,
      )}
      size="lg"
      onSubmit={formik.handleSubmit}
      {...(step === 1
        ? { cancelLabel: text.cancel, submitLabel: text.next }
        : {
            cancelLabel: text.previous,
            onCancel: () => setStep(1),
            cancelDisabled: formik.isSubmitting,
            submitLabel: text.create(values.companyType),
            submittingLabel: text.creating,
            submitting: formik.isSubmitting,
          })}
      error={formik.status}
    >
      {step === 1 ? (
        <>
          <TextField
            label={text.targetCompanyName}
            name="targetCompanyName"
            required
            placeholder={text.targetCompanyNamePlaceholder}
            value={values.targetCompanyName}
            onChange={(event) => change('targetCompanyName', event.target.value)}
            error={errors.targetCompanyName}
          />
          <TextField
            label={text.registeredName}
            name="registeredName"
            placeholder={text.registeredNamePlaceholder}
            value={values.registeredName}
            onChange={(event) => change('registeredName', event.target.value)}
            error={errors.registeredName}
          />
          <EmailInput
            label={text.email}
            name="emailId"
            required
            showUserPreview
            placeholder={text.emailPlaceholder}
            value={values.emailId}
            onChange={(value) => change('emailId', value)}
            onValidationChange={onEmailValidation}
            error={errors.emailId}
          />
          <SelectField
            label={text.companyType}
            name="companyType"
            required
            options={companyTypeOptions()}
            value={values.companyType}
            onChange={(event) => {
              if (isCompanyType(event.target.value)) change('companyType', event.target.value);
            }}
            error={errors.companyType}
          />
        </>
      ) : (
        <>
          <AuditSettingsFields
            values={values}
            auditors={auditors}
            errors={errors}
            onChange={(settings) => {
              void formik.setValues({ ...values, ...settings }, false);
              if (settings.auditorId !== values.auditorId) setFieldError('auditorId', undefined);
            }}
          />
          {auditorsError ? (
            <p className="vc-form__error" role="alert">
              {auditorsError}
            </p>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
