import { useId } from 'react';
import { useLanguage } from '@verity/session';
import { SDGS, type SdgCode } from '@verity/shared-api';
import { GAP_FORM_TEXT, sdgOptionLabel } from './gap-form-text';

export interface SdgCheckboxGroupProps {
  value: readonly SdgCode[];
  onChange: (codes: SdgCode[]) => void;
  error?: string;
}

/** The seventeen goals as checkboxes; at least one is required. */
export function SdgCheckboxGroup({ value, onChange, error }: SdgCheckboxGroupProps) {
  useLanguage();
  const groupId = useId();
  const errorId = `${groupId}-error`;

  function toggle(code: SdgCode, checked: boolean) {
    const next = checked ? [...value, code] : value.filter((item) => item !== code);
    // Kept in goal order whatever order they were ticked in.
    onChange(SDGS.map((sdg) => sdg.code).filter((item) => next.includes(item)));
  }

  return (
    <fieldset className="vui-gap-form__sdgs" aria-describedby={error ? errorId : undefined}>
      <legend className="vui-field__label">
        {GAP_FORM_TEXT.impactedSdgs}
        <span className="vui-field__required" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="vui-gap-form__sdg-grid">
        {SDGS.map((sdg) => {
          const inputId = `${groupId}-${sdg.code}`;
          return (
            <div key={sdg.code} className="vui-gap-form__sdg">
              <input
                id={inputId}
                type="checkbox"
                checked={value.includes(sdg.code)}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(sdg.code, event.target.checked)}
              />
              <label htmlFor={inputId}>{sdgOptionLabel(sdg.code, sdg.title)}</label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="vui-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
