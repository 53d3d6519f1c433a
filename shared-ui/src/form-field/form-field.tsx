import {
  forwardRef,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import dayjs from 'dayjs';
import type { DateInput } from '@verity/shared-api';
import { FieldShell, type FieldBaseProps } from './field-shell';

export type TextFieldProps = FieldBaseProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'id'>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, required, error, hint, id, className, type = 'text', ...input },
  ref,
) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint} id={id}>
      {(control) => (
        <input
          ref={ref}
          type={type}
          {...input}
          {...control}
          className={className ? `vui-input ${className}` : 'vui-input'}
        />
      )}
    </FieldShell>
  );
});

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldBaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required' | 'id'> & {
    options: readonly SelectOption[];
    /** A first, empty choice such as 'Select category'. */
    placeholder?: string;
  };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, required, error, hint, id, className, options, placeholder, ...select },
  ref,
) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint} id={id}>
      {(control) => (
        <select
          ref={ref}
          {...select}
          {...control}
          className={className ? `vui-input ${className}` : 'vui-input'}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
});

export type TextAreaFieldProps = FieldBaseProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required' | 'id'>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, required, error, hint, id, className, ...textarea }, ref) {
    return (
      <FieldShell label={label} required={required} error={error} hint={hint} id={id}>
        {(control) => (
          <textarea
            ref={ref}
            {...textarea}
            {...control}
            className={className ? `vui-input ${className}` : 'vui-input'}
          />
        )}
      </FieldShell>
    );
  },
);

/** The value format of a date input. */
export const DATE_INPUT_FORMAT = 'YYYY-MM-DD';

export function toDateInputValue(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_INPUT_FORMAT) : '';
}

export type DateFieldProps = FieldBaseProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'id' | 'type' | 'min' | 'max'> & {
    /** The earliest selectable day, e.g. minSelectableDate() for tomorrow. */
    min?: DateInput;
    max?: DateInput;
  };

/** A native date picker; its value is 'YYYY-MM-DD'. */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { label, required, error, hint, id, className, min, max, ...input },
  ref,
) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint} id={id}>
      {(control) => (
        <input
          ref={ref}
          type="date"
          min={toDateInputValue(min) || undefined}
          max={toDateInputValue(max) || undefined}
          {...input}
          {...control}
          className={className ? `vui-input ${className}` : 'vui-input'}
        />
      )}
    </FieldShell>
  );
});
