import { useLanguage } from '@verity/session';
import type { CustomField, NameValue } from '@verity/shared-api';
import { TextAreaField, TextField } from '../form-field';

export interface CustomFieldInputsProps {
  title: string;
  definitions: readonly CustomField[];
  values: Record<string, NameValue>;
  idPrefix: string;
  onChange: (fieldId: string, value: string) => void;
}

/** An audit's own fields (text, email, password, number or textarea), each saved as a name and value. */
export function CustomFieldInputs({
  title,
  definitions,
  values,
  idPrefix,
  onChange,
}: CustomFieldInputsProps) {
  useLanguage();
  if (definitions.length === 0) return null;
  return (
    <fieldset className="vui-gap-form__custom">
      <legend className="vui-field__label">{title}</legend>
      <div className="vui-gap-form__grid">
        {definitions.map((field) => {
          const common = {
            id: `${idPrefix}-${field.id}`,
            label: field.name,
            placeholder: field.placeholder,
            value: values[field.id]?.value ?? '',
          };
          return field.type === 'textarea' ? (
            <TextAreaField
              key={field.id}
              {...common}
              onChange={(event) => onChange(field.id, event.target.value)}
            />
          ) : (
            <TextField
              key={field.id}
              {...common}
              type={field.type}
              onChange={(event) => onChange(field.id, event.target.value)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
