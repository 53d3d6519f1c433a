import { CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { Button, SelectField, TextField } from '@verity/shared-ui';
import { ADD_AUDIT_TEXT as text } from '../../strings';
import './custom-fields-editor.css';

/** The field types, labelled in the language in use. */
const typeOptions = () =>
  CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: text.fieldTypeLabels[type] }));

let nextFieldNumber = 0;

/** A new custom field with an id unique in this page's lifetime. */
export function newCustomField(): CustomField {
  nextFieldNumber += 1;
  return {
    id: `field-${Date.now().toString(36)}-${nextFieldNumber}`,
    name: '',
    placeholder: '',
    type: 'text',
  };
}

function isFieldType(value: string): value is CustomFieldType {
  return (CUSTOM_FIELD_TYPES as readonly string[]).includes(value);
}

export interface CustomFieldsEditorProps {
  fields: CustomField[];
  onChange: (fields: CustomField[]) => void;
  /** Errors per field index, e.g. 'Every custom field needs a name'. */
  errors?: readonly (string | undefined)[];
}

/** The audit's optional add-on fields: a name, a placeholder and a type each. */
export function CustomFieldsEditor({ fields, onChange, errors = [] }: CustomFieldsEditorProps) {
  useLanguage();
  const fieldTypeOptions = typeOptions();
  const update = (index: number, change: Partial<CustomField>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)));

  return (
    <fieldset className="vc-custom-fields">
      <legend className="vui-field__label">{text.customFields}</legend>
      <p className="vui-field__hint">{text.customFieldsHint}</p>
      {fields.map((field, index) => (
        <div key={field.id} className="vc-custom-fields__row">
          <TextField
            label={text.fieldName}
            required
            value={field.name}
            onChange={(event) => update(index, { name: event.target.value })}
            error={errors[index]}
          />
          <TextField
            label={text.fieldPlaceholder}
            value={field.placeholder ?? ''}
            onChange={(event) => update(index, { placeholder: event.target.value })}
          />
          <SelectField
            label={text.fieldType}
            options={fieldTypeOptions}
            value={field.type}
            onChange={(event) => {
              if (isFieldType(event.target.value)) update(index, { type: event.target.value });
            }}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={text.removeField(index)}
            onClick={() => onChange(fields.filter((_, at) => at !== index))}
          >
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...fields, newCustomField()])}
        >
          {text.addField}
        </Button>
      </div>
    </fieldset>
  );
}
