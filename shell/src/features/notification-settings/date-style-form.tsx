import { useEffect, useState, type FormEvent } from 'react';
import {
  DATE_STYLES,
  DATE_STYLE_LABELS,
  DATE_STYLE_TEXT as text,
  type DateStyle,
  type SessionUser,
} from '@verity/shared-api';
import { getErrorText, updateMySettings } from '@verity/shared-api/calls';
import { sessionStore, useLanguage } from '@verity/session';
import { Button, toast, useDateStyle } from '@verity/shared-ui';
import { SettingsCard } from './settings-card';

/**
 * How dates are written for the signed-in user (docs/decisions/0090-one-date-style-per-user.md): each
 * choice shows today as it would be written. Saved, the session's user changes, so every date on
 * the page follows at once.
 */
export function DateStyleForm({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  useLanguage();
  const saved = useDateStyle();
  const [draft, setDraft] = useState<DateStyle | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = draft ?? saved;
  const dirty = draft !== null && draft !== saved;
  const today = new Date();

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const user: SessionUser = await updateMySettings({ dateStyle: chosen });
      sessionStore.getState().setUser(user);
      setDraft(null);
      toast.success(text.saved);
    } catch (failure) {
      toast.error(getErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard title={text.heading}>
      <p className="notification-settings__note">{text.intro}</p>
      <form onSubmit={onSubmit} noValidate className="notification-settings__form">
        <fieldset className="notification-settings__choices">
          <legend className="notification-settings__legend">{text.label}</legend>
          {DATE_STYLES.map((style) => (
            <label key={style} className="notification-settings__choice">
              <input
                type="radio"
                name="dateStyle"
                value={style}
                checked={chosen === style}
                onChange={() => setDraft(style)}
              />
              <span>
                <strong>{DATE_STYLE_LABELS[style]}</strong>
                <span className="notification-settings__example">{text.example(style, today)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="notification-settings__actions">
          <Button type="submit" disabled={!dirty} loading={busy}>
            {text.save}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
