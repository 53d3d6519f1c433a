import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  isNotificationKind,
  LOCKED_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT,
  type NotificationChannel,
  type NotificationKind,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { Button, LoadingState, toast } from '@verity/shared-ui';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type NotificationPreference,
  type NotificationPreferenceChange,
} from './settings-queries';
import { SettingsCard } from './settings-card';
import { t } from './texts';

type Switches = Record<NotificationChannel, boolean>;
type Choices = Partial<Record<NotificationKind, Switches>>;

/** A switch's name: the kind and the channel, as the table's row and column say them. */
const channelSwitchLabel = (kind: string, channel: NotificationChannel): string =>
  channel === 'email'
    ? t('settings.preferences.emailSwitch', { kind })
    : t('settings.preferences.inAppSwitch', { kind });

const isLocked = (preference: NotificationPreference) =>
  preference.locked ||
  (isNotificationKind(preference.kind) && LOCKED_NOTIFICATION_KINDS.includes(preference.kind));

/** The kinds the server knows, in the screen's order. */
function byKind(preferences: readonly NotificationPreference[]) {
  return preferences
    .filter((preference): preference is NotificationPreference & { kind: NotificationKind } =>
      isNotificationKind(preference.kind),
    )
    .sort((a, b) => NOTIFICATION_KINDS.indexOf(a.kind) - NOTIFICATION_KINDS.indexOf(b.kind));
}

/** What differs from the stored switches, one entry per changed kind (the API keeps the rest). */
function changesOf(
  stored: readonly NotificationPreference[],
  choices: Choices,
): NotificationPreferenceChange[] {
  const changes: NotificationPreferenceChange[] = [];
  for (const preference of byKind(stored)) {
    const chosen = choices[preference.kind];
    if (!chosen || isLocked(preference)) continue;
    const change: NotificationPreferenceChange = { kind: preference.kind };
    for (const channel of NOTIFICATION_KIND_CHANNELS[preference.kind]) {
      if (chosen[channel] !== preference[channel]) change[channel] = chosen[channel];
    }
    if (Object.keys(change).length > 1) changes.push(change);
  }
  return changes;
}

/**
 * The signed-in user's switches, a row per kind and a column per channel. Saved together with one
 * button, so the unsaved-changes guard knows what would be lost.
 */
export function NotificationPreferencesForm({
  onDirtyChange,
}: {
  onDirtyChange: (dirty: boolean) => void;
}) {
  useLanguage();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [choices, setChoices] = useState<Choices>({});
  const lockedNoteId = useId();
  const stored = preferences.data ?? [];
  const changes = changesOf(stored, choices);
  const dirty = changes.length > 0;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const choose = (preference: NotificationPreference, channel: NotificationChannel, on: boolean) =>
    setChoices((current) => {
      const kind = preference.kind as NotificationKind;
      const switches = current[kind] ?? { email: preference.email, inApp: preference.inApp };
      return { ...current, [kind]: { ...switches, [channel]: on } };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    save.mutate(changes, {
      onSuccess: () => {
        setChoices({});
        toast.success(NOTIFICATION_TEXT.NOTIFICATION_PREFERENCES_SAVED);
      },
      onError: (error) => toast.error(getErrorText(error)),
    });
  };

  return (
    <SettingsCard title={t('settings.preferences.heading')}>
      {preferences.isPending ? <LoadingState /> : null}
      {preferences.isError ? (
        <p className="notification-settings__alert" role="alert">
          {getErrorText(preferences.error)}
        </p>
      ) : null}
      {preferences.isSuccess ? (
        <form onSubmit={onSubmit} noValidate className="notification-settings__form">
          <table className="notification-settings__table">
            <thead>
              <tr>
                <th scope="col">{t('settings.preferences.kindColumn')}</th>
                <th scope="col">{t('settings.preferences.emailColumn')}</th>
                <th scope="col">{t('settings.preferences.inAppColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {byKind(stored).map((preference) => {
                const locked = isLocked(preference);
                const label = NOTIFICATION_KIND_LABELS[preference.kind];
                const switches = choices[preference.kind] ?? preference;
                const channels = NOTIFICATION_KIND_CHANNELS[preference.kind];
                const noteId = `${lockedNoteId}-${preference.kind}`;
                return (
                  <tr key={preference.kind} data-locked={locked ? 'true' : undefined}>
                    <th scope="row">
                      {label}
                      {locked ? (
                        <span id={noteId} className="notification-settings__note">
                          {NOTIFICATION_TEXT.ESCALATION_LOCKED}
                        </span>
                      ) : null}
                    </th>
                    {(['email', 'inApp'] as const).map((channel) => (
                      <td key={channel}>
                        {channels.includes(channel) ? (
                          <input
                            type="checkbox"
                            className="notification-settings__switch"
                            aria-label={channelSwitchLabel(label, channel)}
                            aria-describedby={locked ? noteId : undefined}
                            checked={locked ? true : switches[channel]}
                            disabled={locked || save.isPending}
                            onChange={(event) => choose(preference, channel, event.target.checked)}
                          />
                        ) : (
                          <span className="notification-settings__note">
                            {t('settings.preferences.emailOnly')}
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="notification-settings__actions">
            <Button type="submit" disabled={!dirty} loading={save.isPending}>
              {t('settings.preferences.save')}
            </Button>
          </div>
        </form>
      ) : null}
    </SettingsCard>
  );
}
