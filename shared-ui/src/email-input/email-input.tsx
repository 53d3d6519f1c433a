import { useEffect, useId, useRef, useState, type FocusEventHandler } from 'react';
import { EMAIL_CHECK_DEBOUNCE_MS, MESSAGES, type LookedUpUser } from '@verity/shared-api';
import { getErrorStatus, useLanguage } from '@verity/session';
import { lookupAccount } from '@verity/shared-api/calls';
import { Spinner } from '../spinner';
import { toast } from '../toast';
import '../styles/form.css';
import './email-input.css';
import { t } from '../texts';

export type EmailCheckStatus = 'idle' | 'checking' | 'valid' | 'invalid';

export interface EmailValidation {
  status: EmailCheckStatus;
  /** The looked-up account, only when valid. */
  user?: LookedUpUser;
}

export interface EmailInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** Told every time the check's state changes, e.g. to set a Formik field. */
  onValidationChange?: (validation: EmailValidation) => void;
  label?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shows the looked-up account's picture, name and email once valid. */
  showUserPreview?: boolean;
  /** The parent form's own error, shown when the check has none. */
  error?: string;
  name?: string;
  id?: string;
}

interface CheckState {
  status: EmailCheckStatus;
  user?: LookedUpUser;
  error?: string;
}

const IDLE: CheckState = { status: 'idle' };

function shouldCheck(email: string): boolean {
  return email !== '' && email.includes('@');
}

/** An email field that checks, 600 ms after the last change, that the account exists. */
export function EmailInput({
  value,
  onChange,
  onBlur,
  onValidationChange,
  label = MESSAGES.EMAIL_INPUT_DEFAULT_LABEL,
  placeholder,
  required = false,
  disabled = false,
  showUserPreview = false,
  error: formError,
  name,
  id,
}: EmailInputProps) {
  useLanguage();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const [check, setCheck] = useState<CheckState>(IDLE);
  const report = useRef(onValidationChange);
  report.current = onValidationChange;

  useEffect(() => {
    setCheck(IDLE);
    if (!shouldCheck(value)) return;
    let current = true;
    const timer = setTimeout(() => {
      setCheck({ status: 'checking' });
      lookupAccount(value).then(
        (result) => {
          if (!current) return;
          if (result.success && result.user) {
            setCheck({ status: 'valid', user: result.user });
            toast.success(MESSAGES.EMAIL_VALIDATED);
          } else {
            setCheck({ status: 'invalid', error: MESSAGES.EMAIL_NOT_FOUND });
          }
        },
        (error: unknown) => {
          if (!current) return;
          // The API answers an unknown email with 404: that is 'not found', not a failed check.
          const notFound = getErrorStatus(error) === 404;
          setCheck({
            status: 'invalid',
            error: notFound ? MESSAGES.EMAIL_NOT_FOUND : MESSAGES.EMAIL_VALIDATION_FAILED,
          });
        },
      );
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value]);

  useEffect(() => {
    report.current?.({ status: check.status, user: check.user });
  }, [check]);

  const error = check.error ?? formError;
  return (
    <div className="vui-field vui-email-input" data-state={check.status}>
      <label htmlFor={inputId} className="vui-field__label">
        {label}
        {required ? (
          <span className="vui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="vui-email-input__control">
        <input
          id={inputId}
          name={name}
          type="email"
          className="vui-input"
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="off"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <span className="vui-email-input__indicator">
          {check.status === 'checking' ? <Spinner decorative /> : null}
          {check.status === 'valid' ? <CheckIcon /> : null}
        </span>
      </div>
      <div id={messageId} aria-live="polite">
        {check.status === 'checking' ? (
          <p className="vui-field__hint">{t('ui.emailInput.checking')}</p>
        ) : null}
        {error ? <p className="vui-field__error">{error}</p> : null}
        {check.status === 'valid' ? (
          <p className="vui-email-input__valid">{t('ui.emailInput.verified')}</p>
        ) : null}
      </div>
      {showUserPreview && check.status === 'valid' && check.user ? (
        <UserPreview user={check.user} />
      ) : null}
    </div>
  );
}

function UserPreview({ user }: { user: LookedUpUser }) {
  useLanguage();
  return (
    <div
      className="vui-email-input__preview"
      aria-label={t('ui.emailInput.accountFound')}
      role="group"
    >
      {user.picture ? (
        <img src={user.picture} alt="" width={36} height={36} />
      ) : (
        <span className="vui-email-input__initial" aria-hidden="true">
          {(user.name || user.email).charAt(0).toUpperCase()}
        </span>
      )}
      <span>
        <span className="vui-email-input__name">{user.name}</span>
        <span className="vui-email-input__email">{user.email}</span>
      </span>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
