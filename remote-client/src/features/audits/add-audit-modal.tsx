import { useFormik } from 'formik';
import {
  MESSAGES,
  AUDIT_CATEGORIES_BY_TYPE,
  AUDIT_FORMS,
  AUDIT_FORM_LABELS,
  AUDIT_TYPES,
  AUDIT_TYPE_LABELS,
  auditSchema,
  isAuditType,
  type Audit,
  type CustomField,
  auditCategoryLabel,
} from '@verity/shared-api';
import { createAudit, getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { SelectField, toast } from '@verity/shared-ui';
import { ADD_AUDIT_TEXT as text } from '../../strings';
import { FormDialog } from '../form-dialog/form-dialog';
import { CustomFieldsEditor } from './custom-fields-editor';

export interface AddAuditModalProps {
  targetCompanyId: string;
  auditorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (audit: Audit) => void;
}

interface AuditValues {
  auditType: string;
  auditCategory: string;
  auditForm: string;
  fields: CustomField[];
}

const INITIAL: AuditValues = { auditType: '', auditCategory: '', auditForm: '', fields: [] };
// Read when shown, so the labels are the language in use's.
const typeOptions = () =>
  AUDIT_TYPES.map((type) => ({ value: type, label: AUDIT_TYPE_LABELS[type] }));
const formOptions = () =>
  AUDIT_FORMS.map((form) => ({ value: form, label: AUDIT_FORM_LABELS[form] }));

/** Errors of the custom fields by index; yup reports them as 'fields[1].name'. */
function fieldErrors(errors: unknown): (string | undefined)[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((error: unknown) =>
    error && typeof error === 'object' && 'name' in error ? String(error.name) : undefined,
  );
}

/** 'Add New Audit': a type, a category of that type, a form, and optional custom fields. */
export function AddAuditModal({
  targetCompanyId,
  auditorId,
  open,
  onOpenChange,
  onCreated,
}: AddAuditModalProps) {
  useLanguage();
  const formik = useFormik<AuditValues>({
    initialValues: INITIAL,
    validationSchema: auditSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        const { auditType, auditCategory, auditForm } = auditSchema.cast(values);
        const audit = await createAudit({
          auditType,
          auditCategory,
          auditForm,
          fields: values.fields.map((field) => ({
            ...field,
            name: field.name.trim(),
            placeholder: (field.placeholder ?? '').trim(),
          })),
          auditorId,
          targetCompanyId,
        });
        helpers.resetForm();
        onCreated(audit);
        onOpenChange(false);
        toast.success(MESSAGES.TARGET_COMPANY_ADDED);
      } catch (error) {
        helpers.setStatus(getErrorText(error, text.failed));
      }
    },
  });
  const { values, errors } = formik;
  const categories = isAuditType(values.auditType)
    ? AUDIT_CATEGORIES_BY_TYPE[values.auditType]
    : [];

  function change(field: 'auditType' | 'auditCategory' | 'auditForm', value: string) {
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
      title={text.title}
      size="lg"
      onSubmit={formik.handleSubmit}
      cancelLabel={text.cancel}
      submitLabel={text.submit}
      submittingLabel={text.submitting}
      submitting={formik.isSubmitting}
      error={formik.status}
    >
      <SelectField
        label={text.auditType}
        name="auditType"
        required
        placeholder={text.selectAuditType}
        options={typeOptions()}
        value={values.auditType}
        onChange={(event) => {
          const auditType = event.target.value;
          change('auditType', auditType);
          // A category of another type would be refused.
          if (
            !isAuditType(auditType) ||
            !AUDIT_CATEGORIES_BY_TYPE[auditType].includes(values.auditCategory)
          ) {
            void formik.setFieldValue('auditCategory', '', false);
          }
        }}
        error={errors.auditType}
      />
      <SelectField
        label={text.category}
        name="auditCategory"
        required
        placeholder={text.selectCategory}
        options={categories.map((category) => ({
          value: category,
          label: auditCategoryLabel(category),
        }))}
        value={values.auditCategory}
        onChange={(event) => change('auditCategory', event.target.value)}
        error={errors.auditCategory}
      />
      <SelectField
        label={text.form}
        name="auditForm"
        required
        placeholder={text.selectForm}
        options={formOptions()}
        value={values.auditForm}
        onChange={(event) => change('auditForm', event.target.value)}
        error={errors.auditForm}
      />
      <CustomFieldsEditor
        fields={values.fields}
        onChange={(fields) => {
          void formik.setFieldValue('fields', fields, false);
          formik.setFieldError('fields', undefined);
        }}
        errors={fieldErrors(errors.fields)}
      />
    </FormDialog>
  );
}
