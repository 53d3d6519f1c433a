import {
  AUDIT_CATEGORIES_BY_TYPE,
  AUDIT_FORMS,
  AUDIT_FORM_LABELS,
  AUDIT_TYPES,
  AUDIT_TYPE_LABELS,
  auditCategoryLabel,
  isAuditForm,
  isAuditType,
  type AuditForm,
  type AuditType,
  type AuditorListItem,
} from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { SelectField } from '@verity/shared-ui';
import { AUDIT_SETTINGS_TEXT as text } from '../../strings';
import { CheckboxGroup } from './checkbox-group';

export interface AuditSettingsValues {
  auditorId: string;
  auditType: AuditType[];
  auditCategory: string[];
  formType: AuditForm[];
}

export const EMPTY_AUDIT_SETTINGS: AuditSettingsValues = {
  auditorId: '',
  auditType: [],
  auditCategory: [],
  formType: [],
};

// Read when shown, so the labels are the language in use's.
const typeOptions = () =>
  AUDIT_TYPES.map((type) => ({ value: type, label: AUDIT_TYPE_LABELS[type] }));
const formOptions = () =>
  AUDIT_FORMS.map((form) => ({ value: form, label: AUDIT_FORM_LABELS[form] }));

/** The categories of the chosen audit types, each once, in the types' order. */
export function categoriesOf(types: readonly AuditType[]): string[] {
  return [...new Set(types.flatMap((type) => AUDIT_CATEGORIES_BY_TYPE[type]))];
}

export interface AuditSettingsFieldsProps {
  values: AuditSettingsValues;
  onChange: (values: AuditSettingsValues) => void;
  auditors: readonly AuditorListItem[] | undefined;
  /** Formik's errors; an array field's error may come as a list. */
  errors?: Partial<Record<keyof AuditSettingsValues, string | string[]>>;
  onAuditorBlur?: () => void;
}

/** The auditor and what it may audit: types, categories of those types, and form types. */
export function AuditSettingsFields({
  values,
  onChange,
  auditors,
  errors = {},
  onAuditorBlur,
}: AuditSettingsFieldsProps) {
  useLanguage();
  const errorOf = (field: keyof AuditSettingsValues) => {
    const error = errors[field];
    return Array.isArray(error) ? error.find(Boolean) : error;
  };
  const categoryOptions = categoriesOf(values.auditType).map((category) => ({
    value: category,
    label: auditCategoryLabel(category),
  }));

  return (
    <>
      <SelectField
        label={text.auditor}
        name="auditorId"
        required
        placeholder={auditors ? text.selectAuditor : text.loadingAuditors}
        options={(auditors ?? []).map((auditor) => ({
          value: auditor.id,
          label: auditor.auditorName,
        }))}
        value={values.auditorId}
        onChange={(event) => onChange({ ...values, auditorId: event.target.value })}
        onBlur={onAuditorBlur}
        error={errorOf('auditorId')}
        hint={auditors && auditors.length === 0 ? text.noAuditorsYet : undefined}
      />
      <CheckboxGroup
        legend={text.auditTypes}
        options={typeOptions()}
        value={values.auditType}
        onChange={(chosen) => {
          const auditType = chosen.filter(isAuditType);
          const allowed = categoriesOf(auditType);
          onChange({
            ...values,
            auditType,
            // A category of a type no longer chosen would be refused.
            auditCategory: values.auditCategory.filter((category) => allowed.includes(category)),
          });
        }}
        error={errorOf('auditType')}
      />
      <CheckboxGroup
        legend={text.categories}
        options={categoryOptions}
        value={values.auditCategory}
        onChange={(auditCategory) => onChange({ ...values, auditCategory })}
        hint={categoryOptions.length === 0 ? text.categoriesHint : undefined}
        error={errorOf('auditCategory')}
      />
      <CheckboxGroup
        legend={text.formTypes}
        options={formOptions()}
        value={values.formType}
        onChange={(chosen) => onChange({ ...values, formType: chosen.filter(isAuditForm) })}
        error={errorOf('formType')}
      />
    </>
  );
}
