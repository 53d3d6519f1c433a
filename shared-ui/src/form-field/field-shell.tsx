import { useId, type ReactNode } from 'react';
import '../styles/form.css';

export interface FieldBaseProps {
  label: ReactNode;
  /** Marks the field as required with a star and aria-required. */
  required?: boolean;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  id?: string;
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldShellProps extends FieldBaseProps {
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, required marker, hint and error shared by every form field. */
export function FieldShell({ label, required, error, hint, id, children }: FieldShellProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="vui-field">
      <label htmlFor={controlId} className="vui-field__label">
        {label}
        {required ? (
          <span className="vui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="vui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="vui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
