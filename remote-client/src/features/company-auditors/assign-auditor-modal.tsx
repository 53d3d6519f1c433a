import { useFormik } from 'formik';
import {
  MESSAGES,
  companyAuditorSettingsSchema,
  type CompanyAuditorEntry,
} from '@verity/shared-api';
import { addTargetCompanyAuditor, getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { toast } from '@verity/shared-ui';
import { ASSIGN_AUDITOR_TEXT as text } from '../../strings';
import {
  AuditSettingsFields,
  EMPTY_AUDIT_SETTINGS,
  type AuditSettingsValues,
} from '../audit-settings/audit-settings-fields';
import { useClientAuditors } from '../audit-settings/use-client-auditors';
import { FormDialog } from '../form-dialog/form-dialog';

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
  useLanguage();
  const { auditors, error: auditorsError } = useClientAuditors(open);

  const formik = useFormik<AuditSettingsValues>({
    initialValues: EMPTY_AUDIT_SETTINGS,
    validationSchema: companyAuditorSettingsSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const entry = await addTargetCompanyAuditor({ targetCompanyId, ...values });
        helpers.resetForm();
        onAssigned(entry);
        onOpenChange(false);
        toast.success(MESSAGES.TARGET_COMPANY_ADDED);
      } catch (error) {
        helpers.setStatus(getErrorText(error, text.failed));
      }
    },
  });

  const serverError: string | undefined = formik.status;

  return (
    <FormDialog
      dirty={formik.dirty}
      submitState={formik}
      open={open}
      onOpenChange={onOpenChange}
      onReset={formik.resetForm}
      title={text.title}
      description={text.description}
      size="lg"
      onSubmit={formik.handleSubmit}
      cancelLabel={text.cancel}
      submitLabel={text.submit}
      submittingLabel={text.submitting}
      submitting={formik.isSubmitting}
      error={serverError || auditorsError}
    >
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
    </FormDialog>
  );
}
