import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  NOTIFICATION_TEXT,
  permissionFlags,
  type SessionUser,
} from '@verity/shared-api';
import { getErrorStatus, useLanguage } from '@verity/session';
import { getErrorText } from '@verity/shared-api/calls';
import { Button, LoadingState, TextField, toast } from '@verity/shared-ui';
import { useOrganisationSettings, useSaveOrganisationTimeZone } from './settings-queries';
import { SettingsCard } from './settings-card';
import { t } from './texts';

/** Every zone this browser knows, plus UTC (the default, which the list leaves out) and the stored one. */
function timeZoneChoices(stored: string | undefined): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, ...(stored ? [stored] : []), ...known])];
}

/**
 * 'europe/london' is saved as Europe/London: the list's spelling of the zone typed. Only the letters'
 * case changes; another name of the same zone (US/Eastern) is kept as the owner typed it.
 */
function spelledAsListed(typed: string, choices: readonly string[]): string {
  const lower = typed.toLowerCase();
  const listed = choices.find((zone) => zone.toLowerCase() === lower);
  if (listed) return listed;
  const resolved = new Intl.DateTimeFormat('en-GB', { timeZone: typed }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === lower ? resolved : typed;
}

/**
 * The organisation's time zone, which decides when its days start for reminders and overdue
 * notices: the owner types to search the zones and saves; everyone else reads it.
 */
export function OrganisationTimeZoneForm({
  user,
  onDirtyChange,
}: {
  user: SessionUser;
  onDirtyChange: (dirty: boolean) => void;
}) {
  useLanguage();
  const settings = useOrganisationSettings();
  const save = useSaveOrganisationTimeZone();
  const isOwner = permissionFlags(user).isOwner;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const stored = settings.data?.timeZone;
  const value = draft ?? stored ?? '';
  const dirty = draft !== null && draft.trim() !== stored;
  const choices = useMemo(() => timeZoneChoices(stored), [stored]);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!isTimeZone(typed)) {
      setError(NOTIFICATION_TEXT.UNKNOWN_TIME_ZONE);
      input.current?.focus();
      return;
    }
    save.mutate(spelledAsListed(typed, choices), {
      onSuccess: () => {
        setDraft(null);
        toast.success(NOTIFICATION_TEXT.TIME_ZONE_SAVED);
      },
      onError: (failure) => {
        const message = getErrorText(failure);
        // The API's refusal of the zone itself belongs under the field too.
        if (getErrorStatus(failure) === 400) setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <SettingsCard title={NOTIFICATION_TEXT.ORGANISATION_TIME_ZONE_LABEL}>
      {settings.isPending ? <LoadingState /> : null}
      {settings.isError ? (
        <p className="notification-settings__alert" role="alert">
          {getErrorText(settings.error)}
        </p>
      ) : null}
      {settings.isSuccess && isOwner ? (
        <form onSubmit={onSubmit} noValidate className="notification-settings__form">
          <TextField
            ref={input}
            label={t('settings.timeZone.field')}
            hint={`${t('settings.timeZone.use')} ${t('settings.timeZone.search')}`}
            error={error ?? undefined}
            list={listId}
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
          />
          <datalist id={listId}>
            {choices.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <div className="notification-settings__actions">
            <Button type="submit" disabled={!dirty} loading={save.isPending}>
              {t('settings.timeZone.save')}
            </Button>
          </div>
        </form>
      ) : null}
      {settings.isSuccess && !isOwner ? (
        <>
          <p className="notification-settings__value">
            <span className="notification-settings__value-label">
              {t('settings.page.labelled', { label: t('settings.timeZone.field') })}{' '}
            </span>
            <strong>{settings.data.timeZone}</strong>
          </p>
          <p className="notification-settings__note">{t('settings.timeZone.use')}</p>
          <p className="notification-settings__note">{t('settings.timeZone.ownerOnly')}</p>
        </>
      ) : null}
    </SettingsCard>
  );
}
