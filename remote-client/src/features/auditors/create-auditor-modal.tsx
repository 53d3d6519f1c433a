import { useState } from 'react';
import { useFormik } from 'formik';
import { MESSAGES, auditorSchema, type AuditorListItem } from '@verity/shared-api';
import { createAuditor, getErrorText } from '@verity/shared-api/calls';
import { EmailInput, TextField, toast, type EmailValidation } from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { AUDITORS_TEXT as text } from '../../strings';
import { FormDialog } from '../form-dialog/form-dialog';

export interface CreateAuditorModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (auditor: AuditorListItem) => void;
}

interface AuditorValues {
  emailId: string;
  auditorName: string;
  registeredName: string;
}

const INITIAL: AuditorValues = { emailId: '', auditorName: '', registeredName: '' };
const IDLE_EMAIL: EmailValidation = { status: 'idle' };

/** 'Add New Auditor': a firm owned by a verified account, with its auditor and registered names. */
export function CreateAuditorModal({ open, onOpenChange, onCreated }: CreateAuditorModalProps) {
  useLanguage();
  const [email, setEmail] = useState<EmailValidation>(IDLE_EMAIL);

  const formik = useFormik<AuditorValues>({
    initialValues: INITIAL,
    validationSchema: auditorSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      if (email.status !== 'valid') {
        helpers.setFieldError('emailId', MESSAGES.EMAIL_MUST_EXIST);
        return;
      }
      helpers.setStatus(undefined);
      try {
        const created = await createAuditor({
          emailId: values.emailId.trim(),
          auditorName: values.auditorName.trim(),
          registeredName: values.registeredName.trim(),
          ...(email.user ? { sub: email.user.sub } : {}),
        });
        helpers.resetForm();
        onCreated(created);
        onOpenChange(false);
        toast.success(MESSAGES.AUDITOR_CREATED);
      } catch (error) {
        helpers.setStatus(getErrorText(error, MESSAGES.FAILED_CREATE_AUDITOR));
      }
    },
  });
  const { values, errors } = formik;

  function change(field: keyof AuditorValues, value: string) {
    void formik.setFieldValue(field, value, false);
    formik.setFieldError(field, undefined);
  }

  return (
    <FormDialog
      dirty={formik.dirty}
      submitState={formik}
      open={open}
      onOpenChange={onOpenChange}
      onReset={formik.resetForm}
      title={text.modalTitle}
      onSubmit={formik.handleSubmit}
      cancelLabel={text.cancel}
      submitLabel={text.create}
      submittingLabel={text.creating}
      submitting={formik.isSubmitting}
      error={formik.status}
    >
      <EmailInput
        label={MESSAGES.EMAIL_INPUT_DEFAULT_LABEL}
        name="emailId"
        required
        showUserPreview
        placeholder={text.emailPlaceholder}
        value={values.emailId}
        onChange={(value) => change('emailId', value)}
        onValidationChange={(validation) => {
          setEmail(validation);
          if (validation.status === 'valid' && errors.emailId === MESSAGES.EMAIL_MUST_EXIST) {
            formik.setFieldError('emailId', undefined);
          }
        }}
        error={errors.emailId}
      />
      <TextField
        label={text.auditorName}
        name="auditorName"
        required
        placeholder={text.auditorNamePlaceholder}
        value={values.auditorName}
        onChange={(event) => change('auditorName', event.target.value)}
        error={errors.auditorName}
      />
      <TextField
        label={text.registeredNameLabel}
        name="registeredName"
        required
        placeholder={text.registeredNamePlaceholder}
        value={values.registeredName}
        onChange={(event) => change('registeredName', event.target.value)}
        error={errors.registeredName}
      />
    </FormDialog>
  );
}
