import { useId } from 'react';
import './checkbox-group.css';

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxGroupProps {
  legend: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  hint?: string;
  error?: string;
}

/** A labelled set of checkboxes; the chosen values keep the options' order. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  hint,
  error,
}: CheckboxGroupProps) {
  const groupId = useId();
  const messageId = `${groupId}-message`;

  function toggle(option: string, checked: boolean) {
    const next = checked ? [...value, option] : value.filter((item) => item !== option);
    onChange(options.map((item) => item.value).filter((item) => next.includes(item)));
  }

  return (
    <fieldset
      className="vc-checkbox-group"
      aria-describedby={error || hint ? messageId : undefined}
    >
      <legend className="vui-field__label">{legend}</legend>
      {options.length > 0 ? (
        <div className="vc-checkbox-group__options">
          {options.map((option) => {
            const inputId = `${groupId}-${option.value}`;
            return (
              <label key={option.value} htmlFor={inputId} className="vc-checkbox-group__option">
                <input
                  id={inputId}
                  type="checkbox"
                  checked={value.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            );
          })}
        </div>
      ) : null}
      {error ? (
        <p id={messageId} className="vui-field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="vui-field__hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
