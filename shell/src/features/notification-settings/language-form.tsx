import { useEffect, useState, type FormEvent } from 'react';
import type { SessionUser } from '@verity/shared-api';
import { getErrorText, updateMySettings } from '@verity/shared-api/calls';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  sessionStore,
  useLanguage,
  type Language,
} from '@verity/session';
import { Button, toast } from '@verity/shared-ui';
import { t } from '../../strings';
import { SettingsCard } from './settings-card';

/**
 * The user's language (docs/decisions/0109-languages.md), kept on their account: their screens on
 * every device and the e-mails Verity sends them. Saved, the session's user changes and the page
 * turns to it at once.
 */
export function LanguageForm({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const inUse = useLanguage();
  const [draft, setDraft] = useState<Language | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = draft ?? inUse;
  const dirty = draft !== null && draft !== inUse;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const user: SessionUser = await updateMySettings({ language: chosen });
      sessionStore.getState().setUser(user);
      setDraft(null);
      toast.success(t('shell.language.saved'));
    } catch (failure) {
      toast.error(getErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard title={t('shell.language.heading')}>
      <p className="notification-settings__note">{t('shell.language.intro')}</p>
      <form onSubmit={onSubmit} noValidate className="notification-settings__form">
        <fieldset className="notification-settings__choices">
          <legend className="vui-sr-only">{t('shell.language.heading')}</legend>
          {LANGUAGES.map((language) => (
            <label key={language} className="notification-settings__choice">
              <input
                type="radio"
                name="language"
                value={language}
                checked={chosen === language}
                onChange={() => setDraft(language)}
              />
              <span lang={language}>
                <strong>{LANGUAGE_NAMES[language]}</strong>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="notification-settings__actions">
          <Button type="submit" disabled={!dirty} loading={busy}>
            {t('shell.language.save')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
