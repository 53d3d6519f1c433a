import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useLanguage } from '@verity/session';
import dayjs from 'dayjs';
import {
  DATE_STYLE_TEXT,
  dateFieldPattern,
  formatDate as formatDateInStyle,
  readDateField,
  type DateInput,
} from '@verity/shared-api';
import { useDateLocale, useDateStyle } from '../date-text';
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

/** A fixed list's choices, each with its label (the empty first choice is `placeholder`). */
export function labelledOptions<T extends string>(
  values: readonly T[],
  labelOf: Readonly<Record<T, string>> | ((value: T) => string),
): SelectOption[] {
  const label = typeof labelOf === 'function' ? labelOf : (value: T) => labelOf[value];
  return values.map((value) => ({ value, label: label(value) }));
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
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'required' | 'id' | 'type' | 'min' | 'max' | 'value' | 'defaultValue'
  > & {
    /** The day as 'YYYY-MM-DD', '' when none. */
    value?: string;
    /** The earliest selectable day, e.g. minSelectableDate() for tomorrow. */
    min?: DateInput;
    max?: DateInput;
  };

/**
 * A date field written in the signed-in user's date style ('31/12/2027', '12/31/2027', ...;
 * docs/decisions/0090-one-date-style-per-user.md), with a button that opens the device's own
 * calendar. Its value, and the value of the change it reports, is 'YYYY-MM-DD' ('' while the text
 * names no day); yyyy-mm-dd typed is read in every style.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  {
    label,
    required,
    error,
    hint,
    id,
    className,
    min,
    max,
    value = '',
    name,
    onChange,
    onBlur,
    disabled,
    ...input
  },
  ref,
) {
  useLanguage();
  const style = useDateStyle();
  // In another language than English the field writes and reads its numeric day ('dd.mm.yyyy').
  const locale = useDateLocale();
  const written = (day: string) => formatDateInStyle(day, 'table', '', style, locale);
  const [text, setText] = useState(() => written(value));
  const [unreadable, setUnreadable] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, a draft, the calendar) is shown in the user's style; the
  // text being typed stays as typed while it names the same day.
  useEffect(() => {
    setText((current) =>
      (readDateField(current, style, locale) ?? '') === value ? current : written(value),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- written() follows style and locale
  }, [value, style, locale]);

  const report = (day: string, event: ChangeEvent<HTMLInputElement>) => {
    if (!onChange) return;
    const target = { name: name ?? '', id: event.target.id, type: 'date', value: day };
    onChange({
      ...event,
      target,
      currentTarget: target,
    } as unknown as ChangeEvent<HTMLInputElement>);
  };

  return (
    <FieldShell
      label={label}
      required={required}
      error={unreadable ? DATE_STYLE_TEXT.badInput(style) : error}
      hint={hint}
      id={id}
    >
      {(control) => (
        <div className="vui-date-field">
          <input
            ref={ref}
            type="text"
            autoComplete="off"
            inputMode={style === 'day-month-name' ? 'text' : 'numeric'}
            placeholder={dateFieldPattern(style, locale)}
            name={name}
            disabled={disabled}
            {...input}
            {...control}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setUnreadable(false);
              report(readDateField(event.target.value, style, locale) ?? '', event);
            }}
            onBlur={(event) => {
              const day = readDateField(event.target.value, style, locale);
              // A day typed another way (yyyy-mm-dd, no leading zeros) is written in the user's style.
              if (day) setText(written(day));
              setUnreadable(event.target.value.trim() !== '' && !day);
              onBlur?.(event);
            }}
            className={className ? `vui-input ${className}` : 'vui-input'}
          />
          <button
            type="button"
            className="vui-date-field__calendar"
            aria-label={DATE_STYLE_TEXT.openCalendar}
            title={DATE_STYLE_TEXT.openCalendar}
            disabled={disabled}
            onClick={() => {
              const calendar = picker.current;
              if (!calendar) return;
              try {
                calendar.showPicker();
              } catch {
                calendar.focus();
              }
            }}
          >
            <CalendarIcon />
          </button>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="vui-date-field__picker"
            min={toDateInputValue(min) || undefined}
            max={toDateInputValue(max) || undefined}
            value={value}
            disabled={disabled}
            onChange={(event) => {
              setText(written(event.target.value));
              setUnreadable(false);
              report(event.target.value, event);
            }}
          />
        </div>
      )}
    </FieldShell>
  );
});

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z"
      />
    </svg>
  );
}
