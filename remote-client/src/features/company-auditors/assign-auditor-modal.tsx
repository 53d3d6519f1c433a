import { useId, useState } from 'react';
import { useFormik } from 'formik';
import {
  TARGET_COMPANY_ADDED,
  addTargetCompanyAuditor,
  companyAuditorSettingsSchema,
  getErrorText,
  type CompanyAuditorEntry,
} from '@verity/shared-api';
import { Button, Modal, toast } from '@verity/shared-ui';
import { ASSIGN_AUDITOR_TEXT as text } from '../../strings';
import {
  AuditSettingsFields,
  EMPTY_AUDIT_SETTINGS,
  type AuditSettingsValues,
} from '../audit-settings/audit-settings-fields';
import { useClientAuditors } from '../audit-settings/use-client-auditors';
import '../audit-settings/checkbox-group.css';

export interface AssignAuditorModalProps {
  targetCompanyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAssigned: (entry: CompanyAuditorEntry) => void;
}

/** 'Add New Auditor' on a company: one of the client's auditors, with what it may audit there. */
export function AssignAuditorModal({
  targetCompanyId,
  open,
  onOpenChange,
  onAssigned,
}: AssignAuditorModalProps) {
  const formId = useId();
  const [serverError, setServerError] = useState('');
  const { auditors, error: auditorsError } = useClientAuditors(open);

  const formik = useFormik<AuditSettingsValues>({
    initialValues: EMPTY_AUDIT_SETTINGS,
    validationSchema: companyAuditorSettingsSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setServerError('');
      try {
        const entry = await addTargetCompanyAuditor({ targetCompanyId, ...values });
        helpers.resetForm();
        onAssigned(entry);
        onOpenChange(false);
        toast.success(TARGET_COMPANY_ADDED);
      } catch (error) {
        setServerError(getErrorText(error, text.failed));
      }
    },
  });

  function close(next: boolean) {
    if (!next) {
      formik.resetForm();
      setServerError('');
    }
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={text.title}
      description={text.description}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} loading={formik.isSubmitting}>
            {formik.isSubmitting ? text.submitting : text.submit}
          </Button>
        </>
      }
    >
      <form id={formId} className="vc-form" noValidate onSubmit={formik.handleSubmit}>
        <AuditSettingsFields
          values={formik.values}
          auditors={auditors}
          errors={formik.errors}
          onChange={(settings) => {
            void formik.setValues(settings, false);
            if (settings.auditorId !== formik.values.auditorId) {
              formik.setFieldError('auditorId', undefined);
            }
          }}
        />
        {auditorsError || serverError ? (
          <p className="vc-form__error" role="alert">
            {serverError || auditorsError}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
